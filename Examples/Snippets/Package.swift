// swift-tools-version: 6.1
// Compiles every Swift code block of README.md, of the DocC articles and of GtkHUD's DocC comments
// (scripts/lib/snippets.py writes them into Sources/Snippets/Snippets.swift;
// Prelude.swift declares the names the examples take as given, such as `window`).
import PackageDescription

let package = Package(
    name: "Snippets",
    dependencies: [
        .package(name: "GtkHUD", path: "../.."),
    ],
    targets: [
        .target(name: "Snippets", dependencies: [
            .product(name: "GtkHUD", package: "GtkHUD"),
            .product(name: "CGtk", package: "GtkHUD"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
// An app written only from GtkHUD's README, as a user would: it depends on
// GtkHUD by path and imports nothing else. scripts/test builds and runs it.
import PackageDescription

let package = Package(
    name: "HelloHUD",
    dependencies: [
        .package(name: "GtkHUD", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "HelloHUD", dependencies: [.product(name: "GtkHUD", package: "GtkHUD")]),
    ],
    swiftLanguageModes: [.v6]
)

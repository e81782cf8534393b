// swift-tools-version: 6.1
// An app written only from GtkHUD's README, as a user would: it depends on
// GtkHUD by path and uses only its products, GtkHUD and CGtk (GTK's C API, for
// the window it builds from a .ui file). scripts/test builds and runs it.
import PackageDescription

let package = Package(
    name: "HelloHUD",
    dependencies: [
        .package(name: "GtkHUD", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "HelloHUD", dependencies: [
            .product(name: "GtkHUD", package: "GtkHUD"),
            .product(name: "CGtk", package: "GtkHUD"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)

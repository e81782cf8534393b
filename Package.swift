// swift-tools-version: 6.1
import PackageDescription

// Layers, bottom to top (see docs/architecture.md):
//   CGtk (C headers) → GtkSupport (GObject/GTK plumbing) ─┐
//   HUDCore (models and state machines, pure Swift, no GTK) ─┴→ HUDWidgets (GTK widget types that
//   render HUDCore's models) → GtkHUD (public API: drives HUDCore, presents through HUDWidgets)
let package = Package(
    name: "GtkHUD",
    products: [
        .library(name: "GtkHUD", targets: ["GtkHUD"]),
        .library(name: "CGtk", targets: ["CGtk"]),
        .executable(name: "gtkhud-gallery", targets: ["Gallery"]),
        .executable(name: "gtkhud-bench", targets: ["Bench"]),
    ],
    // GtkHUD itself does not link Foundation (its load costs an app about 3.4 ms of
    // CPU and 8 MiB at start-up). The few APIs that take Foundation types (`URL`,
    // `Progress`, `LocalizedError`) come with this trait, on by default; an app
    // without Foundation turns it off:
    //   .package(url: "…/GtkHUD", branch: "main", traits: [])
    traits: [
        .trait(name: "FoundationInterop",
               description: "ImageSource.file(URL), HUD.observe(Progress), LocalizedError texts in HUD.run (links Foundation)"),
        .default(enabledTraits: ["FoundationInterop"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]
        ),
        .target(name: "CMainQueueBridge", dependencies: ["CGtk"], linkerSettings: [.linkedLibrary("dispatch")]),
        .target(name: "GtkSupport", dependencies: ["CGtk", "CMainQueueBridge"]),
        .target(name: "HUDCore"),
        .target(name: "HUDWidgets", dependencies: ["HUDCore", "GtkSupport", "CGtk"]),
        .target(
            name: "GtkHUD",
            dependencies: ["HUDCore", "HUDWidgets", "GtkSupport", "CGtk"],
            // The compiled translations (scripts/update-po): found without an install step and without Foundation.
            resources: [.embedInCode("Resources/gtkhud.css"), .embedInCode("Resources/gtkhud-sizes.css"),
                        .embedInCode("Resources/gtkhud-catalogs.bin")]
        ),
        .executableTarget(name: "Gallery", dependencies: ["GtkHUD", "GtkSupport", "CGtk"]),
        .executableTarget(name: "Bench", dependencies: ["GtkHUD", "GtkSupport", "HUDWidgets", "HUDCore", "CGtk"], path: "Benchmarks/Bench"),
        // Start-up cost of linking GtkHUD: the same program without it, with Foundation only, with GtkHUD (scripts/bench).
        .executableTarget(name: "BenchStartupBare", dependencies: ["CGtk"], path: "Benchmarks/StartupBare"),
        .executableTarget(name: "BenchStartupFoundation", dependencies: ["CGtk"], path: "Benchmarks/StartupFoundation"),
        .executableTarget(name: "BenchStartupLinked", dependencies: ["GtkHUD", "CGtk"], path: "Benchmarks/StartupLinked"),
        .executableTarget(name: "BridgeProbe", dependencies: ["GtkSupport", "CGtk"], path: "Tests/BridgeProbe"),
        .testTarget(name: "HUDCoreTests", dependencies: ["HUDCore"]),
        .testTarget(name: "GtkSupportTests", dependencies: ["GtkSupport", "CGtk"]),
        .testTarget(name: "GtkHUDTests", dependencies: ["GtkHUD", "HUDWidgets", "HUDCore", "GtkSupport", "CGtk"]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-docc-plugin, for `swift package generate-documentation` (scripts/docs sets
// GTKHUD_DOCS=1). No target uses it, and it is declared only when asked for, so a
// build of GtkHUD (CI's fresh Debian roots, an offline machine) never fetches it;
// apps depending on GtkHUD would not fetch it either way (no product uses it).
if Context.environment["GTKHUD_DOCS"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}

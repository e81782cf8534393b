// gtkhud-gallery: every GtkHUD feature one click away, scripted scenarios
// for tests and demos, and the README screenshots. See `--help`.
import CGtk
import Foundation
import GtkSupport

let options = Options.parse(CommandLine.arguments)
if let error = options.error {
    FileHandle.standardError.write(Data("gtkhud-gallery: \(error)\n\n\(Options.usage)\n".utf8))
    exit(2)
}
switch options.mode {
case .help:
    print(Options.usage)
    exit(0)
case .listScenarios:
    for name in Scenarios.names { print(name) }
    exit(0)
case .listThemes:
    print("folder: \(Themes.directory() ?? "(none found: built-in default only)")")
    for preset in Themes.load() { print("\(preset.name)\t\(preset.title)") }
    exit(0)
case .scenario(let list) where Scenarios.unknown(in: list) != nil:
    FileHandle.standardError.write(Data("gtkhud-gallery: unknown scenario “\(Scenarios.unknown(in: list) ?? "")”; --list-scenarios prints them\n".utf8))
    exit(2)
default:
    break
}

// An empty GTK_THEME (as some headless set-ups export) is not a theme: it
// makes GTK skip libadwaita's stylesheet. Treat it as unset.
if let theme = ProcessInfo.processInfo.environment["GTK_THEME"], theme.isEmpty {
    unsetenv("GTK_THEME")
}

let status = MainActor.assumeIsolated { () -> Int32 in
    guard GtkEnvironment.initialize() else {
        FileHandle.standardError.write(Data("gtkhud-gallery: cannot open a display (set DISPLAY, or run scripts/gallery, which starts Xvfb)\n".utf8))
        return 1
    }
    return Gallery.run(options)
}
exit(status)

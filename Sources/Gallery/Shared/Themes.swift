// Preset themes: `.css` files in data/themes (source tree) or
// $prefix/share/gtkhud/themes (installed), found at run time.
import Foundation

struct ThemePreset: Equatable {
    /// File name without `.css`, e.g. "high-contrast".
    let name: String
    let css: String

    /// The name in the file's opening comment (`/* GtkHUD: SVProgressHUD dark.`),
    /// else the file name made readable ("high-contrast" → "High contrast").
    var title: String {
        if let firstLine = css.split(separator: "\n", maxSplits: 1).first,
           let range = firstLine.range(of: "GtkHUD: ") {
            var title = firstLine[range.upperBound...].trimmingCharacters(in: .whitespaces)
            if let end = title.firstIndex(where: { $0 == "." || $0 == "(" || $0 == "*" }) { title = String(title[..<end]) }
            title = title.trimmingCharacters(in: .whitespaces)
            if !title.isEmpty { return title.prefix(1).uppercased() + title.dropFirst() }
        }
        let spaced = name.replacingOccurrences(of: "-", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }
}

enum Themes {
    /// Used when no themes directory is found: the stock look, nothing overridden.
    static let fallback = ThemePreset(name: "default", css: """
        /* GtkHUD's stock look: nothing overridden.
         * (The preset themes were not found; set GTKHUD_DATA_DIR to the folder holding themes/.) */
        hudbezel { }

        """)

    /// The themes directory, searched in order: `$GTKHUD_DATA_DIR/themes`,
    /// `<executable>/../share/gtkhud/themes` (installed), then `data/themes` in
    /// the first folder above the executable that has one (a source checkout).
    static func directory(environment: [String: String] = ProcessInfo.processInfo.environment,
                          executable: String? = executablePath) -> String? {
        let files = FileManager.default
        func isThemes(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return files.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        if let data = environment["GTKHUD_DATA_DIR"], !data.isEmpty {
            let path = (data as NSString).appendingPathComponent("themes")
            if isThemes(path) { return path }
        }
        guard let executable else { return nil }
        let binDirectory = (executable as NSString).deletingLastPathComponent
        let installed = ((binDirectory as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/gtkhud/themes")
        if isThemes(installed) { return installed }
        var folder = binDirectory
        while folder != "/" && !folder.isEmpty {
            let candidate = (folder as NSString).appendingPathComponent("data/themes")
            if isThemes(candidate) { return candidate }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// The folder holding `themes/` and the gallery's icon (data/ in a checkout, share/gtkhud installed).
    static func dataDirectory() -> String? {
        directory().map { ($0 as NSString).deletingLastPathComponent }
    }

    /// The running executable, symlinks resolved.
    static var executablePath: String? {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        return Bundle.main.executablePath
    }

    /// Every preset, "default" first, then by name; the built-in fallback if none is found.
    static func load(from directory: String? = directory()) -> [ThemePreset] {
        guard let directory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [fallback] }
        var presets: [ThemePreset] = []
        for file in names.sorted() where file.hasSuffix(".css") {
            let path = (directory as NSString).appendingPathComponent(file)
            guard let css = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            presets.append(ThemePreset(name: String(file.dropLast(4)), css: css))
        }
        if presets.isEmpty { return [fallback] }
        presets.sort { ($0.name == "default" ? 0 : 1, $0.name) < ($1.name == "default" ? 0 : 1, $1.name) }
        return presets
    }
}

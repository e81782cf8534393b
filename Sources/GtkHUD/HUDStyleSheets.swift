import CGtk
import GtkSupport
import HUDCore

/// GtkHUD's stylesheets: the default one (data/gtkhud.css, embedded at build
/// time) at fallback priority, so themes and app CSS win; and generated rules
/// for colours and radii set from Swift, one class per setting.
@MainActor
enum HUDStyleSheets {
    private static var defaults: StyleSheet?
    private static var generated: StyleSheet?
    private static var rules: [String: String] = [:]

    /// Loads the default stylesheet once GTK has a display. Safe to call often.
    static func ensureLoaded() {
        guard defaults == nil, GtkEnvironment.isInitialized, gdk_display_get_default() != nil else { return }
        let sheet = StyleSheet(priority: .fallback)
        let css = String(decoding: PackageResources.gtkhud_css, as: UTF8.self)
        let errors = sheet.load(css)
        if !errors.isEmpty {
            Diagnostics.report("GtkHUD default stylesheet", "parse errors: \(errors.map(\.description).joined(separator: "; "))")
        }
        sheet.install()
        defaults = sheet
    }

    /// A CSS class carrying `declarations` for `node` (e.g. "hudbezel"), shared by
    /// every widget with the same declarations. Installed just above the theme.
    static func className(node: String, declarations: String) -> String {
        let key = node + "{" + declarations + "}"
        var hash: UInt64 = 1469598103934665603
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 1099511628211 }
        let name = "gtkhud-\(String(hash, radix: 36))"
        if rules[name] == nil {
            rules[name] = "\(node).\(name) { \(declarations) }"
            reloadGenerated()
        }
        return name
    }

    private static func reloadGenerated() {
        guard GtkEnvironment.isInitialized else { return }
        let sheet = generated ?? StyleSheet(priority: .theme)
        sheet.load(rules.values.sorted().joined(separator: "\n"))
        sheet.install()
        generated = sheet
    }
}

import CGtk
import GtkSupport
import HUDCore

/// GtkHUD's default stylesheet (data/gtkhud.css, embedded at build time) at
/// fallback priority, so themes and app CSS win. Rules for colours and radii
/// set from Swift are ``GeneratedStyle``'s.
@MainActor
enum GtkHUDStyleSheet {
    private static var defaults: StyleSheet?

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

    /// Gives `widget` a generated class for `declarations` (see ``GeneratedStyle``).
    static func setGeneratedClass(on widget: UnsafeMutablePointer<GtkWidget>, node: String, declarations: String?) {
        GeneratedStyle.setClass(on: widget, node: node, declarations: declarations)
    }
}

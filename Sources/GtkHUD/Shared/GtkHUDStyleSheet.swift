import CGtk
import GtkSupport
import HUDCore

/// GtkHUD's default stylesheet (data/gtkhud.css, embedded at build time) at
/// fallback priority, so themes and app CSS win. Rules for colours and radii
/// set from Swift are ``GeneratedStyle``'s.
@MainActor
enum GtkHUDStyleSheet {
    private static var defaults: StyleSheet?
    private static var textScaleConnection: SignalConnection?
    /// The text scale the loaded sheet's pixel lengths were scaled to.
    static private(set) var loadedTextScale = 1.0

    /// Loads the default stylesheet once GTK has a display. Safe to call often.
    static func ensureLoaded() {
        guard defaults == nil, GtkEnvironment.isInitialized, gdk_display_get_default() != nil else { return }
        let sheet = StyleSheet(priority: .fallback)
        defaults = sheet
        load(into: sheet)
        sheet.install()
        // The sheet's pixel lengths follow the text scale live (see CSSLengthScaling).
        textScaleConnection = TextScale.observe(nil) {
            guard let defaults = GtkHUDStyleSheet.defaults, TextScale.factor() != GtkHUDStyleSheet.loadedTextScale else { return }
            GtkHUDStyleSheet.load(into: defaults)
        }
    }

    /// Loads data/gtkhud.css with the lengths that hold text and icons scaled
    /// to the text scale (unchanged at 1.0, the documented defaults).
    private static func load(into sheet: StyleSheet) {
        let factor = TextScale.factor()
        let css = CSSLengthScaling.scaled(String(decoding: PackageResources.gtkhud_css, as: UTF8.self), by: factor)
        loadedTextScale = factor
        let errors = sheet.load(css)
        if !errors.isEmpty {
            Diagnostics.report("GtkHUD default stylesheet", "parse errors: \(errors.map(\.description).joined(separator: "; "))")
        }
    }
}

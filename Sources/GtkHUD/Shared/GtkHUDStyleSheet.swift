import CGtk
import GtkSupport
import HUDCore

/// GtkHUD's default stylesheet (data/gtkhud.css, embedded at build time) at
/// fallback priority, so themes and app CSS win, and the sizes of its buttons
/// (data/gtkhud-sizes.css) just above the theme, so a theme's button sizes in
/// pixels cannot hold them still while the text grows. Rules for colours and
/// radii set from Swift are ``GeneratedStyle``'s.
@MainActor
enum GtkHUDStyleSheet {
    /// Each sheet with its embedded text.
    private static var sheets: [(sheet: StyleSheet, css: [UInt8])] = []
    private static var textScaleConnection: SignalConnection?
    /// The text scale the loaded sheets' pixel lengths were scaled to.
    static private(set) var loadedTextScale = 1.0

    /// Loads the default stylesheets once GTK has a display. Safe to call often.
    static func ensureLoaded() {
        guard sheets.isEmpty, GtkEnvironment.isInitialized, gdk_display_get_default() != nil else { return }
        sheets = [(StyleSheet(priority: .fallback), PackageResources.gtkhud_css),
                  (StyleSheet(priority: .aboveTheme), PackageResources.gtkhud_sizes_css)]
        load()
        for entry in sheets { entry.sheet.install() }
        // The sheets' pixel lengths follow the text scale live (see CSSLengthScaling).
        textScaleConnection = TextScale.observe(nil) {
            guard TextScale.factor() != GtkHUDStyleSheet.loadedTextScale else { return }
            GtkHUDStyleSheet.load()
        }
    }

    /// Loads the sheets with the lengths that hold text and icons scaled to
    /// the text scale (unchanged at 1.0, the documented defaults).
    private static func load() {
        let factor = TextScale.factor()
        loadedTextScale = factor
        for entry in sheets {
            let errors = entry.sheet.load(CSSLengthScaling.scaled(String(decoding: entry.css, as: UTF8.self), by: factor))
            if !errors.isEmpty {
                Diagnostics.report("GtkHUD default stylesheet", "parse errors: \(errors.map(\.description).joined(separator: "; "))")
            }
        }
    }
}

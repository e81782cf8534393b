import GtkSupport
import XCTest

/// The GTK theme names that mean high contrast, as `GTK_THEME` and
/// `gtk-theme-name` spell them (GTK 4.8's and 4.18's built-in names included).
final class HighContrastThemeTests: XCTestCase {
    func testHighContrastThemeNames() {
        MainActor.assumeIsolated {
            for name in ["HighContrast", "HighContrastInverse", "Adwaita:hc", "Default-hc", "Default-hc-dark", "adwaita:hc-dark"] {
                XCTAssertTrue(GtkEnvironment.isHighContrastTheme(name), name)
            }
            for name in ["Adwaita", "Adwaita:dark", "Default", "Default-dark", "Arc-Dark", ""] {
                XCTAssertFalse(GtkEnvironment.isHighContrastTheme(name), name)
            }
        }
    }
}

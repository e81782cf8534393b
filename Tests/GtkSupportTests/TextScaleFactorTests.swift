import GtkSupport
import XCTest

/// `gtk-xft-dpi` to a text scale: 96 dpi is 1.0, an unset value (-1 until a
/// settings daemon sets it) is 1, and a broken value is clamped to 0.5...3.
final class TextScaleFactorTests: XCTestCase {
    func testTheFactorOfEachSettingValue() {
        MainActor.assumeIsolated {
            XCTAssertEqual(TextScale.factor(dpi: 96 * 1024), 1)
            XCTAssertEqual(TextScale.factor(dpi: 120 * 1024), 1.25)
            XCTAssertEqual(TextScale.factor(dpi: -1), 1, "unset")
            XCTAssertEqual(TextScale.factor(dpi: 0), 1, "unset")
            XCTAssertEqual(TextScale.factor(dpi: 1), 0.5, "a HUD must not vanish")
            XCTAssertEqual(TextScale.factor(dpi: 96 * 1024 * 40), 3, "a HUD must not fill the screen")
        }
    }
}

import GtkSupport
import XCTest

/// The stylesheet's pixel lengths that hold text and icons follow the text scale; nothing else changes.
final class CSSLengthScalingTests: XCTestCase {
    func testScalesOnlyThePixelLengthsOfChosenProperties() {
        let css = """
        /* padding: 20px in a comment stays */
        hudbezel { border-radius: 14px; padding: 20px; box-shadow: 0 2px 12px rgba(0, 0, 0, 0.25); }
        hudbezel image.hudimage { -gtk-icon-size: 28px; }
        hudbanner button.action { min-height: 24px; padding: 2px 10px; border: 1px solid red; }
        hudbezel:focus-visible { outline: 2px solid alpha(@accent_color, 0.7); margin-top: -4px; }
        """
        let scaled = CSSLengthScaling.scaled(css, by: 1.25)
        XCTAssertTrue(scaled.contains("/* padding: 20px in a comment stays */"))
        XCTAssertTrue(scaled.contains("border-radius: 17.5px; padding: 25px; box-shadow: 0 2px 12px rgba(0, 0, 0, 0.25);"), scaled)
        XCTAssertTrue(scaled.contains("-gtk-icon-size: 35px;"), scaled)
        XCTAssertTrue(scaled.contains("min-height: 30px; padding: 2.5px 12.5px; border: 1px solid red;"), scaled)
        XCTAssertTrue(scaled.contains("outline: 2px solid alpha(@accent_color, 0.7); margin-top: -5px;"), scaled)
    }

    func testScaleOneAndNonsenseFactorsLeaveTheSheetAlone() {
        let css = "hudbezel { padding: 20px; }"
        for factor in [1, 0, -2, .nan, .infinity] {
            XCTAssertEqual(CSSLengthScaling.scaled(css, by: factor), css, "factor \(factor)")
        }
        XCTAssertEqual(CSSLengthScaling.scaled(css, by: 1.5), "hudbezel { padding: 30px; }")
    }

    /// Scaled lengths keep their hundredths: 5 % of a pixel is "0.05", not "0.5".
    func testScaledLengthsKeepTheirDecimals() {
        XCTAssertEqual(CSSLengthScaling.scaled("a { padding: 10px; }", by: 1.205), "a { padding: 12.05px; }")
        XCTAssertEqual(CSSLengthScaling.scaled("a { padding: 10px; }", by: 1.25), "a { padding: 12.5px; }")
        XCTAssertEqual(CSSLengthScaling.scaled("a { margin-top: -4px; }", by: 1.0125), "a { margin-top: -4.05px; }")
    }
}

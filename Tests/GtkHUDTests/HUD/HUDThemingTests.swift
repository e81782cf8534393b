import CGtk
@testable import GtkHUD
import GtkSupport
import HUDWidgets
import XCTest

/// What an app's stylesheet can change on a HUD.
final class HUDThemingTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { ProgressHUD.reset() }
    }

    /// The README's "a bigger, red error mark": `-gtk-icon-size` sizes the
    /// status image (the default stays 28 px, set in GtkHUD's stylesheet).
    func testTheStylesheetSizesTheStatusImage() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            ProgressHUD.host = host.window
            defer { ProgressHUD.host = nil }
            ProgressHUD.showSuccess(status: "Default size")
            host.waitForFrames(2)
            let success = try! XCTUnwrap(HUDInputTests.descendant(of: host.window, cssClass: "hudimage-success"))
            XCTAssertEqual(gtk_widget_get_width(success), 28, "the default image size")

            let sheet = StyleSheet(priority: .application)
            _ = sheet.load("hudbezel image.hudimage-error { -gtk-icon-size: 40px; }")
            XCTAssertTrue(sheet.install())
            defer { sheet.uninstall() }
            ProgressHUD.showError(status: "Bigger")
            host.waitForFrames(2)
            let error = try! XCTUnwrap(HUDInputTests.descendant(of: host.window, cssClass: "hudimage-error"))
            XCTAssertEqual(gtk_widget_get_width(error), 40, "the app's CSS sized the error mark")
        }
    }
}

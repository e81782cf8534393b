import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Texts from apps: empty, blank, huge, markup-looking; cut and reported once, under the public name.
/// Every case must not crash and must give the documented result (GTK
/// animations are off unless a case needs them; see ``BadValueFixture``).
final class TextValueTests: XCTestCase {

    func testEmptyStatusShowsNoLabelAndReadsAsLoading() throws {
        try BadValueFixture.run { _ in
            ProgressHUD.show(status: "")
            XCTAssertNil(SharedHUD.instance?.view?.statusText)
            XCTAssertEqual(SharedHUD.instance?.controller.content.accessibleName, "Loading")
        }
    }

    func testWhitespaceOnlyStatusShowsNoLabel() throws {
        try BadValueFixture.run { _ in
            ProgressHUD.show(status: "  \n\t \u{2028} ")
            XCTAssertNil(SharedHUD.instance?.controller.content.status)
            XCTAssertNil(SharedHUD.instance?.view?.statusText)
        }
    }

    func testMegabyteStatusIsCutAtFourThousandCharactersAndReported() throws {
        try BadValueFixture.run { fixture in
            ProgressHUD.show(status: String(repeating: "a", count: 1 << 20))
            let shown = try XCTUnwrap(SharedHUD.instance?.view?.statusText)
            XCTAssertEqual(shown.count, HUDValues.maximumStatusLength + 1)
            XCTAssertTrue(shown.hasSuffix(HUDValues.truncationMark))
            XCTAssertEqual(fixture.messages(from: "ProgressHUD.show(status:)").count, 1, "under the public name the app called")
            fixture.host.waitForFrames(1)
            XCTAssertTrue(ProgressHUD.isVisible)
        }
    }

    func testMegabyteDetailsLabelOfAnInstanceHUDIsCutAndReported() throws {
        try BadValueFixture.run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            hud.detailsLabel = String(repeating: "é", count: 1 << 20)
            hud.show()
            XCTAssertEqual(hud.view.content.details?.count, HUDValues.maximumStatusLength + 1)
            for step in 1...5 { hud.progress = Double(step) / 5 }
            XCTAssertEqual(fixture.messages(from: "HUD.detailsLabel").count, 1, "cleaned once, as it was set, not on every refresh")
        }
    }

    func testMarkupIsShownLiterallyByDefault() throws {
        try BadValueFixture.run { _ in
            ProgressHUD.show(status: "Loading <b>& <i>")
            XCTAssertEqual(SharedHUD.instance?.view?.statusText, "Loading <b>& <i>")
        }
    }

    func testInvalidMarkupFallsBackToLiteralTextWhenMarkupIsOn() throws {
        try BadValueFixture.run { _ in
            var appearance = HUDAppearance()
            appearance.usesMarkup = true
            ProgressHUD.appearance = appearance
            ProgressHUD.show(status: "<b>&")
            XCTAssertEqual(SharedHUD.instance?.view?.statusText, "<b>&")
            ProgressHUD.show(status: "<b>Bold</b> &amp; more")
            XCTAssertEqual(SharedHUD.instance?.view?.statusText, "Bold & more", "valid markup is parsed")
        }
    }

    func testRightToLeftTextIsKeptAndReadAsIs() throws {
        try BadValueFixture.run { fixture in
            let text = "שלום עולם — مرحبا بالعالم"
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            gtk_widget_set_direction(fixture.host.window, GTK_TEXT_DIR_RTL)
            hud.label = text
            hud.show()
            fixture.host.waitForFrames(1)
            XCTAssertEqual(hud.view.statusText, text)
            XCTAssertEqual(hud.view.content.accessibleName, text)
        }
    }

    func testEmojiAreKeptAndCountOnceForTheDisplayTime() throws {
        try BadValueFixture.run { _ in
            let text = "👨‍👩‍👧‍👦 Done 👍🏽"
            ProgressHUD.minimumDismissTime = 0
            ProgressHUD.showSuccess(status: text)
            XCTAssertEqual(SharedHUD.instance?.view?.statusText, text)
            XCTAssertEqual(ProgressHUD.displayDuration(for: text), 0.06 * 8 + 0.5, accuracy: 1e-9)
        }
    }

    func testFiveHundredNewlinesReadAsOneLineAndKeepTheBezelInTheWindow() throws {
        try BadValueFixture.run { fixture in
            let text = Array(repeating: "x", count: 501).joined(separator: "\n")
            ProgressHUD.show(status: text)
            fixture.host.waitForFrames(2)
            XCTAssertEqual(SharedHUD.instance?.controller.content.accessibleName,
                           Array(repeating: "x", count: 501).joined(separator: " "))
            let bezel = try XCTUnwrap(ProgressHUD.bezelWidget?.gtkWidget)
            XCTAssertLessThanOrEqual(gtk_widget_get_height(bezel), gtk_widget_get_height(fixture.host.window),
                                     "the label caps its lines")
            XCTAssertEqual(SharedHUD.instance?.view?.statusText?.filter(\.isNewline).count, 11, "12 lines shown")
            XCTAssertTrue(SharedHUD.instance?.view?.statusText?.hasSuffix("x…") == true)
        }
    }

    func testBannerWithFiveHundredLinesStaysInTheWindow() throws {
        try BadValueFixture.run { fixture in
            let text = Array(repeating: "line", count: 500).joined(separator: "\n")
            let banner = try NotificationBanner(title: text, subtitle: text)
            banner.show(on: fixture.host.window)
            fixture.host.waitForFrames(2)
            let widget = try XCTUnwrap(banner.widget?.gtkWidget)
            XCTAssertLessThanOrEqual(gtk_widget_get_height(widget), gtk_widget_get_height(fixture.host.window))
        }
    }

    func testNewlinesOnlyStatusShowsNoLabel() throws {
        try BadValueFixture.run { _ in
            ProgressHUD.show(status: String(repeating: "\n", count: 500))
            XCTAssertNil(SharedHUD.instance?.view?.statusText)
        }
    }
}

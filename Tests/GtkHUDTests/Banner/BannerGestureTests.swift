import CGtk
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Banner hit-testing and the overlay's key handler, checked without input
/// events. Taps, drags, flings, hover, focus and keys with real X events are in
/// Input/BannerInputTests.swift.
final class BannerGestureTests: XCTestCase {
    func testClicksOutsideBannersReachTheContent() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            let banner = try! NotificationBanner(title: "Over the top")
            guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
            window.host.waitForFrames(1)
            // The window picks: the overlay is a layer beside the content, not its parent.
            let below = window.pick(200, 200)
            XCTAssertTrue(below == window.content || below.map { gtk_widget_is_ancestor($0, window.content) != 0 } == true,
                          "below the banner the content gets the click")
            let onBanner = window.pick(200, 10)
            XCTAssertTrue(onBanner == widget.widget || onBanner.map { gtk_widget_is_ancestor($0, widget.widget) != 0 } == true,
                          "on the banner the banner gets it")
        }
    }

    func testEscapeDismissesTheFrontBanner() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            window.center.maxVisible = 2
            let older = try! NotificationBanner(title: "Older")
            let newer = try! NotificationBanner(title: "Newer")
            window.show(older)
            window.show(newer)
            // The host's shortcut table sits on the window: key events bubble from the focused content through it.
            XCTAssertFalse(BannerGtkTesting.pressKey(UInt32(GDK_KEY_a), on: window.window), "other keys pass")
            XCTAssertTrue(BannerGtkTesting.pressKey(UInt32(GDK_KEY_Escape), on: window.window),
                          "Escape anywhere in the window reaches the host's shortcut table")
            XCTAssertEqual(newer.state, .gone(.escape))
            XCTAssertEqual(older.state, .showing)
            XCTAssertEqual(window.center.visibleBanners.map(\.title), ["Older"])
            window.center.dismissAll()
            XCTAssertEqual(older.state, .gone(.dismissAll))
            XCTAssertFalse(window.center.dismissFront())
            XCTAssertFalse(BannerGtkTesting.pressKey(UInt32(GDK_KEY_Escape), on: window.window),
                           "nothing left: Escape propagates to the app")
        }
    }
}

import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Issue #26's calm stack with real input (XTest): banners behind the newest
/// collapse behind it, the "+N more" badge counts the waiting ones; the pointer
/// over the banners opens the deck, keyboard focus on the badge does too, and
/// Tab goes round the banners and then the badge.
final class BannerDeckInputTests: XCTestCase {
    @MainActor
    private static func focus(of window: BannerTestWindow) -> UnsafeMutablePointer<GtkWidget>? {
        gtk_widget_get_root(window.window).flatMap { gtk_root_get_focus($0) }
    }

    @MainActor
    private static func deck(of window: BannerTestWindow) -> BannerDeckWidget? {
        BannerStackWidget.of(window.center.stackWidget.gtkWidget!)?.deckWidget
    }

    @MainActor
    private static func isCollapsed(_ older: BannerWidget, behind front: BannerWidget, in window: BannerTestWindow) -> Bool {
        let olderFrame = window.frame(of: older), frontFrame = window.frame(of: front)
        return abs((olderFrame.y + olderFrame.height) - (frontFrame.y + frontFrame.height + BannerStackWidget.peek)) < 1
    }

    @MainActor
    private static func isSpread(_ older: BannerWidget, below front: BannerWidget, in window: BannerTestWindow) -> Bool {
        abs(window.frame(of: older).y - (window.frame(of: front).y + window.frame(of: front).height)) < 1
    }

    func testThePointerOverTheBannersOpensTheDeckAndLeavingClosesIt() throws {
        try MainActor.assumeIsolated {
            try BannerInputTests.withInput { window, input in
                window.center.maxVisible = 2
                let banners = (1...4).map { try! NotificationBanner(title: "Message \($0)", subtitle: "A burst") }
                let widgets = banners.compactMap { window.show($0, duration: 30) }
                guard widgets.count == 2 else { return XCTFail("two banner widgets expected, got \(widgets.count)") }
                let (older, front) = (widgets[0], widgets[1])
                window.waitUntilSettled(front)
                XInput.wait("the older banner to collapse behind the front one") { Self.isCollapsed(older, behind: front, in: window) }
                guard let deck = Self.deck(of: window) else { return XCTFail("no deck") }
                XCTAssertEqual(gtk_widget_get_visible(deck.widget), 1)
                XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(deck.countLabel))), "+2 more")
                XCTAssertTrue(Accessible.hasLabel(deck.widget, "Notifications waiting: 2"))

                input.moveTo(input.center(of: front.widget))
                XInput.wait("hover to spread the banners out") { Self.isSpread(older, below: front, in: window) }
                XCTAssertTrue(gtk_widget_has_css_class(deck.widget, "expanded") != 0)
                XCTAssertEqual(deck.deck.upcoming, ["Message 3", "Message 4"])

                input.moveTo(input.point(in: window.content, x: 200, y: 380))
                XInput.wait("leaving to collapse them again") { Self.isCollapsed(older, behind: front, in: window) }
                XCTAssertFalse(gtk_widget_has_css_class(deck.widget, "expanded") != 0)
            }
        }
    }

    func testTabReachesTheBadgeAfterTheBannersAndFocusOnItOpensTheDeck() throws {
        try MainActor.assumeIsolated {
            try BannerInputTests.withInput { window, input in
                window.center.maxVisible = 2
                let banners = (1...3).map { try! NotificationBanner(title: "Message \($0)") }
                let widgets = banners.compactMap { window.show($0, duration: 30) }
                guard widgets.count == 2, let deck = Self.deck(of: window) else { return XCTFail("no banners or deck") }
                let (older, front) = (widgets[0], widgets[1])
                window.waitUntilSettled(front)
                input.key("ctrl+F6")
                XInput.wait("the shortcut to reach the newest banner") { Self.focus(of: window) == front.widget }
                input.key("Tab")
                XInput.wait("Tab to the older banner") { Self.focus(of: window) == older.widget }
                input.key("Tab")
                XInput.wait("Tab to the deck's badge") { Self.focus(of: window) == deck.widget }
                XInput.wait("focus on the badge to open the deck") { gtk_widget_has_css_class(deck.widget, "expanded") != 0 }
                XInput.wait("and to spread the banners out") { Self.isSpread(older, below: front, in: window) }
                input.key("Tab")
                XInput.wait("Tab round to the newest banner") { Self.focus(of: window) == front.widget }
                input.key("shift+Tab")
                XInput.wait("Shift+Tab back to the badge") { Self.focus(of: window) == deck.widget }
                input.key("ctrl+F6")
                XInput.wait("the shortcut to give the focus back") { Self.focus(of: window) != deck.widget }
            }
        }
    }
}

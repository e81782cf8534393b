import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Banners and the user's attention, with real window switches: xdotool moves
/// the X focus to another window (`windowactivate` through the window manager
/// when one runs, as in the openbox pass of `scripts/test`; `windowfocus`
/// otherwise), and GTK reports `is-active` as it would for a user's Alt+Tab.
final class WindowAttentionInputTests: XCTestCase {
    /// A banner window the user is in, and a second window to switch to.
    @MainActor
    private static func withTwoWindows(_ body: @MainActor (BannerTestWindow, XInput, XInput) -> Void) throws {
        try XInput.require()
        try BannerGtkTesting.withWindow(animations: false) { window in
            let other = HostWindow(width: 200, height: 120, title: "Elsewhere")
            other.setChild(gtk_label_new("Another window"))
            other.present()
            defer { other.close() }
            guard let input = XInput(window: window.window), let elsewhere = XInput(window: other.window) else {
                return XCTFail("xdotool found no X window for the test windows")
            }
            defer { input.restore() }
            // The app has used GtkHUD in this window before the user leaves it
            // (GtkHUD follows windows from its first use on).
            _ = window.center
            switchTo(input)
            body(window, input, elsewhere)
            window.center.dismissAll()
            XInput.pump(until: { gtk_widget_get_first_child(window.center.stackWidget.gtkWidget) == nil }, timeoutMilliseconds: 5_000)
        }
    }

    /// Whether a window manager runs on the display (`scripts/lib/with-openbox.sh` says so).
    nonisolated private static var windowManagerRuns: Bool {
        ProcessInfo.processInfo.environment["GTKHUD_WINDOW_MANAGER"] != nil
    }

    /// The user switches to `input`'s window, and GTK has said so.
    @MainActor
    private static func switchTo(_ input: XInput) {
        input.run([windowManagerRuns ? "windowactivate" : "windowfocus", "--sync", input.windowID])
        XInput.wait("window \(input.windowID) to become active") { gtk_window_is_active(input.window.asWindow) != 0 }
    }

    /// Lets real time pass with the main loop running, so a running countdown would visibly move.
    @MainActor
    private static func letTimePass(milliseconds: UInt32) {
        XInput.pump(until: { false }, timeoutMilliseconds: milliseconds)
    }

    func testSwitchingAwayPausesTheBannerAndComingBackResumesItWithTheTimeLeft() throws {
        try MainActor.assumeIsolated {
            try Self.withTwoWindows { window, input, elsewhere in
                let dismissals = BannerCallCounter()
                let banner = try! NotificationBanner(title: "Saved")
                banner.onDismiss = dismissals.dismissed
                guard window.show(banner, duration: 3) != nil else { return XCTFail("no banner widget") }
                XCTAssertFalse(banner.isTimeoutPaused, "counting while the user is in the window")
                Self.switchTo(elsewhere)
                XInput.wait("the banner to pause") { banner.isTimeoutPaused }
                let leftWhenAway = banner.remainingTime
                Self.letTimePass(milliseconds: 800)
                XCTAssertEqual(banner.remainingTime, leftWhenAway, "no time goes by while the user is elsewhere")
                XCTAssertEqual(banner.state, .showing)
                Self.switchTo(input)
                XInput.wait("the banner to resume") { !banner.isTimeoutPaused }
                let left = banner.remainingTime ?? .zero
                XCTAssertGreaterThan(left, .milliseconds(1500), "it goes on with the time it had left, not less")
                XCTAssertLessThanOrEqual(left, .seconds(3))
                XInput.wait("the timeout", timeoutMilliseconds: 10_000) { dismissals.count == 1 }
                XCTAssertEqual(dismissals.reasons, [.timeout])
            }
        }
    }

    func testABannerShownWhileTheUserIsElsewhereGetsItsWholeTimeWhenTheyComeBack() throws {
        try MainActor.assumeIsolated {
            try Self.withTwoWindows { window, input, elsewhere in
                Self.switchTo(elsewhere)
                let banner = try! NotificationBanner(title: "Download finished")
                guard window.show(banner, duration: 2) != nil else { return XCTFail("no banner widget") }
                Self.letTimePass(milliseconds: 800)
                XCTAssertTrue(banner.isTimeoutPaused)
                XCTAssertEqual(banner.remainingTime, .seconds(2), "it has not started counting")
                Self.switchTo(input)
                XInput.wait("the banner to start counting") { !banner.isTimeoutPaused }
                XCTAssertGreaterThan(banner.remainingTime ?? .zero, .milliseconds(1500))
            }
        }
    }

    /// An overlay the app made (and whose banner center it made) before the
    /// overlay was in a window: its window is watched once it is put into one.
    func testAnOverlayPutIntoItsWindowLaterFollowsThatWindow() throws {
        try MainActor.assumeIsolated {
            try Self.withTwoWindows { _, _, elsewhere in
                guard let overlay = HUDOverlay(content: gtk_button_new_with_label("Inside")),
                      let center = BannerCenter.for(overlay.widget) else { return XCTFail("no overlay or center") }
                let late = HostWindow(width: 300, height: 200, title: "Late")
                late.setChild(overlay.widget.gtkWidget)
                late.present()
                defer { late.close() }
                guard let lateInput = XInput(window: late.window) else { return XCTFail("xdotool found no X window") }
                defer { lateInput.restore() }
                Self.switchTo(lateInput)
                let banner = try! NotificationBanner(title: "In the window it was put in")
                banner.show(on: overlay.widget, duration: 30)
                XInput.wait("the banner on screen") { banner.state == .showing }
                XCTAssertFalse(banner.isTimeoutPaused)
                Self.switchTo(elsewhere)
                XInput.wait("the queue to see its window left") { center.queue.isWindowAway }
                XCTAssertTrue(banner.isTimeoutPaused)
                Self.switchTo(lateInput)
                XInput.wait("the banner to resume") { !banner.isTimeoutPaused }
                center.dismissAll()
                XInput.pump(until: { gtk_widget_get_first_child(center.stackWidget.gtkWidget) == nil }, timeoutMilliseconds: 5_000)
            }
        }
    }

    func testABannerThatOptsOutTimesOutWhileTheUserIsElsewhere() throws {
        try MainActor.assumeIsolated {
            try Self.withTwoWindows { window, _, elsewhere in
                let dismissals = BannerCallCounter()
                let banner = try! NotificationBanner(title: "Typing…")
                banner.pausesWhileWindowInactive = false
                banner.onDismiss = dismissals.dismissed
                guard window.show(banner, duration: 1) != nil else { return XCTFail("no banner widget") }
                Self.switchTo(elsewhere)
                XInput.wait("the queue to see the window left") { window.center.queue.isWindowAway }
                XCTAssertFalse(banner.isTimeoutPaused)
                XInput.wait("the timeout in the background") { dismissals.count == 1 }
                XCTAssertEqual(dismissals.reasons, [.timeout])
            }
        }
    }

    func testTheAppWideSwitchKeepsBannersCountingInTheBackground() throws {
        try MainActor.assumeIsolated {
            GtkHUDAttention.pausesWhileWindowInactive = false
            defer { GtkHUDAttention.pausesWhileWindowInactive = true }
            try Self.withTwoWindows { window, _, elsewhere in
                let banner = try! NotificationBanner(title: "Saved")
                guard window.show(banner, duration: 30) != nil else { return XCTFail("no banner widget") }
                Self.switchTo(elsewhere)
                XInput.wait("the queue to see the window left") { window.center.queue.isWindowAway }
                Self.letTimePass(milliseconds: 300)
                XCTAssertFalse(banner.isTimeoutPaused)
                XCTAssertLessThan(banner.remainingTime ?? .zero, .seconds(30))
            }
        }
    }
}

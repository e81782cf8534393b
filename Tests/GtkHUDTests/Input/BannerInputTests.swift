import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Banners driven by real X input (xdotool through XTest): the events go through
/// GTK's picking and gesture machinery, not through the widget's handler methods.
final class BannerInputTests: XCTestCase {
    /// A banner window with xdotool attached and the pointer parked on the content,
    /// well below where banners appear (so no test starts with a stray hover).
    @MainActor
    static func withInput(_ body: @MainActor (BannerTestWindow, XInput) -> Void) throws {
        try XInput.require()
        try BannerGtkTesting.withWindow(animations: true) { window in
            guard let input = XInput(window: window.window) else { return XCTFail("xdotool found no X window for the test window") }
            input.moveTo(input.point(in: window.content, x: 200, y: 250))
            defer { input.restore() }
            body(window, input)
            // Let every banner finish leaving before the window closes, so that no
            // exit animation (and its closures) outlives this test.
            window.center.dismissAll()
            XInput.pump(until: { gtk_widget_get_first_child(window.center.stackWidget.gtkWidget) == nil }, timeoutMilliseconds: 5_000)
            window.host.waitForFrames(2)
        }
    }

    /// Drags down by `distance` slowly (no fling) and holds still before the
    /// release: only the distance can dismiss.
    @MainActor
    static func swipeSlowly(_ input: XInput, from: (x: Int, y: Int), down distance: Double) {
        input.drag(from: from, to: (from.x, from.y + Int(distance)), steps: 8, stepMilliseconds: 30, holdMilliseconds: 250)
    }

    /// Somewhere on `widget`, `fraction` of the way down.
    @MainActor
    static func spot(_ input: XInput, _ widget: BannerWidget, x: Double = 0.3, y fraction: Double = 0.5) -> (x: Int, y: Int) {
        input.point(in: widget.widget, x: Double(gtk_widget_get_width(widget.widget)) * x,
                    y: Double(gtk_widget_get_height(widget.widget)) * fraction)
    }

    func testClickOnABannerIsATapThatDismissesIt() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input in
                let taps = BannerCallCounter()
                let dismissals = BannerCallCounter()
                let banner = try! NotificationBanner(title: "Tap me", onTap: taps.tick)
                banner.onDismiss = dismissals.dismissed
                guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(widget)
                input.click(at: Self.spot(input, widget))
                XInput.wait("the tap's dismissal") { dismissals.count > 0 }
                XCTAssertEqual(taps.count, 1, "one click, one tap")
                XCTAssertEqual(dismissals.reasons, [.tap])
            }
        }
    }

    func testClickOnTheContentBelowLeavesTheBanner() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input in
                var contentClicks = 0
                let connection = Signal.connect(UnsafeMutableRawPointer(window.content), "clicked") { contentClicks += 1 }
                defer { connection.disconnect() }
                let taps = BannerCallCounter()
                let banner = try! NotificationBanner(title: "Over the top", onTap: taps.tick)
                guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(widget)
                input.click(at: input.point(in: window.content, x: 200, y: 250))
                XInput.wait("the content's click") { contentClicks == 1 }
                XCTAssertEqual(taps.count, 0)
                XCTAssertEqual(banner.state, .showing)
            }
        }
    }

    func testDraggingABottomBannerPastHalfItsHeightAndReleasingDismisses() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input in
                let dismissals = BannerCallCounter()
                let banner = try! NotificationBanner(title: "Down", subtitle: "Drag me down")
                banner.position = .bottom
                banner.onDismiss = dismissals.dismissed
                guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(widget)
                let height = widget.naturalHeight
                let from = Self.spot(input, widget, y: 0.3)
                Self.swipeSlowly(input, from: from, down: height * 0.8)
                XInput.wait("the swipe's dismissal") { dismissals.count > 0 }
                XCTAssertEqual(dismissals.reasons, [.swipe])
            }
        }
    }

    func testALittleDragAndReleaseSpringsBack() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input in
                let banner = try! NotificationBanner(title: "Stay", subtitle: "A little nudge")
                guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(widget)
                let from = Self.spot(input, widget, y: 0.5)
                var maxOffset = 0.0
                let tick = TickCallback.add(to: widget.widget) { _ in
                    maxOffset = max(maxOffset, abs(widget.dragOffset))
                    return true
                }
                defer { TickCallback.remove(tick, from: widget.widget) }
                input.drag(from: from, to: (from.x, from.y - 12), steps: 4, stepMilliseconds: 30, holdMilliseconds: 250)
                XInput.wait("the banner back at rest") { !widget.isDragging && !widget.isAnimating && widget.dragOffset == 0 }
                XCTAssertGreaterThan(maxOffset, 4, "the banner followed the pointer first")
                XCTAssertEqual(banner.state, .showing, "a short slow drag does not dismiss")
                XCTAssertTrue(banner.isTimeoutPaused, "the pointer still rests on it: hovered")
                input.moveTo(input.point(in: window.content, x: 200, y: 250))
                XInput.wait("neither the drag nor the hover holding the timeout") { !banner.isTimeoutPaused }
                window.waitUntilSettled(widget)
                XCTAssertEqual(window.frame(of: widget).y, 0, accuracy: 1, "back at the edge")
            }
        }
    }

    func testFlingTowardsTheEdgeDismisses() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input in
                let dismissals = BannerCallCounter()
                let banner = try! NotificationBanner(title: "Fling", subtitle: "A quick flick up")
                banner.minimumHeight = 160 // room for a fling well short of half the height
                banner.onDismiss = dismissals.dismissed
                guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(widget)
                // 50 px in ~25 ms upwards (2000 px/s, 4× the 500 px/s needed, so a
                // busy machine delaying xdotool still flings), released at once:
                // well under half the height, so only the speed can dismiss it.
                let from = Self.spot(input, widget, y: 0.9)
                XCTAssertLessThan(50, widget.naturalHeight / 2)
                input.drag(from: from, to: (from.x, from.y - 50), steps: 5, stepMilliseconds: 5)
                XInput.wait("the fling's dismissal") { dismissals.count > 0 }
                XCTAssertEqual(dismissals.reasons, [.swipe])
            }
        }
    }

    func testHoverHoldsTheTimeoutAndLeavingResumesIt() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input in
                let banner = try! NotificationBanner(title: "Timed")
                guard let widget = window.show(banner, duration: 0.4) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(widget)
                input.moveTo(Self.spot(input, widget))
                XInput.wait("hover to hold the timeout") { banner.isTimeoutPaused }
                // Longer than the whole duration: a running timeout would have fired.
                BannerGtkTesting.idle(milliseconds: 800)
                XCTAssertEqual(banner.state, .showing, "hovered: the timeout waits")
                XCTAssertTrue(banner.isTimeoutPaused)
                input.moveTo(input.point(in: window.content, x: 200, y: 250))
                XInput.wait("leaving to resume the timeout") { !banner.isTimeoutPaused }
                XInput.wait("the timeout") { banner.state.isGone }
                XCTAssertEqual(banner.state, .gone(.timeout))
            }
        }
    }

    /// A banner pushed back by a high-priority one keeps its hover pause: back
    /// under the resting pointer it waits, whether it returns while still
    /// sliding out (its exit turned around) or after it left (a new widget).
    func testAPreemptedBannerComesBackStillHeldByTheRestingPointer() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input in
                for returnsWhileLeaving in [true, false] {
                    let banner = try! NotificationBanner(title: "Hovered")
                    guard let widget = window.show(banner, duration: 0.4) else { return XCTFail("no banner widget") }
                    window.waitUntilSettled(widget)
                    input.moveTo(Self.spot(input, widget))
                    XInput.wait("hover to hold the timeout") { banner.isTimeoutPaused }
                    let urgent = try! NotificationBanner(title: "Urgent")
                    urgent.priority = .high
                    urgent.show(on: window.window)
                    XCTAssertEqual(banner.state, .queued, "pushed back by the high-priority banner")
                    if !returnsWhileLeaving {
                        XInput.wait("the pushed-back banner to leave") { banner.widget == nil }
                    }
                    urgent.dismiss()
                    XInput.wait("the banner back on screen") { banner.state == .showing }
                    guard let back = banner.widget?.gtkWidget.flatMap({ BannerWidget.of($0) }) else { return XCTFail("no widget") }
                    window.waitUntilSettled(back)
                    // Longer than the whole duration: a running timeout would have fired.
                    BannerGtkTesting.idle(milliseconds: 900)
                    XCTAssertEqual(banner.state, .showing, "still under the pointer (returned while leaving: \(returnsWhileLeaving))")
                    XCTAssertTrue(banner.isTimeoutPaused, "its hover pause came back with it")
                    input.moveTo(input.point(in: window.content, x: 200, y: 250))
                    XInput.wait("leaving to resume the timeout") { banner.state.isGone }
                    XCTAssertEqual(banner.state, .gone(.timeout))
                    XInput.wait("the exit") { banner.widget == nil }
                }
            }
        }
    }

    func testEscapeKeyDismissesTheFrontBanner() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input in
                window.center.maxVisible = 2
                let older = try! NotificationBanner(title: "Older")
                let newer = try! NotificationBanner(title: "Newer")
                window.show(older, duration: 30)
                window.show(newer, duration: 30)
                gtk_widget_grab_focus(window.content)
                input.key("Escape")
                XInput.wait("Escape to dismiss the front banner") { newer.state.isGone }
                XCTAssertEqual(newer.state, .gone(.escape))
                XCTAssertEqual(older.state, .showing)
            }
        }
    }

    func testClickingTheActionAndCloseButtons() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input in
                var actions = 0
                let first = try! NotificationBanner(title: "With an action")
                first.setAction("Undo") { actions += 1 }
                guard let firstWidget = window.show(first, duration: 30) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(firstWidget)
                input.click(at: input.center(of: firstWidget.actionButton))
                XInput.wait("the action") { actions == 1 && first.state.isGone }
                XCTAssertEqual(first.state, .gone(.action))

                let second = try! NotificationBanner(title: "With a close button")
                second.showsCloseButton = true
                guard let secondWidget = window.show(second, duration: 30) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(secondWidget)
                input.click(at: input.center(of: secondWidget.closeButton))
                XInput.wait("the close button") { second.state.isGone }
                XCTAssertEqual(second.state, .gone(.closeButton))
                XCTAssertEqual(actions, 1, "Close is not the action")
            }
        }
    }

    func testTabReachesTheBannersButtonsAndSpaceActivatesThem() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input in
                var actions = 0
                let banner = try! NotificationBanner(title: "Keyboard")
                banner.setAction("Retry") { actions += 1 }
                banner.showsCloseButton = true
                guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(widget)
                gtk_widget_grab_focus(window.content)
                window.host.waitForFrames(1)
                // Tab until the action button has the focus; the focus must get there, then to Close.
                var visited: [String] = []
                for _ in 0..<8 where gtk_widget_has_focus(widget.actionButton) == 0 {
                    input.key("Tab")
                    input.waitUntilHandled(by: window.window) // the Tab has moved the focus (not a frame later, maybe)
                    visited.append(Self.focusName(window.window))
                }
                XCTAssertNotEqual(gtk_widget_has_focus(widget.actionButton), 0, "Tab never reached the action button: \(visited)")
                XCTAssertTrue(banner.isTimeoutPaused, "focus in the banner holds its timeout")
                input.key("Tab")
                XInput.wait("Tab to move on to Close") { gtk_widget_has_focus(widget.closeButton) != 0 }
                input.key("shift+Tab")
                XInput.wait("shift+Tab back to the action") { gtk_widget_has_focus(widget.actionButton) != 0 }
                input.key("space")
                XInput.wait("space to trigger the action") { actions == 1 }
                XInput.wait("the action's dismissal") { banner.state.isGone }
                XCTAssertEqual(banner.state, .gone(.action))
            }
        }
    }

    func testDraggingAwayFromTheEdgeIsRubberBandedAndHoldsTheTimeout() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input in
                let banner = try! NotificationBanner(title: "Stretch")
                guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(widget)
                let from = Self.spot(input, widget, y: 0.5)
                // Press and pull 100 px down, still held.
                var pull = input.move(from) + ["mousedown", "1"]
                for step in 1...5 { pull += ["sleep", "0.02"] + input.move((from.x, from.y + 20 * step)) }
                input.run(pull)
                let expected = 100.0 * 32 / 132 // d·c/(d+c) with c = 32
                XInput.wait("the banner to follow the pointer") { abs(widget.dragOffset - expected) < 0.5 }
                XCTAssertTrue(banner.isTimeoutPaused, "dragging holds the timeout")
                window.host.waitForFrames(1)
                XCTAssertEqual(window.frame(of: widget).y, 0, accuracy: 0.5, "its top stays at the edge")
                XCTAssertGreaterThan(Double(gtk_widget_get_height(widget.widget)), widget.naturalHeight + 20,
                                     "it stretches over the gap instead of opening one at the edge")
                input.run(["sleep", "0.15", "mouseup", "1"])
                XInput.wait("the spring back") { !widget.isDragging && !widget.isAnimating && widget.dragOffset == 0 }
                XCTAssertEqual(banner.state, .showing, "pulling away from the edge never dismisses")
            }
        }
    }

    func testAFlingDoesNothingWhenSwipingIsTurnedOff() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input in
                let banner = try! NotificationBanner(title: "Sticky", subtitle: "dismissesOnSwipe = false")
                banner.dismissesOnSwipe = false
                banner.minimumHeight = 160
                guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(widget)
                var minOffset = 0.0
                let tick = TickCallback.add(to: widget.widget) { _ in
                    minOffset = min(minOffset, widget.dragOffset)
                    return true
                }
                defer { TickCallback.remove(tick, from: widget.widget) }
                let from = Self.spot(input, widget, y: 0.9)
                input.drag(from: from, to: (from.x, from.y - 50), steps: 5, stepMilliseconds: 5) // as the fling above
                XInput.wait("the banner back at rest") { !widget.isDragging && !widget.isAnimating && widget.dragOffset == 0 }
                XCTAssertLessThan(minOffset, -2, "the drag moved it")
                XCTAssertGreaterThan(minOffset, -32, "both ways are rubber-banded when swiping is off")
                XCTAssertEqual(banner.state, .showing)
            }
        }
    }

    func testADragIsNotATapAndDismissesOnTapOffKeepsTheBanner() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input in
                let taps = BannerCallCounter()
                let banner = try! NotificationBanner(title: "Keep me", onTap: taps.tick)
                banner.dismissesOnTap = false
                guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(widget)
                let from = Self.spot(input, widget, y: 0.5)
                input.drag(from: from, to: (from.x, from.y + 15), steps: 3, stepMilliseconds: 30, holdMilliseconds: 150)
                XInput.wait("the drag to end") { !widget.isDragging && !widget.isAnimating && widget.dragOffset == 0 }
                input.click(at: from)
                XInput.wait("the tap") { taps.count > 0 }
                BannerGtkTesting.idle(milliseconds: 100)
                XCTAssertEqual(taps.count, 1, "the press that became a drag was not a tap; the click was")
                XCTAssertEqual(banner.state, .showing, "dismissesOnTap = false keeps it")
            }
        }
    }

    @MainActor
    private static func focusName(_ window: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let focus = gtk_window_get_focus(window.asWindow) else { return "none" }
        return String(cString: gtk_widget_get_css_name(focus))
    }
}

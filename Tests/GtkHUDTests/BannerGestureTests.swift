import CGtk
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Input: the tests call the same handler methods the GTK controllers call
/// (`BannerWidget.handleDragUpdate(offset:time:)` and friends) with synthetic
/// offsets and event times, and `BannerStackWidget.beginDrag(x:y:)` for the
/// drag gesture's hit test. Velocities come from those times, as in a real drag.
final class BannerGestureTests: XCTestCase {
    func testFlingTowardsTheEdgeDismissesWithSwipe() throws {
        try BannerGtkTesting.withWindow(animations: true) { window in
            let counter = BannerCallCounter()
            let banner = try! NotificationBanner(title: "Swipe me")
            banner.onDismiss = counter.dismissed
            guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
            window.waitUntilSettled(widget)
            let stack = BannerStackWidget.of(window.center.stackWidget)!

            XCTAssertFalse(stack.beginDrag(x: 200, y: 250), "no banner down there: the gesture is denied")
            XCTAssertTrue(stack.beginDrag(x: 200, y: 10), "the drag starts on the banner under the pointer")
            XCTAssertTrue(banner.isTimeoutPaused, "dragging holds the timeout")
            widget.handleDragUpdate(offset: -5, time: 1_000)
            widget.handleDragUpdate(offset: -12, time: 1_010)
            XCTAssertEqual(widget.dragOffset, -12, accuracy: 0.001, "towards the edge the banner follows 1:1")
            widget.handleDragEnd(offset: -20, time: 1_020) // 750 px/s upwards, only 20 px moved
            XCTAssertTrue(banner.state.isGone, "a fling towards the edge dismisses")
            window.host.waitForFrames(3)
            XCTAssertLessThan(window.frame(of: widget).y, -20, "the exit goes on from the finger, upwards")
            XCTAssertTrue(MainLoop.run(until: { counter.count > 0 }, timeoutMilliseconds: 3_000))
            XCTAssertEqual(counter.reasons, [.swipe])
            XCTAssertNil(banner.widget, "the widget is removed once the exit is over")
        }
    }

    func testSlowDragAwayFromTheEdgeIsRubberBandedAndSpringsBack() throws {
        try BannerGtkTesting.withWindow(animations: true) { window in
            let banner = try! NotificationBanner(title: "Stay")
            guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
            window.waitUntilSettled(widget)
            widget.handleDragBegin()
            widget.handleDragUpdate(offset: 100, time: 2_000)
            XCTAssertEqual(widget.dragOffset, 100 * 32 / 132, accuracy: 0.01, "d·c/(d+c) with c = 32")
            window.host.waitForFrames(1)
            XCTAssertGreaterThan(widget.frame.y, 20, "the banner's content moved down with the finger")
            XCTAssertEqual(window.frame(of: widget).y, 0, accuracy: 0.5, "its top stays at the edge")
            XCTAssertGreaterThan(Double(gtk_widget_get_height(widget.widget)), widget.naturalHeight + 20,
                                 "it stretches over the gap instead of opening one at the edge")
            widget.handleDragEnd(offset: 100, time: 2_500) // no movement in the last 100 ms: no velocity
            XCTAssertEqual(banner.state, .showing)
            XCTAssertFalse(banner.isTimeoutPaused)
            XCTAssertTrue(window.waitUntilSettled(widget))
            XCTAssertEqual(widget.dragOffset, 0, accuracy: 0.01)
            XCTAssertEqual(window.frame(of: widget).y, 0, accuracy: 1)
        }
    }

    func testDraggingABottomBannerDownPastHalfItsHeightDismisses() throws {
        try BannerGtkTesting.withWindow(animations: true) { window in
            let counter = BannerCallCounter()
            let banner = try! NotificationBanner(title: "Down", subtitle: "Swipe me down")
            banner.position = .bottom
            banner.onDismiss = counter.dismissed
            guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
            window.waitUntilSettled(widget)
            widget.handleDragBegin()
            widget.handleDragUpdate(offset: widget.naturalHeight * 0.6, time: 3_000)
            window.host.waitForFrames(1)
            let draggedY = window.frame(of: widget).y
            XCTAssertEqual(draggedY, window.size.height - widget.naturalHeight * 0.4, accuracy: 1)
            widget.handleDragEnd(offset: widget.naturalHeight * 0.6, time: 3_400)
            window.host.waitForFrames(3)
            XCTAssertGreaterThan(window.frame(of: widget).y, draggedY,
                                 "it carries on downwards from where it was let go")
            XCTAssertTrue(MainLoop.run(until: { counter.count > 0 }, timeoutMilliseconds: 3_000))
            XCTAssertEqual(counter.reasons, [.swipe])
        }
    }

    func testSwipeIsIgnoredWhenTurnedOff() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            let banner = try! NotificationBanner(title: "Sticky")
            banner.dismissesOnSwipe = false
            guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
            widget.handleDragBegin()
            widget.handleDragUpdate(offset: -100, time: 0)
            XCTAssertGreaterThan(widget.dragOffset, -32, "both ways are rubber-banded")
            widget.handleDragEnd(offset: -200, time: 10)
            XCTAssertEqual(banner.state, .showing)
            XCTAssertEqual(widget.dragOffset, 0, "springs back (at once with animations off)")
        }
    }

    func testTapCallsOnTapOnceAndDismisses() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            let taps = BannerCallCounter()
            let dismissals = BannerCallCounter()
            let banner = try! NotificationBanner(title: "Tap me", onTap: taps.tick)
            banner.onDismiss = dismissals.dismissed
            guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
            widget.handlePressed()
            XCTAssertTrue(banner.isTimeoutPaused, "a press holds the timeout")
            widget.handleReleased()
            XCTAssertEqual(taps.count, 1)
            XCTAssertTrue(MainLoop.run(until: { dismissals.count > 0 }, timeoutMilliseconds: 1_000))
            XCTAssertEqual(dismissals.reasons, [.tap])
            widget.handlePressed()
            widget.handleReleased()
            XCTAssertEqual(taps.count, 1, "a leaving banner ignores taps")

            let keeper = try! NotificationBanner(title: "Keep me", onTap: taps.tick)
            keeper.dismissesOnTap = false
            guard let keeperWidget = window.show(keeper) else { return XCTFail("no banner widget") }
            keeperWidget.handlePressed()
            keeperWidget.handleDragBegin()
            keeperWidget.handleDragUpdate(offset: 10, time: 0)
            keeperWidget.handleReleased()
            XCTAssertEqual(taps.count, 1, "a press that became a drag is not a tap")
            keeperWidget.handleDragEnd(offset: 10, time: 500)
            keeperWidget.handlePressed()
            keeperWidget.handleReleased()
            XCTAssertEqual(taps.count, 2)
            XCTAssertEqual(keeper.state, .showing, "dismissesOnTap = false keeps it")
        }
    }

    func testHoverAndFocusHoldTheTimeout() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            let banner = try! NotificationBanner(title: "Timed")
            guard let widget = window.show(banner, duration: 0.3) else { return XCTFail("no banner widget") }
            widget.handlePointer(inside: true)
            XCTAssertTrue(banner.isTimeoutPaused)
            BannerGtkTesting.idle(milliseconds: 450)
            XCTAssertEqual(banner.state, .showing, "hovered: the timeout waits")
            widget.handleFocus(inside: true)
            widget.handlePointer(inside: false)
            XCTAssertTrue(banner.isTimeoutPaused, "focus still holds it")
            widget.handleFocus(inside: false)
            XCTAssertFalse(banner.isTimeoutPaused)
            XCTAssertTrue(MainLoop.run(until: { banner.state.isGone }, timeoutMilliseconds: 2_000))
            XCTAssertEqual(banner.state, .gone(.timeout))
        }
    }

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
            // The key controller sits on the window: key events bubble from the focused content through it.
            XCTAssertFalse(BannerGtkTesting.pressKey(UInt32(GDK_KEY_a), on: window.window), "other keys pass")
            XCTAssertTrue(BannerGtkTesting.pressKey(UInt32(GDK_KEY_Escape), on: window.window),
                          "Escape anywhere in the window reaches the banner center's key controller")
            XCTAssertEqual(newer.state, .gone(.escape))
            XCTAssertEqual(older.state, .showing)
            XCTAssertEqual(window.center.visibleBanners.map(\.title), ["Older"])
            window.center.dismissAll()
            XCTAssertEqual(older.state, .gone(.dismissAll))
            XCTAssertFalse(window.center.dismissFront())
            XCTAssertFalse(BannerGtkTesting.pressKey(UInt32(GDK_KEY_Escape), on: window.overlay),
                           "nothing left: Escape propagates to the app")
        }
    }
}

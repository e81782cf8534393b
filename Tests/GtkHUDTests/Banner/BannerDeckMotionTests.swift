import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// The calm stack's collapse and spread as they are drawn (issue #26): the
/// banner behind the newest moves between its collapsed and spread places on
/// a spring, frame by frame, when the pointer opens and leaves the deck (real
/// input, XTest); at once with animations off; the window stops drawing once
/// the banners are still; and both end states are checked in pixels.
final class BannerDeckMotionTests: XCTestCase {
    private static let front = HUDColor(red: 0.85, green: 0.1, blue: 0.1)
    private static let behind = HUDColor(red: 0.1, green: 0.1, blue: 0.85)

    /// Two coloured banners on screen (the older one blue behind the red newest)
    /// and one waiting, settled and collapsed.
    @MainActor
    private static func collapsedPair(in window: BannerTestWindow) -> (older: BannerWidget, front: BannerWidget)? {
        window.center.maxVisible = 2
        let colours = [behind, front, behind]
        let widgets = colours.enumerated().compactMap { index, colour in
            window.show(try! NotificationBanner(title: "Message \(index + 1)", subtitle: "A burst",
                                                backgroundColor: colour, textColor: .white), duration: 60)
        }
        guard widgets.count == 2 else { XCTFail("two banner widgets expected, got \(widgets.count)"); return nil }
        settle(widgets, in: window)
        return (widgets[0], widgets[1])
    }

    /// Waits until no banner moves, then for two frames.
    @MainActor
    private static func settle(_ widgets: [BannerWidget], in window: BannerTestWindow) {
        XCTAssertTrue(MainLoop.run(until: { widgets.allSatisfy { !$0.isAnimating } }, timeoutMilliseconds: 4_000), "the springs settle")
        window.host.waitForFrames(2)
    }

    /// The older banner's top edge on every frame until `done` holds and nothing moves.
    @MainActor
    private static func path(of older: BannerWidget, _ widgets: [BannerWidget], in window: BannerTestWindow,
                             until done: @MainActor () -> Bool) -> [Double] {
        var samples: [Double] = []
        let tick = TickCallback.add(to: window.window) { _ in
            samples.append(window.frame(of: older).y)
            return true
        }
        XInput.pump(until: { done() && widgets.allSatisfy { !$0.isAnimating } }, timeoutMilliseconds: 4_000)
        TickCallback.remove(tick, from: window.window)
        settle(widgets, in: window)
        return samples
    }

    /// Frames the window's clock ran during `milliseconds` of an idle main loop,
    /// counted once the theme's own CSS transitions are over (the content
    /// button the pointer left fades its hover for 200 ms in Adwaita).
    @MainActor
    private static func framesDrawn(in window: BannerTestWindow, during milliseconds: UInt32) -> Int64 {
        BannerGtkTesting.idle(milliseconds: 400)
        guard let clock = gtk_widget_get_frame_clock(window.window) else { return -1 }
        let start = gdk_frame_clock_get_frame_counter(clock)
        BannerGtkTesting.idle(milliseconds: milliseconds)
        return Int64(gdk_frame_clock_get_frame_counter(clock) - start)
    }

    /// Where the older banner rests, collapsed (peeking out below the front one) and spread (right below it).
    @MainActor
    private static func restingTops(_ older: BannerWidget, _ front: BannerWidget, in window: BannerTestWindow) -> (collapsed: Double, spread: Double) {
        let frontBottom = window.frame(of: front).y + window.frame(of: front).height
        return (frontBottom + BannerStackWidget.peek - window.frame(of: older).height, frontBottom)
    }

    /// Moves between the places, with frames in between: positions strictly between them.
    private static func inBetween(_ samples: [Double], _ a: Double, _ b: Double) -> Int {
        samples.filter { $0 > min(a, b) + 1 && $0 < max(a, b) - 1 }.count
    }

    func testTheDeckSpreadsAndCollapsesOnASpringAndThenStopsDrawing() throws {
        try MainActor.assumeIsolated {
            try BannerInputTests.withInput { window, input in
                guard let (older, front) = Self.collapsedPair(in: window) else { return }
                let widgets = [older, front]
                let rest = Self.restingTops(older, front, in: window)
                XCTAssertEqual(window.frame(of: older).y, rest.collapsed, accuracy: 1, "collapsed behind the front banner")
                Self.checkPixels(window, older: older, front: front, spread: false)

                input.moveTo(input.center(of: front.widget))
                let spreading = Self.path(of: older, widgets, in: window) { window.stack.isCollapsed == false }
                XCTAssertEqual(window.frame(of: older).y, rest.spread, accuracy: 1, "spread below the front banner")
                XCTAssertGreaterThanOrEqual(Self.inBetween(spreading, rest.collapsed, rest.spread), 3,
                                            "the spread moves through frames in between, no jump: \(spreading)")
                XCTAssertEqual(Self.framesDrawn(in: window, during: 500), 0, "nothing drawn once spread")
                Self.checkPixels(window, older: older, front: front, spread: true)

                input.moveTo(input.point(in: window.content, x: 200, y: 280))
                let collapsing = Self.path(of: older, widgets, in: window) { window.stack.isCollapsed }
                XCTAssertEqual(window.frame(of: older).y, rest.collapsed, accuracy: 1, "collapsed again")
                XCTAssertGreaterThanOrEqual(Self.inBetween(collapsing, rest.collapsed, rest.spread), 3,
                                            "the collapse moves through frames in between, no jump: \(collapsing)")
                XCTAssertEqual(Self.framesDrawn(in: window, during: 500), 0, "nothing drawn once collapsed")
                Self.checkPixels(window, older: older, front: front, spread: false)
            }
        }
    }

    func testWithAnimationsOffTheDeckSpreadsAndCollapsesAtOnce() throws {
        try MainActor.assumeIsolated {
            try BannerInputTests.withInput { window, input in
                guard let (older, front) = Self.collapsedPair(in: window) else { return }
                // Turned off while the window is up: the host follows the setting.
                BannerGtkTesting.setAnimationsEnabled(false)
                let widgets = [older, front]
                let rest = Self.restingTops(older, front, in: window)
                input.moveTo(input.center(of: front.widget))
                let spreading = Self.path(of: older, widgets, in: window) { window.stack.isCollapsed == false }
                XCTAssertEqual(window.frame(of: older).y, rest.spread, accuracy: 1)
                XCTAssertEqual(Self.inBetween(spreading, rest.collapsed, rest.spread), 0, "straight there: \(spreading)")
                input.moveTo(input.point(in: window.content, x: 200, y: 280))
                let collapsing = Self.path(of: older, widgets, in: window) { window.stack.isCollapsed }
                XCTAssertEqual(window.frame(of: older).y, rest.collapsed, accuracy: 1)
                XCTAssertEqual(Self.inBetween(collapsing, rest.collapsed, rest.spread), 0, "straight back: \(collapsing)")
                XCTAssertEqual(Self.framesDrawn(in: window, during: 300), 0, "nothing drawn once still")
                BannerGtkTesting.setAnimationsEnabled(true)
            }
        }
    }

    /// The end state in pixels, rendered from the overlay: the red front banner
    /// on top; the blue one behind either fills the band below it (spread) or
    /// shows only a `peek`-high strip there (collapsed). Sampled on the right,
    /// clear of the text and of the centred badge.
    @MainActor
    private static func checkPixels(_ window: BannerTestWindow, older: BannerWidget, front: BannerWidget, spread: Bool,
                                    file: StaticString = #filePath, line: UInt = #line) {
        guard let image = WidgetRenderer.render(window.overlay) else { return XCTFail("no rendering", file: file, line: line) }
        let frontFrame = window.frame(of: front), olderHeight = Int(window.frame(of: older).height)
        let frontTop = Int(frontFrame.y), frontBottom = Int(frontFrame.y + frontFrame.height)
        let x = Int(window.size.width) - 120, width = 100
        typealias Pixel = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)
        func share(_ top: Int, _ bottom: Int, _ colour: (Pixel) -> Bool) -> Double {
            let count = image.count(in: (x, top, width, bottom - top)) { colour($0) }
            return Double(count) / Double(max(1, width * (bottom - top)))
        }
        let red = { (p: Pixel) in p.red > 180 && p.green < 80 && p.blue < 80 }
        let blue = { (p: Pixel) in p.blue > 180 && p.red < 80 && p.green < 80 }
        let peek = Int(BannerStackWidget.peek)
        XCTAssertGreaterThan(share(frontTop + 4, frontBottom - 4, red), 0.95, "the front banner on top", file: file, line: line)
        if spread {
            XCTAssertGreaterThan(share(frontBottom + 4, frontBottom + olderHeight - 4, blue), 0.95,
                                 "spread: the older banner fills the band below", file: file, line: line)
        } else {
            XCTAssertGreaterThan(share(frontBottom + 2, frontBottom + peek - 2, blue), 0.95,
                                 "collapsed: the older banner peeks out below", file: file, line: line)
            XCTAssertLessThan(share(frontBottom + peek + 6, frontBottom + olderHeight - 4, blue), 0.01,
                              "collapsed: nothing of it further down", file: file, line: line)
        }
    }
}

@MainActor
private extension BannerTestWindow {
    var stack: BannerStackWidget { BannerStackWidget.of(center.stackWidget.gtkWidget!)! }
}

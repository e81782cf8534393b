import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Springiness as it is drawn: the banner's position sampled on every frame of
/// its entrance, compared between presets.
final class BannerMotionTests: XCTestCase {
    /// The top banner's bottom edge in the overlay on each frame of its entrance,
    /// and where that edge rests afterwards. (At the top edge an overshoot
    /// stretches the banner instead of opening a gap above it, so the bottom
    /// edge is what moves past its resting place.)
    @MainActor
    private static func entranceCurve(_ springiness: BannerSpringiness, in window: BannerTestWindow) -> (curve: [Double], rest: Double) {
        let banner = try! NotificationBanner(title: "Springiness", subtitle: "\(springiness)")
        banner.springiness = springiness
        banner.animationDuration = 0.6
        banner.show(on: window.window, duration: 30)
        guard let widget = banner.widget.flatMap({ BannerWidget.of($0) }) else { XCTFail("no banner widget"); return ([], .nan) }
        var samples: [Double] = []
        let tick = TickCallback.add(to: window.window) { _ in
            if widget.isAnimating {
                let frame = window.frame(of: widget)
                samples.append(frame.y + frame.height)
            }
            return true
        }
        XCTAssertTrue(window.waitUntilSettled(widget), "the entrance ends")
        TickCallback.remove(tick, from: window.window)
        let frame = window.frame(of: widget)
        banner.dismiss()
        MainLoop.run(until: { banner.widget == nil }, timeoutMilliseconds: 4_000)
        return (samples.filter { $0.isFinite }, frame.y + frame.height)
    }

    func testSpringinessPresetsMoveTheBannerDifferently() throws {
        try BannerGtkTesting.withWindow(animations: true) { window in
            let none = Self.entranceCurve(.none, in: window)
            let slight = Self.entranceCurve(.slight, in: window)
            let heavy = Self.entranceCurve(.heavy, in: window)
            for (name, entrance) in [("none", none), ("slight", slight), ("heavy", heavy)] {
                XCTAssertGreaterThan(entrance.curve.count, 5, "\(name): enough frames to see the motion: \(entrance)")
                XCTAssertLessThan(entrance.curve.first ?? .nan, entrance.rest / 2, "\(name): it comes in from above: \(entrance)")
                XCTAssertGreaterThan(entrance.rest, 20, "\(name): it rests on screen: \(entrance)")
            }
            // How far the bottom edge goes past where it comes to rest.
            let overshoot = { (entrance: (curve: [Double], rest: Double)) in (entrance.curve.max() ?? 0) - entrance.rest }
            XCTAssertLessThanOrEqual(overshoot(none), 0.5, "none: critically damped, no overshoot: \(none)")
            // Measured under Xvfb at 60 Hz, 0.6 s: none 0 px, slight 3 px, heavy 5 px (whole pixels: allocations are integral).
            XCTAssertGreaterThanOrEqual(overshoot(slight), 1, "slight: a small overshoot: \(slight)")
            XCTAssertGreaterThan(overshoot(heavy), overshoot(slight), "heavy bounces further than slight: \(heavy) vs \(slight)")
        }
    }
}

import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Numeric settings from apps (issue #11 bug 9): NaN refused, the last good value kept.
/// Every case must not crash and must give the documented result (GTK
/// animations are off unless a case needs them; see ``BadValueFixture``).
final class SettingValueTests: XCTestCase {

    /// A finite but huge minimum height trapped in Int32() at layout.
    func testHugeBannerMinimumHeightIsClampedOnceAndShows() throws {
        try BadValueFixture.run { fixture in
            let banner = try XCTUnwrap(try? NotificationBanner(title: "Tall"))
            banner.minimumHeight = 3e9
            XCTAssertEqual(banner.minimumHeight, 2_000)
            XCTAssertEqual(fixture.messages(from: "NotificationBanner.minimumHeight").count, 1)
            banner.show(on: fixture.host.window, duration: 0.2)
            fixture.host.waitForFrames(3)
            XCTAssertEqual(banner.state, .showing)
            banner.minimumHeight = .nan
            XCTAssertEqual(banner.minimumHeight, 2_000, "NaN keeps the last good value")
            banner.dismiss()
        }
    }

    /// NaN for the longest display made every success HUD vanish at once.
    func testNaNMaximumDismissTimeKeepsSuccessHUDsOnScreen() throws {
        try BadValueFixture.run { fixture in
            let before = ProgressHUD.maximumDismissTime
            defer { ProgressHUD.maximumDismissTime = before }
            ProgressHUD.maximumDismissTime = .nan
            XCTAssertEqual(ProgressHUD.maximumDismissTime, before)
            XCTAssertGreaterThan(ProgressHUD.displayDuration(for: "Saved"), 0.5)
            XCTAssertEqual(fixture.messages(from: "ProgressHUD.maximumDismissTime").count, 1)
        }
    }

    /// A bad setting is reported when it is set, not again on every show and hide.
    func testABadGraceTimeIsReportedOnceNotOnEveryShow() throws {
        try BadValueFixture.run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            hud.graceTime = -1
            XCTAssertEqual(hud.graceTime, 0)
            for _ in 0..<3 {
                hud.show(animated: false)
                hud.hide(animated: false)
            }
            XCTAssertEqual(fixture.messages(from: "HUD.graceTime").count, 1, "\(fixture.messages)")
        }
    }

    /// `hide(afterDelay: .infinity)` never ends: that is said, once.
    func testAnInfiniteHideDelayIsReported() throws {
        try BadValueFixture.run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            hud.show(animated: false)
            hud.hide(animated: false, afterDelay: .infinity)
            XCTAssertEqual(fixture.messages(from: "HUD.hide(afterDelay:)").count, 1)
            XCTAssertTrue(hud.isVisible)
            hud.hide(animated: false)
        }
    }
}

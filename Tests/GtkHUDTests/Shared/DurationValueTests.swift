import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Durations and delays from apps: negative, NaN, infinite; corrected and reported under the public name.
/// Every case must not crash and must give the documented result (GTK
/// animations are off unless a case needs them; see ``BadValueFixture``).
final class DurationValueTests: XCTestCase {

    func testNegativeHideDelayHidesNowAndIsReported() throws {
        try BadValueFixture.run { fixture in
            let hud = try fixture.shownHUD()
            let outcomes = Outcomes()
            hud.hide(afterDelay: -1, completion: outcomes.record)
            XCTAssertFalse(hud.isVisible)
            XCTAssertEqual(outcomes.values, [.dismissed])
            XCTAssertEqual(fixture.messages(from: "HUD.hide(afterDelay:)").count, 1)
        }
    }

    func testNaNHideDelayHidesNowAndIsReported() throws {
        try BadValueFixture.run { fixture in
            let hud = try fixture.shownHUD()
            hud.hide(afterDelay: .nan)
            XCTAssertFalse(hud.isVisible)
            XCTAssertTrue(fixture.messages(from: "HUD.hide(afterDelay:)").first?.text.contains("NaN") == true)
        }
    }

    func testInfiniteHideDelayKeepsTheHUDUntilTheNextHide() throws {
        try BadValueFixture.run { fixture in
            let hud = try fixture.shownHUD()
            let outcomes = Outcomes()
            hud.hide(afterDelay: .infinity, completion: outcomes.record)
            BannerGtkTesting.idle(milliseconds: 50)
            XCTAssertTrue(hud.isVisible)
            XCTAssertTrue(outcomes.values.isEmpty)
            hud.hide(completion: outcomes.record)
            XCTAssertEqual(outcomes.values, [.dismissed, .dismissed], "both completions ride on the newer hide")
            XCTAssertEqual(fixture.messages.count, 1, "infinity means never: allowed for delays, and said once")
        }
    }

    func testNegativeGraceTimeIsReportedAndTheHUDShowsAtOnce() throws {
        try BadValueFixture.run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            hud.graceTime = -1
            hud.show()
            XCTAssertTrue(hud.isVisible)
            XCTAssertFalse(fixture.messages(from: "HUD.graceTime").isEmpty)
        }
    }

    func testNaNGraceTimeIsReportedAndTheHUDShowsAtOnce() throws {
        try BadValueFixture.run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            hud.graceTime = .nan
            hud.show()
            XCTAssertTrue(hud.isVisible)
            XCTAssertTrue(fixture.messages(from: "HUD.graceTime").first?.text.contains("NaN") == true)
        }
    }

    func testInfiniteMinimumShowTimeIsReportedAndDoesNotHoldTheHUD() throws {
        try BadValueFixture.run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            hud.minimumShowTime = .infinity
            hud.show()
            hud.hide()
            XCTAssertFalse(hud.isVisible)
            XCTAssertFalse(fixture.messages(from: "HUD.minimumShowTime").isEmpty)
        }
    }

    func testNegativeAnimationDurationIsReportedAndTheHUDAppearsAtOnce() throws {
        try BadValueFixture.run(animations: true) { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            let events = fixture.record(hud)
            hud.animationDuration = -0.3
            hud.show()
            XCTAssertEqual(events.kinds, ["willAppear", "didAppear"], "no fade: appeared within the call")
            XCTAssertFalse(fixture.messages(from: "HUD.animationDuration").isEmpty)
        }
    }

    func testSharedNegativeDismissDelayHidesNowAndIsReported() throws {
        try BadValueFixture.run { fixture in
            ProgressHUD.show()
            ProgressHUD.dismiss(withDelay: -2)
            XCTAssertFalse(ProgressHUD.isVisible)
            XCTAssertEqual(fixture.messages(from: "ProgressHUD.dismiss(withDelay:completion:)").count, 1, "under the public name the app called")
        }
    }

    /// NaN is refused and the last good value kept (it used to become 0).
    func testSharedNaNMinimumDismissTimeKeepsTheLastValue() throws {
        try BadValueFixture.run { fixture in
            let before = ProgressHUD.minimumDismissTime
            ProgressHUD.minimumDismissTime = .nan
            XCTAssertEqual(ProgressHUD.minimumDismissTime, before)
            XCTAssertEqual(ProgressHUD.displayDuration(for: "ab"), max(0.62, before), accuracy: 1e-9)
            XCTAssertEqual(fixture.messages(from: "ProgressHUD.minimumDismissTime").count, 1)
        }
    }

    func testSharedNegativeMaximumDismissTimeBecomesZeroAndStatusHUDsLeaveAtOnce() throws {
        try BadValueFixture.run { fixture in
            ProgressHUD.maximumDismissTime = -5
            XCTAssertEqual(ProgressHUD.maximumDismissTime, 0)
            XCTAssertEqual(ProgressHUD.displayDuration(for: "Saved"), 0)
            ProgressHUD.showSuccess(status: "Saved")
            HUDTesting.wait("the success HUD to leave") { !ProgressHUD.isVisible }
            XCTAssertEqual(fixture.messages(from: "ProgressHUD.maximumDismissTime").count, 1)
        }
    }

    func testBannerNegativeDurationIsReportedAndShowsUntilDismissed() throws {
        try BadValueFixture.run { fixture in
            let banner = try NotificationBanner(title: "Negative")
            banner.show(on: fixture.host.window, duration: -1)
            XCTAssertEqual(banner.state, .showing)
            XCTAssertNil(banner.remainingTime, "no timeout")
            XCTAssertEqual(fixture.messages(from: "NotificationBanner.show(on:duration:)").count, 1)
        }
    }

    func testBannerNaNDurationIsReportedAndShowsUntilDismissed() throws {
        try BadValueFixture.run { fixture in
            let banner = try NotificationBanner(title: "NaN")
            banner.show(on: fixture.host.window, duration: .nan)
            XCTAssertEqual(banner.state, .showing)
            XCTAssertNil(banner.remainingTime)
            XCTAssertEqual(fixture.messages(from: "NotificationBanner.show(on:duration:)").count, 1)
        }
    }

    func testBannerInfiniteDurationShowsUntilDismissedWithoutAMessage() throws {
        try BadValueFixture.run { fixture in
            let banner = try NotificationBanner(title: "Forever")
            banner.show(on: fixture.host.window, duration: .infinity)
            XCTAssertEqual(banner.state, .showing)
            XCTAssertNil(banner.remainingTime)
            XCTAssertTrue(fixture.messages.isEmpty)
        }
    }

    func testBannerWithNothingToShowThrowsAndIsReported() throws {
        try BadValueFixture.run { fixture in
            XCTAssertThrowsError(try NotificationBanner(title: " ", subtitle: "\n\n")) { error in
                XCTAssertEqual(error as? BannerContentError, .empty)
            }
            XCTAssertEqual(fixture.messages.count, 1)
        }
    }
}

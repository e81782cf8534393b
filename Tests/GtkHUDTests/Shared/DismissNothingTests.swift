import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Dismissing, hiding and popping what is not there.
/// Every case must not crash and must give the documented result (GTK
/// animations are off unless a case needs them; see ``BadValueFixture``).
final class DismissNothingTests: XCTestCase {

    func testHideWithoutShowCompletesAtOnce() throws {
        try BadValueFixture.run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            let outcomes = Outcomes()
            hud.hide(completion: outcomes.record)
            XCTAssertEqual(outcomes.values, [.dismissed])
        }
    }

    func testDoubleHideRunsEachCompletionOnceAndDisappearsOnce() throws {
        try BadValueFixture.run { fixture in
            let hud = try fixture.shownHUD()
            let events = fixture.record(hud)
            let first = Outcomes(), second = Outcomes()
            hud.hide(completion: first.record)
            hud.hide(completion: second.record)
            XCTAssertEqual(first.values, [.dismissed])
            XCTAssertEqual(second.values, [.dismissed])
            XCTAssertEqual(events.kinds, ["willDisappear", "didDisappear"])
        }
    }

    func testSharedDismissWithoutAnyHUDRunsTheCompletion() throws {
        try BadValueFixture.run { _ in
            ProgressHUD.reset()
            var completions = 0
            ProgressHUD.dismiss { completions += 1 }
            XCTAssertEqual(completions, 1)
        }
    }

    func testPopActivityWithoutShowDoesNothing() throws {
        try BadValueFixture.run { _ in
            ProgressHUD.popActivity()
            ProgressHUD.popActivity()
            XCTAssertFalse(ProgressHUD.isVisible)
            ProgressHUD.show()
            XCTAssertEqual(SharedHUD.instance?.controller.activityCount, 1, "never negative, so one show is one activity")
        }
    }

    func testHideForAWindowWithoutHUDsReturnsFalse() throws {
        try BadValueFixture.run { fixture in
            XCTAssertFalse(HUD.hide(for: fixture.host.window))
            XCTAssertNil(HUD.hud(for: fixture.host.window))
        }
    }

    func testBannerDismissedTwiceReportsOnceAndCannotBeShownAgain() throws {
        try BadValueFixture.run { fixture in
            let banner = try NotificationBanner(title: "Once")
            var reasons: [BannerDismissReason] = []
            banner.onDismiss = { reasons.append($0) }
            banner.dismiss() // never shown: nothing to do
            banner.show(on: fixture.host.window)
            banner.dismiss()
            banner.dismiss()
            HUDTesting.wait("the banner to finish") { !reasons.isEmpty }
            XCTAssertEqual(reasons, [.programmatic])
            banner.show(on: fixture.host.window)
            XCTAssertTrue(banner.state.isGone)
            XCTAssertTrue(fixture.messages.last?.text.contains("already dismissed") == true)
        }
    }
}

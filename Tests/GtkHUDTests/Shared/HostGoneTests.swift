import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// The window goes away while HUDs and banners are up or queued.
/// Every case must not crash and must give the documented result (GTK
/// animations are off unless a case needs them; see ``BadValueFixture``).
final class HostGoneTests: XCTestCase {

    func testHostDestroyedWhileShowingCancelsOnceAndClosesTheEvents() throws {
        try BadValueFixture.run { fixture in
            let hud = try fixture.shownHUD()
            let events = fixture.record(hud)
            let outcomes = Outcomes()
            hud.hide(afterDelay: 60, completion: outcomes.record)
            fixture.host.close()
            XCTAssertEqual(outcomes.values, [.cancelled])
            XCTAssertEqual(events.kinds, ["willDisappear", "didDisappear"])
            XCTAssertTrue(hud.isFinished)
            hud.hide(completion: outcomes.record)
            XCTAssertEqual(outcomes.values, [.cancelled, .dismissed], "a later hide completes at once")
        }
    }

    func testHostDestroyedDuringTheGraceTimeShowsNothing() throws {
        try BadValueFixture.run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            let events = fixture.record(hud)
            hud.graceTime = 30
            hud.show()
            let outcomes = Outcomes()
            hud.hide(afterDelay: 60, completion: outcomes.record)
            fixture.host.close()
            XCTAssertEqual(outcomes.values, [.cancelled])
            XCTAssertEqual(events.kinds, [], "it never appeared")
            XCTAssertFalse(hud.isVisible)
        }
    }

    func testHostDestroyedDuringTheFadeOutCancelsOnce() throws {
        try BadValueFixture.run(animations: true) { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            hud.animationDuration = 2
            hud.show(animated: false)
            let events = fixture.record(hud)
            let outcomes = Outcomes()
            hud.hide(animated: true, completion: outcomes.record)
            XCTAssertEqual(hud.lifecycle.phase, .fadingOut)
            fixture.host.close()
            XCTAssertEqual(outcomes.values, [.cancelled])
            XCTAssertEqual(events.kinds, ["willDisappear", "didDisappear"])
        }
    }

    func testSharedHUDHostDestroyedWhileShowingRunsTheCompletionOnce() throws {
        try BadValueFixture.run { fixture in
            ProgressHUD.show(status: "Working")
            var completions = 0
            ProgressHUD.dismiss(withDelay: 60) { completions += 1 }
            fixture.host.close()
            XCTAssertEqual(completions, 1)
            XCTAssertFalse(ProgressHUD.isVisible)
        }
    }

    func testBannerHostDestroyedWhileShowingOrQueuedDismissesEachOnce() throws {
        try BadValueFixture.run { fixture in
            let showing = try NotificationBanner(title: "Showing")
            let queued = try NotificationBanner(title: "Queued")
            var reasons: [String: [BannerDismissReason]] = [:]
            showing.onDismiss = { reasons["showing", default: []].append($0) }
            queued.onDismiss = { reasons["queued", default: []].append($0) }
            showing.show(on: fixture.host.window)
            queued.show(on: fixture.host.window)
            XCTAssertEqual(queued.state, .queued)
            fixture.host.close()
            XCTAssertEqual(reasons["showing"], [.hostDestroyed])
            XCTAssertEqual(reasons["queued"], [.hostDestroyed])
        }
    }
}

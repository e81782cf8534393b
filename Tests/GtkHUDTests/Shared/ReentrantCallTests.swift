import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Calls made from inside GtkHUD's own callbacks.
/// Every case must not crash and must give the documented result (GTK
/// animations are off unless a case needs them; see ``BadValueFixture``).
final class ReentrantCallTests: XCTestCase {

    func testCompletionThatShowsAgainLeavesTheHUDUp() throws {
        try BadValueFixture.run { fixture in
            let hud = try fixture.shownHUD()
            let events = fixture.record(hud)
            hud.hide { _ in hud.show() }
            XCTAssertTrue(hud.isVisible)
            XCTAssertEqual(events.kinds, ["willDisappear", "didDisappear", "willAppear", "didAppear"])
        }
    }

    func testSharedDismissCompletionThatShowsAgainLeavesTheHUDUp() throws {
        try BadValueFixture.run { _ in
            ProgressHUD.show(status: "First")
            ProgressHUD.dismiss { ProgressHUD.show(status: "Again") }
            XCTAssertTrue(ProgressHUD.isVisible)
            XCTAssertEqual(SharedHUD.instance?.view?.statusText, "Again")
        }
    }

    func testEventHandlerThatHidesDuringWillAppearEndsHiddenWithPairedEvents() throws {
        try BadValueFixture.run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            var kinds: [String] = []
            let observation = hud.observeEvents { event in
                kinds.append(event.kind)
                if case .willAppear = event { hud.hide() }
            }
            hud.show()
            XCTAssertFalse(hud.isVisible)
            XCTAssertEqual(kinds, ["willAppear", "didAppear", "willDisappear", "didDisappear"])
            observation.cancel()
        }
    }

    func testBannerOnDismissThatShowsAnotherBanner() throws {
        try BadValueFixture.run { fixture in
            let first = try NotificationBanner(title: "First")
            let second = try NotificationBanner(title: "Second")
            first.onDismiss = { _ in second.show(on: fixture.host.window) }
            first.show(on: fixture.host.window)
            first.dismiss()
            HUDTesting.wait("the second banner") { second.state == .showing }
            XCTAssertTrue(first.state.isGone)
        }
    }
}

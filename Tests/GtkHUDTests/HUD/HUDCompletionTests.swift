import CGtk
import Foundation
@testable import GtkHUD
@testable import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Completions and events of instance HUDs (issue #11 item 5).
final class HUDCompletionTests: XCTestCase {

    func testCompletionDoesNotRunForAHideThatAShowSuperseded() throws {
        try HUDTesting.withWindow(animations: true) { host, _ in
            let hud = try XCTUnwrap(HUD(on: host.window))
            var completions = 0
            hud.completion = { completions += 1 }
            hud.show()
            hud.hide()  // lands in the fade-in: fades out
            hud.show()  // turns the fade-out around
            XCTAssertTrue(hud.isVisible)
            XCTAssertEqual(completions, 0, "the HUD is still up")
            hud.hide(animated: false)
            XCTAssertEqual(completions, 1)
            XCTAssertFalse(hud.isVisible)
        }
    }

    func testDidAppearFollowsWillAppearWhenAHideLandsDuringTheFadeIn() throws {
        try HUDTesting.withWindow(animations: true) { host, _ in
            let hud = try XCTUnwrap(HUD(on: host.window))
            var events: [HUDEvent] = []
            let observation = hud.observeEvents { events.append($0) }
            defer { observation.cancel() }
            hud.show()
            XCTAssertEqual(events, [.willAppear(status: nil)])
            hud.hide()
            XCTAssertEqual(events, [.willAppear(status: nil), .didAppear(status: nil), .willDisappear(status: nil)])
            HUDTesting.wait("the fade-out") { !hud.isVisible }
            XCTAssertEqual(events.last, .didDisappear(status: nil))
        }
    }
}

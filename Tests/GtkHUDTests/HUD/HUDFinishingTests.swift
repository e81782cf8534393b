import CGtk
import Foundation
@testable import GtkHUD
@testable import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Finishing and finding HUDs (issue #11 item 2).
final class HUDFinishingTests: XCTestCase {

    /// `HUD.run` with fast work shows and hides within the grace time: each such
    /// HUD must finish, be forgotten and be freed.
    func testHUDsHiddenDuringTheirGraceTimeFinish() throws {
        try HUDTesting.withWindow { host, _ in
            let visible = try XCTUnwrap(HUD(on: host.window))
            visible.show()
            weak var lastGraceHUD: HUD?
            for _ in 0..<100 {
                let hud = try XCTUnwrap(HUD(on: host.window))
                hud.graceTime = 5
                hud.show()
                hud.hide(animated: false)
                XCTAssertTrue(hud.isFinished)
                lastGraceHUD = hud
            }
            XCTAssertNil(lastGraceHUD, "a HUD hidden in its grace time does not keep itself alive")
            XCTAssertEqual(HUD.allHUDs(for: host.window).count, 1)
            XCTAssertTrue(HUD.hud(for: host.window) === visible)
            XCTAssertTrue(HUD.hide(for: host.window))
            XCTAssertFalse(visible.isVisible, "hide(for:) hid the HUD on screen")
        }
    }

    /// The real thing: fast work under `HUD.run` (grace time 0.5 s) leaves no HUD behind.
    func testFastRunsLeaveNoHUDBehind() throws {
        try HUDTesting.withWindow { host, _ in
            let window = host.window
            var finished = false
            Task { @MainActor in
                for _ in 0..<50 {
                    _ = try? await HUD.run(on: window, label: "Quick") { 42 }
                }
                finished = true
            }
            HUDTesting.wait("fifty runs") { finished }
            XCTAssertTrue(HUD.allHUDs(for: window).isEmpty, "\(HUD.allHUDs(for: window).count) HUDs left behind")
        }
    }

    func testAHiddenHUDKeptOnItsHostIsNotFound() throws {
        try HUDTesting.withWindow { host, _ in
            let hud = try XCTUnwrap(HUD(on: host.window))
            hud.removesFromHostOnHide = false
            hud.show()
            XCTAssertTrue(HUD.hud(for: host.window) === hud)
            hud.hide()
            XCTAssertNil(HUD.hud(for: host.window))
            XCTAssertTrue(HUD.allHUDs(for: host.window).isEmpty)
            hud.show()
            XCTAssertTrue(HUD.hud(for: host.window) === hud, "shown again, it is found again")
            hud.hide()
        }
    }
}

import CGtk
@testable import GtkHUD
import GtkSupport
import XCTest

/// `HUD.hud(for:)` and `HUD.allHUDs(for:)` find what is on screen, nothing else.
final class HUDFindingTests: XCTestCase {
    /// Work done within the grace time hides a HUD that never appeared: it must
    /// end too (every fast `HUD.run` used to leave one behind for ever).
    func testFastRunsLeaveNoHUDBehind() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let done = RunCounter()
            Task { @MainActor in
                for _ in 0..<50 {
                    _ = try? await HUD.run(on: host.window, label: "Quick", graceTime: 0.5) { 42 }
                    done.count += 1
                }
            }
            HUDTesting.wait("50 runs") { done.count == 50 }
            XCTAssertEqual(HUD.allHUDs(for: host.window).count, 0, "hidden during the grace time, never finished")
            XCTAssertNil(HUD.hud(for: host.window))
            XCTAssertFalse(HUD.existingHost(for: host.window)?.liveHUDs.contains { $0.label == "Quick" } ?? false, "a quick HUD is still registered")
        }
    }

    /// `hide(for:)` hides the visible HUD, not one that ended during its grace time.
    func testHideForReachesTheVisibleHUD() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let visible = (try! HUD(on: host.window))
            visible.label = "Visible"
            visible.show(animated: false)
            let quick = (try! HUD(on: host.window))
            quick.graceTime = 1
            quick.show(animated: false)
            quick.hide(animated: false)
            XCTAssertTrue(HUD.hud(for: host.window) === visible)
            XCTAssertTrue(HUD.hide(for: host.window, animated: false))
            HUDTesting.wait("the visible HUD hidden") { !visible.isVisible }
        }
    }

    /// A HUD already on its way out (hidden, waiting only for its minimum show
    /// time) is not "the HUD for" its window: `hide(for:)` reaches the one below.
    func testAHUDWaitingForItsMinimumShowTimeToHideIsNotFound() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let below = (try! HUD(on: host.window))
            below.show(animated: false)
            let leaving = (try! HUD(on: host.window))
            leaving.minimumShowTime = 30
            leaving.show(animated: false)
            leaving.hide(animated: false)
            XCTAssertTrue(leaving.isVisible, "kept for its minimum show time")
            XCTAssertTrue(HUD.allHUDs(for: host.window).map { $0 === below } == [true], "only the HUD staying up is live")
            XCTAssertTrue(HUD.hud(for: host.window) === below)
            below.hide(animated: false)
            HUDTesting.wait("the HUD below hidden") { !below.isVisible }
            XCTAssertNil(HUD.hud(for: host.window))
        }
    }

    /// A HUD kept after hiding (removesFromHostOnHide off) is not "on" the host any more.
    func testAHiddenKeptHUDIsNotFound() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let kept = (try! HUD(on: host.window))
            kept.removesFromHostOnHide = false
            kept.show(animated: false)
            XCTAssertTrue(HUD.hud(for: host.window) === kept)
            kept.hide(animated: false)
            HUDTesting.wait("hidden") { !kept.isVisible }
            XCTAssertNil(HUD.hud(for: host.window))
            kept.show(animated: false)
            XCTAssertTrue(HUD.hud(for: host.window) === kept, "shown again, found again")
            kept.hide(animated: false)
        }
    }
}

@MainActor
private final class RunCounter {
    var count = 0
}

import CGtk
@testable import GtkHUD
import GtkSupport
import HUDWidgets
import XCTest

/// The shared HUD across windows and late progress (issue #19, bugs 1, 2 and 8):
/// what happens to progress that arrives after a result, a dismissal or the
/// host's destruction, and to the activity count when the HUD changes window.
final class SharedHUDHostTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            ProgressHUD.reset()
            ProgressHUD.host = nil
            ProgressHUD.minimumDismissTime = 5
            ProgressHUD.maximumDismissTime = .infinity
            ProgressHUD.appearance = HUDAppearance()
            HUDTesting.setAnimations(true)
        }
    }

    @MainActor private static func bezelIsMapped(in host: HostWindow) -> Bool {
        guard let bezel = ProgressHUD.bezelWidget?.gtkWidget, gtk_widget_get_mapped(bezel) != 0 else { return false }
        return gtk_widget_get_root(bezel).map { UnsafeMutableRawPointer($0) } == host.window.raw
    }

    /// Shows the HUD in `first` ("One"), then in `second` ("Two"): a move with two activities.
    @MainActor private static func showThenMove(from first: HostWindow, to second: HostWindow) {
            ProgressHUD.host = first.window
            ProgressHUD.show(status: "One")
            HUDTesting.wait("the HUD in the first window") { Self.bezelIsMapped(in: first) }
            ProgressHUD.host = second.window
            ProgressHUD.show(status: "Two")
            HUDTesting.wait("the HUD in the second window") { Self.bezelIsMapped(in: second) }
    }

    /// Bug 1: the worker's last `setProgress` lands after `showSuccess`; the
    /// result must stay a result and leave on its own timer, and a black mask
    /// must not keep the window locked.
    func testALateProgressValueDoesNotTurnAResultIntoAProgressHUD() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, content) = HUDTesting.window()
            defer { host.close() }
            var appearance = HUDAppearance()
            appearance.mask = .black
            ProgressHUD.appearance = appearance
            ProgressHUD.minimumDismissTime = 0.3
            ProgressHUD.maximumDismissTime = 0.3
            ProgressHUD.showProgress(0.5, status: "Copying")
            host.waitForFrames(2)
            ProgressHUD.setProgress(1)      // posted: applied at the next frame
            ProgressHUD.showSuccess(status: "Done")
            host.waitForFrames(3)
            let bezel = try! XCTUnwrap(ProgressHUD.bezelWidget?.gtkWidget)
            XCTAssertEqual(gtk_accessible_get_accessible_role(bezel.accessible), GTK_ACCESSIBLE_ROLE_STATUS,
                           "the success HUD is still a status, not a progress bar")
            XCTAssertNil(HUDInputTests.descendant(of: bezel, cssClass: "annular"), "no progress ring in the result")
            HUDTesting.wait("the result to leave on its own") { !ProgressHUD.isVisible }
            XCTAssertNotEqual(gtk_widget_get_can_focus(content), 0, "the black mask gave the keyboard back")
        }
    }

    /// Bug 1, from a worker thread: the common pattern loops on `setProgress`
    /// and then awaits `showSuccess`.
    func testAWorkerThatEndsOnSuccessLeavesASuccessHUDThatGoes() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            ProgressHUD.minimumDismissTime = 0.3
            ProgressHUD.maximumDismissTime = 0.3
            ProgressHUD.showProgress(0, status: "Working")
            let finished = Task.detached {
                for step in 1...2_000 { ProgressHUD.setProgress(Double(step) / 2_000) }
                await ProgressHUD.showSuccess(status: "Done")
            }
            var done = false
            Task { @MainActor in await finished.value; done = true }
            HUDTesting.wait("the worker") { done }
            host.waitForFrames(3)
            HUDTesting.wait("the success HUD to leave") { !ProgressHUD.isVisible }
            host.waitForFrames(3)
            XCTAssertFalse(ProgressHUD.isVisible, "no late value brought it back")
        }
    }

    /// Bug 2: the window goes while progress still arrives; the next show in
    /// another window must be on screen there.
    func testAfterTheHostWindowIsDestroyedTheNextShowIsOnScreenInTheNewHost() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (first, _) = HUDTesting.window()
            ProgressHUD.host = first.window
            ProgressHUD.showProgress(0.2, status: "Copying")
            HUDTesting.wait("the HUD in the first window") { Self.bezelIsMapped(in: first) }
            first.close()
            ProgressHUD.setProgress(0.4)
            for _ in 0..<20 { MainLoop.iterate() }
            XCTAssertFalse(ProgressHUD.isVisible, "a late value does not bring back a HUD whose window is gone")
            let (second, _) = HUDTesting.window()
            defer { second.close() }
            ProgressHUD.host = second.window
            ProgressHUD.show(status: "Again")
            HUDTesting.wait("the HUD mapped in the second window") { Self.bezelIsMapped(in: second) }
            XCTAssertTrue(ProgressHUD.isVisible)
        }
    }

    /// Bug 8: moving the HUD to another window keeps its activities.
    func testMovingTheHUDToAnotherWindowKeepsItsActivityCount() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (first, _) = HUDTesting.window()
            let (second, _) = HUDTesting.window()
            defer { first.close(); second.close() }
            Self.showThenMove(from: first, to: second)
            ProgressHUD.popActivity()
            // Longer than the fade-out (0.15 s): isVisible is also true while fading out.
            _ = MainLoop.run(until: { false }, timeoutMilliseconds: 500)
            XCTAssertTrue(ProgressHUD.isVisible, "one of two activities is left")
            XCTAssertTrue(Self.bezelIsMapped(in: second))
            ProgressHUD.popActivity()
            HUDTesting.wait("the HUD to go with the last activity") { !ProgressHUD.isVisible }
        }
    }

    /// The window the HUD moved away from is not its host any more: closing
    /// it leaves the HUD in the window it moved to.
    func testClosingTheWindowTheHUDMovedAwayFromLeavesItWhereItIs() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (first, _) = HUDTesting.window()
            let (second, _) = HUDTesting.window()
            defer { second.close() }
            var completions = 0
            Self.showThenMove(from: first, to: second)
            ProgressHUD.dismiss(withDelay: 30) { completions += 1 }
            first.close()
            for _ in 0..<10 { MainLoop.iterate() }
            XCTAssertTrue(ProgressHUD.isVisible, "the HUD lives in the second window")
            XCTAssertTrue(Self.bezelIsMapped(in: second))
            XCTAssertEqual(completions, 0, "its pending dismissal was not cut short")
        }
    }

    /// Every call resolves the host again; the same window is no move: the
    /// bezel on screen stays the same widget (not rebuilt, nothing said again).
    func testShowingAgainInTheSameWindowKeepsTheBezel() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            ProgressHUD.host = host.window
            ProgressHUD.show(status: "Working")
            HUDTesting.wait("the HUD") { Self.bezelIsMapped(in: host) }
            let bezel = ProgressHUD.bezelWidget?.gtkWidget
            var spoken: [String] = []
            let observation = Announcer.observe { spoken.append($0.text) }
            defer { observation.cancel() }
            ProgressHUD.show(status: "Working")
            ProgressHUD.setStatus("Working")
            host.waitForFrames(2)
            XCTAssertEqual(ProgressHUD.bezelWidget?.gtkWidget, bezel, "the same bezel")
            XCTAssertEqual(spoken, [], "nothing new to say")
        }
    }
}

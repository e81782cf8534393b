import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import XCTest

/// `HUD.run` told to screen readers, reused and overlapping (issue #19, bugs 3 and 5).
final class HUDRunReuseTests: XCTestCase {
    /// Bug 3: with no `successLabel` (the default, and the README's example)
    /// the working label stays; a screen reader must still hear that it succeeded.
    func testTheResultIsAnnouncedWithoutASuccessLabel() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = try! HUD(on: host.window)
            hud.label = "Uploading"
            var spoken: [String] = []
            let observation = Announcer.observe { spoken.append($0.text) }
            defer { observation.cancel() }
            var finished = false
            Task { @MainActor in
                _ = try? await hud.run(resultDuration: 0.2) {
                    try await Task.sleep(for: .milliseconds(400))
                }
                finished = true
            }
            HUDTesting.wait("the working HUD announced") { spoken.contains("Uploading") }
            HUDTesting.wait("the run") { finished }
            // GTK < 4.14 delivers a message 150 ms later (Announcer.deliveryDelay).
            HUDTesting.wait("the result announced (\(spoken))") { spoken.contains("Success: Uploading") }
            let bezel = try! XCTUnwrap(hud.view.bezelWidget)
            XCTAssertTrue(Accessible.hasLabel(bezel, "Success: Uploading"), "the bezel's accessible name tells the result")
            HUDTesting.wait("the HUD to go") { hud.isFinished }
        }
    }

    /// Bug 5: a HUD reused for a second run shows the second run working, not the first one's result.
    func testAReusedHUDShowsTheNewRunWorking() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = try! HUD(on: host.window)
            hud.removesFromHostOnHide = false
            hud.label = "Syncing"
            var firstDone = false
            let first = Task { @MainActor in
                _ = try? await hud.run(resultDuration: 0.1) { try await Task.sleep(for: .seconds(30)) }
                firstDone = true
            }
            HUDTesting.wait("the first run") { hud.isVisible }
            first.cancel()
            HUDTesting.wait("the first run's end") { firstDone && hud.isFinished }
            XCTAssertEqual(hud.label, "Cancelled")

            var spoken: [String] = []
            let observation = Announcer.observe { spoken.append($0.text) }
            defer { observation.cancel() }
            let gate = Gate()
            var secondDone = false
            Task { @MainActor in
                _ = try? await hud.run(resultDuration: 0.1) { await gate.wait() }
                secondDone = true
            }
            HUDTesting.wait("the second run") { hud.isVisible }
            host.waitForFrames(2)
            XCTAssertEqual(hud.mode, .indeterminate, "the second run shows work, not the first result")
            XCTAssertEqual(hud.label, "Syncing")
            XCTAssertFalse(spoken.contains("Cancelled") || spoken.contains { $0.contains("Cancelled") },
                           "the old result is not announced again: \(spoken)")
            Task { await gate.open() }
            HUDTesting.wait("the second run's end") { secondDone }
            XCTAssertEqual(hud.mode, .success)
        }
    }

    /// Bug 5: two overlapping runs on one HUD; the first to finish must not
    /// hide the HUD while the second still works.
    func testOverlappingRunsKeepTheHUDUntilTheLastEnds() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = try! HUD(on: host.window)
            hud.label = "Two jobs"
            let firstGate = Gate(), secondGate = Gate()
            var firstDone = false, secondDone = false
            Task { @MainActor in
                _ = try? await hud.run(resultDuration: 0.1) { await firstGate.wait() }
                firstDone = true
            }
            Task { @MainActor in
                _ = try? await hud.run(resultDuration: 0.1) { await secondGate.wait() }
                secondDone = true
            }
            HUDTesting.wait("the HUD") { hud.isVisible }
            Task { await firstGate.open() }
            HUDTesting.wait("the first run's end") { firstDone }
            host.waitForFrames(3)
            for _ in 0..<30 { MainLoop.iterate() }
            XCTAssertTrue(hud.isVisible, "the second run still works")
            XCTAssertFalse(hud.isFinished)
            XCTAssertEqual(hud.mode, .indeterminate)
            XCTAssertNotNil(HUDInputTests.descendant(of: host.window, cssClass: "hudbutton"), "Cancel stays for the second run")
            Task { await secondGate.open() }
            HUDTesting.wait("the second run's end") { secondDone }
            XCTAssertEqual(hud.mode, .success)
            HUDTesting.wait("the HUD to go") { hud.isFinished }
        }
    }

    /// Overlapping runs share one Cancel button, which "cancels every run
    /// still working on this HUD": both callers get the cancellation and the
    /// HUD ends once, on "Cancelled".
    func testTheSharedCancelButtonCancelsEveryOverlappingRun() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = try! HUD(on: host.window)
            hud.label = "Two jobs"
            var outcomes: [String] = []
            for _ in 0..<2 {
                Task { @MainActor in
                    do {
                        _ = try await hud.run(resultDuration: 0.1) { try await Task.sleep(for: .seconds(30)) }
                        outcomes.append("finished")
                    } catch is CancellationError {
                        outcomes.append("cancelled")
                    } catch {
                        outcomes.append("failed")
                    }
                }
            }
            HUDTesting.wait("both runs working") { hud.cancellers.count == 2 && hud.view.bezelView?.buttonWidget != nil }
            let button = try! XCTUnwrap(hud.view.bezelView?.buttonWidget)
            gtk_widget_activate(button)
            HUDTesting.wait("both runs cancelled (\(outcomes))") { outcomes.count == 2 }
            XCTAssertEqual(outcomes, ["cancelled", "cancelled"])
            XCTAssertEqual(hud.mode, .info)
            XCTAssertEqual(hud.label, "Cancelled")
            HUDTesting.wait("the HUD to go") { hud.isFinished }
        }
    }
}

import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import XCTest

/// `HUD.run` and `HUD.track(_:)` with real GTK: what the user sees at each step
/// and what the caller gets back.
final class HUDRunTests: XCTestCase {
    func testSlowWorkEndsOnTheSuccessImageWithItsLabelAndReturnsTheValue() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = (try! HUD(on: host.window))
            hud.graceTime = 0.05
            var events: [String] = []
            let observation = hud.observeEvents { events.append($0.kind) }
            defer { observation.cancel() }
            let gate = Gate()
            var result: Int?
            Task { @MainActor in
                result = try? await hud.run(successLabel: "Saved", resultDuration: 0.2) {
                    await gate.wait()
                    return 42
                }
            }
            HUDTesting.wait("the HUD after the grace time") { hud.isVisible && events.contains("didAppear") }
            XCTAssertNil(result, "still working")
            XCTAssertNotNil(HUDInputTests.descendant(of: host.window, cssClass: "hudbutton"), "run shows a Cancel button by default")
            Task { await gate.open() }
            HUDTesting.wait("the value") { result != nil }
            XCTAssertEqual(result, 42)
            XCTAssertEqual(hud.mode, .success)
            XCTAssertEqual(hud.label, "Saved")
            XCTAssertNil(HUDInputTests.descendant(of: host.window, cssClass: "hudbutton"), "the result has no Cancel button")
            HUDTesting.wait("the HUD to leave after the result") { events.last == "didDisappear" }
            XCTAssertEqual(events, ["willAppear", "didAppear", "willDisappear", "didDisappear"])
        }
    }

    func testCancellingTheCallerCancelsTheWorkAndShowsCancelled() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = (try! HUD(on: host.window))
            let workCancelled = LockedFlag()
            var caught: Error?
            let caller = Task { @MainActor in
                do {
                    _ = try await hud.run(resultDuration: 0.2) {
                        do { try await Task.sleep(for: .seconds(30)) } catch { workCancelled.set(); throw error }
                    }
                } catch { caught = error }
            }
            HUDTesting.wait("the HUD") { hud.isVisible }
            caller.cancel()
            HUDTesting.wait("the caller to get the error") { caught != nil }
            XCTAssertTrue(caught is CancellationError, "got \(String(describing: caught))")
            HUDTesting.wait("the work to see the cancellation") { workCancelled.value }
            XCTAssertEqual(hud.mode, .info)
            XCTAssertEqual(hud.label, "Cancelled")
            HUDTesting.wait("the HUD to finish") { hud.isFinished }
        }
    }

    func testStaticRunLabelsANewHUDAndRemovesIt() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let gate = Gate()
            var result: String?
            Task { @MainActor in
                result = try? await HUD.run(on: host.window, label: "Syncing", graceTime: 0, minimumShowTime: 0) {
                    await gate.wait()
                    return "ok"
                }
            }
            HUDTesting.wait("a HUD on the window") { HUD.hud(for: host.window)?.isVisible == true }
            XCTAssertEqual(HUD.hud(for: host.window)?.label, "Syncing")
            Task { await gate.open() }
            HUDTesting.wait("the value") { result != nil }
            XCTAssertEqual(result, "ok")
            HUDTesting.wait("the HUD removed") { HUD.hud(for: host.window) == nil }
        }
    }
}

final class HUDTrackTests: XCTestCase {
    func testTrackFollowsTheSequenceAndStopsWhenTheHUDFinishes() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = (try! HUD(on: host.window))
            hud.show(animated: false)
            let terminated = LockedFlag()
            let (values, continuation) = AsyncStream.makeStream(of: Double.self)
            continuation.onTermination = { _ in terminated.set() }
            hud.track(values)
            XCTAssertEqual(hud.mode, .annularDeterminate, "an indeterminate HUD turns determinate to show the values")
            for value in [0.1, 0.25, 0.8] {
                continuation.yield(value)
                HUDTesting.wait("progress \(value)") { hud.progress == value }
            }
            hud.hide(animated: false)
            HUDTesting.wait("the HUD finished") { hud.isFinished }
            HUDTesting.wait("tracking to stop with the HUD") { terminated.value }
            guard case .terminated = continuation.yield(0.9) else { return XCTFail("someone still listens") }
            XCTAssertEqual(hud.progress, 0.8)
        }
    }

    func testANewTrackReplacesTheOldOne() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = (try! HUD(on: host.window))
            hud.mode = .determinateHorizontalBar
            hud.show(animated: false)
            let firstTerminated = LockedFlag()
            let (first, firstInput) = AsyncStream.makeStream(of: Double.self)
            firstInput.onTermination = { _ in firstTerminated.set() }
            let (second, secondInput) = AsyncStream.makeStream(of: Double.self)
            hud.track(first)
            firstInput.yield(0.3)
            HUDTesting.wait("the first sequence") { hud.progress == 0.3 }
            hud.track(second)
            XCTAssertEqual(hud.mode, .determinateHorizontalBar, "a determinate mode is kept")
            HUDTesting.wait("the first sequence dropped") { firstTerminated.value }
            guard case .terminated = firstInput.yield(0.9) else { return XCTFail("the first sequence is still followed") }
            secondInput.yield(0.6)
            HUDTesting.wait("the second sequence") { hud.progress == 0.6 }
            secondInput.finish()
            hud.hide(animated: false)
        }
    }

    /// A text-only HUD has no amount to show either: tracking turns it into
    /// a ring too, so the values are drawn (HUDMode.isIndefinite).
    func testATextOnlyHUDTurnsIntoARingToShowTheValues() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = (try! HUD(on: host.window))
            hud.mode = .text
            hud.label = "Uploading"
            hud.show(animated: false)
            let (values, input) = AsyncStream.makeStream(of: Double.self)
            hud.track(values)
            XCTAssertEqual(hud.mode, .annularDeterminate)
            input.yield(0.5)
            HUDTesting.wait("0.5 drawn") { hud.view.bezelView?.ringWidget?.shownProgress == 0.5 }
            input.finish()
            hud.hide(animated: false)
        }
    }

    func testAThrowingSequenceStopsTrackingAndKeepsTheLastValue() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            struct Broken: Error {}
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = (try! HUD(on: host.window))
            hud.show(animated: false)
            let (values, input) = AsyncThrowingStream.makeStream(of: Double.self)
            hud.track(values)
            input.yield(0.4)
            HUDTesting.wait("0.4") { hud.progress == 0.4 }
            input.finish(throwing: Broken())
            host.waitForFrames(2)
            XCTAssertEqual(hud.progress, 0.4)
            XCTAssertTrue(hud.isVisible, "a failed sequence does not hide the HUD")
            hud.hide(animated: false)
        }
    }
}

/// A one-shot gate the work waits on, opened by the test (shared by the HUD.run and task-banner tests).
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }
    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}


/// A flag set from any thread (an AsyncStream's onTermination) and read on the main actor.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    func set() { lock.withLock { isSet = true } }
    var value: Bool { lock.withLock { isSet } }
}

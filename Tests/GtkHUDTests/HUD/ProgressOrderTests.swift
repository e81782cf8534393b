import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import XCTest

/// Issue #29's ordering rule on real widgets: a value posted with
/// `setProgress` before a main-actor call on the same HUD is never applied
/// after it, however the frame-paced delivery falls. The instance HUD applied
/// whatever waited, unchecked, and failed both tests (the ring at 100 % and
/// `progress == 0.9`).
final class ProgressOrderTests: XCTestCase {
    /// Runs `body` on another thread and waits for it: the post happens before what follows.
    private static func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        done.wait()
    }

    /// The plain form: `hud.setProgress(0.9); hud.progress = 0.1`.
    func testTheMainActorsLaterValueWins() throws {
        try HUDTesting.withWindow { host, _ in
            let hud = try HUD(on: host.window)
            hud.mode = .annularDeterminate
            hud.show(animated: false)
            host.waitForFrames(2)
            hud.setProgress(0.9)
            hud.progress = 0.1
            HUDTesting.drainMainQueue()
            host.waitForFrames(3)
            XCTAssertEqual(hud.progress, 0.1, "the value posted before was applied after")
            XCTAssertEqual(hud.view.ringWidget?.shownProgress ?? -1, 0.1, accuracy: 1e-9)
            hud.hide(animated: false)
        }
    }

    /// The story: a worker posts its last value, and in the same
    /// main-loop turn the app starts the next file.
    func testTheWorkersLastValueDoesNotLandOnTheNextTask() throws {
        try HUDTesting.withWindow { host, _ in
            let hud = try HUD(on: host.window)
            hud.removesFromHostOnHide = false
            hud.mode = .annularDeterminate
            hud.label = "Copying file 1"
            hud.show(animated: false)
            host.waitForFrames(2)
            Self.onAnotherThread { hud.setProgress(1.0) }
            hud.hide(animated: false)
            hud.label = "Copying file 2"
            hud.progress = 0
            hud.show()
            HUDTesting.drainMainQueue()
            host.waitForFrames(3)
            XCTAssertEqual(hud.progress, 0, "one frame later the new task's ring shows \(hud.progress)")
            XCTAssertEqual(hud.view.ringWidget?.shownProgress ?? -1, 0, accuracy: 1e-9)
            XCTAssertEqual(hud.view.statusText, "Copying file 2")
            // The worker of the new task is heard again.
            Self.onAnotherThread { hud.setProgress(0.25) }
            HUDTesting.wait("the new task's first value") { hud.progress == 0.25 }
            hud.hide(animated: false)
        }
    }
}

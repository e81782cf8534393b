import CGtk
import Foundation
@testable import GtkHUD
@testable import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Progress posted before a dismissal and applied after it (issue #11 item 3).
final class LateProgressTests: XCTestCase {

    /// An update posted before the dismissal and taken after it must not bring
    /// the HUD back; a new explicit show works, and so do updates posted after it.
    func testProgressPostedBeforeADismissalIsDropped() throws {
        try HUDTesting.withWindow { host, _ in
            ProgressHUD.host = host.window
            ProgressHUD.showProgress(0.1, status: "Uploading")
            ProgressHUD.setProgress(0.5) // queued, not taken yet
            ProgressHUD.dismiss()
            HUDTesting.drainMainQueue()
            XCTAssertFalse(ProgressHUD.isVisible, "the late update did not show the HUD again")

            ProgressHUD.setProgress(0.7) // never shown: no HUD at all, then dismissed
            ProgressHUD.dismiss()
            HUDTesting.drainMainQueue()
            XCTAssertFalse(ProgressHUD.isVisible)

            ProgressHUD.showProgress(0.2, status: "Again")
            XCTAssertTrue(ProgressHUD.isVisible, "an explicit show after the dismissal works")
            ProgressHUD.setProgress(0.9) // applied in the next frame
            HUDTesting.wait("the update after the new show") {
                SharedHUD.instance?.controller.content.indicator == .progress(0.9)
            }
        }
    }

    /// A value posted for the old work and still waiting when new progress
    /// work starts in the same turn of the main loop belongs to the old work:
    /// the end of that work drops it, also when the core ends it (the last
    /// popActivity, a result) rather than ProgressHUD.dismiss.
    func testAValueWaitingFromTheEndedWorkDoesNotLandOnTheNextWork() throws {
        try HUDTesting.withWindow { host, _ in
            ProgressHUD.host = host.window
            ProgressHUD.showProgress(0.1, status: "Uploading")
            host.waitForFrames(2)
            ProgressHUD.setProgress(0.5) // waits for the next frame
            ProgressHUD.popActivity()    // the last activity: the work ends
            ProgressHUD.showProgress(0.2, status: "Again")
            HUDTesting.drainMainQueue()
            host.waitForFrames(3)
            XCTAssertEqual(SharedHUD.instance?.controller.content.indicator, .progress(0.2),
                           "the old work's value was dropped when it ended")

            ProgressHUD.setProgress(0.6)
            ProgressHUD.showSuccess(status: "Done")
            ProgressHUD.showProgress(0.3, status: "Third")
            HUDTesting.drainMainQueue()
            host.waitForFrames(3)
            XCTAssertEqual(SharedHUD.instance?.controller.content.indicator, .progress(0.3),
                           "the value posted before the result was dropped with it")
        }
    }
}

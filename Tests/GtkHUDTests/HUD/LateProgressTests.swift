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
}

import CGtk
@testable import GtkHUD
import GtkSupport
import XCTest

/// GTK 4.8 cannot change an accessible role, so a HUD whose indicator changes
/// role while it is up (a spinner's status to an error's alert, as a failed
/// `HUD.run` ends) gets a new bezel widget. That new bezel must be on screen
/// where the old one was.
final class BezelRebuildTests: XCTestCase {
    func testABezelRebuiltWhileShownIsOnScreen() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = try! HUD(on: host.window)
            hud.label = "Working"
            hud.show(animated: false)
            host.waitForFrames(2)
            // Weakly: the old bezel is finalised once replaced, and its address may be reused.
            let spinnerBezel = hud.view.bezelWidget.map { WeakObjectRef($0.raw) }
            hud.mode = .error
            hud.label = "Failed"
            host.waitForFrames(2)
            let bezel = hud.view.bezelWidget
            XCTAssertNotNil(spinnerBezel)
            XCTAssertNotNil(bezel)
            XCTAssertNotEqual(spinnerBezel?.withObject { $0 }, bezel?.raw, "a new role needs a new bezel")
            XCTAssertEqual(bezel.map { gtk_widget_get_mapped($0) != 0 }, true, "the error bezel is on screen")
            let oldParent = spinnerBezel?.withObject { gtk_widget_get_parent($0.asWidget) } ?? nil
            XCTAssertNil(oldParent, "the spinner's bezel is gone from the overlay (or finalised)")
            hud.hide(animated: false)
            HUDTesting.wait("the HUD gone") { hud.isFinished }
        }
    }
}

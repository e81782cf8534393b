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
            let spinnerBezel = hud.view.bezelWidget
            hud.mode = .error
            hud.label = "Failed"
            host.waitForFrames(2)
            let bezel = hud.view.bezelWidget
            XCTAssertNotNil(bezel)
            XCTAssertNotEqual(bezel, spinnerBezel, "a new role needs a new bezel")
            XCTAssertEqual(bezel.map { gtk_widget_get_mapped($0) != 0 }, true, "the error bezel is on screen")
            XCTAssertEqual(spinnerBezel.map { gtk_widget_get_parent($0) == nil }, true, "the spinner's bezel is gone from the overlay")
            hud.hide(animated: false)
            HUDTesting.wait("the HUD gone") { hud.isFinished }
        }
    }
}

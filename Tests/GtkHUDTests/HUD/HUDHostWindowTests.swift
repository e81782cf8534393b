import CGtk
@testable import GtkHUD
import GtkSupport
import HUDCore
import XCTest

/// An instance HUD whose window was destroyed while the app still holds the
/// window (issue #19, bug 9): `HUD(on:)` refuses such a window, and a HUD made
/// before must not show or run into it either.
final class HUDHostWindowTests: XCTestCase {
    func testAHUDCannotShowInAWindowDestroyedWhileHeld() throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            var messages: [HUDCore.Diagnostics.Message] = []
            let previous = HUDCore.Diagnostics.handler
            HUDCore.Diagnostics.handler = { messages.append($0) }
            defer { HUDCore.Diagnostics.handler = previous }
            let (host, _) = HUDTesting.window()
            let window = host.window
            g_object_ref(window.raw) // the app keeps its window
            defer { g_object_unref(window.raw) }
            let hud = try! HUD(on: window)
            hud.removesFromHostOnHide = false
            host.close()
            hud.show(animated: false)
            XCTAssertFalse(hud.isVisible, "nothing shows in a destroyed window")
            XCTAssertEqual(messages.filter { $0.source == "HUD.show(animated:)" }.count, 1, "\(messages)")
            var result: Int?
            Task { @MainActor in result = try? await hud.run { 7 } }
            HUDTesting.wait("the run") { result != nil }
            XCTAssertEqual(result, 7, "the work still runs")
            XCTAssertFalse(hud.isVisible)
            XCTAssertThrowsError(try HUD(on: window)) { XCTAssertEqual($0 as? HUDError, .hostWindowDestroyed) }
        }
    }
}

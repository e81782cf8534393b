import CGtk
import GtkHUD
import GtkSupport
import XCTest

/// The public API speaks Swift: typed hosts, thrown errors, no side effects.
final class PublicAPITests: XCTestCase {
    func testHostsOfEveryPointerTypeAnAppHoldsAndTheErrorsForTheRest() throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            let (host, content) = HUDTesting.window()
            defer { host.close() }
            let typedWindow = UnsafeMutableRawPointer(host.window).assumingMemoryBound(to: GtkWindow.self)
            XCTAssertNoThrow(try HUD(on: typedWindow), "a GtkWindow pointer is a host")
            XCTAssertNoThrow(try HUD(on: OpaquePointer(content)), "an OpaquePointer to a widget is a host")

            let notAWidget = g_object_new_with_properties(g_object_get_type(), 0, nil, nil)!
            defer { g_object_unref(notAWidget) }
            do { _ = try HUD(on: OpaquePointer(notAWidget)); XCTFail("a plain GObject is not a host") }
            catch { XCTAssertEqual(error as? HUDError, .notAWidget) }

            let loose = gtk_label_new("Not in a window")!
            g_object_ref_sink(loose.raw)
            defer { g_object_unref(loose.raw) }
            do { _ = try HUD(on: loose); XCTFail("a widget outside a window is not a host") }
            catch { XCTAssertEqual(error as? HUDError, .notInWindow) }
        }
    }

    func testHideForLeavesTheHUDsOwnSettingsAlone() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = try! HUD(on: host.window)
            hud.removesFromHostOnHide = false
            hud.show(animated: false)
            XCTAssertTrue(HUD.hide(for: host.window, animated: false))
            XCTAssertFalse(hud.removesFromHostOnHide, "hide(for:) used to switch it on")
            HUDTesting.wait("hidden") { hud.isFinished }
        }
    }
}

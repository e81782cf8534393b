import CGtk
import Foundation
@testable import GtkHUD
@testable import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Windows destroyed while the application still holds them (issue #11 item 7).
final class DestroyedWindowTests: XCTestCase {

    func testADestroyedWindowTheAppStillHoldsEndsItsHUDsAndBanners() throws {
        try HUDTesting.withWindow { host, _ in
            let window = host.window
            g_object_ref(window.raw) // the application keeps the window
            defer { g_object_unref(window.raw) }
            let hud = try XCTUnwrap(HUD(on: window))
            var completions = 0
            hud.completion = { completions += 1 }
            hud.show()
            ProgressHUD.host = window
            ProgressHUD.show(status: "Shared")
            let banner = try NotificationBanner(title: "Banner")
            var reasons: [BannerDismissReason] = []
            banner.onDismiss = { reasons.append($0) }
            banner.show(on: window, duration: 30)

            host.close() // gtk_window_destroy: not disposed, the app holds it
            XCTAssertFalse(hud.isVisible)
            XCTAssertTrue(hud.isFinished)
            XCTAssertEqual(completions, 1)
            XCTAssertFalse(ProgressHUD.isVisible)
            XCTAssertEqual(reasons, [.hostDestroyed])

            let messages = HUDTesting.captureDiagnostics {
                do { _ = try HUD(on: window); XCTFail("no HUD on a destroyed window") } catch { XCTAssertEqual(error as? HUDError, .hostWindowDestroyed) }
                ProgressHUD.show(status: "Too late")
                XCTAssertFalse(ProgressHUD.isVisible)
            }
            XCTAssertTrue(messages.contains { $0.source == "HUD.init(on:)" && $0.text.contains("destroyed") }, "\(messages)")
            XCTAssertTrue(messages.contains { $0.source == "ProgressHUD.show(status:)" && $0.text.contains("destroyed") }, "\(messages)")
            ProgressHUD.host = nil
        }
    }

    /// The host is gone from the start of its teardown: a completion that runs
    /// during it and shows another HUD of the same window is refused, instead
    /// of putting a HUD that nothing will end on the dying window.
    func testAHUDShownFromACompletionDuringTheTeardownIsRefused() throws {
        try HUDTesting.withWindow { host, _ in
            let window = host.window
            g_object_ref(window.raw)
            defer { g_object_unref(window.raw) }
            let other = try XCTUnwrap(HUD(on: window)) // made first: ended first, while hidden
            let hud = try XCTUnwrap(HUD(on: window))
            hud.completion = { other.show() }
            hud.show()
            let messages = HUDTesting.captureDiagnostics { host.close() }
            XCTAssertFalse(other.isVisible, "nothing shows on a window being destroyed")
            XCTAssertTrue(messages.contains { $0.source == "HUD.show(animated:)" && $0.text.contains("destroyed") }, "\(messages)")
        }
    }

    func testAHUDOnADisposedWindowIsRefusedWithAMessage() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let window = gtk_window_new()!
            g_object_ref_sink(window.raw)
            gtk_window_destroy(window.asWindow)
            g_object_run_dispose(window.raw.asObject)
            let messages = HUDTesting.captureDiagnostics {
                do { _ = try HUD(on: window); XCTFail("no HUD on a destroyed window") } catch { XCTAssertEqual(error as? HUDError, .hostWindowDestroyed) }
            }
            XCTAssertEqual(messages.map(\.source), ["HUD.init(on:)"])
            g_object_unref(window.raw)
        }
    }
}

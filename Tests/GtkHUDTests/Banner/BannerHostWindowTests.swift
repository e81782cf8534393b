import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import XCTest

/// Banners and the end of their window: a destroyed window takes every banner
/// with it, and a banner shown on one afterwards is refused (issue #19 bug 9).
final class BannerHostWindowTests: XCTestCase {
    /// `gtk_window_destroy` on a window the app still holds: no dispose, no
    /// `destroy` signal. Showing a banner there is refused under the public
    /// name, and awaiting it returns.
    func testShowingOnADestroyedButReferencedWindowIsRefusedAndDismissedReturns() throws {
        try BannerGtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            let window = BannerTestWindow()
            g_object_ref(window.window.raw) // the application keeps the window
            defer { g_object_unref(window.window.raw) }
            window.show(try! NotificationBanner(title: "Before"), duration: 30)
            window.close()
            let banner = try! NotificationBanner(title: "Too late")
            let (_, messages) = BannerGtkTesting.capturingMessages { banner.show(on: window.window, duration: 5) }
            XCTAssertEqual(messages.map(\.source), ["NotificationBanner.show(on:duration:)"])
            XCTAssertTrue(messages.first?.text.contains("destroyed") ?? false, "\(messages)")
            XCTAssertEqual(banner.state, .hidden, "refused, not showing for ever")
            Self.expectDismissedReturns(banner, .notShown)
        }
    }

    /// A look-up on a window destroyed while the app holds it finds nothing:
    /// no overlay or center is made for it, and a center that served it before
    /// (its banners ended with it) is not handed out again.
    func testADestroyedWindowHasNoOverlayOrCenter() throws {
        try BannerGtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            for hadBanners in [false, true] {
                let window = BannerTestWindow()
                g_object_ref(window.window.raw) // the application keeps the window
                defer { g_object_unref(window.window.raw) }
                if hadBanners { window.show(try! NotificationBanner(title: "Before"), duration: 30) }
                window.close()
                XCTAssertNil(BannerCenter.for(window.window), "had banners: \(hadBanners)")
                XCTAssertNil(HUDOverlay.host(for: window.window), "had banners: \(hadBanners)")
                if !hadBanners {
                    XCTAssertNil(HUDOverlay.windowLayer(of: window.window), "a look-up added a layer to a destroyed window")
                }
            }
        }
    }

    /// `g_object_run_dispose` on the destroyed window: refused the same way, without a GLib critical.
    func testShowingOnADisposedWindowIsRefusedWithoutACritical() throws {
        try BannerGtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            for presented in [true, false] {
                let window = gtk_window_new()!
                g_object_ref_sink(window.raw)
                defer { g_object_unref(window.raw) }
                if presented {
                    gtk_window_present(window.asWindow)
                    BannerGtkTesting.idle(milliseconds: 50)
                }
                gtk_window_destroy(window.asWindow)
                g_object_run_dispose(window.raw.asObject)
                let banner = try! NotificationBanner(title: "Disposed")
                let (trouble, messages) = BannerGtkTesting.capturingGLibTrouble {
                    BannerGtkTesting.capturingMessages { banner.show(on: window) }.messages
                }
                XCTAssertEqual(trouble, [], "no GLib critical (presented: \(presented))")
                XCTAssertEqual(messages.map(\.source), ["NotificationBanner.show(on:duration:)"], "presented: \(presented)")
                XCTAssertEqual(banner.state, .hidden)
                Self.expectDismissedReturns(banner, .notShown)
            }
        }
    }

    /// Banners showing and waiting end when their window is destroyed, also a
    /// window that was never on screen (it is never unrealized).
    func testBannersShowingOrWaitingEndWhenTheirWindowIsDestroyed() throws {
        try BannerGtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            for presented in [true, false] {
                let host = HostWindow(width: 400, height: 300, title: "Banner host")
                host.setChild(gtk_button_new_with_label("Content"))
                if presented { host.present() }
                g_object_ref(host.window.raw)
                defer { g_object_unref(host.window.raw) }
                let showing = try! NotificationBanner(title: "Showing")
                let waiting = try! NotificationBanner(title: "Waiting")
                showing.show(on: host.window, duration: 30)
                waiting.show(on: host.window, duration: 30)
                XCTAssertEqual([showing.state, waiting.state], [.showing, .queued], "presented: \(presented)")
                host.close()
                Self.expectDismissedReturns(showing, .hostDestroyed)
                Self.expectDismissedReturns(waiting, .hostDestroyed)
            }
        }
    }

    @MainActor
    private static func expectDismissedReturns(_ banner: NotificationBanner, _ reason: BannerDismissReason,
                                               file: StaticString = #filePath, line: UInt = #line) {
        let awaited = BannerReasonBox()
        Task { @MainActor in awaited.reason = await banner.dismissed }
        XCTAssertTrue(MainLoop.run(until: { awaited.reason != nil }, timeoutMilliseconds: 2_000), "dismissed never returned",
                      file: file, line: line)
        XCTAssertEqual(awaited.reason, reason, file: file, line: line)
    }
}

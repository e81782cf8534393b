import CGtk
@testable import GtkHUD
import GtkSupport
import XCTest

/// The window a shared HUD or banner uses when the app names none: the one
/// the user is working in (the active one), whatever order the windows opened in.
final class FrontWindowTests: XCTestCase {
    func testTheActiveWindowIsTheFrontWindowWhicheverOpenedLast() throws {
        try XInput.require()
        MainActor.assumeIsolated {
            let first = HUDTesting.window(), second = HUDTesting.window()
            defer {
                first.host.close()
                second.host.close()
            }
            for host in [first.host, second.host] {
                // XInput focuses the window as a user's click would (no window manager under Xvfb).
                guard XInput(window: host.window) != nil else { return XCTFail("xdotool found no X window for the test window") }
                XCTAssertNotEqual(gtk_window_is_active(host.window.asWindow), 0)
                XCTAssertEqual(OverlayHost.frontWindow(), host.window, "the active window is in front")
                XCTAssertTrue(BannerCenter.front === BannerCenter.for(host.window), ".automatic resolves to it")
            }
        }
    }
}

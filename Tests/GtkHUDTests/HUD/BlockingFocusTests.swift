import CGtk
import Foundation
@testable import GtkHUD
@testable import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Blocking masks and keyboard focus (issue #11 item 1).
final class BlockingFocusTests: XCTestCase {

    @MainActor private static var blocking: HUDAppearance {
        var appearance = HUD.defaultAppearance
        appearance.mask = .black
        return appearance
    }

    /// Two blocking HUDs share one block: hiding the first keeps the content
    /// blocked behind the second, and after both the content can take focus again.
    func testTwoBlockingHUDsHoldOneBlockOfTheContent() throws {
        try HUDTesting.withWindow { host, content in
            gtk_widget_grab_focus(content)
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), content)
            let first = try XCTUnwrap(HUD(on: host.window, appearance: Self.blocking))
            let second = try XCTUnwrap(HUD(on: host.window, appearance: Self.blocking))
            first.show()
            second.show()
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), second.view.bezelWidget)

            first.hide()
            XCTAssertEqual(gtk_widget_get_can_focus(content), 0, "the second mask still blocks the content")
            XCTAssertNotEqual(gtk_window_get_focus(host.window.asWindow), content, "no focus behind the second mask")
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), second.view.bezelWidget)

            second.hide()
            XCTAssertEqual(gtk_widget_get_can_focus(content), 1, "the keyboard works again")
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), content, "focus is back where it was")
        }
    }

    /// Hidden in the other order, the first HUD takes the focus back from the second.
    func testTheHUDLeftUpTakesTheFocusBack() throws {
        try HUDTesting.withWindow { host, content in
            gtk_widget_grab_focus(content)
            let first = try XCTUnwrap(HUD(on: host.window, appearance: Self.blocking))
            let second = try XCTUnwrap(HUD(on: host.window, appearance: Self.blocking))
            first.show()
            second.show()
            second.hide()
            XCTAssertEqual(gtk_widget_get_can_focus(content), 0)
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), first.view.bezelWidget)
            first.hide()
            XCTAssertEqual(gtk_widget_get_can_focus(content), 1)
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), content)
        }
    }

    /// Without `.focusForBlockingHUDs` the focused widget (the one keys go to)
    /// must still lose the focus behind a blocking mask.
    func testABlockingMaskTakesTheFocusWithoutTheFocusMechanism() throws {
        try HUDTesting.withWindow { host, content in
            let mechanisms = Announcer.mechanisms
            Announcer.mechanisms.remove(.focusForBlockingHUDs)
            defer { Announcer.mechanisms = mechanisms }
            gtk_widget_grab_focus(content)
            let hud = try XCTUnwrap(HUD(on: host.window, appearance: Self.blocking))
            hud.setButton("Cancel")
            hud.show()
            let focus = gtk_window_get_focus(host.window.asWindow)
            XCTAssertNotEqual(focus, content, "keys no longer reach the content")
            XCTAssertNotEqual(focus, hud.view.bezelWidget, "the bezel does not take focus with the mechanism off")
            XCTAssertNotNil(focus, "something in the overlay has focus, so Escape reaches the HUD")
            hud.hide()
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), content)
            XCTAssertEqual(gtk_widget_get_can_focus(content), 1)
        }
    }

    /// The same with real key presses (xdotool, through the X server): letters
    /// typed while a blocking HUD is up must not reach the entry behind it, and
    /// Escape still reaches the HUD. Escape comes last, so once its action ran
    /// every letter before it was handled.
    func testTypedKeysDoNotReachTheContentBehindABlockingMask() throws {
        guard let xdotool = ["/usr/bin/xdotool", "/usr/local/bin/xdotool"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("xdotool is not installed")
        }
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            defer { HUDTesting.setAnimations(true) }
            let mechanisms = Announcer.mechanisms
            Announcer.mechanisms.remove(.focusForBlockingHUDs)
            defer { Announcer.mechanisms = mechanisms }
            let host = HostWindow(width: 480, height: 360, title: "Typing behind a HUD")
            defer { host.close() }
            let entry = try XCTUnwrap(gtk_entry_new())
            host.setChild(entry)
            host.present()
            gtk_widget_grab_focus(entry)
            HUDTesting.wait("the window to have the keyboard") { gtk_window_is_active(host.window.asWindow) != 0 }

            let hud = try XCTUnwrap(HUD(on: host.window, appearance: Self.blocking))
            var escaped = false
            hud.setButton("Cancel") { escaped = true }
            hud.show()
            host.waitForFrames(1)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: xdotool)
            process.arguments = ["key", "--delay", "20", "a", "b", "c", "Escape"]
            try process.run()
            HUDTesting.wait("Escape to reach the HUD") { escaped }
            process.waitUntilExit()
            let text = String(cString: gtk_editable_get_text(OpaquePointer(entry)))
            XCTAssertEqual(text, "", "no key reached the entry behind the mask")
            hud.hide()
        }
    }
}

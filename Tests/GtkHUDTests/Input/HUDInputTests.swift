import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import XCTest

/// The HUD driven by real X input (xdotool through XTest): clicks on its button
/// and through its mask, and keys, as GTK receives them from the X server.
final class HUDInputTests: XCTestCase {
    /// A HUD window with xdotool attached, a click counter on the content and the
    /// pointer parked on the content.
    @MainActor
    private static func withInput(_ body: @MainActor (HostWindow, UnsafeMutablePointer<GtkWidget>, XInput) -> Void) throws {
        try XInput.require()
        let (host, content) = HUDTesting.window()
        defer { host.close() }
        guard let input = XInput(window: host.window) else { return XCTFail("xdotool found no X window for the test window") }
        input.moveTo(input.point(in: content, x: 20, y: 20))
        defer { input.restore() }
        body(host, content, input)
    }

    /// The first descendant of `root` with CSS class `name`.
    @MainActor
    static func descendant(of root: UnsafeMutablePointer<GtkWidget>, cssClass name: String) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            if gtk_widget_has_css_class(current, name) != 0 { return current }
            if let found = descendant(of: current, cssClass: name) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    func testClickingCancelCancelsTheRunningWork() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { host, _, input in
                let hud = (try! HUD(on: host.window))
                var cancelled = false
                var finished = false
                Task { @MainActor in
                    do {
                        _ = try await hud.run(cancelTitle: "Cancel", resultDuration: 0.05) {
                            try await Task.sleep(for: .seconds(30))
                        }
                    } catch is CancellationError { cancelled = true } catch {}
                    finished = true
                }
                XInput.wait("the HUD and its button") { hud.isVisible && Self.descendant(of: host.window, cssClass: "hudbutton") != nil }
                host.waitForFrames(2)
                let button = Self.descendant(of: host.window, cssClass: "hudbutton")!
                input.click(at: input.center(of: button))
                XInput.wait("the work to end") { finished }
                XCTAssertTrue(cancelled, "the click on Cancel cancelled the work (CancellationError rethrown)")
                XCTAssertEqual(hud.mode, .info, "a cancelled run ends on the info image")
                XInput.wait("the HUD to leave") { hud.isFinished }
            }
        }
    }

    /// A keyboard user tabs to HUD.run's Cancel button and presses it: the
    /// outcome is announced whole ("Information: Cancelled", never the info mark
    /// with the working label), and the focus stays in the HUD, on GTK 4.8 too,
    /// where a screen reader speaks the focused HUD.
    func testCancellingFromTheKeyboardIsAnnouncedAndKeepsTheFocus() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { host, _, input in
                let hud = (try! HUD(on: host.window))
                hud.label = "Working"
                var spoken: [String] = []
                let observation = Announcer.observe { spoken.append($0.text) }
                defer { observation.cancel() }
                var finished = false
                Task { @MainActor in
                    _ = try? await hud.run(cancelTitle: "Cancel", resultDuration: 2) { try await Task.sleep(for: .seconds(30)) }
                    finished = true
                }
                XInput.wait("the HUD and its button") { hud.isVisible && Self.descendant(of: host.window, cssClass: "hudbutton") != nil }
                host.waitForFrames(2)
                let button = Self.descendant(of: host.window, cssClass: "hudbutton")!
                input.key("Tab")
                XInput.wait("Tab to reach the Cancel button") { gtk_widget_has_focus(button) != 0 }
                input.key("Return")
                XInput.wait("the work to end") { finished }
                XInput.wait("the outcome announced (\(spoken))") { spoken.contains("Information: Cancelled") }
                XCTAssertFalse(spoken.contains("Information: Working"), "the info mark was announced with the working label: \(spoken)")
                let bezel = try! XCTUnwrap(hud.view.bezelWidget)
                let focus = gtk_root_get_focus(OpaquePointer(host.window))
                XCTAssertTrue(focus.map { $0 == bezel || gtk_widget_is_ancestor($0, bezel) != 0 } ?? false,
                              "the focus stays in the HUD after its button went")
                hud.hide(animated: false)
                XInput.wait("the HUD to leave") { hud.isFinished }
                XCTAssertNotNil(gtk_root_get_focus(OpaquePointer(host.window)), "the HUD gone, the keyboard is back in the window")
            }
        }
    }

    func testEscapeKeyTriggersTheButtonWhileTheContentHasFocus() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { host, content, input in
                gtk_widget_grab_focus(content)
                let hud = (try! HUD(on: host.window))
                var pressed = 0
                hud.setButton("Stop") { pressed += 1 }
                hud.show(animated: false)
                host.waitForFrames(2)
                input.key("Escape")
                XInput.wait("Escape to trigger the button") { pressed == 1 }
                hud.setButton(nil)
                var escapesPassedOn = 0
                let keys = gtk_event_controller_key_new()!
                Signal.connectKey(UnsafeMutableRawPointer(keys), "key-pressed") { keyval, _, _ in
                    if keyval == UInt32(GDK_KEY_Escape) { escapesPassedOn += 1 }
                    return false
                }
                gtk_widget_add_controller(host.window, keys)
                input.key("Escape")
                XInput.wait("Escape to reach the window once the button is gone") { escapesPassedOn == 1 }
                XCTAssertEqual(pressed, 1, "no button: Escape passes on")
                hud.hide(animated: false)
            }
        }
    }

    func testClicksGoThroughANoneMaskAndAreBlockedByAClearMask() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { host, content, input in
                var contentClicks = 0
                let connection = Signal.connect(UnsafeMutableRawPointer(content), "clicked") { contentClicks += 1 }
                defer { connection.disconnect() }
                let corner = input.point(in: content, x: 20, y: 20) // far from the centred bezel

                var appearance = HUD.defaultAppearance
                appearance.mask = .none
                let passThrough = (try! HUD(on: host.window, appearance: appearance))
                passThrough.show(animated: false)
                host.waitForFrames(2)
                input.click(at: corner)
                XInput.wait("the click to reach the content through a .none mask") { contentClicks == 1 }
                passThrough.hide(animated: false)
                XInput.wait("the first HUD gone") { passThrough.isFinished }

                appearance.mask = .clear
                let blocking = (try! HUD(on: host.window, appearance: appearance))
                blocking.show(animated: false)
                host.waitForFrames(2)
                input.click(at: corner)
                input.waitUntilHandled(on: host)
                XCTAssertEqual(contentClicks, 1, "a .clear mask blocks the click")
                blocking.hide(animated: false)
            }
        }
    }
}

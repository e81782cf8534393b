import CGtk
import Foundation
import GtkHUD
import GtkSupport
import HUDCore
import XCTest

/// Real-GTK test set-up for HUD tests: a display (Xvfb in scripts/test) or a
/// skip, unless GTKHUD_REQUIRE_DISPLAY=1 turns a missing display into a failure.
enum HUDTesting {
    static func requireDisplay() throws {
        let ready = MainActor.assumeIsolated { GtkEnvironment.initialize() }
        if ready { return }
        if ProcessInfo.processInfo.environment["GTKHUD_REQUIRE_DISPLAY"] == "1" {
            XCTFail("GTK could not open a display")
        }
        throw XCTSkip("GTK could not open a display; run scripts/test (it starts Xvfb)")
    }

    /// A window with a plain content widget, presented and drawn.
    @MainActor
    static func window(width: Int32 = 480, height: Int32 = 360) -> (host: HostWindow, content: UnsafeMutablePointer<GtkWidget>) {
        let host = HostWindow(width: width, height: height, title: "HUD test")
        let content = gtk_button_new_with_label("Content behind the HUD")!
        host.setChild(content)
        host.present()
        return (host, content)
    }

    /// Pumps the loop until `condition` holds (fails the test after 5 s).
    @MainActor
    static func wait(_ what: String, file: StaticString = #filePath, line: UInt = #line, until condition: @MainActor () -> Bool) {
        if !MainLoop.run(until: condition, timeoutMilliseconds: 5_000) {
            XCTFail("timed out waiting for \(what)", file: file, line: line)
        }
    }

    /// Turns GTK animations on or off for the rest of the test.
    @MainActor
    static func setAnimations(_ enabled: Bool) { GtkEnvironment.setAnimationsEnabled(enabled) }

    /// Runs `body` with a presented window (animations off unless asked), then
    /// resets the shared HUD and closes the window.
    nonisolated static func withWindow(animations: Bool = false,
                                       _ body: @MainActor (HostWindow, UnsafeMutablePointer<GtkWidget>) throws -> Void) throws {
        try requireDisplay()
        try MainActor.assumeIsolated {
            setAnimations(animations)
            defer { setAnimations(true) }
            let (host, content) = window()
            defer {
                ProgressHUD.reset()
                ProgressHUD.host = nil
                host.close()
            }
            try body(host, content)
        }
    }

    /// Runs the main loop until everything queued on the main queue so far has run.
    @MainActor
    static func drainMainQueue() {
        var drained = false
        DispatchQueue.main.async { drained = true }
        wait("the main queue") { drained }
    }

    /// The messages GtkHUD reported while `body` ran.
    @MainActor
    static func captureDiagnostics(_ body: () -> Void) -> [HUDCore.Diagnostics.Message] {
        let previous = HUDCore.Diagnostics.handler
        var messages: [HUDCore.Diagnostics.Message] = []
        HUDCore.Diagnostics.handler = { messages.append($0) }
        body()
        HUDCore.Diagnostics.handler = previous
        return messages
    }
}

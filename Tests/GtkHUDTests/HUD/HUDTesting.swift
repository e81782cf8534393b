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
        assertDrawnAtTheExpectedScale(host.window)
        return (host, content)
    }

    /// The scale a scripts/test pass set up (`GTKHUD_EXPECT_SCALE`: 2 under
    /// `GDK_SCALE=2`, 1.25 and 1.5 under headless mutter), so that a pass whose
    /// windows are drawn at another scale (the compositor ignored the request,
    /// GDK fell back to 1x) fails instead of measuring 1x again.
    static var expectedScale: Double? {
        ProcessInfo.processInfo.environment["GTKHUD_EXPECT_SCALE"].flatMap(Double.init)
    }

    /// Waits until `window` is drawn at the scale the pass asked for, if it asked:
    /// the surface's own scale where GDK has it (4.12+; fractional on Wayland),
    /// else the integer scale factor. Fails the test if it never is.
    @MainActor
    static func assertDrawnAtTheExpectedScale(_ window: UnsafeMutablePointer<GtkWidget>,
                                              file: StaticString = #filePath, line: UInt = #line) {
        guard let expected = expectedScale else { return }
        // The compositor sends a Wayland surface its preferred scale after the first configure.
        let matches = MainLoop.run(until: { abs(DeviceScale.of(window) - expected) < 0.001 }, timeoutMilliseconds: 5_000)
        let surfaceScale = gtkhud_widget_surface_scale(window)
        XCTAssertTrue(matches, "the window is drawn at scale \(DeviceScale.of(window)) (surface scale "
                      + "\(surfaceScale > 0 ? String(surfaceScale) : "unknown"), scale factor \(gtk_widget_get_scale_factor(window))), "
                      + "not at the \(expected) this pass set up (GTKHUD_EXPECT_SCALE)", file: file, line: line)
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

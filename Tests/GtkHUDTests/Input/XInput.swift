import CGtk
import Foundation
import GtkSupport
import XCTest

/// Real pointer and key events for widget tests: `xdotool` injects them through
/// the XTest extension, so they reach GTK from the X server exactly like a user's
/// (event times, gesture recognition, picking, focus). Each call runs xdotool as a
/// child process while the GLib main loop keeps turning, then tests wait for the
/// state they expect; sleeps inside an xdotool chain only shape a gesture's
/// velocity, they are never what a test asserts on.
@MainActor
final class XInput {
    /// The X window id of the GTK window, for `mousemove --window`.
    let windowID: String
    let window: UnsafeMutablePointer<GtkWidget>
    /// Whether `window` still exists (a test may close it: the close button).
    private let liveWindow: WeakObjectRef

    /// xdotool's path, or nil (then the test fails under GTKHUD_REQUIRE_DISPLAY=1 and skips otherwise).
    nonisolated static var xdotool: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(dir)/xdotool") {
            return "\(dir)/xdotool"
        }
        return nil
    }

    /// Checks for a display and xdotool.
    nonisolated static func require() throws {
        try HUDTesting.requireDisplay()
        guard xdotool == nil else { return }
        if ProcessInfo.processInfo.environment["GTKHUD_REQUIRE_DISPLAY"] == "1" {
            XCTFail("xdotool is missing: input tests need it (apt-get install xdotool; scripts/test installs it)")
        }
        throw XCTSkip("xdotool is missing; run scripts/test (it installs it)")
    }

    /// Finds `window`'s X window (by a unique title) and gives it the keyboard focus.
    init?(window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
        liveWindow = WeakObjectRef(window.raw)
        let title = "gtkhud-input-\(UUID().uuidString)"
        title.withCString { gtk_window_set_title(window.asWindow, $0) }
        var found: String?
        // The title reaches the X server with the next flush: retry for a while.
        Self.pump(until: {
            found = Self.output(["search", "--name", "^\(title)$"])?.split(separator: "\n").first.map(String.init)
            return found != nil
        }, timeoutMilliseconds: 5_000)
        guard let found else { return nil }
        windowID = found
        // No window manager under Xvfb: the focus is set directly (XSetInputFocus).
        run(["windowfocus", "--sync", windowID])
        Self.pump(until: { gtk_window_is_active(window.asWindow) != 0 }, timeoutMilliseconds: 5_000)
    }

    /// Leaves the pointer as Xvfb starts it: buttons up, in the middle of the
    /// screen, outside the small test windows at 0,0. Otherwise the next test's
    /// window opens under the pointer and gets hover events it never asked for.
    func restore() {
        run(["mouseup", "1", "mousemove", "640", "400"])
        // GTK has taken the release and the leave events once the marker key
        // comes through (it reaches the window that has the keyboard); a window
        // the test closed takes no events at all.
        let focused = liveWindow.withObject {
            gtk_widget_get_mapped($0.asWidget) != 0 && gtk_window_is_active($0.asWidget.asWindow) != 0
        } ?? false
        if focused { waitUntilHandled(by: window) }
    }

    /// `(x, y)` in `widget`'s coordinates as a point in the X window (the GDK surface):
    /// through the GtkWindow, then the window's offset in its surface (client-side shadows).
    func point(in widget: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double) -> (x: Int, y: Int) {
        var source = graphene_point_t(x: Float(x), y: Float(y))
        var target = graphene_point_t()
        guard gtk_widget_compute_point(widget, window, &source, &target) != 0 else { return (-1, -1) }
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(window), &dx, &dy)
        return (Int((Double(target.x) + dx).rounded()), Int((Double(target.y) + dy).rounded()))
    }

    /// The centre of `widget` as a point in the X window.
    func center(of widget: UnsafeMutablePointer<GtkWidget>) -> (x: Int, y: Int) {
        point(in: widget, x: Double(gtk_widget_get_width(widget)) / 2, y: Double(gtk_widget_get_height(widget)) / 2)
    }

    /// xdotool arguments that move the pointer to `p` in the window.
    func move(_ p: (x: Int, y: Int)) -> [String] { ["mousemove", "--window", windowID, "\(p.x)", "\(p.y)"] }

    /// Moves the pointer to `p`. (Not `--sync`: that waits for the pointer to
    /// move, up to 15 s when it is already there; tests wait for GTK's reaction instead.)
    func moveTo(_ p: (x: Int, y: Int)) { run(move(p)) }

    /// Presses and releases button 1 at `p`.
    func click(at p: (x: Int, y: Int)) { run(move(p) + ["click", "1"]) }

    /// Presses button 1 at `from`, moves to `to` in `steps` moves `stepMilliseconds`
    /// apart, waits `holdMilliseconds`, then releases. The moves' server times give
    /// the release velocity GTK sees.
    func drag(from: (x: Int, y: Int), to: (x: Int, y: Int), steps: Int, stepMilliseconds: Int, holdMilliseconds: Int = 0) {
        var arguments = move(from) + ["mousedown", "1"]
        for step in 1...steps {
            let x = from.x + (to.x - from.x) * step / steps
            let y = from.y + (to.y - from.y) * step / steps
            arguments += ["sleep", String(format: "%.3f", Double(stepMilliseconds) / 1000)] + move((x, y))
        }
        if holdMilliseconds > 0 { arguments += ["sleep", String(format: "%.3f", Double(holdMilliseconds) / 1000)] }
        arguments += ["mouseup", "1"]
        run(arguments)
    }

    /// Presses and releases keys (xdotool names: "Escape", "Tab", "shift+Tab", "space").
    func key(_ names: String...) { run(["key", "--clearmodifiers"] + names) }

    /// Presses a marker key (F7) and waits until `host`'s window has seen it:
    /// every event sent before it (a click) has been handled by then, so a
    /// test can tell a click that was blocked from one not yet delivered.
    func waitUntilHandled(on host: HostWindow) {
        waitUntilHandled(by: host.window)
        host.waitForFrames(2)
    }

    /// The marker key (F7) through `window`: every X event sent before it has reached GTK.
    func waitUntilHandled(by window: UnsafeMutablePointer<GtkWidget>) {
        var marker = false
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKey(UnsafeMutableRawPointer(keys), "key-pressed") { keyval, _, _ in
            if keyval == UInt32(GDK_KEY_F7) { marker = true }
            return false
        }
        gtk_widget_add_controller(window, keys)
        key("F7")
        XInput.wait("the marker key after the earlier events") { marker }
        gtk_widget_remove_controller(window, keys)
    }

    /// Runs xdotool with `arguments` while the main loop turns; returns its exit status.
    @discardableResult
    func run(_ arguments: [String]) -> Int32 { Self.run(arguments) }

    @discardableResult
    static func run(_ arguments: [String]) -> Int32 {
        guard let xdotool else { XCTFail("xdotool is missing"); return -1 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xdotool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { XCTFail("xdotool did not start: \(error)"); return -1 }
        pump(until: { !process.isRunning }, timeoutMilliseconds: 20_000)
        if process.isRunning { process.terminate(); XCTFail("xdotool \(arguments) did not finish") }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// xdotool's standard output, or nil when it failed or printed nothing.
    static func output(_ arguments: [String]) -> String? {
        guard let xdotool else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xdotool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !text.isEmpty ? text : nil
    }

    /// Runs the main loop until `condition` holds, waking every 5 ms so that a
    /// condition outside GLib (a child process ending) is seen without a GLib event.
    @discardableResult
    static func pump(until condition: @MainActor () -> Bool, timeoutMilliseconds: UInt32) -> Bool {
        // The pending wake-up is removed at the end: a stray timer firing in a
        // later test would upset that test's closure accounting (ClosureBoxes.liveCount).
        var wake: MainLoopSource?
        func tick() { wake = MainLoop.after(milliseconds: 5) { tick() } }
        tick()
        defer { wake?.cancel() }
        return MainLoop.run(until: condition, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Pumps the main loop until `condition` holds (generous timeout), failing the test otherwise.
    static func wait(_ what: String, timeoutMilliseconds: UInt32 = 8_000, file: StaticString = #filePath, line: UInt = #line,
                     until condition: @MainActor () -> Bool) {
        if !pump(until: condition, timeoutMilliseconds: timeoutMilliseconds) {
            XCTFail("timed out waiting for \(what)", file: file, line: line)
        }
    }
}

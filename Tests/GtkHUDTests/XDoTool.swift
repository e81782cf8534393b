import CGtk
import Foundation
import GtkSupport
import XCTest

/// Real X input for widget tests: `xdotool` sends the events through the X
/// server (XTEST), so GTK sees what a user's mouse and keyboard would produce:
/// picking, grabs, gestures and key bindings all take part.
enum XDoTool {
    /// Fails the test (skips without GTKHUD_REQUIRE_DISPLAY) when xdotool is missing.
    static func require() throws {
        if path == nil {
            if ProcessInfo.processInfo.environment["GTKHUD_REQUIRE_DISPLAY"] == "1" {
                XCTFail("xdotool is not installed (scripts/test installs it)")
            }
            throw XCTSkip("xdotool is not installed")
        }
    }

    private static let path: String? = {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map { "\($0)/xdotool" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The X window id of `window`'s surface (looked up at run time: the X11
    /// backend's header is not part of the C module).
    @MainActor
    static func xid(of window: UnsafeMutablePointer<GtkWidget>) -> UInt? {
        typealias GetXID = @convention(c) (UnsafeMutableRawPointer?) -> UInt
        guard let native = gtk_widget_get_native(window), let surface = gtk_native_get_surface(native),
              let symbol = dlsym(nil, "gdk_x11_surface_get_xid") else { return nil }
        let xid = unsafeBitCast(symbol, to: GetXID.self)(UnsafeMutableRawPointer(surface))
        return xid == 0 ? nil : xid
    }

    /// Runs xdotool with `arguments` and waits for it; true when it succeeded.
    @discardableResult
    static func run(_ arguments: [String]) -> Bool {
        guard let path else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Clicks the primary button at the centre of `widget` with a real X event.
    @MainActor @discardableResult
    static func click(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let native = gtk_widget_get_native(widget), let xid = xid(of: UnsafeMutableRawPointer(native).asWidget) else { return false }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, UnsafeMutableRawPointer(native).asWidget, &bounds) != 0 else { return false }
        // Widget coordinates of the native start inside its surface's shadow margin.
        var surfaceX = 0.0, surfaceY = 0.0
        gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
        let x = Int((surfaceX + Double(bounds.origin.x) + Double(bounds.size.width) / 2).rounded())
        let y = Int((surfaceY + Double(bounds.origin.y) + Double(bounds.size.height) / 2).rounded())
        return run(["mousemove", "--window", "\(xid)", "\(x)", "\(y)", "click", "1"])
    }

    /// Gives `window` the X input focus and presses `keys` (xdotool key names, e.g. "Tab").
    @MainActor @discardableResult
    static func key(_ keys: [String], in window: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let xid = xid(of: window) else { return false }
        return run(["windowfocus", "--sync", "\(xid)"]) && run(["key", "--clearmodifiers"] + keys)
    }
}

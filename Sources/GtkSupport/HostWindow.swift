import CGtk

/// A top-level window for scripted runs, screenshots and widget tests: shows a
/// child at a fixed size and pumps the main loop until it has been drawn.
@MainActor
public final class HostWindow {
    /// The GtkWindow (owned by GTK's toplevel list until `close()`).
    public let window: UnsafeMutablePointer<GtkWidget>
    private var closed = false

    public init(width: Int32 = 400, height: Int32 = 300, title: String = "GtkHUD") {
        window = gtk_window_new()
        title.withCString { gtk_window_set_title(window.asWindow, $0) }
        gtk_window_set_default_size(window.asWindow, width, height)
    }

    /// Hosts a window made elsewhere (an `AdwWindow`, say), at the given default size.
    public init(adopting window: UnsafeMutablePointer<GtkWidget>, width: Int32, height: Int32) {
        self.window = window
        gtk_window_set_default_size(window.asWindow, width, height)
    }

    isolated deinit { close() }

    /// Sets the window's child widget.
    public func setChild(_ child: UnsafeMutablePointer<GtkWidget>?) {
        gtk_window_set_child(window.asWindow, child)
    }

    /// Presents the window and waits until it is mapped and has drawn a frame.
    @discardableResult
    public func present(timeoutMilliseconds: UInt32 = 5_000) -> Bool {
        gtk_window_present(window.asWindow)
        let mapped = MainLoop.run(until: { gtk_widget_get_mapped(self.window) != 0 }, timeoutMilliseconds: timeoutMilliseconds)
        waitForFrames(2)
        return mapped
    }

    /// Lets the frame clock tick `count` times (layout and paint happen on ticks).
    public func waitForFrames(_ count: Int = 1, timeoutMilliseconds: UInt32 = 2_000) {
        guard let clock = gtk_widget_get_frame_clock(window) else {
            MainLoop.iterate()
            return
        }
        let start = gdk_frame_clock_get_frame_counter(clock)
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
        MainLoop.run(until: {
            let done = gdk_frame_clock_get_frame_counter(clock) >= start + count
            if !done { gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT) }
            return done
        }, timeoutMilliseconds: timeoutMilliseconds)
        Self.drainReadySources()
    }

    /// Destroys the window.
    public func close() {
        guard !closed else { return }
        closed = true
        gtk_window_destroy(window.asWindow)
        Self.drainReadySources()
    }

    /// Runs ready sources until none is left, for at most `milliseconds`: with an
    /// animation whose frames take longer than the frame interval (a slow renderer,
    /// valgrind) a paint is always ready, and an unbounded drain would never return.
    private static func drainReadySources(milliseconds: Int = 200) {
        let end = g_get_monotonic_time() + gint64(milliseconds) * 1_000
        while g_get_monotonic_time() < end, MainLoop.iterate() {}
    }
}

import CGtk

/// Watches what the toolkit says about a window's activity: `GtkWindow:is-active`
/// and, while it has a surface, the toplevel's state (minimised, focused,
/// suspended). It reports changes; what they mean for messages is decided in
/// HUDCore (`WindowFacts`). Signals are disconnected by ``stop()`` or when the
/// window goes.
@MainActor
public final class WindowActivityWatch {
    private let window: WeakObjectRef
    private let onChange: @MainActor () -> Void
    private var windowConnections: [SignalConnection] = []
    private var surfaceConnection: SignalConnection?

    /// Watches `window`, calling `onChange` after each change of activity or state.
    public init(window: UnsafeMutablePointer<GtkWidget>, onChange: @escaping @MainActor () -> Void) {
        self.window = WeakObjectRef(window.raw)
        self.onChange = onChange
        windowConnections = [
            Signal.connect(window.raw, "notify::is-active") { [weak self] in self?.onChange() },
            // The surface comes and goes with realization; its state signal with it.
            Signal.connect(window.raw, "realize", after: true) { [weak self] in self?.followSurface() },
            Signal.connect(window.raw, "unrealize") { [weak self] in self?.dropSurface() },
        ]
        followSurface()
    }

    /// Whether the window has the keyboard focus now.
    public var isActive: Bool {
        window.withObject { gtk_window_is_active($0.assumingMemoryBound(to: GtkWindow.self)) != 0 } ?? false
    }

    /// The toplevel's state bits, 0 before the window is realized.
    private var state: UInt32 {
        window.withObject { gtkhud_toplevel_state(gtkhud_window_surface($0.assumingMemoryBound(to: GtkWidget.self))) } ?? 0
    }

    /// Whether the toplevel is minimised.
    public var isMinimized: Bool { state & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0 }
    /// Whether the toplevel is presented as focused (xdg-shell's "activated"; stale on some X11 window managers).
    public var isFocusedState: Bool { state & GDK_TOPLEVEL_STATE_FOCUSED.rawValue != 0 }
    /// Whether the toplevel is suspended (set only by GTK 4.12 and later).
    public var isSuspended: Bool { state & gtkhud_toplevel_state_suspended() != 0 }
    /// Whether the window is on a Wayland display, where the focused state is reliable.
    public var isOnWayland: Bool {
        window.withObject { gtkhud_display_is_wayland(gtk_widget_get_display($0.assumingMemoryBound(to: GtkWidget.self))) != 0 } ?? false
    }

    /// Whether the window has been active since the app's windows are followed
    /// (``followAllWindows()``), or is now.
    public var hasBeenActive: Bool {
        isActive || (window.withObject { g_object_get_data($0.assumingMemoryBound(to: GObject.self), Self.activeOnceKey) != nil } ?? false)
    }

    // MARK: Every window's history

    private static let activeOnceKey = "gtkhud-has-been-active"
    private static var toplevelsConnection: SignalConnection?

    /// Marks every window of the app that becomes active from now on (once,
    /// idempotent), so a watch made later still knows the user was in it.
    public static func followAllWindows() {
        guard toplevelsConnection == nil, let toplevels = gtk_window_get_toplevels() else { return }
        // The list lives as long as GTK: this connection and its one closure stay.
        toplevelsConnection = Signal.connectItemsChanged(UnsafeMutableRawPointer(toplevels)) { position, _, added in
            for index in position..<(position + added) { follow(item: index, of: toplevels) }
        }
        for index in 0..<g_list_model_get_n_items(toplevels) { follow(item: index, of: toplevels) }
    }

    private static func follow(item index: UInt32, of toplevels: OpaquePointer) {
        guard let item = g_list_model_get_item(toplevels, index) else { return }
        defer { g_object_unref(item) }
        let object = item.assumingMemoryBound(to: GObject.self)
        guard g_object_get_data(object, "gtkhud-followed") == nil else { return }
        g_object_set_data(object, "gtkhud-followed", UnsafeMutableRawPointer(bitPattern: 1))
        let mark: @MainActor (UnsafeMutableRawPointer) -> Void = { window in
            if gtk_window_is_active(window.assumingMemoryBound(to: GtkWindow.self)) != 0 {
                g_object_set_data(window.assumingMemoryBound(to: GObject.self), activeOnceKey, UnsafeMutableRawPointer(bitPattern: 1))
            }
        }
        mark(item)
        // Released with the window (GLib's destroy notify on finalize).
        let weakWindow = WeakObjectRef(item)
        Signal.connect(item, "notify::is-active") { weakWindow.withObject { mark($0) } }
    }

    /// Stops watching; safe to call more than once.
    public func stop() {
        windowConnections.forEach { $0.disconnect() }
        windowConnections = []
        dropSurface()
    }

    private func followSurface() {
        dropSurface()
        guard let surface = window.withObject({ gtkhud_window_surface($0.assumingMemoryBound(to: GtkWidget.self)) }) ?? nil else { return }
        surfaceConnection = Signal.connect(UnsafeMutableRawPointer(surface), "notify::state") { [weak self] in self?.onChange() }
        onChange()
    }

    private func dropSurface() {
        surfaceConnection?.disconnect()
        surfaceConnection = nil
    }
}

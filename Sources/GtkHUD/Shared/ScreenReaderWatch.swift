import CGtk
import GtkSupport
import HUDCore

/// Tells HUDCore whether a screen reader runs, from what the desktop offers
/// (see ``GtkHUDAttention/ScreenReader/automatic``), live. One watch for the
/// app, started the first time GtkHUD is used with GTK initialised; nothing
/// here blocks: the bus is asked asynchronously and a missing bus means
/// "no screen reader".
@MainActor
final class ScreenReaderWatch {
    static let shared = ScreenReaderWatch()

    private var mode: GtkHUDAttention.ScreenReader = .automatic
    private var isStarted = false
    /// `org.a11y.Status` on the session bus, once the proxy is made.
    private var statusProxy: ObjectRef?
    private var propertiesChanged: SignalConnection?
    /// Orca 49 and later own `org.gnome.Orca.Service` while they run.
    private var orcaServiceIsOwned = false

    /// Starts watching the bus (once).
    func start() {
        guard !isStarted else { return }
        isStarted = true
        // The launcher is already running when GTK's accessibility is on; never start one for this.
        g_dbus_proxy_new_for_bus(G_BUS_TYPE_SESSION, G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START, nil,
                                 "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Status", nil,
                                 { _, result, _ in
                                     // GDBus calls back in the thread-default context of the caller: the main loop.
                                     MainActor.assumeIsolated { ScreenReaderWatch.shared.statusProxyReady(result) }
                                 }, nil)
        _ = g_bus_watch_name(G_BUS_TYPE_SESSION, "org.gnome.Orca.Service", G_BUS_NAME_WATCHER_FLAGS_NONE,
                             { _, _, _, _ in MainActor.assumeIsolated { ScreenReaderWatch.shared.orcaService(owned: true) } },
                             { _, _, _ in MainActor.assumeIsolated { ScreenReaderWatch.shared.orcaService(owned: false) } },
                             nil, nil)
    }

    /// Starts watching once GTK is initialised (the bus is the display's session's).
    func startIfPossible() {
        if GtkEnvironment.isInitialized { start() }
    }

    /// The app chose a mode (``GtkHUDAttention/screenReader``).
    func modeChanged(to newMode: GtkHUDAttention.ScreenReader) {
        mode = newMode
        publish()
    }

    private func statusProxyReady(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        guard let proxy = g_dbus_proxy_new_for_bus_finish(result, &error) else {
            // No session bus or no accessibility bus: no screen reader can be talking to this app.
            g_clear_error(&error)
            return
        }
        let reference = ObjectRef(adopting: UnsafeMutableRawPointer(proxy))
        statusProxy = reference
        // (changed properties, invalidated names): the cache is already up to date when it is emitted.
        propertiesChanged = Signal.connectTwoPointers(UnsafeMutableRawPointer(proxy), "g-properties-changed") { [weak self] _, _ in
            self?.publish()
        }
        publish()
    }

    private func orcaService(owned: Bool) {
        orcaServiceIsOwned = owned
        publish()
    }

    /// What the bus says now: GNOME's Screen Reader switch (`ScreenReaderEnabled`,
    /// gone from at-spi2-core 2.61), accessibility switched on (`IsEnabled`,
    /// which Orca sets as it starts), or Orca's own service.
    private var busSaysRunning: Bool {
        orcaServiceIsOwned || cachedBoolean("ScreenReaderEnabled") || cachedBoolean("IsEnabled")
    }

    private func cachedBoolean(_ name: String) -> Bool {
        guard let proxy = statusProxy?.pointer,
              let value = g_dbus_proxy_get_cached_property(proxy.assumingMemoryBound(to: GDBusProxy.self), name) else {
            return false
        }
        defer { g_variant_unref(value) }
        guard g_variant_is_of_type(value, g_variant_type_checked_("b")) != 0 else { return false }
        return g_variant_get_boolean(value) != 0
    }

    private func publish() {
        let running: Bool
        switch mode {
        case .automatic: running = busSaysRunning
        case .on: running = true
        case .off: running = false
        }
        AppAttention.shared.setScreenReaderRunning(running)
    }
}

#if canImport(Glibc)
import Glibc
#endif
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
    /// Looks for an Orca process while only that can tell (see ``ScreenReaderSignals/dependsOnTheProcess``).
    private var processCheck: MainLoopSource?
    /// How often, in milliseconds: a reader started by hand is noticed within this.
    static let processCheckInterval: UInt32 = 2_000

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

    /// What the desktop says now; HUDCore's ``ScreenReaderSignals`` decides what it means.
    var signals: ScreenReaderSignals {
        var signals = ScreenReaderSignals()
        signals.screenReaderEnabled = cachedBoolean("ScreenReaderEnabled")
        signals.accessibilityEnabled = cachedBoolean("IsEnabled") ?? false
        signals.screenReaderServiceOwned = orcaServiceIsOwned
        signals.screenReaderProcessRuns = signals.dependsOnTheProcess && Self.orcaProcessRuns()
        return signals
    }

    /// A property of `org.a11y.Status`, or nil when the bus does not have it.
    private func cachedBoolean(_ name: String) -> Bool? {
        guard let proxy = statusProxy?.pointer,
              let value = g_dbus_proxy_get_cached_property(proxy.assumingMemoryBound(to: GDBusProxy.self), name) else {
            return nil
        }
        defer { g_variant_unref(value) }
        guard g_variant_is_of_type(value, g_variant_type_checked_("b")) != 0 else { return nil }
        return g_variant_get_boolean(value) != 0
    }

    private func publish() {
        let running: Bool
        switch mode {
        case .automatic:
            let now = signals
            running = now.isRunning
            followTheProcess(now.dependsOnTheProcess)
        case .on: running = true
        case .off: running = false
        }
        AppAttention.shared.setScreenReaderRunning(running)
    }

    /// Keeps looking for an Orca process while only that can tell (Orca 43 and
    /// 48 started by hand change nothing on the bus when accessibility is
    /// already on); stops as soon as the bus alone decides.
    private func followTheProcess(_ needed: Bool) {
        if !needed {
            processCheck?.cancel()
            processCheck = nil
        } else if processCheck == nil {
            processCheck = MainLoop.after(milliseconds: Self.processCheckInterval) { [weak self] in
                self?.processCheck = nil
                self?.publish()
            }
        }
    }

    /// Whether an Orca of this user's desktop session runs: a process named
    /// `orca` (`/proc/<pid>/comm`: Linux names a script run through its `#!`
    /// line after the script, and Orca names itself so) of this user, on this
    /// session's bus (its `DBUS_SESSION_BUS_ADDRESS`: another session's reader
    /// does not read this app). An Orca whose environment names no session bus
    /// at all counts as this session's: Orca 48 on Debian 13 retitles its
    /// process with python3-setproctitle, which writes over the environment
    /// block `/proc` shows (measured: `comm` "orca", no bus variable left), so
    /// there is nothing to compare, unless it runs under another root
    /// directory (a container or a chroot beside this session: measured with
    /// two Debian releases' test suites side by side, one's Orca 48 made the
    /// other's banners wait); then it is not this session's reader.
    private static func orcaProcessRuns() -> Bool {
        guard let proc = opendir("/proc") else { return false }
        defer { closedir(proc) }
        let me = getuid()
        let myBus = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) }
        while let entry = readdir(proc) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let first = name.utf8.first, first >= 48, first <= 57 else { continue }
            var info = stat()
            guard stat("/proc/\(name)", &info) == 0, info.st_uid == me,
                  contents(of: "/proc/\(name)/comm", limit: 32).map(firstLine) == "orca" else { continue }
            guard let myBus else { return true }
            let environment = (contents(of: "/proc/\(name)/environ", limit: 1 << 16) ?? []).split(separator: 0)
                .map { String(decoding: $0, as: UTF8.self) }
            let bus = environment.first { $0.hasPrefix("DBUS_SESSION_BUS_ADDRESS=") }
            if bus == "DBUS_SESSION_BUS_ADDRESS=" + myBus { return true }
            if bus == nil, sharesMyRootDirectory(name) { return true }
        }
        return false
    }

    /// Whether process `pid` sees the same `/` as this one (`/proc/<pid>/root`
    /// names its root directory; stat follows it). When that cannot be read,
    /// it counts as the same: a reader missed would let messages time out
    /// under a blind user, a reader wrongly counted only keeps some waiting.
    private static func sharesMyRootDirectory(_ pid: String) -> Bool {
        var theirs = stat()
        var mine = stat()
        guard stat("/proc/\(pid)/root", &theirs) == 0, stat("/", &mine) == 0 else { return true }
        return theirs.st_dev == mine.st_dev && theirs.st_ino == mine.st_ino
    }

    private static func firstLine(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix { $0 != 10 }, as: UTF8.self)
    }

    /// Up to `limit` bytes of a small file, or nil.
    private static func contents(of path: String, limit: Int) -> [UInt8]? {
        let file = open(path, O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: limit)
        var total = 0
        while total < limit {
            let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress! + total, limit - total) }
            guard count > 0 else { break }
            total += count
        }
        return total > 0 ? Array(buffer.prefix(total)) : nil
    }
}

import CGtk
import GtkSupport
import HUDCore

/// The production ``/HUDCore/Scheduler``: GLib's monotonic clock and main-loop timeouts,
/// so HUD and banner timers run inside `g_application_run` like any GTK timer.
@MainActor
public final class GLibScheduler: Scheduler {
    /// The scheduler every HUD and banner uses unless told otherwise.
    public static let shared = GLibScheduler()

    /// A scheduler on the default main context (apps use ``shared``).
    public init() {}

    public var now: Duration { .microseconds(g_get_monotonic_time()) }

    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        let components = max(delay, .zero).components
        let milliseconds = components.seconds * 1_000 + components.attoseconds / 1_000_000_000_000_000
        let clamped = UInt32(clamping: max(0, milliseconds))
        final class SourceSlot { var source: MainLoopSource? }
        let slot = SourceSlot()
        let timer = ScheduledTimer(cancel: { slot.source?.cancel() })
        slot.source = MainLoop.after(milliseconds: clamped) { [weak timer] in
            guard let timer, timer.isPending else { return }
            timer.markFired()
            action()
        }
        return timer
    }
}

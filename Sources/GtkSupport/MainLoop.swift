import CGtk
import CMainQueueBridge

/// Swift concurrency on GTK's main loop.
///
/// GTK runs GLib's loop, not Dispatch's, so without help `@MainActor` tasks and
/// `DispatchQueue.main` blocks never run inside `g_application_run`. GtkHUD
/// watches libdispatch's main-queue file descriptor from GLib and drains the
/// queue when it becomes readable: FIFO order, on the GTK thread, no polling.
/// The watch is installed when the library loads; `install()` is there for
/// programs that load GtkHUD from another thread.
public enum MainActorBridge {
    /// Installs the bridge if it is not installed yet. Call on the main thread.
    @discardableResult
    public static func install() -> Bool { gtkhud_main_queue_bridge_install() }

    /// Whether the GLib watch that drains the main queue is in place.
    public static var isInstalled: Bool { gtkhud_main_queue_bridge_installed() }

    /// The GLib priority of the bridge's source now (0 when not installed).
    ///
    /// Painting and main-actor work take turns: the bridge drains at
    /// `G_PRIORITY_DEFAULT`, above GTK's redraw, so main-actor work never waits
    /// behind more than one frame (below redraw, the GL renderer's back-to-back
    /// frames delayed it by seconds); after each drain it steps just below redraw
    /// for one loop iteration, so a pending frame never waits behind more than
    /// one drain (always at default, a progress storm from worker threads held
    /// painting at 7 frames a second).
    public static var priority: Int32 { gtkhud_main_queue_bridge_priority() }

    /// How many times the bridge has drained the main queue.
    public static var drainCount: UInt { UInt(gtkhud_main_queue_bridge_drain_count()) }

    /// Runs `body` on the main actor from any thread: at once when called on
    /// the main thread (GTK's), else through the main queue, which the GLib
    /// loop drains in FIFO order, so the bodies one thread hands over run in
    /// the order it handed them over. Never traps, never waits.
    public nonisolated static func perform(_ body: @escaping @MainActor @Sendable () -> Void) {
        if MainQueue.isMainThread {
            MainActor.assumeIsolated { body() }
        } else {
            MainQueue.async(body)
        }
    }
}

/// A GLib main-loop source created from Swift (timeout or idle). Cancelling is
/// idempotent and safe after the source ran; the closure box is released by
/// GLib's destroy notify in every case.
@MainActor
public final class MainLoopSource {
    private var sourceID: UInt32
    private let finished: FinishedFlag

    final class FinishedFlag { var value = false }

    fileprivate init(sourceID: UInt32, finished: FinishedFlag) {
        self.sourceID = sourceID
        self.finished = finished
    }

    /// Whether the source is still waiting to run.
    public var isPending: Bool { sourceID != 0 && !finished.value }

    /// Removes the source if it has not run yet.
    public func cancel() {
        guard isPending else { return }
        finished.value = true
        g_source_remove(sourceID)
        sourceID = 0
    }
}

/// One-shot timeouts and idles on the default GLib main context.
@MainActor
public enum MainLoop {
    private typealias Action = @MainActor () -> Void
    private struct Payload { let action: Action; let finished: MainLoopSource.FinishedFlag }

    /// Runs `action` once after `milliseconds` (0 = next loop iteration, at default priority).
    @discardableResult
    public static func after(milliseconds: UInt32, _ action: @escaping @MainActor () -> Void) -> MainLoopSource {
        let flag = MainLoopSource.FinishedFlag()
        let data = ClosureBox<Payload>.retained(Payload(action: action, finished: flag))
        let callback: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
            let payload = ClosureBox<Payload>.from(data).closure
            payload.finished.value = true
            MainActor.assumeIsolated { payload.action() }
            return 0 // G_SOURCE_REMOVE
        }
        let release = AnyClosureBox.destroyNotify
        let id = g_timeout_add_full(G_PRIORITY_DEFAULT, guint(milliseconds), callback, data, release)
        return MainLoopSource(sourceID: id, finished: flag)
    }

    /// Runs one iteration of the default main context (tests and scripted runs).
    @discardableResult
    public static func iterate(mayBlock: Bool = false) -> Bool {
        g_main_context_iteration(nil, mayBlock ? 1 : 0) != 0
    }

    /// Runs the default main context until `condition` holds or `timeoutMilliseconds` pass.
    /// Returns whether the condition held.
    @discardableResult
    public static func run(until condition: @MainActor () -> Bool, timeoutMilliseconds: UInt32 = 5_000) -> Bool {
        var timedOut = false
        let timer = after(milliseconds: timeoutMilliseconds) { timedOut = true }
        defer { timer.cancel() }
        while !condition() && !timedOut {
            iterate(mayBlock: true)
        }
        return condition()
    }
}

/// Swift's main queue, which the GLib loop drains (`CMainQueueBridge`).
public enum MainQueue {
    private typealias Work = @MainActor @Sendable () -> Void

    /// Whether the caller runs on the main thread (what `Thread.isMainThread`
    /// tells, without Foundation).
    public nonisolated static var isMainThread: Bool { gtkhud_is_main_thread() }

    /// Runs `work` once on the main thread, from any thread: what
    /// `DispatchQueue.main.async` does, without linking the Swift Dispatch overlay
    /// (about 190 KiB of an app's start-up memory; docs/performance.md).
    public nonisolated static func async(_ work: @escaping @MainActor @Sendable () -> Void) {
        let run: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
            let work = ClosureBox<Work>.from(data).closure
            AnyClosureBox.releaseAny(data)
            MainActor.assumeIsolated { work() }
        }
        gtkhud_main_queue_async(ClosureBox<Work>.retained(work), run)
    }
}

/// Frame-clock tick callbacks (`gtk_widget_add_tick_callback`).
@MainActor
public enum TickCallback {
    /// Called once per frame with the frame time in microseconds; return false to stop.
    public typealias Handler = @MainActor (Int64) -> Bool

    /// Adds a tick callback; the returned id removes it with `remove(_:from:)`.
    @discardableResult
    public static func add(to widget: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping Handler) -> UInt32 {
        let callback: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { _, clock, data in
            let box = ClosureBox<Handler>.from(data)
            let time = clock.map { Int64(gdk_frame_clock_get_frame_time($0)) } ?? 0
            return MainActor.assumeIsolated { box.closure(time) } ? 1 : 0
        }
        let release = AnyClosureBox.destroyNotify
        return gtk_widget_add_tick_callback(widget, callback, ClosureBox<Handler>.retained(handler), release)
    }

    /// Removes a tick callback (its closure is released by GTK).
    public static func remove(_ id: UInt32, from widget: UnsafeMutablePointer<GtkWidget>) {
        guard id != 0 else { return }
        gtk_widget_remove_tick_callback(widget, guint(id))
    }
}

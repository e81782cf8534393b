/// Time and one-shot timers for the HUD and banner state machines.
///
/// Every state machine in `HUDCore` reads time and sets timers only through a
/// `Scheduler`, so the same logic runs on the GLib main loop in an app
/// (`GLibScheduler` in the GtkHUD module) and on virtual time in tests
/// (``ManualScheduler``), where a whole show/dismiss sequence is replayed
/// deterministically without sleeping.
@MainActor
public protocol Scheduler: AnyObject {
    /// Monotonic time since an arbitrary origin.
    var now: Duration { get }

    /// Runs `action` once, `delay` from now, unless the returned timer is cancelled.
    /// A zero or negative delay still runs later, never re-entrantly inside this call.
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer
}

/// A pending one-shot timer. Cancelling is idempotent; cancelling a timer that
/// already fired does nothing.
@MainActor
public final class ScheduledTimer {
    private var cancelHandler: (@MainActor () -> Void)?
    /// Whether ``cancel()`` stopped the timer (false at first).
    public private(set) var isCancelled = false
    /// Whether the timer ran its action (false at first).
    public private(set) var hasFired = false

    /// A timer whose ``cancel()`` calls `cancel` once (a scheduler makes these).
    public init(cancel: @escaping @MainActor () -> Void) {
        cancelHandler = cancel
    }

    /// Stops the timer if it has not fired yet.
    public func cancel() {
        guard !isCancelled, !hasFired else { return }
        isCancelled = true
        let handler = cancelHandler
        cancelHandler = nil
        handler?()
    }

    /// Called by a scheduler right before it runs the action.
    public func markFired() {
        hasFired = true
        cancelHandler = nil
    }

    /// Whether the timer is still waiting to fire.
    public var isPending: Bool { !isCancelled && !hasFired }
}

/// A banner's timeout clock: armed once the entrance has finished, paused
/// while anything holds it (the banner's own reasons, kept on the banner as
/// ``Banner/inhibitors``, or a hold its queue has on every banner), and resumed
/// with the time that was left.
///
/// Resuming the remaining time (rather than starting over, as `AdwToast` does)
/// keeps the total on-screen time close to what the app asked for, while a
/// user reading under the pointer never loses the banner. A banner that
/// appears while held has not started counting, so it gets its whole time.
@MainActor
final class BannerCountdown {
    private let scheduler: any Scheduler
    private let onExpiry: @MainActor () -> Void
    private var timeout: BannerTimeout
    /// Time left when the clock is stopped; `nil` for ``BannerTimeout/untilDismissed``.
    private var remaining: Duration?
    /// When the clock last started running; `nil` while it is stopped.
    private var runningSince: Duration?
    private var timer: ScheduledTimer?
    private var isArmed = false
    /// Whether something holds this banner (hover, press, focus, drag): the
    /// reasons themselves are the banner's, in one place (``Banner/inhibitors``).
    private var isHeldByBanner = false
    /// Whether the queue holds every banner (focus inside the banners, window inactive, ...).
    private var isHeldByQueue = false

    init(scheduler: any Scheduler, timeout: BannerTimeout, heldByBanner: Bool = false,
         heldByQueue: Bool = false, onExpiry: @escaping @MainActor () -> Void) {
        self.scheduler = scheduler
        self.timeout = timeout
        self.remaining = timeout.duration
        self.isHeldByBanner = heldByBanner
        self.isHeldByQueue = heldByQueue
        self.onExpiry = onExpiry
    }

    /// The timeout it counts down now.
    var currentTimeout: BannerTimeout { timeout }

    /// Time left before expiry, or `nil` when there is no timeout.
    var remainingTime: Duration? {
        guard let remaining else { return nil }
        guard let runningSince else { return remaining }
        return max(.zero, remaining - (scheduler.now - runningSince))
    }

    /// Whether the clock is armed and would be running if nothing inhibited it.
    var isPaused: Bool { isArmed && remaining != nil && isHeld }

    private var isHeld: Bool { isHeldByBanner || isHeldByQueue }

    /// Starts counting (the entrance has finished).
    func arm() {
        isArmed = true
        resumeIfAllowed()
    }

    /// Starts the full time again, possibly with a new timeout.
    func restart(with timeout: BannerTimeout) {
        stopClock()
        self.timeout = timeout
        remaining = timeout.duration
        resumeIfAllowed()
    }

    /// Changes the timeout of a running appearance, keeping the share of the
    /// time that was left: half of 4 s left becomes half of 8 s when the time
    /// doubles. A countdown that had no timeout gets the whole new time; one
    /// that gets none stops counting.
    func retime(to newTimeout: BannerTimeout) {
        guard newTimeout != timeout else { return }
        let left = remainingTime
        let old = timeout.duration
        stopClock()
        timeout = newTimeout
        if let left, let old, let new = newTimeout.duration, old > .zero {
            remaining = new * (left / old)
        } else {
            remaining = newTimeout.duration
        }
        resumeIfAllowed()
    }

    /// Something began or stopped holding the banner itself (its ``Banner/inhibitors`` became non-empty or empty).
    func setHeldByBanner(_ held: Bool) {
        guard held != isHeldByBanner else { return }
        let wasFree = !isHeld
        isHeldByBanner = held
        if wasFree && isHeld { pauseClock() } else { resumeIfAllowed() }
    }

    /// The queue's hold on every banner began or ended.
    func setHeldByQueue(_ held: Bool) {
        guard held != isHeldByQueue else { return }
        let wasFree = !isHeld
        isHeldByQueue = held
        if wasFree && isHeld { pauseClock() } else { resumeIfAllowed() }
    }

    /// Stops for good: the banner left the screen.
    func cancel() {
        stopClock()
        isArmed = false
        isHeldByBanner = false
        isHeldByQueue = false
    }

    private func resumeIfAllowed() {
        guard isArmed, !isHeld, runningSince == nil, let remaining else { return }
        runningSince = scheduler.now
        timer = scheduler.schedule(after: remaining) { [weak self] in self?.expire() }
    }

    private func pauseClock() {
        remaining = remainingTime
        stopClock()
    }

    private func stopClock() {
        timer?.cancel()
        timer = nil
        runningSince = nil
    }

    private func expire() {
        timer = nil
        runningSince = nil
        remaining = .zero
        isArmed = false
        onExpiry()
    }
}

/// Something that holds a banner's timeout while it lasts, like the pointer,
/// touch and focus controllers of `AdwToastWidget`.
public enum BannerInhibitReason: Hashable, Sendable {
    /// The pointer is over the banner.
    case hover
    /// A finger or button is pressed on the banner.
    case press
    /// Keyboard focus is inside the banner.
    case focus
    /// The user is dragging the banner.
    case drag
    /// An app-defined reason, e.g. a popover opened from the banner.
    case other(String)
}

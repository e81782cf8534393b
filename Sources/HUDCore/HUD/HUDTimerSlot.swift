/// One replaceable timer: starting it again or cancelling it guarantees the
/// previous action never runs, even if a scheduler delivers a late callback.
@MainActor
final class HUDTimerSlot {
    private let scheduler: any Scheduler
    private var timer: ScheduledTimer?
    /// Bumped on every start and cancel; an action runs only if its generation is still current.
    private var generation: UInt64 = 0

    /// When the pending action is due, or `nil` if none is pending.
    private(set) var deadline: Duration?

    init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    var isPending: Bool { deadline != nil }

    /// Replaces any pending action with `action`, due `delay` from now.
    func start(after delay: Duration, _ action: @escaping @MainActor () -> Void) {
        cancel()
        let expected = generation
        deadline = scheduler.now + max(delay, .zero)
        timer = scheduler.schedule(after: delay) { [weak self] in
            guard let self, self.generation == expected else { return }
            self.clear()
            action()
        }
    }

    /// Drops the pending action, if any.
    func cancel() {
        timer?.cancel()
        clear()
    }

    private func clear() {
        generation &+= 1
        timer = nil
        deadline = nil
    }
}

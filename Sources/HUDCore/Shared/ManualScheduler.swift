/// A scheduler on virtual time: nothing happens until the test advances it.
///
/// Timers with equal deadlines fire in the order they were scheduled, and a
/// timer scheduled while advancing fires in the same `advance` call if its
/// deadline falls inside the advanced span.
@MainActor
public final class ManualScheduler: Scheduler {
    private struct Entry {
        let deadline: Duration
        let sequence: UInt64
        let timer: ScheduledTimer
        let action: @MainActor () -> Void
    }

    public private(set) var now: Duration
    private var entries: [Entry] = []
    private var nextSequence: UInt64 = 0

    public init(now: Duration = .zero) {
        self.now = now
    }

    /// Number of timers that are still waiting.
    public var pendingCount: Int { entries.filter { $0.timer.isPending }.count }

    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        let timer = ScheduledTimer(cancel: {})
        let deadline = now + max(delay, .zero)
        entries.append(Entry(deadline: deadline, sequence: nextSequence, timer: timer, action: action))
        nextSequence += 1
        return timer
    }

    /// Moves time forward by `span`, running every timer that becomes due, in deadline order.
    public func advance(by span: Duration) {
        advance(to: now + max(span, .zero))
    }

    /// Moves time forward to `target`, running every timer that becomes due, in deadline order.
    public func advance(to target: Duration) {
        while let index = nextDueIndex(notAfter: target) {
            let entry = entries.remove(at: index)
            now = max(now, entry.deadline)
            entry.timer.markFired()
            entry.action()
        }
        now = max(now, target)
        entries.removeAll { !$0.timer.isPending }
    }

    /// Runs every pending timer, however far in the future, and returns the time reached.
    /// Stops after `limit` timers so a timer that keeps rescheduling itself cannot hang a test.
    @discardableResult
    public func runUntilIdle(limit: Int = 100_000) -> Duration {
        var fired = 0
        while fired < limit, let index = nextDueIndex(notAfter: .seconds(Int64.max / 2)) {
            let entry = entries.remove(at: index)
            now = max(now, entry.deadline)
            entry.timer.markFired()
            entry.action()
            fired += 1
        }
        return now
    }

    private func nextDueIndex(notAfter target: Duration) -> Int? {
        var best: Int?
        for (index, entry) in entries.enumerated() where entry.timer.isPending && entry.deadline <= target {
            if let current = best {
                let other = entries[current]
                if (entry.deadline, entry.sequence) < (other.deadline, other.sequence) { best = index }
            } else {
                best = index
            }
        }
        return best
    }
}

/// Makes a withdrawal of a desktop notification stick when it comes soon
/// after the notification was sent.
///
/// GLib's freedesktop.org backend (`gfdonotificationbackend.c`, GLib 2.74 on
/// Debian 12) files a notification only when the server's reply to `Notify`
/// arrives; a `g_application_withdraw_notification` before that finds nothing
/// and is dropped, and the notification then stays on the desktop. Measured:
/// a run ending while the user was away, followed by the user coming back,
/// left its notification up once in two repeated runs on a loaded machine.
///
/// So a withdrawal within ``replyAllowance`` of its send is repeated a few
/// times (``retryDelays``), until the allowance has passed; a withdrawal of
/// an id GLib does not know is a no-op, so a repeat that is not needed costs
/// nothing. Sending the same id again calls the repeats off (they would take
/// the new notification down).
@MainActor
public final class NotificationWithdrawals {
    /// How long after a send GLib may still be waiting for the server's reply.
    public static let replyAllowance: Duration = .seconds(5)
    /// When a withdrawal is repeated, after the first.
    public static let retryDelays: [Duration] = [.milliseconds(250), .seconds(1), .seconds(3)]

    private let scheduler: any Scheduler
    private let withdraw: @MainActor (String) -> Void
    private var sentAt: [String: Duration] = [:]
    private var repeats: [String: [ScheduledTimer]] = [:]

    /// - Parameters:
    ///   - scheduler: the clock of the repeats.
    ///   - withdraw: withdraws the notification with this id from the desktop.
    public init(scheduler: any Scheduler, withdraw: @escaping @MainActor (String) -> Void) {
        self.scheduler = scheduler
        self.withdraw = withdraw
    }

    /// A notification with `id` was sent (or replaced).
    public func sent(_ id: String) {
        cancelRepeats(of: id)
        sentAt[id] = scheduler.now
    }

    /// Withdraws the notification with `id` now, and again while GLib may not
    /// have filed it yet.
    public func withdrawn(_ id: String) {
        cancelRepeats(of: id)
        withdraw(id)
        guard let sent = sentAt.removeValue(forKey: id) else { return }
        let age = scheduler.now - sent
        guard age < Self.replyAllowance else { return }
        repeats[id] = Self.retryDelays.filter { age + $0 <= Self.replyAllowance }.map { delay in
            scheduler.schedule(after: delay) { [weak self] in self?.withdraw(id) }
        }
    }

    /// Whether repeats of a withdrawal of `id` are still to come.
    public func isRepeating(_ id: String) -> Bool {
        repeats[id]?.contains { !$0.hasFired && !$0.isCancelled } ?? false
    }

    /// How many repeats are still to come, over every id (each holds a timer
    /// until it fires: a leak check counts them out).
    public var pendingRepeats: Int {
        repeats.values.reduce(0) { count, timers in count + timers.filter { !$0.hasFired && !$0.isCancelled }.count }
    }

    /// Forgets everything (the application that sent them ended).
    public func reset() {
        for id in Array(repeats.keys) { cancelRepeats(of: id) }
        sentAt = [:]
    }

    private func cancelRepeats(of id: String) {
        repeats.removeValue(forKey: id)?.forEach { $0.cancel() }
    }
}

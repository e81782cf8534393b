/// When GtkHUD's fallback for GTK < 4.14 lends a message to the accessible
/// description of what a screen reader treats as focused, and when it gives
/// the description back. GtkHUD's `Announcer` only finds the targets and
/// sets the descriptions; every timing is decided here.
///
/// Orca 43 speaks a description change only for its locus of focus, and
/// speaks the text the change event carries. Rules:
/// - A message waits ``deliveryDelay`` (150 ms) before it is set: when the
///   click that showed it also moved focus, Orca first presents the newly
///   focused object with its description, then the change, and the message
///   would be heard twice. Messages that wait together are set together.
/// - The same text twice in a row is no change and would not be spoken, so
///   every other message carries an invisible mark (U+200B).
/// - A target gives its description back on the next main-loop turn after
///   it was set (``Scheduler/schedule(after:_:)`` with zero delay). GTK sends
///   the change event while the description is set, and Orca speaks the
///   event's own text; a description kept longer is read a second time when
///   Orca presents the focus again a moment later (Alt+Tab away and back, a
///   late window activation, "where am I"), issue #29. A reset to nothing is
///   not spoken.
/// - A target that would say something when given back (a focused widget
///   with a tooltip: GTK exposes tooltips as descriptions, and the restored
///   tooltip would be read out as a new description) keeps the message until
///   focus leaves it (``focusLeft(_:)``).
/// - A target lent again before it gave back stays one loan.
@MainActor
public final class DescriptionLoans<Target: Hashable> {
    /// How long a message waits before it is set (see the rules above).
    public let deliveryDelay: Duration

    /// Sets `text` as the target's description.
    public var describe: @MainActor (Target, String) -> Void = { _, _ in }
    /// Gives the target its own description back (nothing, or its tooltip).
    public var giveBack: @MainActor (Target) -> Void = { _ in }
    /// Whether giving back now would itself be spoken (a focused widget with a tooltip).
    public var mustWaitForFocusToLeave: @MainActor (Target) -> Bool = { _ in false }

    private enum Loan {
        case lent(ScheduledTimer)
        case waitingForFocusToLeave
    }

    private struct Message {
        let text: String
        let targets: @MainActor () -> [Target]
        let delivered: @MainActor () -> Void
    }

    private let scheduler: any Scheduler
    private var waiting: [Message] = []
    private var delivery: ScheduledTimer?
    private var loans: [Target: Loan] = [:]
    private var marks = false

    /// Creates loans timed by `scheduler`.
    public init(scheduler: any Scheduler, deliveryDelay: Duration = .milliseconds(150)) {
        self.scheduler = scheduler
        self.deliveryDelay = max(deliveryDelay, .zero)
    }

    /// Lends `text` (``deliveryDelay`` from now) to the targets `targets`
    /// returns then; `delivered` runs once it is set, unless no target was found.
    public func lend(_ text: SpokenText, to targets: @escaping @MainActor () -> [Target],
                     delivered: @escaping @MainActor () -> Void = {}) {
        guard !text.isEmpty else { return }
        waiting.append(Message(text: text.text, targets: targets, delivered: delivered))
        if delivery == nil {
            delivery = scheduler.schedule(after: deliveryDelay) { [weak self] in self?.deliver() }
        }
    }

    /// The targets holding a message now.
    public var lentTargets: Set<Target> { Set(loans.keys) }

    /// Focus left `target`: a message it kept for that is given back now.
    public func focusLeft(_ target: Target) {
        guard case .waitingForFocusToLeave = loans[target] else { return }
        loans[target] = nil
        giveBack(target)
    }

    /// `target` is gone (destroyed): nothing is given back to it.
    public func forget(_ target: Target) {
        if case .lent(let timer) = loans[target] { timer.cancel() }
        loans[target] = nil
    }

    /// Drops the waiting messages and gives every description back now.
    public func giveEverythingBack() {
        delivery?.cancel()
        delivery = nil
        waiting = []
        let lent = loans
        loans = [:]
        for (target, loan) in lent {
            if case .lent(let timer) = loan { timer.cancel() }
            giveBack(target)
        }
    }

    private func deliver() {
        delivery = nil
        let messages = waiting
        waiting = []
        for message in messages {
            let targets = message.targets()
            guard !targets.isEmpty else { continue }
            marks.toggle()
            let text = marks ? message.text : message.text + "\u{200B}"
            for target in targets { lend(text, to: target) }
            message.delivered()
        }
    }

    private func lend(_ text: String, to target: Target) {
        if case .lent(let timer) = loans[target] { timer.cancel() }
        describe(target, text)
        loans[target] = .lent(scheduler.schedule(after: .zero) { [weak self] in self?.giveBackWhenSent(target) })
    }

    /// The change event went out with the description: give it back, unless that would be spoken.
    private func giveBackWhenSent(_ target: Target) {
        guard case .lent = loans[target] else { return }
        if mustWaitForFocusToLeave(target) {
            loans[target] = .waitingForFocusToLeave
        } else {
            loans[target] = nil
            giveBack(target)
        }
    }
}

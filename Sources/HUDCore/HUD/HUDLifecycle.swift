/// The appear/disappear state machine of one HUD, shared by instance HUDs and the shared HUD.
///
/// It decides *when* a HUD appears and disappears (grace time, minimum show
/// time, delayed hides, fades) on an injected ``Scheduler``, drives a
/// ``HUDPresenter`` and reports ``HUDLifecycleEvent``s. It knows nothing about
/// what the HUD shows.
///
/// Guarantees:
/// - A hide during the grace time means nothing is ever shown and no event is emitted.
/// - A hide less than `minimumShowTime` after the fade-in started is postponed until then.
/// - A show cancels every pending hide (delayed, postponed or fading out).
/// - Of two hide requests, the newer one decides when the HUD goes.
/// - Every completion passed to `hide` runs exactly once, with an ``HUDDismissOutcome``.
/// - Events pair as described in ``HUDLifecycleEvent``.
///
/// Presenter calls, events and completions are delivered in order after the
/// state change that caused them, so a callback may call back into the
/// lifecycle: its own effects are queued behind the ones still being delivered.
@MainActor
public final class HUDLifecycle {
    /// Timing of one HUD. Negative durations are corrected to zero (and reported).
    public struct Configuration: Equatable, Sendable {
        /// Delay before a requested HUD appears; a hide within it means the HUD never shows.
        public var graceTime: Duration
        /// Shortest time on screen, counted from the start of the fade-in.
        public var minimumShowTime: Duration
        /// Length of the fade-in; zero appears at once (pass zero when animations are disabled).
        public var fadeInDuration: Duration
        /// Length of the fade-out; zero disappears at once.
        public var fadeOutDuration: Duration

        /// Creates a configuration; defaults are no grace, no minimum show time and 0.15 s fades.
        public init(
            graceTime: Duration = .zero,
            minimumShowTime: Duration = .zero,
            fadeInDuration: Duration = .milliseconds(150),
            fadeOutDuration: Duration = .milliseconds(150)
        ) {
            self.graceTime = graceTime
            self.minimumShowTime = minimumShowTime
            self.fadeInDuration = fadeInDuration
            self.fadeOutDuration = fadeOutDuration
        }
    }

    /// Receives the outcome of a dismissal request, exactly once.
    public typealias Completion = @MainActor (HUDDismissOutcome) -> Void

    /// Receives lifecycle events.
    public typealias Observer = @MainActor (HUDLifecycleEvent) -> Void

    /// Identifies an observer for ``HUDLifecycle/removeObserver(_:)``.
    public struct ObserverID: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private enum Effect {
        case event(HUDLifecycleEvent)
        case beginAppear(Duration)
        case beginDisappear(Duration)
        case finishDisappear
        case complete(Completion, HUDDismissOutcome)
    }

    /// Timing used by the next transitions; a change does not alter a transition already running.
    public var configuration: Configuration {
        didSet { configuration = Self.corrected(configuration) }
    }

    /// The view driven by this lifecycle. Held weakly: the view owns its lifecycle, not the reverse.
    public weak var presenter: (any HUDPresenter)?

    /// The current phase.
    public private(set) var phase: HUDPhase = .hidden

    private let scheduler: any Scheduler
    private let phaseTimer: HUDTimerSlot
    private let hideTimer: HUDTimerSlot
    private var appearStartedAt: Duration?
    /// A hide request that waits for the fade-in to end before its delay starts counting.
    private var hideDelayAfterAppearing: Duration?
    /// An immediate hide was requested but waits for `minimumShowTime`.
    private var isHidePostponed = false
    private var dismissalCompletions: [Completion] = []
    private var observers: [(id: ObserverID, observer: Observer)] = []
    private var nextObserverID: UInt64 = 0
    private var pendingEffects: [Effect] = []
    private var isDeliveringEffects = false

    /// Creates a hidden HUD lifecycle timed by `scheduler`.
    public init(scheduler: any Scheduler, configuration: Configuration = Configuration()) {
        self.scheduler = scheduler
        self.configuration = Self.corrected(configuration)
        phaseTimer = HUDTimerSlot(scheduler: scheduler)
        hideTimer = HUDTimerSlot(scheduler: scheduler)
    }

    // MARK: State queries

    /// Whether the HUD is drawn: true while fading in, visible and fading out (false during the grace time).
    public var isVisible: Bool { phase.isOnScreen }

    /// Whether the HUD is done for: hidden, fading out, or committed to hide once its minimum show time is up.
    ///
    /// A HUD with only a *delayed* hide pending is not finished yet. Use this to
    /// find the topmost HUD that is still live.
    public var isFinished: Bool {
        phase == .hidden || phase == .fadingOut || isHidePostponed
    }

    /// Whether some hide is waiting: delayed, postponed by the minimum show time, or waiting for the fade-in to end.
    public var hasPendingHide: Bool {
        hideTimer.isPending || hideDelayAfterAppearing != nil
    }

    // MARK: Observers

    /// Adds an observer of lifecycle events; observers are called in the order they were added.
    @discardableResult
    public func addObserver(_ observer: @escaping Observer) -> ObserverID {
        let id = ObserverID(value: nextObserverID)
        nextObserverID += 1
        observers.append((id, observer))
        return id
    }

    /// Removes an observer; unknown identifiers are ignored.
    public func removeObserver(_ id: ObserverID) {
        observers.removeAll { $0.id == id }
    }

    // MARK: Operations

    /// Requests the HUD on screen.
    ///
    /// Cancels every pending hide (their completions run with `.superseded`).
    /// From hidden it starts the grace time, or fades in at once without one; a
    /// HUD that is fading out fades back in from where it is. Otherwise it does nothing.
    public func show() {
        cancelPendingHide()
        if phase == .fadingOut {
            reverseFadeOut()
        } else {
            settleCompletions(.superseded)
            if phase == .hidden { startGraceOrAppear() }
        }
        deliverEffects()
    }

    /// Requests the HUD off screen, now or `delay` from now.
    ///
    /// A newer hide request replaces an older pending one, and both completions
    /// then ride on the newer one. A hide during the grace time cancels the show
    /// silently; a hide earlier than `minimumShowTime` after the fade-in began
    /// is postponed until then. If the HUD is hidden already, `completion`
    /// runs with `.dismissed` before this method returns; if it is fading out,
    /// `completion` runs when the fade-out ends.
    public func hide(afterDelay delay: Duration = .zero, completion: Completion? = nil) {
        requestHide(completion: completion) { lifecycle in
            if delay > .zero {
                lifecycle.hideTimer.start(after: delay) { [weak lifecycle] in lifecycle?.hideFromTimer() }
            } else {
                lifecycle.hideNow()
            }
        }
    }

    /// Same as ``hide(afterDelay:completion:)`` for callers that do not need the outcome.
    public func hide(afterDelay delay: Duration = .zero, completion: @escaping @MainActor () -> Void) {
        hide(afterDelay: delay) { (_: HUDDismissOutcome) in completion() }
    }

    /// Requests the HUD off screen once it has been fully shown for `delay`.
    ///
    /// The delay counts from the end of the fade-in (after any grace time), or
    /// from now if the HUD is already fully shown. Used for status HUDs that
    /// dismiss themselves, so the reading time is never eaten by the fade-in.
    /// Otherwise behaves like `hide(afterDelay:completion:)`.
    public func hide(afterShownFor delay: Duration, completion: Completion? = nil) {
        requestHide(completion: completion) { lifecycle in
            if lifecycle.phase == .visible {
                lifecycle.hideTimer.start(after: delay) { [weak lifecycle] in lifecycle?.hideFromTimer() }
            } else {
                lifecycle.hideDelayAfterAppearing = max(delay, .zero)
            }
        }
    }

    /// Removes the HUD at once and stops everything pending, typically because its host is being destroyed.
    ///
    /// Pending completions run with `.cancelled`. If the HUD had appeared, the
    /// presenter gets `finishDisappear` and observers get the events that close
    /// the pair (`willDisappear` if not yet sent, then `didDisappear`). The
    /// lifecycle is hidden afterwards and can be shown again.
    public func cancelAll() {
        cancelPendingHide()
        phaseTimer.cancel()
        switch phase {
        case .hidden, .gracePending:
            break
        case .fadingIn, .visible:
            closeAppearanceIfFadingIn()
            enqueue(.event(.willDisappear))
            enqueue(.finishDisappear)
            enqueue(.event(.didDisappear))
        case .fadingOut:
            enqueue(.finishDisappear)
            enqueue(.event(.didDisappear))
        }
        phase = .hidden
        appearStartedAt = nil
        settleCompletions(.cancelled)
        deliverEffects()
    }

    // MARK: Transitions

    private func requestHide(completion: Completion?, schedule: (HUDLifecycle) -> Void) {
        if let completion { dismissalCompletions.append(completion) }
        switch phase {
        case .hidden:
            settleCompletions(.dismissed)
        case .fadingOut:
            break
        case .gracePending, .fadingIn, .visible:
            cancelPendingHide()
            schedule(self)
        }
        deliverEffects()
    }

    private func startGraceOrAppear() {
        let grace = configuration.graceTime
        guard grace > .zero else { return beginAppearing() }
        phase = .gracePending
        phaseTimer.start(after: grace) { [weak self] in
            self?.beginAppearing()
            self?.deliverEffects()
        }
    }

    private func beginAppearing() {
        phase = .fadingIn
        appearStartedAt = scheduler.now
        enqueue(.event(.willAppear))
        enqueue(.beginAppear(configuration.fadeInDuration))
        runPhase(after: configuration.fadeInDuration) { $0.finishAppearing() }
    }

    private func finishAppearing() {
        phase = .visible
        enqueue(.event(.didAppear))
        if let delay = hideDelayAfterAppearing {
            hideDelayAfterAppearing = nil
            hideTimer.start(after: delay) { [weak self] in self?.hideFromTimer() }
        }
    }

    /// A show during the fade-out: close the announced disappearance, then appear again from where the view is.
    private func reverseFadeOut() {
        phaseTimer.cancel()
        enqueue(.event(.didDisappear))
        settleCompletions(.superseded)
        beginAppearing()
    }

    private func hideFromTimer() {
        hideNow()
        deliverEffects()
    }

    private func hideNow() {
        cancelPendingHide()
        switch phase {
        case .hidden:
            settleCompletions(.dismissed)
        case .gracePending:
            phaseTimer.cancel()
            phase = .hidden
            settleCompletions(.dismissed)
        case .fadingIn, .visible:
            let wait = remainingMinimumShowTime
            if wait > .zero {
                isHidePostponed = true
                hideTimer.start(after: wait) { [weak self] in self?.hideFromTimer() }
            } else {
                beginDisappearing()
            }
        case .fadingOut:
            break
        }
    }

    private var remainingMinimumShowTime: Duration {
        guard let start = appearStartedAt else { return .zero }
        return max(start + configuration.minimumShowTime - scheduler.now, .zero)
    }

    private func beginDisappearing() {
        closeAppearanceIfFadingIn()
        phase = .fadingOut
        enqueue(.event(.willDisappear))
        enqueue(.beginDisappear(configuration.fadeOutDuration))
        runPhase(after: configuration.fadeOutDuration) { $0.finishDisappearing() }
    }

    /// A hide that lands during the fade-in cuts it short; `didAppear` still
    /// comes first, so code awaiting it after `willAppear` never waits for ever.
    private func closeAppearanceIfFadingIn() {
        guard phase == .fadingIn else { return }
        enqueue(.event(.didAppear))
    }

    private func finishDisappearing() {
        phase = .hidden
        appearStartedAt = nil
        enqueue(.finishDisappear)
        enqueue(.event(.didDisappear))
        settleCompletions(.dismissed)
    }

    /// Runs `step` after `duration`, or right away for a zero duration so disabled animations
    /// change state within the same call.
    private func runPhase(after duration: Duration, _ step: @escaping @MainActor (HUDLifecycle) -> Void) {
        guard duration > .zero else {
            phaseTimer.cancel()
            return step(self)
        }
        phaseTimer.start(after: duration) { [weak self] in
            guard let self else { return }
            step(self)
            self.deliverEffects()
        }
    }

    private func cancelPendingHide() {
        hideTimer.cancel()
        hideDelayAfterAppearing = nil
        isHidePostponed = false
    }

    // MARK: Effects

    private func settleCompletions(_ outcome: HUDDismissOutcome) {
        let completions = dismissalCompletions
        dismissalCompletions.removeAll()
        for completion in completions { enqueue(.complete(completion, outcome)) }
    }

    private func enqueue(_ effect: Effect) {
        pendingEffects.append(effect)
    }

    /// Delivers queued effects in order. A nested call (from inside a callback) returns at once:
    /// the outer loop delivers what the callback queued, after what was already queued.
    private func deliverEffects() {
        guard !isDeliveringEffects else { return }
        isDeliveringEffects = true
        defer { isDeliveringEffects = false }
        var index = 0
        while index < pendingEffects.count {
            let effect = pendingEffects[index]
            index += 1
            deliver(effect)
        }
        pendingEffects.removeAll()
    }

    private func deliver(_ effect: Effect) {
        switch effect {
        case .event(let event):
            for entry in observers { entry.observer(event) }
        case .beginAppear(let duration):
            presenter?.beginAppear(duration: duration)
        case .beginDisappear(let duration):
            presenter?.beginDisappear(duration: duration)
        case .finishDisappear:
            presenter?.finishDisappear()
        case .complete(let completion, let outcome):
            completion(outcome)
        }
    }

    private static func corrected(_ configuration: Configuration) -> Configuration {
        var result = configuration
        result.graceTime = nonNegative(configuration.graceTime, "graceTime")
        result.minimumShowTime = nonNegative(configuration.minimumShowTime, "minimumShowTime")
        result.fadeInDuration = nonNegative(configuration.fadeInDuration, "fadeInDuration")
        result.fadeOutDuration = nonNegative(configuration.fadeOutDuration, "fadeOutDuration")
        return result
    }

    private static func nonNegative(_ duration: Duration, _ name: String) -> Duration {
        guard duration < .zero else { return duration }
        Diagnostics.report("HUDLifecycle.configuration", "\(name) \(duration) is negative; using 0 seconds.")
        return .zero
    }
}

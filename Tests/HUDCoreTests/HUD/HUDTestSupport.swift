import Testing
@testable import HUDCore

/// Records presenter calls with the virtual time at which they happened.
@MainActor
final class HUDRecordingPresenter: HUDPresenter {
    enum Call: Equatable {
        case beginAppear(Duration)
        case beginDisappear(Duration)
        case finishDisappear
    }

    private let scheduler: ManualScheduler
    private(set) var calls: [(call: Call, at: Duration)] = []
    /// Content shown through the full road, in order.
    private(set) var displayed: [HUDContent] = []
    /// Fractions shown through the fast road, in order.
    private(set) var progressSteps: [Double] = []

    init(scheduler: ManualScheduler) {
        self.scheduler = scheduler
    }

    var callList: [Call] { calls.map(\.call) }

    /// Forgets the content shown so far (what attaching the view showed).
    func forgetDisplayed() { displayed = [] }

    func time(of call: Call) -> Duration? {
        calls.first { $0.call == call }?.at
    }

    func display(_ content: HUDContent) { displayed.append(content) }
    func displayProgress(_ fraction: Double) { progressSteps.append(fraction) }
    /// What the controller decided to tell screen readers, in order.
    private(set) var announced: [HUDAnnouncement] = []
    func announce(_ announcement: HUDAnnouncement) { announced.append(announcement) }
    func beginAppear(duration: Duration) { calls.append((.beginAppear(duration), scheduler.now)) }
    func beginDisappear(duration: Duration) { calls.append((.beginDisappear(duration), scheduler.now)) }
    func finishDisappear() { calls.append((.finishDisappear, scheduler.now)) }
}

/// Records lifecycle events with their virtual time and checks that they pair.
@MainActor
final class HUDEventRecorder {
    private let scheduler: ManualScheduler
    private(set) var entries: [(event: HUDLifecycleEvent, at: Duration)] = []
    private var validator = HUDEventPairingValidator()

    init(observing lifecycle: HUDLifecycle, scheduler: ManualScheduler) {
        self.scheduler = scheduler
        lifecycle.addObserver { [weak self] event in self?.record(event) }
    }

    var events: [HUDLifecycleEvent] { entries.map(\.event) }
    var violations: [String] { validator.violations }

    func time(of event: HUDLifecycleEvent, occurrence: Int = 1) -> Duration? {
        entries.filter { $0.event == event }.dropFirst(occurrence - 1).first?.at
    }

    private func record(_ event: HUDLifecycleEvent) {
        entries.append((event, scheduler.now))
        validator.check(event)
    }
}

/// Checks that events form a prefix of `(willAppear didAppear willDisappear didDisappear)*`.
struct HUDEventPairingValidator {
    private enum State { case hidden, appearing, shown, disappearing }
    private var state = State.hidden
    private(set) var violations: [String] = []

    /// Whether the last event closed every pair (the HUD is not on screen as far as observers know).
    var isClosed: Bool { state == .hidden }

    mutating func check(_ event: HUDLifecycleEvent) {
        switch (state, event) {
        case (.hidden, .willAppear): state = .appearing
        case (.appearing, .didAppear): state = .shown
        case (.shown, .willDisappear): state = .disappearing
        case (.disappearing, .didDisappear): state = .hidden
        default: violations.append("\(event) while \(state)")
        }
    }
}

/// Counts how often each completion ran and with which outcome.
@MainActor
final class HUDCompletionProbe {
    private(set) var outcomes: [Int: [HUDDismissOutcome]] = [:]
    private(set) var issued = 0
    /// Whether any completion ran more than once (kept separately so storms can check it cheaply).
    private(set) var anyRanTwice = false

    /// A completion that records under a fresh number.
    func make() -> HUDLifecycle.Completion {
        let number = issued
        issued += 1
        outcomes[number] = []
        return { [weak self] outcome in
            guard let self else { return }
            outcomes[number, default: []].append(outcome)
            if outcomes[number, default: []].count > 1 { anyRanTwice = true }
        }
    }

    func outcomes(of number: Int) -> [HUDDismissOutcome] { outcomes[number] ?? [] }

    /// Numbers of completions that ran other than exactly once.
    var notRunExactlyOnce: [Int] {
        outcomes.filter { $0.value.count != 1 }.map(\.key).sorted()
    }
}



/// A small deterministic PRNG (HUDSplitMix64) so random tests replay exactly from their seed.
struct HUDSplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension Duration {
    /// Milliseconds, to keep virtual timelines readable.
    static func ms(_ value: Int64) -> Duration { .milliseconds(value) }
}

/// A HUD presenter that records impossible call sequences.
@MainActor
final class StrictHUDPresenter: HUDPresenter {
    private(set) var isOnScreen = false
    private var isFadingOut = false
    private(set) var violations: [String] = []

    func display(_ content: HUDContent) {}
    func displayProgress(_ fraction: Double) {}
    func announce(_ announcement: HUDAnnouncement) {}

    func beginAppear(duration: Duration) {
        isOnScreen = true
        isFadingOut = false
    }

    func beginDisappear(duration: Duration) {
        if !isOnScreen || isFadingOut { violations.append("beginDisappear while not shown") }
        isFadingOut = true
    }

    func finishDisappear() {
        if !isOnScreen { violations.append("finishDisappear while not on screen") }
        isOnScreen = false
        isFadingOut = false
    }
}

extension HUDController {
    /// What a worker's `setProgress` and the next frame's delivery do, in one call.
    @discardableResult
    func postAndDeliver(_ value: Double, showsIfHidden: Bool) -> Bool {
        postedProgress.post(value)
        return applyPostedProgress { showProgress($0, showsIfHidden: showsIfHidden) }
    }
}

extension SharedHUDController {
    /// What `ProgressHUD.setProgress` and the next frame's delivery do, in one call.
    @discardableResult
    func postAndDeliver(_ value: Double) -> Bool {
        core.postedProgress.post(value)
        return applyPostedProgress()
    }
}

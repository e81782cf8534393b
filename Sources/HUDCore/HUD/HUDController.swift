/// One HUD's behaviour, shared by both front-ends: what it shows, its timing,
/// when it appears and goes (through ``HUDLifecycle``), what happens to progress
/// that arrives late, which view it is on, and what screen readers are told.
///
/// `ProgressHUD` (SVProgressHUD style) is this controller plus activity
/// counting (``SharedHUDController``); `HUD` (MBProgressHUD style) is a thin
/// facade that maps its properties to ``HUDContent`` and calls this. The GTK
/// layer only carries the decisions out, through the ``HUDPresenter`` set with
/// ``attach(_:)``.
///
/// Decisions made here, once, on the injected clock:
/// - **Posted progress keeps its order.** Other threads post to
///   ``postedProgress``; the front end delivers it (once per frame) with
///   ``applyPostedProgress(_:)``. A value posted before a
///   main-actor change (``present(_:animated:)``, ``setContent(_:)``, a result,
///   a dismissal, the host's end) is never applied after it: every such call
///   drops what waits. So a worker's last `setProgress(1)` followed, in the same
///   main-loop turn, by the next task's `progress = 0` leaves 0. Only the
///   delivery itself changes the content without dropping newer posts.
/// - **Late progress.** Posted progress is accepted from a show of work (spinner,
///   progress, custom widget) until that work ends: a result
///   (``showResult(_:)``), a dismissal or the host going away
///   (``hostDestroyed()``). A value posted after any of these is refused, so a
///   worker's last value can neither turn a success HUD into a progress HUD
///   that never leaves nor bring a dismissed HUD back.
///   ``acceptsPostedProgress`` (mirrored in ``postedProgress``) says when.
/// - **Host changes.** ``attach(_:)`` moves the HUD to another view (another
///   window) as it is: same content, same pending timers and completions; the
///   old view is cleared and the new one shown at once if the HUD is on screen.
///   A move says nothing: announcements stay once-only across moves.
/// - **Announcements.** The content is announced when the HUD comes on screen
///   and whenever what it says changes while on screen, through
///   ``HUDAnnouncementPolicy`` (progress at quarters, no repeats); a result
///   says what it means ("Success: Saved"), errors interrupt.
/// - **Timing.** ``timing`` holds the settings (checked by the public API
///   with ``Timing/corrected(_:_:source:)``); fades are zero when ``animationsEnabled`` is false or a transition
///   is requested without animation.
@MainActor
public final class HUDController {
    /// The settings of one HUD, in seconds. The public API checks each value as
    /// it is set, with ``corrected(_:_:source:)``: one rule for both front ends.
    public struct Timing: Equatable, Sendable {
        /// Delay before a requested HUD appears; dismissed within it, it never shows (0).
        public var graceTime: Double = 0
        /// Shortest time on screen, from the start of the fade-in (0).
        public var minimumShowTime: Double = 0
        /// Fade-in length (0.15).
        public var fadeInDuration: Double = 0.15
        /// Fade-out length (0.15).
        public var fadeOutDuration: Double = 0.15
        /// Shortest display of a result (5); `.infinity` keeps results up.
        public var minimumDismissTime: Double = 5
        /// Longest display of a result (`.infinity`: no cap).
        public var maximumDismissTime: Double = .infinity

        /// SVProgressHUD's defaults.
        public init() {}

        /// These settings with `setting` set to `value`, checked by the one rule
        /// for timing values, each correction reported under `source` (the
        /// public name the app set it through, `HUD.graceTime`): NaN and
        /// infinity keep the current value (+infinity is kept for the dismiss
        /// times, where it means "never"); a value outside the setting's range
        /// (``range(of:)``) is clamped.
        @MainActor
        public func corrected(_ setting: WritableKeyPath<Self, Double>, _ value: Double, source: String) -> Self {
            var fixed = self
            fixed[keyPath: setting] = HUDValues.setting(value, current: self[keyPath: setting], range: Self.range(of: setting),
                                                       source: source, allowsInfinity: Self.allowsInfinity(setting))
            return fixed
        }

        /// Where a setting's values are usable: fades up to 10 s, waits up to an
        /// hour, display times up to ``HUDValues/maximumSeconds``.
        public static func range(of setting: WritableKeyPath<Self, Double>) -> ClosedRange<Double> {
            if setting == \.fadeInDuration || setting == \.fadeOutDuration { return 0...10 }
            if allowsInfinity(setting) { return 0...HUDValues.maximumSeconds }
            return 0...3600
        }

        /// Seconds a result with `status` stays fully shown: SVProgressHUD's
        /// reading time within the minimum and maximum dismiss times,
        /// lengthened by the app's ``AppAttention/timeoutMultiplier``.
        @MainActor
        public func displayDuration(for status: String?, attention: AppAttention = .shared) -> Double {
            attention.lengthened(HUDValues.displayDuration(for: status, minimum: minimumDismissTime, maximum: maximumDismissTime))
        }

        private static func allowsInfinity(_ setting: WritableKeyPath<Self, Double>) -> Bool {
            setting == \.minimumDismissTime || setting == \.maximumDismissTime
        }
    }

    /// The appear/disappear machine. Its presenter is this controller's relay; set views with ``attach(_:)``.
    public let lifecycle: HUDLifecycle

    /// What the HUD shows now (kept after the HUD hides, until the next change).
    public private(set) var content = HUDContent()

    /// The settings; a change applies to the next transition.
    public var timing = Timing() { didSet { applyTiming() } }

    /// Whether the user lets things move (GTK's `gtk-enable-animations`, reduced motion); no fades when false.
    public var animationsEnabled = true { didSet { applyTiming() } }

    /// Whether progress posted from other threads is still wanted (see the type's notes).
    public private(set) var acceptsPostedProgress = true {
        didSet {
            // Mirrored for the posting threads, which then stop scheduling deliveries.
            if acceptsPostedProgress != oldValue { postedProgress.setOpen(acceptsPostedProgress) }
        }
    }

    /// Where other threads post progress (any thread); see the type's notes for what is applied.
    public nonisolated let postedProgress: PostedProgress

    /// The view the HUD is drawn by, if any.
    public var view: (any HUDPresenter)? { relay.view }

    /// The app-wide inputs; its multiplier lengthens result and delayed-hide times.
    public let attention: AppAttention
    private let relay: Relay
    private let announcements: HUDAnnouncementPolicy
    private var animatesNextTransition = true
    /// Set while ``applyPostedProgress(_:)`` applies a value: that change
    /// is the posted value itself, so it drops nothing posted since (a worker's newer value).
    private var isApplyingPostedProgress = false

    /// Creates a hidden HUD timed by `scheduler`; announcements are paced by
    /// `announcementClock` (the same clock unless a test gives its own).
    /// `postedProgress` is given by a front end whose threads post before the controller exists.
    /// `attention` gives the app-wide timeout multiplier (``AppAttention/shared`` by default).
    public init(scheduler: any Scheduler, announcementClock: (any Scheduler)? = nil,
                postedProgress: PostedProgress = PostedProgress(), attention: AppAttention = .shared) {
        self.postedProgress = postedProgress
        self.attention = attention
        postedProgress.setOpen(true)
        lifecycle = HUDLifecycle(scheduler: scheduler)
        announcements = HUDAnnouncementPolicy(scheduler: announcementClock ?? scheduler)
        relay = Relay()
        relay.controller = self
        lifecycle.presenter = relay
        applyTiming()
    }

    /// Whether the HUD is drawn: fading in, fully shown or fading out (not during the grace time).
    public var isVisible: Bool { lifecycle.isVisible }

    // MARK: Views

    /// Draws the HUD with `view` from now on (nil: no view). A HUD on screen
    /// moves as it is: the old view is cleared, the new one shows the content at once.
    public func attach(_ view: (any HUDPresenter)?) {
        guard view !== relay.view else { return }
        let old = relay.view
        relay.view = view
        view?.display(content)
        guard lifecycle.phase != .hidden, lifecycle.phase != .gracePending else { return }
        old?.finishDisappear()
        if lifecycle.phase == .fadingOut {
            view?.beginAppear(duration: .zero)
            view?.beginDisappear(duration: .zero)
        } else {
            // A move is silent: the words were said where the HUD was, and the
            // policy's memory goes with the HUD, so nothing is said twice and no
            // stale percentage is said again; what changes after the move is said once.
            view?.beginAppear(duration: .zero)
        }
    }

    /// Removes the HUD at once (completions run with `.cancelled`) and refuses late progress.
    public func cancelAll() {
        supersedePostedProgress()
        acceptsPostedProgress = false
        lifecycle.cancelAll()
    }

    /// The view's host is going away: the HUD goes at once (see ``cancelAll()``) and the view is dropped.
    public func hostDestroyed() {
        cancelAll()
        relay.view = nil
    }

    // MARK: Content

    /// Shows `newContent` (replaced in place if the HUD is up, faded in
    /// otherwise); cancels any pending dismissal. Work (spinner, progress,
    /// custom widget, text) accepts posted progress again.
    public func present(_ newContent: HUDContent, animated: Bool = true) {
        supersedePostedProgress()
        acceptsPostedProgress = !newContent.indicator.dismissesAutomatically
        setContent(newContent)
        animatesNextTransition = animated
        applyTiming()
        lifecycle.show()
    }

    /// Shows a result (success, error, info, image) that leaves on its own after
    /// ``displayDuration(for:)``; posted progress is refused from now on.
    public func showResult(_ newContent: HUDContent) {
        present(newContent)
        acceptsPostedProgress = false
        if let shownFor = HUDValues.exactDuration(seconds: displayDuration(for: newContent.status)) {
            lifecycle.hide(afterShownFor: shownFor)
        }
    }

    /// Replaces what the HUD shows without showing or hiding it. Like every
    /// main-actor change, also an unchanged content drops progress posted before it.
    public func setContent(_ newContent: HUDContent) {
        supersedePostedProgress()
        guard newContent != content else { return }
        let old = content
        content = newContent
        relay.view?.update(from: old, to: newContent)
        announceContent()
    }

    /// Hands `apply` the newest value posted to ``postedProgress`` since the
    /// last main-actor change, if one waits and it is still wanted (see the
    /// type's notes). Whether is decided here; how is the front end's: an
    /// instance HUD sets its `progress`, which its mode shows or keeps; the
    /// shared HUD shows it, counting an activity. Calls `apply` makes to this
    /// controller are the value's own change and drop nothing posted since.
    /// - Returns: Whether a value was applied.
    @discardableResult
    public func applyPostedProgress(_ apply: @MainActor (Double) -> Void) -> Bool {
        guard let value = postedProgress.take(), acceptsPostedProgress else { return false }
        isApplyingPostedProgress = true
        defer { isApplyingPostedProgress = false }
        apply(value)
        return true
    }

    /// Shows `value` as determinate progress (the spinner when not finite),
    /// showing the HUD if `showsIfHidden` (SVProgressHUD's `setProgress` does).
    func showProgress(_ value: Double, showsIfHidden: Bool) {
        var updated = content
        updated.indicator = HUDValues.progress(value).map(HUDIndicator.progress) ?? .indeterminate
        if lifecycle.phase == .visible || lifecycle.phase == .fadingIn || !showsIfHidden {
            setContent(updated)
        } else {
            present(updated)
        }
    }

    /// Seconds a result with `status` stays fully shown (see ``Timing/displayDuration(for:attention:)``).
    public func displayDuration(for status: String?) -> Double {
        timing.displayDuration(for: status, attention: attention)
    }

    // MARK: Dismissal

    /// Hides the HUD after `delay`, lengthened by the app's
    /// ``AppAttention/timeoutMultiplier`` (a delayed hide is time to read what
    /// the HUD says); `completion` runs exactly once with the outcome.
    /// Posted progress is refused from now on (until the next show of work).
    public func dismiss(afterDelay delay: Duration = .zero, animated: Bool = true,
                        completion: HUDLifecycle.Completion? = nil) {
        supersedePostedProgress()
        acceptsPostedProgress = false
        animatesNextTransition = animated
        applyTiming()
        lifecycle.hide(afterDelay: attention.lengthened(delay), completion: completion)
    }

    // MARK: Private

    /// A main-actor change: progress posted before it is dropped (not the posted value's own change).
    private func supersedePostedProgress() {
        if !isApplyingPostedProgress { postedProgress.supersede() }
    }

    private func applyTiming() {
        let animates = animationsEnabled && animatesNextTransition
        lifecycle.configuration = HUDLifecycle.Configuration(
            graceTime: Self.duration(timing.graceTime),
            minimumShowTime: Self.duration(timing.minimumShowTime),
            fadeInDuration: animates ? Self.duration(timing.fadeInDuration) : .zero,
            fadeOutDuration: animates ? Self.duration(timing.fadeOutDuration) : .zero)
    }

    /// Settings are checked by the public API; absurdly long ones are capped here without a second report.
    private static func duration(_ seconds: Double) -> Duration {
        guard seconds.isFinite, seconds > 0 else { return .zero }
        return HUDValues.exactDuration(seconds: min(seconds, HUDValues.maximumSeconds)) ?? .zero
    }

    private var isOnScreen = false

    fileprivate func viewAppeared() {
        isOnScreen = true
        announceContent()
    }

    fileprivate func viewGone() {
        isOnScreen = false
        announcements.reset()
    }

    private func announceContent() {
        guard isOnScreen, let view = relay.view else { return }
        let strings = HUDStrings.provider()
        // Spoken text is made once, here (the bezel's name is built the same way); nothing after cleans it again.
        let name = SpokenText(built: content.spokenName(in: strings))
        guard let spoken = announcements.announcement(name: name, progress: content.indicator.progressFraction,
                                                      strings: strings) else { return }
        view.announce(HUDAnnouncement(spoken: spoken, isUrgent: content.indicator == .error, isName: spoken == name))
    }

    /// The lifecycle's presenter: forwards to the current view and tells the
    /// controller when the HUD comes on screen and leaves, for announcements.
    /// (The lifecycle holds its presenter weakly; the controller owns this.)
    private final class Relay: HUDPresenter {
        weak var controller: HUDController?
        var view: (any HUDPresenter)?

        func display(_ content: HUDContent) { view?.display(content) }
        func displayProgress(_ fraction: Double) { view?.displayProgress(fraction) }
        func announce(_ announcement: HUDAnnouncement) { view?.announce(announcement) }
        func beginAppear(duration: Duration) {
            view?.beginAppear(duration: duration)
            controller?.viewAppeared()
        }
        func beginDisappear(duration: Duration) { view?.beginDisappear(duration: duration) }
        func finishDisappear() {
            view?.finishDisappear()
            controller?.viewGone()
        }
    }
}

/// What a HUD tells screen readers, decided by ``HUDController``.
public struct HUDAnnouncement: Equatable, Sendable {
    /// The words, as a screen reader is given them.
    public var spoken: SpokenText
    /// The words (setting them cleans them: one line).
    public var text: String {
        get { spoken.text }
        set { spoken = SpokenText(newValue) }
    }
    /// Interrupts what the screen reader is saying (errors).
    public var isUrgent: Bool
    /// The text is the HUD's accessible name as it is, so a focused bezel speaks it by itself.
    public var isName: Bool

    public init(text: String, isUrgent: Bool, isName: Bool) {
        self.init(spoken: SpokenText(text), isUrgent: isUrgent, isName: isName)
    }

    /// An announcement of text already made speakable.
    public init(spoken: SpokenText, isUrgent: Bool, isName: Bool) {
        self.spoken = spoken
        self.isUrgent = isUrgent
        self.isName = isName
    }
}

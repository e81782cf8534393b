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
/// - **Late progress.** Progress posted from other threads is applied by
///   ``applyPostedProgress(_:showsIfHidden:)``. It is accepted from a show of work (spinner,
///   progress, custom widget) until that work ends: a result
///   (``showResult(_:)``), a dismissal or the host going away
///   (``hostDestroyed()``). A value posted before and applied after any of
///   these is dropped, so a worker's last value can neither turn a success HUD
///   into a progress HUD that never leaves nor bring a dismissed HUD back.
///   ``acceptsPostedProgress`` tells the thread side when to stop posting.
/// - **Host changes.** ``attach(_:)`` moves the HUD to another view (another
///   window) as it is: same content, same pending timers and completions; the
///   old view is cleared and the new one shown at once if the HUD is on screen.
/// - **Announcements.** The content is announced when the HUD comes on screen
///   and whenever what it says changes while on screen, through
///   ``HUDAnnouncementPolicy`` (progress at quarters, no repeats); a result
///   says what it means ("Success: Saved"), errors interrupt.
/// - **Timing.** ``timing`` holds the settings (already checked by the public
///   API); fades are zero when ``animationsEnabled`` is false or a transition
///   is requested without animation.
@MainActor
public final class HUDController {
    /// The settings of one HUD, in seconds. The public API checks each value as it is set.
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
        didSet { if acceptsPostedProgress != oldValue { onPostedProgressGateChange?(acceptsPostedProgress) } }
    }

    /// Called when ``acceptsPostedProgress`` changes, so the thread side can stop posting and drop what waits.
    public var onPostedProgressGateChange: (@MainActor (Bool) -> Void)?

    /// The view the HUD is drawn by, if any.
    public var view: (any HUDPresenter)? { relay.view }

    private let relay: Relay
    private let announcements: HUDAnnouncementPolicy
    private var animatesNextTransition = true

    /// Creates a hidden HUD timed by `scheduler`; announcements are paced by
    /// `announcementClock` (the same clock unless a test gives its own).
    public init(scheduler: any Scheduler, announcementClock: (any Scheduler)? = nil) {
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
            announcements.reset()
            view?.beginAppear(duration: .zero)
            announceContent()
        }
    }

    /// Removes the HUD at once (completions run with `.cancelled`) and refuses late progress.
    public func cancelAll() {
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

    /// Replaces what the HUD shows without showing or hiding it.
    public func setContent(_ newContent: HUDContent) {
        guard newContent != content else { return }
        let old = content
        content = newContent
        relay.view?.update(from: old, to: newContent)
        announceContent()
    }

    /// Applies a progress value posted from another thread, if it is still wanted.
    /// - Parameter value: the posted progress, `0...1` (cleaned by the caller).
    /// - Parameter showsIfHidden: whether a value may show the HUD (SVProgressHUD's
    ///   `setProgress` does; an instance HUD's value only updates it).
    /// - Returns: Whether the value was applied.
    @discardableResult
    public func applyPostedProgress(_ value: Double, showsIfHidden: Bool) -> Bool {
        guard acceptsPostedProgress else { return false }
        var updated = content
        updated.indicator = HUDValues.progress(value).map(HUDIndicator.progress) ?? .indeterminate
        if lifecycle.phase == .visible || lifecycle.phase == .fadingIn || !showsIfHidden {
            setContent(updated)
        } else {
            present(updated)
        }
        return true
    }

    /// Seconds a result with `status` stays fully shown, within the minimum and maximum dismiss times.
    public func displayDuration(for status: String?) -> Double {
        HUDValues.displayDuration(for: status, minimum: timing.minimumDismissTime, maximum: timing.maximumDismissTime)
    }

    // MARK: Dismissal

    /// Hides the HUD after `delay`; `completion` runs exactly once with the outcome.
    /// Posted progress is refused from now on (until the next show of work).
    public func dismiss(afterDelay delay: Duration = .zero, animated: Bool = true,
                        completion: HUDLifecycle.Completion? = nil) {
        acceptsPostedProgress = false
        animatesNextTransition = animated
        applyTiming()
        lifecycle.hide(afterDelay: delay, completion: completion)
    }

    // MARK: Private

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

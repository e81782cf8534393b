/// The application-wide HUD (SVProgressHUD's singleton semantics), built on one ``HUDLifecycle``.
///
/// The public GtkHUD API hops to the main actor and calls this; the GTK layer
/// renders ``content`` and drives the view, both through ``lifecycle``'s presenter
/// (``HUDPresenter``, the one channel to the view), and reports events.
///
/// Differences from SVProgressHUD, each fixing a reported race or surprise:
/// - Calls take effect synchronously, so `show(); show(); popActivity()` leaves
///   the HUD up (one activity left) and `show(); dismiss(); showSuccess(...)`
///   shows the success HUD.
/// - ``showProgress(_:status:)`` counts one activity when a progress HUD starts,
///   not per update; the progress activity ends with the next dismissal.
/// - Any show cancels a pending dismissal, including a fade-out in progress and
///   the auto-dismiss of a status HUD.
/// - Status HUDs (info, success, error, image) count their display time from the
///   end of the fade-in, or from now if the HUD is already fully shown.
/// - ``popActivity()`` never cuts a status HUD short: it leaves on its own timer.
/// - Every dismissal completion runs exactly once (see ``HUDDismissOutcome``).
@MainActor
public final class SharedHUDController {
    /// The appear/disappear machine; set its presenter and observe its events from the view layer.
    public let lifecycle: HUDLifecycle

    /// What the HUD shows now (kept after the HUD hides, until the next show).
    public private(set) var content = HUDContent()

    /// Outstanding `show`/progress activities that ``popActivity()`` can end. Never negative.
    public private(set) var activityCount = 0



    /// Seconds a requested HUD waits before appearing (default 0); a dismissal within it shows nothing.
    public var graceTime: Double = 0 {
        didSet { graceTime = HUDInput.seconds(graceTime, source: "SharedHUDController.graceTime"); applyTiming() }
    }

    /// Shortest display time of a status HUD, in seconds (default 5); `.infinity` keeps status HUDs up.
    public var minimumDismissTime: Double = 5 {
        didSet {
            minimumDismissTime = HUDInput.seconds(
                minimumDismissTime, source: "SharedHUDController.minimumDismissTime", allowsInfinity: true)
        }
    }

    /// Longest display time of a status HUD, in seconds (default `.infinity`, no cap).
    public var maximumDismissTime: Double = .infinity {
        didSet {
            maximumDismissTime = HUDInput.seconds(
                maximumDismissTime, source: "SharedHUDController.maximumDismissTime", allowsInfinity: true)
        }
    }

    /// Fade-in length in seconds (default 0.15); the view layer sets 0 when animations are disabled.
    public var fadeInDuration: Double = 0.15 {
        didSet {
            fadeInDuration = HUDInput.seconds(fadeInDuration, source: "SharedHUDController.fadeInDuration")
            applyTiming()
        }
    }

    /// Fade-out length in seconds (default 0.15).
    public var fadeOutDuration: Double = 0.15 {
        didSet {
            fadeOutDuration = HUDInput.seconds(fadeOutDuration, source: "SharedHUDController.fadeOutDuration")
            applyTiming()
        }
    }

    /// A progress HUD was started and not dismissed since: further progress calls are updates.
    private var isProgressActivityOpen = false

    /// Creates a hidden shared HUD timed by `scheduler`, with SVProgressHUD's default timing.
    public init(scheduler: any Scheduler) {
        lifecycle = HUDLifecycle(scheduler: scheduler)
        applyTiming()
    }

    /// Whether the HUD is drawn: fading in, fully shown or fading out (not during the grace time).
    public var isVisible: Bool { lifecycle.isVisible }

    // MARK: Activity HUDs

    /// Shows a spinner with an optional status and counts one activity.
    public func show(status: String? = nil) {
        let status = HUDInput.status(status, source: "SharedHUDController.show(status:)")
        activityCount += 1
        present(HUDContent(status: status, indicator: .indeterminate))
    }

    /// Shows a caller-supplied indicator (a widget the GTK layer wrapped in
    /// ``ExternalContent``) with an optional status (nil: the text alone), and counts one activity like ``show(status:)``.
    public func showCustom(_ widget: ExternalContent?, status: String? = nil) {
        let status = HUDInput.status(status, source: "SharedHUDController.showCustom(_:status:)")
        activityCount += 1
        present(HUDContent(status: status, indicator: widget.map { .custom($0) } ?? .textOnly))
    }

    /// Puts `widget` in place of the custom widget on screen, if one is showing.
    public func replaceCustomWidget(with widget: ExternalContent?) {
        guard case .custom = content.indicator else { return }
        var updated = content
        updated.indicator = widget.map { .custom($0) } ?? .textOnly
        setContent(updated)
    }

    /// Shows determinate progress (`0...1`; NaN or infinite shows a spinner) with an optional status.
    ///
    /// The first call after a dismissal starts a progress activity and counts it;
    /// later calls only update the content. `status` replaces the current status
    /// (`nil` removes it); use ``updateProgress(_:)`` to keep it.
    public func showProgress(_ progress: Double, status: String? = nil) {
        let status = HUDInput.status(status, source: "SharedHUDController.showProgress(_:status:)")
        if !isProgressActivityOpen {
            isProgressActivityOpen = true
            activityCount += 1
        }
        present(HUDContent(status: status, indicator: Self.indicator(forProgress: progress)))
    }

    /// Updates the progress of the running progress HUD, keeping its status; never shows a HUD.
    ///
    /// Meant for the frame-clock callback that drains a ``ProgressMailbox``: a
    /// late update after the dismissal must not bring the HUD back.
    /// - Returns: Whether a progress HUD was running and took the update.
    @discardableResult
    public func updateProgress(_ progress: Double) -> Bool {
        guard isProgressActivityOpen else { return false }
        var updated = content
        updated.indicator = Self.indicator(forProgress: progress)
        setContent(updated)
        return true
    }

    /// Replaces the status text of the current content (`nil` or empty removes it); does not show or hide.
    public func setStatus(_ status: String?) {
        var updated = content
        updated.status = HUDInput.status(status, source: "SharedHUDController.setStatus(_:)")
        setContent(updated)
    }

    // MARK: Status HUDs

    /// Shows an information mark that dismisses itself after ``displayDuration(for:)``.
    public func showInfo(status: String? = nil) {
        showStatusHUD(.info, status: status, source: "SharedHUDController.showInfo(status:)")
    }

    /// Shows a success mark that dismisses itself after ``displayDuration(for:)``.
    public func showSuccess(status: String? = nil) {
        showStatusHUD(.success, status: status, source: "SharedHUDController.showSuccess(status:)")
    }

    /// Shows an error mark that dismisses itself after ``displayDuration(for:)``.
    public func showError(status: String? = nil) {
        showStatusHUD(.error, status: status, source: "SharedHUDController.showError(status:)")
    }

    /// Shows `image` that dismisses itself after ``displayDuration(for:)``.
    public func showImage(_ image: ImageSource, status: String? = nil) {
        showStatusHUD(.image(image), status: status, source: "SharedHUDController.showImage(_:status:)")
    }

    /// Seconds a status HUD with `status` stays fully shown, within the minimum and maximum dismiss times.
    public func displayDuration(for status: String?) -> Double {
        HUDInput.displayDuration(for: status, minimum: minimumDismissTime, maximum: maximumDismissTime)
    }

    // MARK: Dismissal

    /// Dismisses the HUD after `delay` seconds (default now) and forgets every activity.
    ///
    /// `completion` runs exactly once: when the HUD is gone (at once if nothing
    /// is shown), or with `.superseded` if a show comes first. A negative or
    /// NaN delay is reported and means now.
    public func dismiss(withDelay delay: Double = 0, completion: HUDLifecycle.Completion? = nil) {
        let delay = HUDInput.delay(seconds: delay, source: "SharedHUDController.dismiss(withDelay:completion:)")
        activityCount = 0
        isProgressActivityOpen = false
        lifecycle.hide(afterDelay: delay, completion: completion)
    }

    /// Same as ``dismiss(withDelay:completion:)`` for callers that do not need the outcome.
    public func dismiss(withDelay delay: Double = 0, completion: @escaping @MainActor () -> Void) {
        dismiss(withDelay: delay) { (_: HUDDismissOutcome) in completion() }
    }

    /// Ends one activity; when none is left, dismisses the HUD, unless a status HUD is showing
    /// (it leaves on its own timer).
    public func popActivity() {
        if activityCount > 0 { activityCount -= 1 }
        guard activityCount == 0, !content.indicator.dismissesAutomatically else { return }
        dismiss()
    }

    /// Removes the HUD at once and forgets every activity, because its host window is going away.
    /// Pending completions run with `.cancelled`.
    public func cancelAll() {
        activityCount = 0
        isProgressActivityOpen = false
        lifecycle.cancelAll()
    }

    // MARK: Private

    private func showStatusHUD(_ indicator: HUDIndicator, status: String?, source: String) {
        let status = HUDInput.status(status, source: source)
        activityCount = 0
        isProgressActivityOpen = false
        present(HUDContent(status: status, indicator: indicator))
        // An infinite display time (minimumDismissTime = .infinity) means no auto-dismiss at all.
        if let shownFor = HUDInput.exactDuration(seconds: displayDuration(for: status)) {
            lifecycle.hide(afterShownFor: shownFor)
        }
    }

    /// Shows `newContent`: replaced in place if the HUD is up (no second fade), faded in otherwise.
    /// The show also cancels any pending dismissal, including a status HUD's countdown.
    private func present(_ newContent: HUDContent) {
        setContent(newContent)
        lifecycle.show()
    }

    private func setContent(_ newContent: HUDContent) {
        guard newContent != content else { return }
        let old = content
        content = newContent
        lifecycle.presenter?.update(from: old, to: newContent)
    }

    private func applyTiming() {
        lifecycle.configuration = HUDLifecycle.Configuration(
            graceTime: Self.settingDuration(graceTime),
            minimumShowTime: .zero,
            fadeInDuration: Self.settingDuration(fadeInDuration),
            fadeOutDuration: Self.settingDuration(fadeOutDuration)
        )
    }

    /// Settings are already non-negative and finite; absurdly long ones are capped without a second report.
    private static func settingDuration(_ seconds: Double) -> Duration {
        HUDInput.exactDuration(seconds: min(seconds, HUDInput.maximumSeconds)) ?? .zero
    }

    private static func indicator(forProgress progress: Double) -> HUDIndicator {
        HUDInput.progress(progress).map(HUDIndicator.progress) ?? .indeterminate
    }
}

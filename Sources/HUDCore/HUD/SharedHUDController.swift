/// The application-wide HUD (SVProgressHUD's singleton semantics): a
/// ``HUDController`` plus activity counting.
///
/// The public GtkHUD API (`ProgressHUD`) hops to the main actor and calls this;
/// the GTK layer attaches its view with ``attach(_:)`` and renders what the
/// controller decides. Values reach this type already checked by the public
/// API; texts are cleaned here and reported under ``sourcePrefix`` (the public
/// type's name), so an app reads `ProgressHUD.show(status:)` in a message.
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
/// - Moving to another window (``attach(_:)``) keeps the activities and the HUD as it is.
/// - Progress posted late (after a result, a dismissal or the window's end) is dropped.
/// - Every dismissal completion runs exactly once (see ``HUDDismissOutcome``).
@MainActor
public final class SharedHUDController {
    /// The HUD's behaviour: content, timing, lifecycle, late progress, announcements.
    public let core: HUDController

    /// The appear/disappear machine; observe its events from the view layer.
    public var lifecycle: HUDLifecycle { core.lifecycle }

    /// What the HUD shows now (kept after the HUD hides, until the next show).
    public var content: HUDContent { core.content }

    /// Outstanding `show`/progress activities that ``popActivity()`` can end. Never negative.
    public private(set) var activityCount = 0

    /// The public name messages about bad input are reported under (`"ProgressHUD"` from GtkHUD).
    public var sourcePrefix = "SharedHUDController"

    // The settings are `core.timing` (checked by the public API with HUDController.Timing.corrected).

    /// A progress HUD was started and not dismissed since: further progress calls are updates.
    private var isProgressActivityOpen = false

    /// Creates a hidden shared HUD timed by `scheduler`, with SVProgressHUD's default timing.
    /// `postedProgress` outlives the controller when the front end posts before it exists (the first value shows the HUD).
    /// `attention` gives the app-wide timeout multiplier (``AppAttention/shared`` by default).
    public init(scheduler: any Scheduler, announcementClock: (any Scheduler)? = nil,
                postedProgress: PostedProgress = PostedProgress(), attention: AppAttention = .shared) {
        core = HUDController(scheduler: scheduler, announcementClock: announcementClock, postedProgress: postedProgress,
                             attention: attention)
    }

    /// Whether the HUD is drawn: fading in, fully shown or fading out (not during the grace time).
    public var isVisible: Bool { core.isVisible }

    /// Draws the HUD with `view` (another window's, say), keeping activities, timers and content.
    public func attach(_ view: (any HUDPresenter)?) { core.attach(view) }

    // MARK: Activity HUDs

    /// Shows a spinner with an optional status and counts one activity.
    public func show(status: String? = nil) {
        let status = clean(status, "show(status:)")
        activityCount += 1
        core.present(HUDContent(status: status, indicator: .indeterminate))
    }

    /// Shows a caller-supplied indicator (a widget the GTK layer wrapped in
    /// ``ExternalContent``) with an optional status (nil: the text alone), and counts one activity like ``show(status:)``.
    public func showCustom(_ widget: ExternalContent?, status: String? = nil) {
        let status = clean(status, "showCustomWidget(status:)")
        activityCount += 1
        core.present(HUDContent(status: status, indicator: widget.map { .custom($0) } ?? .textOnly))
    }

    /// Puts `widget` in place of the custom widget on screen, if one is showing.
    public func replaceCustomWidget(with widget: ExternalContent?) {
        guard case .custom = content.indicator else { return }
        var updated = content
        updated.indicator = widget.map { .custom($0) } ?? .textOnly
        core.setContent(updated)
    }

    /// Shows determinate progress (`0...1`; NaN or infinite shows a spinner) with an optional status.
    ///
    /// The first call after a dismissal starts a progress activity and counts it;
    /// later calls only update the content. `status` replaces the current status
    /// (`nil` removes it); use ``updateProgress(_:)`` to keep it.
    public func showProgress(_ progress: Double, status: String? = nil) {
        let status = clean(status, "showProgress(_:status:)")
        openProgressActivity()
        core.present(HUDContent(status: status, indicator: Self.indicator(forProgress: progress)))
    }

    /// Updates the progress of the running progress HUD, keeping its status; never shows a HUD.
    /// - Returns: Whether a progress HUD was running and took the update.
    @discardableResult
    public func updateProgress(_ progress: Double) -> Bool {
        guard isProgressActivityOpen else { return false }
        var updated = content
        updated.indicator = Self.indicator(forProgress: progress)
        core.setContent(updated)
        return true
    }

    /// Applies the value posted from another thread, if one waits: shows the
    /// progress HUD if needed, unless the value is late or a main-actor call
    /// came after it (see ``HUDController``).
    /// - Returns: Whether a value was applied.
    @discardableResult
    public func applyPostedProgress() -> Bool {
        core.applyPostedProgress { [self] value in
            if isProgressActivityOpen, isVisible {
                updateProgress(value)
                return
            }
            openProgressActivity()
            core.showProgress(value, showsIfHidden: true)
        }
    }

    /// Replaces the status text of the current content (`nil` or empty removes it); does not show or hide.
    public func setStatus(_ status: String?) {
        var updated = content
        updated.status = clean(status, "setStatus(_:)")
        core.setContent(updated)
    }

    // MARK: Status HUDs

    /// Shows an information mark that dismisses itself after ``displayDuration(for:)``.
    public func showInfo(status: String? = nil) { showResult(.info, status: status, "showInfo(status:)") }

    /// Shows a success mark that dismisses itself after ``displayDuration(for:)``.
    public func showSuccess(status: String? = nil) { showResult(.success, status: status, "showSuccess(status:)") }

    /// Shows an error mark that dismisses itself after ``displayDuration(for:)``.
    public func showError(status: String? = nil) { showResult(.error, status: status, "showError(status:)") }

    /// Shows `image` that dismisses itself after ``displayDuration(for:)``.
    public func showImage(_ image: ImageSource, status: String? = nil) {
        showResult(.image(image), status: status, "showImage(_:status:)")
    }

    /// Seconds a status HUD with `status` stays fully shown, within the minimum and maximum dismiss times.
    public func displayDuration(for status: String?) -> Double { core.displayDuration(for: status) }

    // MARK: Dismissal

    /// Dismisses the HUD after `delay` seconds (default now) and forgets every activity.
    ///
    /// `completion` runs exactly once: when the HUD is gone (at once if nothing
    /// is shown), or with `.superseded` if a show comes first. A negative or
    /// NaN delay is reported and means now.
    public func dismiss(withDelay delay: Double = 0, completion: HUDLifecycle.Completion? = nil) {
        let delay = HUDValues.delay(seconds: delay, source: "\(sourcePrefix).dismiss(withDelay:completion:)")
        activityCount = 0
        isProgressActivityOpen = false
        core.dismiss(afterDelay: delay, completion: completion)
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

    /// Removes the HUD at once and forgets every activity. Pending completions run with `.cancelled`.
    public func cancelAll() {
        activityCount = 0
        isProgressActivityOpen = false
        core.cancelAll()
    }

    /// The window went: everything ends as with ``cancelAll()`` and the view is dropped.
    public func hostDestroyed() {
        activityCount = 0
        isProgressActivityOpen = false
        core.hostDestroyed()
    }

    // MARK: Private

    private func openProgressActivity() {
        guard !isProgressActivityOpen else { return }
        isProgressActivityOpen = true
        activityCount += 1
    }

    private func showResult(_ indicator: HUDIndicator, status: String?, _ call: String) {
        let status = clean(status, call)
        activityCount = 0
        isProgressActivityOpen = false
        core.showResult(HUDContent(status: status, indicator: indicator))
    }

    private func clean(_ status: String?, _ call: String) -> String? {
        HUDValues.status(status, source: "\(sourcePrefix).\(call)")
    }

    private static func indicator(forProgress progress: Double) -> HUDIndicator {
        HUDValues.progress(progress).map(HUDIndicator.progress) ?? .indeterminate
    }
}

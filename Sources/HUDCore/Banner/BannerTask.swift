/// What a task banner shows while its work goes on: its words and its progress.
public struct BannerRunWorking: RunWorkingState {
    public var title: String?
    public var subtitle: String?
    public var progress: BannerProgress?
    public init(title: String?, subtitle: String?, progress: BannerProgress?) {
        self.title = title
        self.subtitle = subtitle
        self.progress = progress
    }

    /// A banner's work is always work (it has no outcome mode to turn into a spinner).
    public var asWork: BannerRunWorking { self }
}

/// Work shown in one banner (a task banner): a spinner or a bar while it
/// runs, then its outcome in the same banner, as ``HUDLifecycle`` and
/// ``WorkRunLedger`` run `HUD.run`'s work under a HUD.
///
/// Everything is decided here, on the injected clock:
/// - **Grace time.** The banner is handed to its queue only once the work
///   outlasts ``Configuration/graceTime`` (a ``HUDLifecycle``'s grace, the
///   same machine as `HUD.run`'s): work that ends before shows nothing.
/// - **Minimum show time.** Once shown, the working state stays at least
///   ``Configuration/minimumShowTime`` (the lifecycle's minimum show time)
///   before the outcome replaces it, so quick work does not flash.
/// - **Loading never times out.** The working banner is shown until
///   dismissed; its outcome then gets ``Configuration/resultDuration`` with the
///   queue's attention rules (window inactive, multiplier, a screen reader
///   keeping an actionable result).
/// - **In place.** The outcome is the same banner with new words, icon and
///   button: the queue announces the new words once.
/// - **Cancel.** Its button (``BannerAction/dismissesBanner`` off) cancels the
///   run through the ledger, once; the banner says cancelled at once and the
///   work's own end changes nothing any more.
/// - **Retry.** An error's button, when ``onRetry`` is set, dismisses the
///   banner and runs ``onRetry`` once.
/// - **Progress.** Posted from any thread to ``postedProgress``, applied by
///   ``applyPostedProgress()`` (the front end paces it by frames); refused once
///   the work ended or was cancelled.
/// - **Gone.** A banner dismissed by the user (swipe, Escape) or by its
///   window's end while the work runs is left alone: the work goes on, its end
///   changes nothing.
@MainActor
public final class BannerTask {
    /// How the work ended.
    public enum Outcome: Hashable, Sendable {
        /// It returned.
        case success
        /// It threw: the words to show (the error's description, or "Failed").
        case failure(String)
        /// It was cancelled (its Cancel button, or the caller's task).
        case cancelled
    }

    /// Where the run is.
    public enum Phase: Hashable, Sendable {
        /// Not started.
        case ready
        /// Started; nothing shows until the grace time is over.
        case graceTime
        /// The working banner was handed to its queue.
        case working
        /// The work ended; the working state stays until the minimum show time is up.
        case ending
        /// The banner shows the outcome.
        case result(Outcome)
        /// Over without a result on screen: the work ended within the grace
        /// time, the banner was refused, or it was gone before the outcome.
        case ended
    }

    /// Timing and words of a task banner.
    public struct Configuration: Sendable, Equatable {
        /// Nothing shows if the work ends within it (0.5 s, as `HUD.run(on:)`).
        public var graceTime: Duration = .milliseconds(500)
        /// The working state stays at least this long once shown (0.5 s).
        public var minimumShowTime: Duration = .milliseconds(500)
        /// Seconds the outcome shows (3), as a banner's duration: nil, zero or infinity until dismissed.
        public var resultDuration: Double? = 3
        /// The title on success; nil says ``HUDStrings/done`` ("Done").
        public var successTitle: String?
        /// The Cancel button's label while the work runs; nil for none (``HUDStrings/cancel`` in the front end).
        public var cancelTitle: String?
        public init() {}
    }

    /// The banner that shows the work and then its outcome.
    public let banner: Banner
    /// Where other threads post the work's progress (0...1).
    public nonisolated let postedProgress = PostedProgress()
    /// Runs once when Retry is pressed on an error (nil: no Retry button).
    public var onRetry: (@MainActor () -> Void)?
    /// Where the run is.
    public private(set) var phase: Phase = .ready

    /// The handler keys of the task banner's two buttons.
    public static let cancelKey = "gtkhud-task-cancel"
    public static let retryKey = "gtkhud-task-retry"

    private let configuration: Configuration
    private let lifecycle: HUDLifecycle
    private var runs: WorkRunLedger<BannerRunWorking>
    private var token: WorkRunLedger<BannerRunWorking>.Token?
    private let present: @MainActor (Banner) -> Bool
    private let source: String

    /// A task banner for `banner`, which shows the working state (its words,
    /// a spinner, Cancel if ``Configuration/cancelTitle`` is set).
    /// - Parameters:
    ///   - banner: the banner, not shown yet, with the working words.
    ///   - scheduler: the clock of the grace time, the minimum show time and the outcome.
    ///   - configuration: timing and words (see ``Configuration``).
    ///   - present: hands the banner to its window's queue once the grace time
    ///     is over (until dismissed); returns whether the queue took it.
    ///   - source: the public call to name in messages.
    public init(banner: Banner, scheduler: any Scheduler, configuration: Configuration, source: String,
                present: @escaping @MainActor (Banner) -> Bool) {
        self.banner = banner
        self.configuration = configuration
        self.present = present
        self.source = source
        lifecycle = HUDLifecycle(scheduler: scheduler, configuration: HUDLifecycle.Configuration(
            graceTime: configuration.graceTime, minimumShowTime: configuration.minimumShowTime,
            fadeInDuration: .zero, fadeOutDuration: .zero))
        let content = banner.content
        runs = WorkRunLedger(appWorking: BannerRunWorking(title: content.title, subtitle: content.subtitle,
                                                          progress: .indeterminate))
        banner.update(source: source) { content in
            content.progress = .indeterminate
            // A tap must not take away the only sign that work goes on; a swipe or Escape may.
            content.dismissesOnTap = false
            // Two runs with one id: the newer banner takes the place of the older.
            content.idPolicy = .replace
            if let cancel = configuration.cancelTitle {
                var action = BannerAction(label: cancel, effect: .handler(key: Self.cancelKey))
                action.dismissesBanner = false
                content.action = action
            } else {
                content.action = nil
            }
        }
        let appAction = banner.onAction
        banner.onAction = { [weak self] key in
            switch key {
            case Self.cancelKey: self?.cancelPressed()
            case Self.retryKey: self?.retryPressed()
            default: appAction?(key)
            }
        }
        lifecycle.addObserver { [weak self] event in
            if event == .willAppear { self?.appear() }
        }
    }

    /// Starts the run: the grace time begins. `cancel` stops the work (its
    /// task's `cancel()`); it is called at most once, by the Cancel button.
    /// A second start is refused with a message.
    public func start(cancel: @escaping @Sendable () -> Void) {
        guard phase == .ready else {
            Diagnostics.report(source, "this task banner already ran its work; nothing was started again.")
            return
        }
        let current = BannerRunWorking(title: banner.content.title, subtitle: banner.content.subtitle,
                                       progress: banner.content.progress)
        let (token, show) = runs.begin(showing: current, cancel: cancel)
        self.token = token
        if let show { banner.content.progress = show.progress }
        phase = .graceTime
        lifecycle.show()
    }

    /// The grace time is over: the working banner goes to its queue.
    private func appear() {
        guard phase == .graceTime else { return }
        phase = .working
        if !present(banner) {
            phase = .ended
            stopRun()
        }
    }

    /// Applies the newest posted progress, if the work still runs.
    public func applyPostedProgress() {
        guard phase == .graceTime || phase == .working, postedProgress.isOpen, let value = postedProgress.take() else { return }
        banner.content.progress = BannerProgress(value)
    }

    /// The work ended with `outcome`. Within the grace time nothing shows;
    /// else the outcome replaces the working state once the minimum show time
    /// is up. After Cancel, or a second time, nothing changes.
    public func finish(_ outcome: Outcome) {
        guard let token, runs.end(token) else { return }
        self.token = nil
        postedProgress.setOpen(false)
        switch phase {
        case .graceTime:
            phase = .ended
            lifecycle.hide()
        case .working:
            if banner.state.isGone { return stopRun() }
            phase = .ending
            lifecycle.hide { [weak self] _ in self?.show(outcome) }
        default:
            break
        }
    }

    /// Cancel was pressed on the working banner: the work is cancelled (once)
    /// and the banner says so at once.
    private func cancelPressed() {
        guard phase == .working else { return }
        runs.cancelAll()
        if let token { _ = runs.end(token) }
        token = nil
        postedProgress.setOpen(false)
        lifecycle.cancelAll()
        show(.cancelled)
    }

    /// Retry was pressed on an error (the banner is leaving): the app's closure runs once.
    private func retryPressed() {
        guard case .result(.failure) = phase, let retry = onRetry else { return }
        onRetry = nil
        retry()
    }

    /// The outcome, in place: new words, icon and button, then the result's own timeout.
    private func show(_ outcome: Outcome) {
        guard !banner.state.isGone, banner.owner != nil else { return stopRun() }
        phase = .result(outcome)
        let strings = HUDStrings.provider()
        let title: String
        let icon: String
        switch outcome {
        case .success:
            title = configuration.successTitle.flatMap { $0.isBlank ? nil : $0 } ?? strings.done
            icon = "object-select-symbolic"
        case .failure(let text):
            title = text.isBlank ? strings.failed : text
            icon = "dialog-error-symbolic"
        case .cancelled:
            title = strings.cancelled
            icon = "process-stop-symbolic"
        }
        let retryTitle = strings.retry
        banner.update(source: source) { content in
            // Never empty: the title is set.
            try? content.replaceMessage(title: title, subtitle: nil, image: .iconName(icon))
            content.progress = nil
            content.dismissesOnTap = true
            if case .failure = outcome, onRetry != nil {
                content.action = BannerAction(label: retryTitle, effect: .handler(key: Self.retryKey))
            } else {
                content.action = nil
            }
        }
        banner.owner?.restartTimeout(of: banner, seconds: configuration.resultDuration, source: source)
    }

    /// Over without an outcome on screen: nothing more will change the banner.
    private func stopRun() {
        phase = .ended
        token = nil
        postedProgress.setOpen(false)
        lifecycle.cancelAll()
    }
}

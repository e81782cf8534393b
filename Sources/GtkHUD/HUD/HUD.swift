import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// A HUD you own, MBProgressHUD / JGProgressHUD style: as many as you like,
/// on any window or ``HUDOverlay``.
///
/// ```swift
/// let hud = try HUD(on: window)     // throws HUDError: not in a window yet, …
/// hud.mode = .annularDeterminate
/// hud.label = "Uploading"
/// hud.show()
/// hud.progress = 0.5                   // from the main actor, or:
/// hud.setProgress(0.6)                 // from any thread, any rate
/// hud.hide(afterDelay: 1)
/// ```
///
/// A HUD keeps itself alive while it is shown, so `HUD.show(on: window)` with
/// no variable works; once hidden with ``removesFromHostOnHide`` (the default)
/// it is finished and ``HUD/hud(for:)`` no longer returns it.
@MainActor
public final class HUD {
    /// What the bezel shows (MBProgressHUDMode, plus status images): ``/HUDCore/HUDMode``.
    public typealias Mode = HUDMode

    // MARK: Content

    /// What the bezel shows (`.indeterminate`).
    public var mode: Mode = .indeterminate {
        didSet {
            // A run's own change is shown once, with its label (see showRunState).
            guard !isShowingRunState else { return }
            runs.appSet(mode: mode)
            refresh()
        }
    }
    /// The status text (plain text unless the appearance enables markup; nil, the default, for none).
    public var label: String? {
        didSet {
            cleanLabel = HUDValues.status(label, source: "HUD.label")
            guard !isShowingRunState else { return }
            runs.appSet(label: label)
            refresh()
        }
    }
    /// Smaller text under the label (nil, the default, for none).
    public var detailsLabel: String? {
        didSet {
            cleanDetails = HUDValues.status(detailsLabel, source: "HUD.detailsLabel")
            refresh()
        }
    }
    /// Progress of determinate modes (0...1, default 0; NaN or infinity → indeterminate; clamped).
    ///
    /// Setting it on the main actor also drops any value posted earlier with
    /// ``setProgress(_:)`` and not yet applied: the later call wins.
    public var progress: Double {
        get { cleanProgress ?? rawProgress }
        set {
            // Cleaned once, here: nil (NaN, infinity) shows the spinner and reads back as it was set.
            rawProgress = newValue
            cleanProgress = HUDValues.progress(newValue)
            // A step takes the fast road; to or from NaN/infinity the indicator changes kind.
            refresh()
        }
    }
    /// The widget shown in `.customView` mode (about 37×37 like MBProgressHUD suggests).
    public var customWidget: GtkWidgetRef? {
        get { customContent.map { GtkWidgetRef(pointer: $0.widget) } }
        set {
            // A fresh (floating) widget is taken over, as a GTK container would.
            customContent = newValue?.gtkWidget.map { GtkObjectContent($0.raw) }
            refresh()
        }
    }
    /// Look and motion (default: ``defaultAppearance``, MBProgressHUD's fade, margin 20).
    public var appearance: HUDAppearance {
        didSet {
            appearance = appearance.corrected(source: "HUD.appearance")
            view.appearance = appearance
        }
    }

    // MARK: Behaviour

    // Timing values are checked by HUDCore's one rule (HUDController.Timing.corrected), under the names set here.

    /// Seconds before the HUD appears; hidden within it, it never shows (0).
    public var graceTime: Double {
        get { controller.timing.graceTime }
        set { controller.timing = controller.timing.corrected(\.graceTime, newValue, source: "HUD.graceTime") }
    }
    /// Seconds the HUD stays at least once shown (0).
    public var minimumShowTime: Double {
        get { controller.timing.minimumShowTime }
        set { controller.timing = controller.timing.corrected(\.minimumShowTime, newValue, source: "HUD.minimumShowTime") }
    }
    /// Show/hide animation length (0.3 s, MBProgressHUD); 0 when GTK animations are off.
    public var animationDuration: Double {
        get { controller.timing.fadeInDuration }
        set {
            var timing = controller.timing.corrected(\.fadeInDuration, newValue, source: "HUD.animationDuration")
            timing.fadeOutDuration = timing.fadeInDuration
            controller.timing = timing
        }
    }
    /// Leave the host once hidden and finish (default true).
    public var removesFromHostOnHide = true
    /// Whether a ``run(successLabel:cancelTitle:resultDuration:_:)`` that ends
    /// while the user is in another window also tells the desktop (false).
    ///
    /// The result goes out as a desktop notification (a `GNotification`
    /// through the app's default `GApplication`, as for
    /// ``NotificationBanner/desktopNotification``): its label as the title, and
    /// "Success", "Failed" or "Cancelled" (in the user's language) as the body;
    /// clicking it brings the window forward. It is withdrawn when the user
    /// comes back to the window, when this HUD's next run ends, or when the
    /// window is destroyed. A window that has never been active (a headless
    /// compositor) does not count as left. On X11 the window also gets the
    /// urgency hint while the notice is due (Wayland has none; GTK 3's
    /// `gtk_window_set_urgency_hint` is gone). Off by default: most runs are
    /// short and watched. The rules are HUDCore's `HUDRunNotices`.
    public var notifiesWhenUnattended = false
    /// This HUD's runs in its window's notice ledger (made at the first run's end).
    var runNoticeSource: HUDRunNotices.Source?
    /// Called once after each hide finishes: the fade-out ended, or the hide
    /// came during the grace time so the HUD never appeared. Not called for a
    /// hide that a later ``show(animated:)`` superseded (the HUD stays up).
    public var completion: (@MainActor () -> Void)?

    /// Whether the HUD is on screen (fading in, shown or fading out).
    public var isVisible: Bool { controller.isVisible }
    /// Whether the HUD was hidden (MBProgressHUD's hasFinished): set when a hide
    /// finishes, cleared by the next ``show(animated:)``. ``HUD/hud(for:)`` skips
    /// finished HUDs, also those kept with `removesFromHostOnHide = false`.
    public private(set) var isFinished = false

    /// The behaviour (content, timing, lifecycle, announcements), decided in HUDCore.
    let controller: HUDController
    var lifecycle: HUDLifecycle { controller.lifecycle }
    let view: HUDBezelPresenter
    /// The overlapping and successive `run`s of this HUD (see HUD+Run.swift).
    var runs = HUDRunLedger()
    /// The runs still working that the button would cancel (the ledger keeps how).
    var cancellers: [HUDRunLedger.Token] { runs.cancellable }
    /// Set while `run` itself changes mode, label and button, which is not the
    /// app's own change and is shown (and announced) once, as a whole.
    var isShowingRunState = false
    private var cleanLabel: String?
    private var cleanDetails: String?
    /// ``progress`` as the app set it, and cleaned once (nil: not finite).
    private var rawProgress = 0.0
    private var cleanProgress: Double? = 0
    private let hub = HUDEventHub()
    let overlayWidget: WeakObjectRef
    private var buttonAction: (@MainActor () -> Void)?
    private var selfRetain: HUD?
    private var customContent: GtkObjectContent?
    private var buttonTitle: String?
    private var sequenceTask: Task<Void, Never>?
    /// Where ``setProgress(_:)`` posts; the controller decides what of it is applied.
    nonisolated private let postedProgress = PostedProgress()
    /// Delivers what ``setProgress(_:)`` posts, once per frame of the overlay's window.
    private(set) lazy var progressDelivery = FramePacedProgress(
        pacer: { [weak self] in self?.overlayWidget.withObject { $0.asWidget } },
        deliver: { [weak self] in self?.applyPostedProgress() })
    /// The overlay's host, which keeps the live HUDs and ends this one with the overlay.
    private(set) weak var host: OverlayHost?

    /// A HUD on `host`: a window, any widget inside one, or a ``HUDOverlay``'s
    /// widget; the same as `HUD(in: .widget(host))`.
    ///
    /// - Throws: ``HUDError`` before GTK is initialised, for a destroyed
    ///   window, or for a widget that is not in a window yet (also logged).
    public convenience init(on host: some GtkWidgetConvertible, appearance: HUDAppearance = HUD.defaultAppearance) throws(HUDError) {
        try self.init(context: .widget(host), appearance: appearance, caller: "HUD.init(on:)",
                      appearanceSource: "HUD.init(on:appearance:)")
    }

    /// A HUD in `context`: a window, the nearest ``HUDOverlay`` around a
    /// widget, an overlay, or ``PresentationContext/automatic`` (the window
    /// ``PresentationContext/router`` picks when the HUD is made; it stays there).
    ///
    /// - Throws: ``HUDError`` before GTK is initialised, for a destroyed
    ///   window or overlay, or for a widget that is not in a window yet, or no
    ///   window for `.automatic` (``HUDError/notInWindow``; the log says which).
    public convenience init(in context: PresentationContext, appearance: HUDAppearance = HUD.defaultAppearance) throws(HUDError) {
        try self.init(context: context, appearance: appearance, caller: "HUD.init(in:)",
                      appearanceSource: "HUD.init(in:appearance:)")
    }

    private init(context: PresentationContext, appearance: HUDAppearance, caller: String,
                 appearanceSource: String) throws(HUDError) {
        let overlay = try Self.overlay(for: context, caller: caller)
        self.appearance = appearance.corrected(source: appearanceSource)
        overlayWidget = WeakObjectRef(overlay.pointer.raw)
        controller = HUDController(scheduler: GLibScheduler.shared, announcementClock: HUDBezelPresenter.announcementClock,
                                   postedProgress: postedProgress)
        // MBProgressHUD's animation length; the other settings keep HUDController.Timing's defaults.
        controller.timing.fadeInDuration = 0.3
        controller.timing.fadeOutDuration = 0.3
        view = HUDBezelPresenter(overlay: overlay)
        view.appearance = self.appearance
        view.onButton = { [weak self] in self?.buttonAction?() }
        view.onTouchInside = { [weak self] in self?.hub.send(.touchInside) }
        view.onTouchOutside = { [weak self] in self?.hub.send(.touchOutside) }
        controller.attach(view)
        _ = controller.lifecycle.addObserver { [weak self] event in self?.handle(event) }
        self.host = OverlayHost.of(overlay.implementation)
        self.host?.adopt(self)
        refresh()
    }

    /// The overlay a HUD in `context` goes into, or the error (reported) that stops it.
    static func overlay(for context: PresentationContext, caller: String) throws(HUDError) -> HUDOverlay {
        guard GtkHUDRuntime.prepare(caller: caller) else { throw .gtkNotInitialized } // prepare reported it
        let overlay: HUDOverlayWidget?
        do {
            overlay = try OverlayHost.resolve(context)
        } catch {
            Diagnostics.report(caller, "\(error.description) Nothing was shown.")
            throw error.hudError
        }
        guard let overlay else { throw .notInWindow } // resolving with `creating` always finds one
        return HUDOverlay.facade(of: overlay.widget)
    }

    /// The appearance new HUDs get: `HUDAppearance()` with a `.fade`
    /// transition, MBProgressHUD's look (automatic style, no mask, centred, margin 20).
    public static var defaultAppearance: HUDAppearance {
        var appearance = HUDAppearance()
        appearance.transition = .fade
        return appearance
    }

    // MARK: Showing and hiding

    /// Shows the HUD (after ``graceTime``, if set).
    public func show(animated: Bool = true) {
        guard !isFinished || !removesFromHostOnHide || overlayWidget.isAlive else { return }
        // A window destroyed while the app still holds it: nobody would see the HUD (issue #19, bug 9).
        guard let host, !host.isDestroyed else {
            Diagnostics.report("HUD.show(animated:)", "\(HUDError.hostWindowDestroyed.description) Nothing was shown.")
            return
        }
        isFinished = false
        register()
        selfRetain = self
        controller.animationsEnabled = GtkEnvironment.animationsEnabled(for: view.maskWidgetPointer)
        controller.present(content, animated: animated)
    }

    /// Hides the HUD, after `delay` seconds if given (a new `show` cancels a pending hide).
    /// `completion` runs exactly once, with how the hide ended.
    public func hide(animated: Bool = true, afterDelay delay: Double = 0,
                     completion: (@MainActor (HUDDismissOutcome) -> Void)? = nil) {
        let seconds = HUDValues.delay(seconds: delay, source: "HUD.hide(afterDelay:)")
        controller.animationsEnabled = GtkEnvironment.animationsEnabled(for: view.maskWidgetPointer)
        // The lifecycle settles every hide with an outcome, also one during the
        // grace time (which sends no events): `.dismissed` is the one place a HUD
        // is known to have gone. Superseded hides leave it on screen.
        controller.dismiss(afterDelay: seconds, animated: animated) { [weak self] outcome in
            if outcome == .dismissed { self?.didHide() }
            completion?(outcome)
        }
    }

    /// Hides the HUD and returns once it has gone (or a new show superseded the hide).
    @discardableResult
    public func hideAndWait(animated: Bool = true, afterDelay delay: Double = 0) async -> HUDDismissOutcome {
        await withCheckedContinuation { continuation in
            hide(animated: animated, afterDelay: delay) { continuation.resume(returning: $0) }
        }
    }

    /// Shows a button (e.g. "Cancel") in the bezel; Escape also triggers it. Nil removes it.
    public func setButton(_ title: String?, action: (@MainActor () -> Void)? = nil) {
        buttonAction = action
        buttonTitle = title
        if !isShowingRunState { refresh() }
    }

    // MARK: Progress from anywhere

    /// Sets the progress from any thread at any rate; the HUD takes the latest
    /// value once per frame, just before the frame that paints it.
    ///
    /// A value is never applied after a later main-actor call on this HUD
    /// (`progress`, `label`, `mode`, `show`, `hide`, …): posted before it, it is
    /// dropped. After a hide, values are dropped until the next ``show(animated:)``.
    public nonisolated func setProgress(_ value: Double) {
        guard postedProgress.post(value) else { return }
        MainQueue.async { [weak self] in self?.progressDelivery.schedule() }
    }

    /// Applies the value waiting from ``setProgress(_:)``, if HUDCore still wants it.
    private func applyPostedProgress() {
        controller.applyPostedProgress { [self] value in progress = value }
    }

    /// Stops following a `Progress` (see `observe(_:)`, with the `FoundationInterop` trait).
    func stopObservingProgress() {
        progressDelivery.stopFollowing()
    }

    /// Reads `read` once per frame while the HUD is shown, through the same
    /// frame pacing as ``setProgress(_:)`` (the engine of `observe(_:)`).
    func pollProgress(_ read: @escaping @MainActor () -> (fraction: Double, description: String?)) {
        if mode.isIndefinite { mode = .annularDeterminate }
        progressDelivery.follow { [weak self] in
            guard let self else { return }
            let (fraction, description) = read()
            if fraction != self.progress { self.progress = fraction }
            if let description, !description.isEmpty, description != self.label { self.label = description }
        }
    }

    /// Follows any async sequence of progress values until it ends, throws or the HUD hides.
    public func track<Values: AsyncSequence>(_ values: Values) where Values.Element == Double {
        sequenceTask?.cancel()
        if mode.isIndefinite { mode = .annularDeterminate }
        nonisolated(unsafe) let sequence = values
        sequenceTask = Task { @MainActor [weak self] in
            do {
                for try await value in sequence {
                    guard let self, !Task.isCancelled else { return }
                    self.progress = value
                }
            } catch {}
        }
    }

    // MARK: Events

    /// Every event of this HUD from now on.
    public var events: AsyncStream<HUDEvent> { hub.stream() }

    /// Calls `handler` for every event until the observation is cancelled.
    public func observeEvents(_ handler: @escaping @MainActor (HUDEvent) -> Void) -> HUDObservation {
        hub.observe(handler)
    }

    // MARK: Internals

    /// The one road for content: the controller hands the change to the
    /// presenter (a progress step only moves the indicator) and decides what is announced.
    func refresh() {
        controller.setContent(content)
    }


    /// What the properties say the HUD shows (texts cleaned once, as they were set).
    private var content: HUDContent {
        HUDContent(status: cleanLabel, details: cleanDetails,
                   indicator: mode.indicator(progress: cleanProgress, custom: customContent),
                   progressStyle: mode.progressStyle, buttonTitle: buttonTitle)
    }

    private func handle(_ event: HUDLifecycleEvent) {
        hub.send(event, status: view.content.status)
    }

    /// A hide finished (the lifecycle is hidden): run ``completion`` once and,
    /// with ``removesFromHostOnHide``, leave the host. Two hides riding on the
    /// same dismissal both settle `.dismissed`; the second finds the HUD finished.
    private func didHide() {
        guard !isFinished, lifecycle.phase == .hidden else { return }
        isFinished = true
        if removesFromHostOnHide {
            sequenceTask?.cancel()
            stopObservingProgress()
            unregister()
        }
        completion?()
        // Last: this may free the HUD (the caller holds it for the call).
        if removesFromHostOnHide { selfRetain = nil }
    }

    /// The overlay went (called by its ``OverlayHost``).
    func hostDestroyed() {
        // The HUD goes with its host: that ends its appearance like a hide.
        let wasUp = !isFinished && lifecycle.phase != .hidden
        controller.hostDestroyed()
        isFinished = true
        sequenceTask?.cancel()
        stopObservingProgress()
        progressDelivery.cancel()
        unregister()
        if wasUp { completion?() }
        selfRetain = nil
    }
}

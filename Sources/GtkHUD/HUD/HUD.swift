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
    /// What the bezel shows (MBProgressHUDMode, plus status images).
    public enum Mode: Sendable, Equatable {
        /// A spinning arc (or GtkSpinner with `.native` indicator animation).
        case indeterminate
        /// A pie that fills (MBProgressHUD's Determinate).
        case determinate
        /// A ring that fills.
        case annularDeterminate
        /// A horizontal bar.
        case determinateHorizontalBar
        /// The widget set with ``customWidget``.
        case customView
        /// Labels only.
        case text
        /// A checkmark, cross or info icon.
        case success, error, info
    }

    // MARK: Content

    public var mode: Mode = .indeterminate { didSet { refresh() } }
    /// The status text (plain text unless the appearance enables markup).
    public var label: String? { didSet { refresh() } }
    /// Smaller text under the label.
    public var detailsLabel: String? { didSet { refresh() } }
    /// Progress of determinate modes (0...1; NaN or infinity → indeterminate; clamped).
    public var progress: Double = 0 {
        didSet {
            let sanitised = HUDInput.progress(progress)
            // Assigning inside didSet does not call didSet again: clamp, then refresh.
            if let sanitised, sanitised != progress { progress = sanitised }
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
    /// Look and motion (defaults: MBProgressHUD's fade, margin 20).
    public var appearance: HUDAppearance { didSet { view.appearance = appearance; refresh() } }

    // MARK: Behaviour

    /// Seconds before the HUD appears; hidden within it, it never shows (0).
    public var graceTime: Double = 0 {
        didSet {
            graceTime = HUDInput.setting(graceTime, current: oldValue, range: 0...3600, source: "HUD.graceTime")
            applyTiming()
        }
    }
    /// Seconds the HUD stays at least once shown (0).
    public var minimumShowTime: Double = 0 {
        didSet {
            minimumShowTime = HUDInput.setting(minimumShowTime, current: oldValue, range: 0...3600, source: "HUD.minimumShowTime")
            applyTiming()
        }
    }
    /// Show/hide animation length (0.3 s, MBProgressHUD); 0 when GTK animations are off.
    public var animationDuration: Double = 0.3 {
        didSet {
            animationDuration = HUDInput.setting(animationDuration, current: oldValue, range: 0...10, source: "HUD.animationDuration")
            applyTiming()
        }
    }
    /// Leave the host once hidden and finish (default true).
    public var removesFromHostOnHide = true
    /// Called once after each hide finishes: the fade-out ended, or the hide
    /// came during the grace time so the HUD never appeared. Not called for a
    /// hide that a later ``show(animated:)`` superseded (the HUD stays up).
    public var completion: (@MainActor () -> Void)?

    /// Whether the HUD is on screen (fading in, shown or fading out).
    public var isVisible: Bool { lifecycle.isVisible }
    /// Whether the HUD was hidden (MBProgressHUD's hasFinished): set when a hide
    /// finishes, cleared by the next ``show(animated:)``. ``HUD/hud(for:)`` skips
    /// finished HUDs, also those kept with `removesFromHostOnHide = false`.
    public private(set) var isFinished = false

    let lifecycle: HUDLifecycle
    let view: HUDBezelPresenter
    private let hub = HUDEventHub()
    let overlayWidget: WeakObjectRef
    private var buttonAction: (@MainActor () -> Void)?
    private var selfRetain: HUD?
    private var customContent: GtkObjectContent?
    private var buttonTitle: String?
    private var progressPoll: (source: ObjectRef, tick: UInt32)?
    private var sequenceTask: Task<Void, Never>?
    nonisolated private let mailbox = ProgressMailbox()
    /// Applies what ``setProgress(_:)`` posts, once per frame of the overlay's window.
    private lazy var progressDelivery = FramePacedProgress(
        mailbox: mailbox,
        pacer: { [weak self] in self?.overlayWidget.withObject { $0.asWidget } },
        apply: { [weak self] in self?.progress = $0 })
    /// Live HUDs by overlay, bottom to top (see HUD+Finding.swift).
    static var live: [ObjectIdentifier: [HUD]] = [:]
    private var disposeHandlerID = 0

    isolated deinit {
        // The overlay outlives its HUDs: take this HUD's handler off its list.
        overlayWidget.withObject { HUDOverlayWidget.of($0.asWidget)?.removeDisposeHandler(disposeHandlerID) }
    }

    /// A HUD on `host`: a window, any widget inside one, or a ``HUDOverlay``'s widget.
    ///
    /// - Throws: ``HUDError`` before GTK is initialised, for a destroyed
    ///   window, or for a widget that is not in a window yet (also logged).
    public init(on host: some GtkWidgetConvertible, appearance: HUDAppearance = HUD.defaultAppearance) throws(HUDError) {
        let overlay = try Self.overlay(for: host, caller: "HUD.init(on:)")
        self.appearance = appearance
        overlayWidget = WeakObjectRef(overlay.pointer.raw)
        lifecycle = HUDLifecycle(scheduler: GLibScheduler.shared)
        view = HUDBezelPresenter(overlay: overlay)
        view.appearance = appearance
        view.onButton = { [weak self] in self?.buttonAction?() }
        view.onTouchInside = { [weak self] in self?.hub.send(.touchInside) }
        view.onTouchOutside = { [weak self] in self?.hub.send(.touchOutside) }
        lifecycle.presenter = view
        _ = lifecycle.addObserver { [weak self] event in self?.handle(event) }
        disposeHandlerID = overlay.implementation.addDisposeHandler { [weak self] in self?.hostDestroyed() }
        applyTiming()
        view.display(content)
    }

    /// The overlay a HUD on `host` goes into, or the error (reported) that stops it.
    static func overlay(for host: some GtkWidgetConvertible, caller: String) throws(HUDError) -> HUDOverlay {
        func fail(_ error: HUDError) -> HUDError {
            if error != .gtkNotInitialized { Diagnostics.report(caller, "\(error.description) Nothing was shown.") }
            return error
        }
        guard GtkHUDRuntime.prepare(caller: caller) else { throw .gtkNotInitialized } // prepare reported it
        guard let widget = host.gtkWidget else { throw fail(.notAWidget) }
        if WindowLiveness.destroyedWindow(of: widget) != nil { throw fail(.hostWindowDestroyed) }
        let overlay = gtkhud_is_a(widget.raw, gtk_window_get_type()) != 0
            ? HUDOverlay.installed(in: widget) : HUDOverlay.host(for: widget)
        guard let overlay else { throw fail(.notInWindow) }
        return overlay
    }

    /// MBProgressHUD's look: fade, automatic style, no mask.
    public static var defaultAppearance: HUDAppearance {
        var appearance = HUDAppearance()
        appearance.transition = .fade
        return appearance
    }

    // MARK: Showing and hiding

    /// Shows the HUD (after ``graceTime``, if set).
    public func show(animated: Bool = true) {
        guard !isFinished || !removesFromHostOnHide || overlayWidget.isAlive else { return }
        isFinished = false
        register()
        selfRetain = self
        applyTiming(animated: animated)
        refresh()
        lifecycle.show()
    }

    /// Hides the HUD, after `delay` seconds if given (a new `show` cancels a pending hide).
    /// `completion` runs exactly once, with how the hide ended.
    public func hide(animated: Bool = true, afterDelay delay: Double = 0,
                     completion: (@MainActor (HUDDismissOutcome) -> Void)? = nil) {
        applyTiming(animated: animated)
        let seconds = HUDInput.delay(seconds: delay, source: "HUD.hide(afterDelay:)")
        // The lifecycle settles every hide with an outcome, also one during the
        // grace time (which sends no events): `.dismissed` is the one place a HUD
        // is known to have gone. Superseded hides leave it on screen.
        lifecycle.hide(afterDelay: seconds) { [weak self] outcome in
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
        refresh()
    }

    // MARK: Progress from anywhere

    /// Sets the progress from any thread at any rate; the HUD takes the latest
    /// value once per frame, just before the frame that paints it.
    public nonisolated func setProgress(_ value: Double) {
        guard mailbox.post(value) else { return }
        MainQueue.async { [weak self] in self?.progressDelivery.schedule() }
    }

    /// Stops following a `Progress` (see `observe(_:)`, with the `FoundationInterop` trait).
    func stopObservingProgress() {
        if let poll = progressPoll { TickCallback.remove(poll.tick, from: poll.source.widget) }
        progressPoll = nil
    }

    /// Polls `read` once per frame while the HUD is shown (the engine of `observe(_:)`).
    func pollProgress(_ read: @escaping @MainActor () -> (fraction: Double, description: String?)) {
        stopObservingProgress()
        if mode == .indeterminate || mode == .text { mode = .annularDeterminate }
        let anchor = ObjectRef(retaining: view.maskWidgetPointer.raw)
        let tick = TickCallback.add(to: anchor.widget) { [weak self] _ in
            guard let self else { return false }
            let (fraction, description) = read()
            if fraction != self.progress { self.progress = fraction }
            if let description, !description.isEmpty, description != self.label { self.label = description }
            return true
        }
        progressPoll = (anchor, tick)
    }

    /// Follows any async sequence of progress values until it ends, throws or the HUD hides.
    public func track<Values: AsyncSequence>(_ values: Values) where Values.Element == Double {
        sequenceTask?.cancel()
        if mode == .indeterminate || mode == .text { mode = .annularDeterminate }
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

    /// The one road for content: hands the change to the presenter (a progress
    /// step only moves the indicator).
    private func refresh() {
        view.update(from: view.content, to: content)
    }

    /// What the properties say the HUD shows.
    private var content: HUDContent {
        let fraction = HUDInput.progress(progress)
        let indicator: HUDIndicator = switch mode {
        case .indeterminate: .indeterminate
        case .determinate, .annularDeterminate, .determinateHorizontalBar: fraction.map { .progress($0) } ?? .indeterminate
        case .customView: customContent.map { .custom($0) } ?? .textOnly
        case .text: .textOnly
        case .success: .success
        case .error: .error
        case .info: .info
        }
        let style: HUDProgressStyle = switch mode {
        case .determinate: .pie
        case .determinateHorizontalBar: .bar
        default: .annular
        }
        return HUDContent(status: HUDInput.status(label, source: "HUD.label"),
                          details: HUDInput.status(detailsLabel, source: "HUD.detailsLabel"),
                          indicator: indicator, progressStyle: style, buttonTitle: buttonTitle)
    }

    private func applyTiming(animated: Bool = true) {
        let animations = animated && GtkEnvironment.animationsEnabled(for: view.maskWidgetPointer)
        let fade = animations ? HUDInput.duration(seconds: animationDuration, source: "HUD.animationDuration") : .zero
        lifecycle.configuration = HUDLifecycle.Configuration(
            graceTime: HUDInput.duration(seconds: graceTime, source: "HUD.graceTime"),
            minimumShowTime: HUDInput.duration(seconds: minimumShowTime, source: "HUD.minimumShowTime"),
            fadeInDuration: fade, fadeOutDuration: fade)
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

    private func hostDestroyed() {
        // The HUD goes with its host: that ends its appearance like a hide.
        let wasUp = !isFinished && lifecycle.phase != .hidden
        lifecycle.cancelAll()
        isFinished = true
        sequenceTask?.cancel()
        progressPoll = nil
        unregister()
        if wasUp { completion?() }
        selfRetain = nil
    }
}

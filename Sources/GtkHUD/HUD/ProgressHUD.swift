import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// The application-wide HUD, SVProgressHUD style: no instance, no set-up.
///
/// ```swift
/// ProgressHUD.show(status: "Loading")
/// ProgressHUD.showProgress(0.4, status: "Downloading")
/// ProgressHUD.showSuccess(status: "Saved")          // dismisses itself
/// ProgressHUD.dismiss()
/// ```
///
/// It appears in the active window (or ``context``), above its content. Every
/// call is `@MainActor`, so from a background task write `await ProgressHUD.show()`;
/// calls take effect in order, which fixes SVProgressHUD's races:
/// `show(); show(); popActivity()` stays visible, and `show(); dismiss();
/// showSuccess(...)` shows the success HUD.
@MainActor
public enum ProgressHUD {
    // MARK: Showing

    /// Shows an indeterminate HUD (counts one activity for ``popActivity()``).
    public static func show(status: String? = nil) {
        guard let shared = SharedHUD.prepare() else { return }
        shared.controller.show(status: status)
    }

    /// Shows or updates a determinate HUD. NaN or infinite progress shows the
    /// indeterminate spinner; values are clamped to 0...1.
    public static func showProgress(_ progress: Double, status: String? = nil) {
        guard let shared = SharedHUD.prepare() else { return }
        shared.controller.showProgress(progress, status: status)
    }

    /// Changes the status text of the HUD on screen.
    public static func setStatus(_ status: String?) {
        SharedHUD.instance?.controller.setStatus(status)
    }

    /// Shows a success HUD that dismisses itself after ``displayDuration(for:)``.
    public static func showSuccess(status: String? = nil) {
        SharedHUD.prepare()?.controller.showSuccess(status: status)
    }

    /// Shows an error HUD that dismisses itself after ``displayDuration(for:)``.
    public static func showError(status: String? = nil) {
        SharedHUD.prepare()?.controller.showError(status: status)
    }

    /// Shows an info HUD that dismisses itself after ``displayDuration(for:)``.
    public static func showInfo(status: String? = nil) {
        SharedHUD.prepare()?.controller.showInfo(status: status)
    }

    /// Shows a picture, dismissing after ``displayDuration(for:)``:
    /// `.iconName("mail-send-symbolic")`, `.file(url)`, `.resource(path)` or
    /// `.paintable(texture)`. Symbolic icons follow the text colour.
    public static func showImage(_ image: ImageSource, status: String? = nil) {
        SharedHUD.prepare()?.controller.showImage(image, status: status)
    }

    // MARK: Dismissing

    /// Dismisses the HUD, after `delay` seconds if given. `completion` runs
    /// exactly once: after the fade-out, or at once if a new show supersedes it.
    public static func dismiss(withDelay delay: Double = 0, completion: (@MainActor () -> Void)? = nil) {
        guard let shared = SharedHUD.instance else {
            // No controller to close the gate yet: a worker's value must not show the HUD after this.
            SharedHUD.postedProgress.setOpen(false)
            completion?()
            return
        }
        if let completion {
            shared.controller.dismiss(withDelay: delay, completion: completion)
        } else {
            shared.controller.dismiss(withDelay: delay)
        }
    }

    /// Dismisses the HUD and returns when it has gone (or was superseded by a new show).
    @discardableResult
    public static func dismissAndWait(withDelay delay: Double = 0) async -> HUDDismissOutcome {
        guard let shared = SharedHUD.instance else {
            SharedHUD.postedProgress.setOpen(false)
            return .dismissed
        }
        return await withCheckedContinuation { continuation in
            shared.controller.dismiss(withDelay: delay) { outcome in continuation.resume(returning: outcome) }
        }
    }

    /// Ends one activity started by `show`; the HUD goes when none is left.
    public static func popActivity() {
        SharedHUD.instance?.controller.popActivity()
    }

    /// Whether the HUD is on screen (fading in, shown, or fading out).
    public static var isVisible: Bool { SharedHUD.instance?.controller.isVisible ?? false }

    /// How long a status HUD stays: `min(max(0.06 × length + 0.5, minimumDismissTime), maximumDismissTime)`,
    /// where length counts the characters a reader sees (grapheme clusters), so
    /// an emoji or an accented letter counts once; then times
    /// ``GtkHUDAttention/timeoutMultiplier`` (1 unless the app or user lengthens messages).
    public static func displayDuration(for status: String?) -> Double {
        SharedHUD.timing.displayDuration(for: status)
    }

    // MARK: Progress from any thread

    /// Sets the progress from any thread, at any rate. Updates coalesce: the
    /// HUD takes the latest value once per frame, just before the frame that
    /// paints it. Shows the progress HUD if needed.
    ///
    /// After ``dismiss(withDelay:completion:)`` updates are dropped until the
    /// next `show…` call: a worker still posting when the user pressed Cancel
    /// must not bring the HUD back.
    public nonisolated static func setProgress(_ progress: Double) {
        // Before gtk_init the update would wait in the main queue and pop up a
        // HUD with no label once the loop runs: it is dropped (and reported).
        guard gtk_is_initialized() != 0 else {
            if MainQueue.isMainThread {
                MainActor.assumeIsolated { _ = GtkHUDRuntime.prepare(caller: "ProgressHUD.setProgress(_:)") }
            }
            return
        }
        guard SharedHUD.postedProgress.post(progress) else { return }
        MainQueue.async { SharedHUD.progressDelivery.schedule() }
    }

    // MARK: Events

    /// Every HUD event from now on.
    public static var events: AsyncStream<HUDEvent> { SharedHUD.hub.stream() }

    /// Calls `handler` for every event until the observation is cancelled.
    public static func observeEvents(_ handler: @escaping @MainActor (HUDEvent) -> Void) -> HUDObservation {
        SharedHUD.hub.observe(handler)
    }

    // MARK: Defaults (SVProgressHUD's set… methods)

    /// Look and motion of the shared HUD; changes apply to the HUD on screen.
    /// Defaults: `HUDAppearance()`, SVProgressHUD's look (pop transition,
    /// automatic style, no mask, centred).
    public static var appearance: HUDAppearance {
        get { SharedHUD.appearance }
        set {
            SharedHUD.appearance = newValue.corrected(source: "ProgressHUD.appearance")
            SharedHUD.instance?.view?.appearance = SharedHUD.appearance
        }
    }

    /// The widget whose window (or nearest ``HUDOverlay``) hosts the HUD;
    /// nil (the default) uses the active window. The same as ``context``
    /// set to `.widget(host)`, or to `.automatic` for nil.
    public static var host: (any GtkWidgetConvertible)? {
        get { SharedHUD.context.widget }
        set { SharedHUD.context = StoredPresentationContext(newValue.map { .widget($0) } ?? .automatic) }
    }

    /// Where the HUD appears: ``PresentationContext/automatic`` (the default:
    /// the window ``PresentationContext/router`` picks, the active one),
    /// an application's active or named window
    /// (``PresentationContext/activeWindow(of:)``), a window, an overlay, or
    /// the nearest overlay around a widget.
    ///
    /// A window, an overlay or a widget is looked up at every show, so the
    /// HUD moves (as it is) when you change the context. A routed context
    /// (`.automatic`, an application's window) is routed when the HUD starts
    /// a run; until it has gone, the run's calls (progress, a new status, its
    /// result) stay in that window even when the user switches to another, as
    /// SVProgressHUD's do: a "Saving" HUD and its mask never jump onto the
    /// window the user went to. A window hidden meanwhile is left: the next
    /// call routes again. The widget is not kept alive: once it is destroyed
    /// the HUD goes where `.automatic` points.
    public static var context: PresentationContext {
        get { SharedHUD.context.context ?? .automatic }
        set { SharedHUD.context = StoredPresentationContext(newValue) }
    }

    /// Seconds before a requested HUD appears; dismissed within it, it never shows (0).
    public static var graceTime: Double {
        get { SharedHUD.timing.graceTime }
        set { SharedHUD.setTiming(\.graceTime, newValue, name: "graceTime") }
    }
    /// Shortest display of a status HUD (5 s).
    public static var minimumDismissTime: Double {
        get { SharedHUD.timing.minimumDismissTime }
        set { SharedHUD.setTiming(\.minimumDismissTime, newValue, name: "minimumDismissTime") }
    }
    /// Longest display of a status HUD (∞). NaN keeps the last value (made 0
    /// it would dismiss every success HUD at once).
    public static var maximumDismissTime: Double {
        get { SharedHUD.timing.maximumDismissTime }
        set { SharedHUD.setTiming(\.maximumDismissTime, newValue, name: "maximumDismissTime") }
    }
    /// Fade-in length (0.15 s); 0 when GTK animations are off.
    public static var fadeInDuration: Double {
        get { SharedHUD.timing.fadeInDuration }
        set { SharedHUD.setTiming(\.fadeInDuration, newValue, name: "fadeInDuration") }
    }
    /// Fade-out length (0.15 s); 0 when GTK animations are off.
    public static var fadeOutDuration: Double {
        get { SharedHUD.timing.fadeOutDuration }
        set { SharedHUD.setTiming(\.fadeOutDuration, newValue, name: "fadeOutDuration") }
    }

    /// Puts a widget of yours in the bezel (then call ``showCustomWidget(status:)``);
    /// nil removes it. A fresh (floating) widget is taken over, like a GTK container does.
    public static func setCustomWidget(_ widget: (any GtkWidgetConvertible)?) {
        // Each widget is new content (compared by identity), so the next show re-renders.
        SharedHUD.customWidget = widget?.gtkWidget.map { GtkObjectContent($0.raw) }
        SharedHUD.instance?.controller.replaceCustomWidget(with: SharedHUD.customWidget)
    }

    /// Shows the widget set with ``setCustomWidget(_:)`` (counts one activity, like `show`).
    public static func showCustomWidget(status: String? = nil) {
        SharedHUD.prepare()?.controller.showCustom(SharedHUD.customWidget, status: status)
    }

    /// The bezel widget of the shared HUD, if it has one (for tests and accessibility tools).
    public static var bezelWidget: GtkWidgetRef? { SharedHUD.instance?.view?.bezelWidget.map { GtkWidgetRef(pointer: $0) } }

    /// Removes the shared HUD at once and forgets its host (completions run with `.cancelled`).
    public static func reset() {
        SharedHUD.instance?.controller.cancelAll()
        SharedHUD.instance?.view?.tearDown()
        SharedHUD.instance = nil
        SharedHUD.postedProgress.setOpen(true)
    }
}

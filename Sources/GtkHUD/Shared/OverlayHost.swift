import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// Everything GtkHUD keeps for one overlay, owned by the overlay widget
/// (``HUDOverlayWidget/host``), the way libadwaita keeps its queue and toasts
/// on the `AdwToastOverlay` instance: the overlay's ``BannerCenter``, the
/// instance HUDs on it, the shared HUD while it is here, the
/// ``ContentBlock`` that blocking HUDs acquire and release on its content, the
/// keys it answers (``HostShortcuts``: Escape and the banner shortcut), the one
/// watch of its window's activity (reported to the banner queue and to the
/// window's ``/HUDCore/HUDRunNotices``, and those notices), and the one watch
/// of the animation setting (followed by its banners).
///
/// One dispose handler tears all of it down, in order, when the overlay (its
/// window) goes: the HUDs end (their completions run), then the banners
/// (each `onDismiss` runs with `.hostDestroyed`), then the block gives the
/// content back. No global registry: a look-up goes through the widget.
@MainActor
final class OverlayHost {
    private(set) weak var overlay: HUDOverlayWidget?
    /// The overlay's ``HUDOverlay`` while something holds it (weak: it holds the widget, which holds this host).
    weak var facade: HUDOverlay?
    /// Instance HUDs on this overlay that are live (shown, or waiting for their grace time), bottom to top.
    private(set) var liveHUDs: [HUD] = []
    /// Every instance HUD made on this overlay, to end when it goes.
    private var huds: [WeakHUD] = []
    /// The shared HUD, while its view is on this overlay.
    weak var sharedHUD: SharedHUD?
    /// The block that blocking HUDs hold on the content, while one is up.
    private var contentBlock: ContentBlock?
    /// Whether this window animates, watched here once for its HUDs and banners.
    private(set) var animationsEnabled = true
    private var animationSettingWatch: [SignalConnection] = []
    private var animationFollowers: [@MainActor (Bool) -> Void] = []
    private(set) var bannerCenter: BannerCenter?
    /// The window's activity, watched from the host's start, and again
    /// whenever the overlay moves into another window (`notify::root`).
    private var windowActivity: WindowActivityWatch?
    /// The window `windowActivity` watches.
    private(set) var watchedWindow: WeakObjectRef?
    private var rootConnection: SignalConnection?
    /// The overlay's and its window's map and unmap, for ``ContextVisibility`` (see `OverlayHost+Context.swift`).
    var visibilityConnections: [SignalConnection] = []
    /// `HUD.run`'s notices to the desktop while the user is elsewhere (decided in HUDCore).
    let runNotices = HUDRunNotices()
    private let runNoticeDesktop: HUDRunNoticeDesktop
    /// Escape and the banner shortcut, on the overlay's key-event target.
    private(set) var shortcuts: HostShortcuts!
    private(set) var isDestroyed = false

    private struct WeakHUD { weak var hud: HUD? }

    private init(overlay: HUDOverlayWidget) {
        self.overlay = overlay
        let overlayWidget = WeakObjectRef(overlay.widget.raw)
        runNoticeDesktop = HUDRunNoticeDesktop { Self.window(of: overlayWidget) }
        runNoticeDesktop.notices = runNotices
        runNotices.presenter = runNoticeDesktop
        overlay.addDisposeHandler { [weak self] in self?.overlayDisposed() }
        shortcuts = HostShortcuts(on: overlay.keyEventTarget) { [weak self] in self?.focusBanners() ?? false }
        // An overlay the app made may be put into its window later (or moved to another).
        rootConnection = Signal.connect(overlay.widget.raw, "notify::root") { [weak self] in
            self?.watchWindowActivity()
            self?.watchContextVisibility()
        }
        watchWindowActivity()
        watchContextVisibility()
    }

    /// The host of `overlay`, made on first use.
    static func of(_ overlay: HUDOverlayWidget) -> OverlayHost {
        if let existing = overlay.host as? OverlayHost { return existing }
        let host = OverlayHost(overlay: overlay)
        overlay.host = host
        return host
    }

    /// The host of `overlay` if GtkHUD has used it (nothing is made).
    static func existing(_ overlay: HUDOverlayWidget?) -> OverlayHost? {
        overlay?.host as? OverlayHost
    }

    // MARK: Banners

    /// The overlay's banner center, made on first use (nil once the overlay went).
    func banners(in overlay: HUDOverlay) -> BannerCenter? {
        if let bannerCenter { return bannerCenter }
        guard !isDestroyed else { return nil }
        let center = BannerCenter(overlay: overlay)
        bannerCenter = center
        followAnimationSetting { [weak center] enabled in center?.queue.animationsEnabled = enabled }
        // Escape dismisses the focused banner, or else the newest one.
        shortcuts.addEscapeHandler { [weak center] in center?.dismissFront() ?? false }
        reportWindowActivity()
        reportContextVisibility()
        return center
    }

    /// The banner shortcut: the keyboard to the newest banner and back. A
    /// blocking HUD keeps the keyboard where it put it.
    private func focusBanners() -> Bool {
        guard contentBlock == nil, let bannerCenter else { return false }
        return bannerCenter.presenter.keyboard?.shortcutPressed() ?? false
    }


    /// Watches the overlay's window (if it is in a `GtkWindow` now) and
    /// reports its activity to the banner queue and the run notices, now and
    /// on every change. Called again when the overlay's root changes.
    private func watchWindowActivity() {
        guard !isDestroyed else { return }
        let root = overlay.flatMap { Self.window(of: $0.widget) }
        if let root, watchedWindow?.withObject({ $0 == UnsafeMutableRawPointer(root) }) == true { return }
        releaseFocusLeftBehind()
        windowActivity?.stop()
        windowActivity = nil
        watchedWindow = nil
        guard let root else { return }
        windowActivity = WindowActivityWatch(window: root) { [weak self] in self?.reportWindowActivity() }
        watchedWindow = WeakObjectRef(root.raw)
        reportWindowActivity()
    }

    private func reportWindowActivity() {
        guard let watch = windowActivity else { return }
        let facts = Self.facts(of: watch)
        runNotices.windowChanged(facts)
        bannerCenter?.queue.windowAttentionChanged(isAttended: facts.isAttended, wasAttendedBefore: facts.hasBeenAttended)
    }

    private static func facts(of watch: WindowActivityWatch) -> WindowFacts {
        var facts = WindowFacts()
        facts.isActive = watch.isActive
        facts.isFocusedState = watch.isFocusedState
        facts.focusedStateIsReliable = watch.isOnWayland
        facts.isMinimized = watch.isMinimized
        facts.isSuspended = watch.isSuspended
        facts.hasBeenActive = watch.hasBeenActive
        return facts
    }

    /// The overlay's window, if it is a `GtkWindow`.
    var window: UnsafeMutablePointer<GtkWidget>? {
        overlay.flatMap { Self.window(of: $0.widget) }
    }

    private static func window(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        guard let root = gtk_widget_get_root(widget),
              gtkhud_is_a(UnsafeMutableRawPointer(root), gtk_window_get_type()) != 0 else { return nil }
        return UnsafeMutableRawPointer(root).asWidget
    }

    private static func window(of overlay: WeakObjectRef) -> UnsafeMutablePointer<GtkWidget>? {
        overlay.withObject { window(of: $0.asWidget) } ?? nil
    }

    // MARK: HUD.run's notices

    /// A run of `hud` ended and shows its result (see ``/HUDCore/HUDRunNotices``).
    func runEnded(by hud: HUDRunNotices.Source, outcome: HUDMode, working: String?, result: String?,
                  notifiesWhenUnattended: Bool) {
        runNotices.runEnded(by: hud, outcome: outcome, working: working, result: result,
                            notifiesWhenUnattended: notifiesWhenUnattended, strings: HUDStrings.current)
    }

    // MARK: Content block

    /// The blocking HUD on top, which holds the keyboard while the content is blocked.
    var blockingViewOnTop: HUDBezelPresenter? { contentBlock?.holders.last?.view }

    /// A blocking HUD takes the content's keyboard: the first one saves the
    /// content's `can-focus` and the focused widget, later ones share the block.
    func acquireContentBlock(for view: HUDBezelPresenter) {
        guard !isDestroyed, let overlay else { return }
        let block = contentBlock ?? ContentBlock(overlay: overlay.widget)
        contentBlock = block
        block.holders.append(ContentBlock.Holder(view))
    }

    /// A blocking HUD went: the HUD now on top takes the keyboard, or, when it
    /// was the last, the content gets back what the block saved.
    func releaseContentBlock(for view: HUDBezelPresenter) {
        guard let block = contentBlock else { return }
        block.holders.removeAll { $0.view == nil || $0.view === view }
        if let top = block.holders.last?.view {
            top.holdBlockingFocus()
        } else {
            contentBlock = nil
            block.release(overlay: overlay?.widget)
        }
    }

    // MARK: Animation setting

    /// Calls `follower` with whether the window animates, now and whenever the
    /// user changes `gtk-enable-animations` (or GTK 4.22's reduced-motion setting).
    /// The window's settings are watched once, however many follow them.
    func followAnimationSetting(_ follower: @escaping @MainActor (Bool) -> Void) {
        guard !isDestroyed else { return }
        if animationSettingWatch.isEmpty, let overlay, let settings = gtk_widget_get_settings(overlay.widget) {
            animationSettingWatch = ["notify::gtk-enable-animations", "notify::gtk-interface-reduced-motion"].map {
                Signal.connect(UnsafeMutableRawPointer(settings), $0) { [weak self] in self?.animationSettingChanged() }
            }
            animationsEnabled = GtkEnvironment.animationsEnabled(for: overlay.widget)
        }
        animationFollowers.append(follower)
        follower(animationsEnabled)
    }

    private func animationSettingChanged() {
        guard let overlay else { return }
        animationsEnabled = GtkEnvironment.animationsEnabled(for: overlay.widget)
        for follower in animationFollowers { follower(animationsEnabled) }
    }

    // MARK: Instance HUDs

    /// A HUD was made on this overlay: it ends with it.
    func adopt(_ hud: HUD) {
        huds.removeAll { $0.hud == nil }
        huds.append(WeakHUD(hud: hud))
    }

    /// A HUD is shown (or waits for its grace time): it is live, on top.
    func markLive(_ hud: HUD) {
        if !liveHUDs.contains(where: { $0 === hud }) { liveHUDs.append(hud) }
    }

    /// A HUD finished: it is no longer found by `HUD.hud(for:)`.
    func markFinished(_ hud: HUD) {
        liveHUDs.removeAll { $0 === hud }
    }

    // MARK: Teardown

    private func overlayDisposed() {
        guard !isDestroyed else { return }
        isDestroyed = true
        let ending = huds.compactMap(\.hud)
        huds = []
        for hud in ending { hud.hostDestroyed() }
        liveHUDs = []
        sharedHUD?.hostDestroyed(self)
        sharedHUD = nil
        runNotices.hostDestroyed()
        rootConnection?.disconnect()
        rootConnection = nil
        windowActivity?.stop()
        windowActivity = nil
        watchedWindow = nil
        visibilityConnections.forEach { $0.disconnect() }
        visibilityConnections = []
        bannerCenter?.hostDestroyed()
        contentBlock?.release(overlay: nil)
        contentBlock = nil
        animationSettingWatch.forEach { $0.disconnect() }
        animationSettingWatch = []
        animationFollowers = []
        shortcuts.tearDown()
    }
}

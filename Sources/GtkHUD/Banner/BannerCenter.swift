import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// The banners of one window: how many show at once, how wide they get, and
/// dismissing them all.
///
/// Every window gets its own center the first time a banner is shown in it;
/// you only need this type to change the defaults or to clear the window:
///
/// ```swift
/// let center = BannerCenter.for(window)
/// center?.maxVisible = 3          // up to three on screen, collapsed into a deck
/// center?.queueLimit = 10         // then ten wait ("+10 more"); older ones are dropped
/// center?.maximumWidth = 450      // clamp and centre, like AdwToast
/// center?.dismissAll()
/// ```
///
/// Queueing follows `AdwToastOverlay`: a normal-priority banner waits its
/// turn, a high-priority one shows at once and puts the oldest banner back
/// in the queue. Escape dismisses the focused banner, or else the newest one.
/// Banners with an id (``NotificationBanner/id``) are filed here by id, per
/// window: ``banner(id:)``, ``isShownOrQueued(id:)``, ``hide(id:)`` and
/// ``hideCounted(id:)`` look in this window only.
///
/// When the window is destroyed, every banner still showing or waiting is
/// dismissed with ``/HUDCore/BannerDismissReason/hostDestroyed`` (each `onDismiss` runs once).
@MainActor
public final class BannerCenter {
    /// The logic: order, timeouts, transitions.
    let queue: BannerQueue
    let presenter: BannerStackPresenter
    private let overlayReference: WeakObjectRef
    private var wrappers: [Banner: NotificationBanner] = [:]
    private var isDestroyed = false
    private let desktopNotifier = BannerCenterNotifier()

    // MARK: - Finding a window's center

    /// The center of the window that holds `widget` (any widget in it, or the
    /// window itself), created on first use. When `widget` is inside a
    /// ``HUDOverlay`` you placed yourself, banners show in that overlay.
    /// Nil when the widget is not in a window yet, its window was destroyed,
    /// or GTK is not initialised.
    public static func `for`(_ widget: some GtkWidgetConvertible) -> BannerCenter? {
        self.for(.widget(widget))
    }

    /// The center of `context`: each ``HUDOverlay`` (a pane, a sidebar, a
    /// dialog's content) has its own queue, as each window has. Created on
    /// first use; nil, as for a widget, when there is no overlay to go to
    /// (for `.automatic`: no visible window).
    public static func `for`(_ context: PresentationContext) -> BannerCenter? {
        guard GtkHUDRuntime.prepare(caller: "BannerCenter.for(_:)"),
              let overlay = try? OverlayHost.resolve(context) else { return nil }
        return center(of: overlay)
    }

    /// The center of the front window (the active one, else the last visible
    /// one): `BannerCenter.for(.automatic)` with the default router.
    public static var front: BannerCenter? {
        self.for(.automatic)
    }

    /// The center of `overlay`, made on first use (nil once the overlay went).
    static func center(of overlay: HUDOverlayWidget) -> BannerCenter? {
        // Kept by the overlay's host, which ends it when the overlay goes.
        OverlayHost.of(overlay).banners(in: HUDOverlay.facade(of: overlay.widget))
    }

    /// A center for `overlay`; only its ``OverlayHost`` makes one.
    init(overlay: HUDOverlay) {
        overlayReference = WeakObjectRef(overlay.pointer.raw)
        let stackPointer = BannerStackWidget.create()
        presenter = BannerStackPresenter(stack: stackPointer)
        queue = BannerQueue(scheduler: GLibScheduler.shared, presenter: presenter)
        presenter.queue = queue
        overlay.implementation.addLayer(stackPointer)
        desktopNotifier.center = self
        queue.desktopNotifier = desktopNotifier
    }

    // MARK: - Settings

    /// How many banners show at once (1 by default, like BRYXBanner and
    /// `AdwToastOverlay`); the others wait. Values below 1 count as 1 (with a message).
    public var maxVisible: Int {
        get { queue.maxVisible }
        set { queue.setMaxVisible(newValue, source: "BannerCenter.maxVisible") }
    }

    /// The widest a banner gets, in pixels; narrower windows give it their full
    /// width. Nil (the default) spans the whole window, like BRYXBanner; a value
    /// such as 450 centres banners the way `AdwToast` does. Zero, negative or
    /// non-finite values are refused with a message: the width stays as it was.
    public var maximumWidth: Double? {
        get { presenter.stack.maximumWidth }
        set {
            presenter.stack.maximumWidth = BannerLayout.maximumWidth(newValue, current: presenter.stack.maximumWidth,
                                                                     source: "BannerCenter.maximumWidth")
        }
    }

    /// Where banners sit. ``/HUDCore/BannerPlacement/belowHeaderBar`` (the default, for
    /// desktop windows): a top banner slides out from under the window's header
    /// bars (its title bar; header, tab and search bars at the top of the
    /// content, stacked or in side-by-side panes; an `AdwToolbarView`'s top bars
    /// at the height the toolbar view reports) and never covers the title or
    /// the window buttons; a bottom banner stands on a bottom bar if there is
    /// one, else on the bottom edge. Both follow the bars live. ``/HUDCore/BannerPlacement/coversTopEdge`` keeps the iOS look of
    /// BRYXBanner: top banners hang from the very top of the window, over the title bar.
    public var placement: BannerPlacement {
        get { overlayReference.withObject { HUDOverlayWidget.of($0.asWidget)?.bannerPlacement ?? .belowHeaderBar } ?? .belowHeaderBar }
        set { overlayReference.withObject { HUDOverlayWidget.of($0.asWidget)?.bannerPlacement = newValue } }
    }

    /// Space between stacked banners, in pixels (0 by default, at most 1000).
    /// NaN or infinity keeps the current spacing, a value out of range is clamped (with a message).
    public var spacing: Double {
        get { presenter.stack.spacing }
        set { presenter.stack.spacing = BannerLayout.spacing(newValue, current: presenter.stack.spacing, source: "BannerCenter.spacing") }
    }

    /// The most banners that wait their turn beyond those on screen (20 by
    /// default); past it, ``overflowPolicy`` decides. Negative values count
    /// as 0 (with a message): nothing waits. Waiting banners show as a deck,
    /// "+N more", next to the banners on screen.
    public var queueLimit: Int {
        get { queue.queueLimit }
        set { queue.setQueueLimit(newValue, source: "BannerCenter.queueLimit") }
    }

    /// What a full queue does: ``/HUDCore/BannerOverflowPolicy/dropOldest``
    /// (the default: the oldest waiting banner ends with
    /// ``/HUDCore/BannerDismissReason/dropped``, so a burst leaves the newest
    /// messages to read) or ``/HUDCore/BannerOverflowPolicy/queue`` (every
    /// banner waits its turn, as `AdwToastOverlay` does).
    public var overflowPolicy: BannerOverflowPolicy {
        get { queue.overflowPolicy }
        set { queue.overflowPolicy = newValue }
    }

    /// How banners on screen stack when ``maxVisible`` is above 1:
    /// ``/HUDCore/BannerStacking/deck`` (the default: the newest in front, the
    /// others collapsed behind it, spreading out while the pointer or the
    /// keyboard is on the banners or the "+N more" badge) or
    /// ``/HUDCore/BannerStacking/expanded`` (each in full, one below the other).
    public var stacking: BannerStacking {
        get { queue.stacking }
        set { queue.stacking = newValue }
    }

    // MARK: - Banners

    /// The banners on screen, newest first.
    public var visibleBanners: [NotificationBanner] { queue.visibleBanners.compactMap { wrappers[$0] } }

    /// The banners waiting their turn, next first.
    public var queuedBanners: [NotificationBanner] { queue.queuedBanners.compactMap { wrappers[$0] } }

    /// Dismisses every banner of this window, showing and waiting. Each
    /// `onDismiss` runs once (reason ``/HUDCore/BannerDismissReason/dismissAll``).
    public func dismissAll() {
        queue.dismissAll()
    }

    /// Dismisses the banner holding keyboard focus, or else the newest one,
    /// as Escape does. Returns whether a banner was dismissed.
    @discardableResult
    public func dismissFront() -> Bool {
        queue.dismissFront()
    }

    // MARK: - Ids

    /// The banner showing or waiting in this window under `id` (see
    /// ``NotificationBanner/id``), or nil. A banner sliding out is no longer
    /// there. Ids are per window: another window may have a banner with the
    /// same id. A blank id is answered nil, with a message.
    public func banner(id: String) -> NotificationBanner? {
        queue.banner(id: id, source: "BannerCenter.banner(id:)").flatMap { wrappers[$0] }
    }

    /// Whether a banner with `id` is showing or waiting in this window.
    /// A blank id is answered false, with a message.
    public func isShownOrQueued(id: String) -> Bool {
        queue.isShownOrQueued(id: id, source: "BannerCenter.isShownOrQueued(id:)")
    }

    /// Hides the banner with `id`, whatever its count: a showing one slides
    /// out, a waiting one is dropped (its `onDismiss` gets
    /// ``/HUDCore/BannerDismissReason/programmatic``).
    /// - Returns: whether there was one. An id no banner here has (never shown,
    ///   timed out already, or shown in another window) and a blank id are
    ///   reported with a message; nothing changes.
    @discardableResult
    public func hide(id: String) -> Bool {
        queue.dismiss(id: id, source: "BannerCenter.hide(id:)")
    }

    /// Takes back one arrival of a counted banner (``/HUDCore/BannerIDPolicy/count``):
    /// "×3" becomes "×2" (without a new announcement); a banner at 1 is hidden
    /// as ``hide(id:)`` hides it. For a message that several pieces of work
    /// raise, each taking its own back when it is done.
    /// - Returns: whether there was one; unknown and blank ids are reported as for ``hide(id:)``.
    @discardableResult
    public func hideCounted(id: String) -> Bool {
        queue.dismissCounted(id: id, source: "BannerCenter.hideCounted(id:)")
    }

    /// The window's banner layer (CSS node `hudbannerstack`), valid while the window lives.
    public var stackWidget: GtkWidgetRef { GtkWidgetRef(pointer: presenter.stack.widget) }

    // MARK: - Internal

    /// Hands `banner` to the queue, which checks it and its duration once and
    /// reports a refusal from `source`, the public call the app made.
    func show(_ banner: NotificationBanner, duration: Double?, source: String) {
        wrappers[banner.core] = banner
        banner.center = self
        if !queue.show(banner.core, duration: duration, source: source) {
            wrappers[banner.core] = nil
            banner.center = nil
        }
    }

    /// The facade of a banner of this center.
    func facade(of banner: Banner) -> NotificationBanner? { wrappers[banner] }

    /// Called once the banner's dismissal has been reported.
    func forget(_ banner: NotificationBanner) {
        wrappers[banner.core] = nil
    }

    /// Whether the window of this center was destroyed.
    var isHostDestroyed: Bool {
        isDestroyed || WindowLiveness.destroyedWindow(of: presenter.stack.widget) != nil
    }

    /// Brings the banners' window forward (a desktop notification was clicked).
    func presentWindow() {
        guard !isHostDestroyed, let root = gtk_widget_get_root(presenter.stack.widget),
              gtkhud_is_a(UnsafeMutableRawPointer(root), gtk_window_get_type()) != 0 else { return }
        GtkHUDWindows.presentNow(UnsafeMutableRawPointer(root).asWidget)
    }

    /// The GTK widget of a banner on screen or leaving.
    func widget(for banner: NotificationBanner) -> BannerWidget? { presenter.widget(for: banner.core) }

    /// The overlay went (called by its ``OverlayHost``): every banner ends with `.hostDestroyed`.
    func hostDestroyed() {
        guard !isDestroyed else { return }
        isDestroyed = true
        queue.hostDestroyed()
        wrappers.removeAll()
        presenter.hostDestroyed()
    }
}

/// The desktop side of a center's queue: the queue decides when a banner's
/// desktop notification goes out and comes back; this finds the banner's
/// facade, which hands it to the ``DesktopNotificationSender``.
@MainActor
final class BannerCenterNotifier: DesktopNotificationPresenter {
    weak var center: BannerCenter?

    func sendDesktopNotification(for banner: Banner, id: String) -> Bool {
        center?.facade(of: banner)?.sendDesktopNotification(id: id) ?? false
    }

    func withdrawDesktopNotification(id: String) {
        DesktopNotificationSender.shared.withdraw(id: id)
    }
}

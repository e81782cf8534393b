import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// The keyboard inside one window's banner stack: where the banner shortcut
/// lands, Tab and Shift+Tab going round the banners, the queue held while
/// focus is inside, and the focus given back afterwards.
///
/// It reports focus facts only: focus entering the stack holds every banner
/// of the window (``BannerHold/focusInside``), leaving releases them. Switching
/// windows also makes focus leave (GTK sends focus-leave before the window
/// turns inactive); whether the window is active is a separate input.
@MainActor
final class BannerKeyboard {
    private let stack: UnsafeMutablePointer<GtkWidget>
    weak var queue: BannerQueue?
    /// The banners on screen, newest first (the presenter's widgets, in the queue's order).
    private let shownBanners: @MainActor () -> [BannerWidget]
    /// The deck's badge while it shows (banners wait): the last stop of the round.
    private let deck: @MainActor () -> UnsafeMutablePointer<GtkWidget>?
    /// The widget that had the focus before the shortcut (weak: it may go meanwhile).
    private var focusBefore: WeakObjectRef?
    /// Whether the keyboard came in through the shortcut: then Tab goes round
    /// the banners, and the focus goes back when it leaves them.
    private var isVisiting = false
    private let ring = ShortcutTable(scope: GTK_SHORTCUT_SCOPE_LOCAL, phase: GTK_PHASE_BUBBLE)
    private var focusController: ObjectRef?

    init(stack: UnsafeMutablePointer<GtkWidget>, shownBanners: @escaping @MainActor () -> [BannerWidget],
         deck: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>? = { nil }) {
        self.stack = stack
        self.shownBanners = shownBanners
        self.deck = deck
        // On the stack: Tab from a banner bubbles through it before GtkWindow's move-focus binding.
        let forward = [ShortcutTrigger.key(GDK_KEY_Tab), .key(GDK_KEY_KP_Tab)]
        let backward = [ShortcutTrigger.key(GDK_KEY_Tab, modifiers: GDK_SHIFT_MASK),
                        .key(GDK_KEY_KP_Tab, modifiers: GDK_SHIFT_MASK), .key(GDK_KEY_ISO_Left_Tab, modifiers: GDK_SHIFT_MASK)]
        ring.add("next-banner", triggers: forward) { [weak self] in self?.moveRound(by: 1) ?? false }
        ring.add("previous-banner", triggers: backward) { [weak self] in self?.moveRound(by: -1) ?? false }
        ring.attach(to: stack)
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(UnsafeMutableRawPointer(focus), "enter") { [weak self] in self?.queue?.hold(.focusInside) }
        Signal.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in self?.focusLeft() }
        // add_controller takes the new reference; `focusController` holds its own.
        focusController = ObjectRef(retaining: UnsafeMutableRawPointer(focus))
        gtk_widget_add_controller(stack, focus)
    }

    /// Whether keyboard focus is inside the stack now.
    var containsFocus: Bool {
        guard let focus = focusWidget else { return false }
        return focus == stack || gtk_widget_is_ancestor(focus, stack) != 0
    }

    private var focusWidget: UnsafeMutablePointer<GtkWidget>? {
        gtk_widget_get_root(stack).flatMap { gtk_root_get_focus($0) }
    }

    // MARK: The shortcut

    /// The banner shortcut: from outside, the keyboard goes to the newest
    /// banner (its action, else its close button, else the banner); from
    /// inside, back where it was. Returns whether it took the key: not with
    /// no banner on screen, nor when the banner cannot take the focus (the
    /// app made it insensitive, say); then no visit begins, and the key goes
    /// on to the window.
    func shortcutPressed() -> Bool {
        if containsFocus {
            giveFocusBack()
            return true
        }
        guard let newest = shownBanners().first else { return false }
        // Set before the grab: the focus entering the stack happens inside it.
        focusBefore = focusWidget.map { WeakObjectRef($0.raw) }
        isVisiting = true
        guard gtk_widget_grab_focus(newest.keyboardTarget) != 0 else {
            endVisit()
            return false
        }
        return true
    }

    /// Tab or Shift+Tab inside the stack, after the shortcut: the next or
    /// previous stop among the shown banners and the deck's badge, round from the last to the first.
    /// Otherwise the key goes on to the window, whose Tab leaves the banners as usual.
    private func moveRound(by step: Int) -> Bool {
        guard isVisiting, let focus = focusWidget else { return false }
        let stops = shownBanners().flatMap(\.focusStops) + (deck().map { [$0] } ?? [])
        guard !stops.isEmpty else { return false }
        let current = stops.firstIndex { $0 == focus } ?? 0
        let next = stops[((current + step) % stops.count + stops.count) % stops.count]
        gtk_widget_grab_focus(next)
        return true
    }

    // MARK: Leaving

    private func focusLeft() {
        queue?.release(hold: .focusInside)
        // The window going inactive also makes focus leave, but its focus
        // widget stays in the banner: the visit goes on when the user returns.
        if !containsFocus { endVisit() }
    }

    /// A banner is leaving the screen: if it has the focus, the focus goes
    /// back to where it was before the shortcut, or else to the content.
    func bannerLeaving(_ banner: UnsafeMutablePointer<GtkWidget>) {
        guard let focus = focusWidget, focus == banner || gtk_widget_is_ancestor(focus, banner) != 0 else { return }
        giveFocusBack()
    }

    /// Gives the focus to the widget that had it before the shortcut if it is
    /// still in this window and can take it, else to the window's content (its
    /// first focusable widget), else to no widget.
    private func giveFocusBack() {
        let saved = isVisiting ? focusBefore : nil
        endVisit()
        guard let root = gtk_widget_get_root(stack) else { return }
        let restored = saved?.withObject { object -> Bool in
            let widget = object.asWidget
            guard gtk_widget_get_root(widget) == root, gtk_widget_is_ancestor(widget, stack) == 0 else { return false }
            return gtk_widget_grab_focus(widget) != 0
        } ?? false
        if restored { return }
        let overlay = gtk_widget_get_parent(stack).flatMap { HUDOverlayWidget.of($0) }
        if let content = overlay?.appContent, gtk_widget_child_focus(content, GTK_DIR_TAB_FORWARD) != 0 { return }
        gtk_root_set_focus(root, nil)
    }

    private func endVisit() {
        isVisiting = false
        focusBefore = nil
    }

    /// The window is going away.
    func tearDown() {
        endVisit()
        ring.detach()
        if let focusController, let owner = gtk_event_controller_get_widget(focusController.pointer.opaque) {
            gtk_widget_remove_controller(owner, focusController.pointer.opaque)
        }
        focusController = nil
    }
}

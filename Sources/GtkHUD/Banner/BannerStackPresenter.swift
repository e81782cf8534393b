import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// The view side of one window's ``BannerQueue``: a ``BannerWidget`` per
/// banner in the window's ``BannerStackWidget``, which it asks to reveal,
/// restack and hide them (the stack owns their motion and the drag), and the
/// user's input forwarded back to the queue.
///
/// Like libadwaita's toast overlay keeps a `ToastInfo` per toast, it keeps one
/// widget per banner on screen or leaving. What a banner shows arrives with
/// it (``Banner/content``, pictures and title widgets included): the presenter
/// never looks anything up elsewhere.
@MainActor
final class BannerStackPresenter: BannerPresenter {
    /// The stack layer (owned by the overlay it was added to; retained here
    /// too until the window goes away).
    let stack: BannerStackWidget
    private var stackReference: ObjectRef?
    weak var queue: BannerQueue? {
        didSet { keyboard?.queue = queue }
    }
    private var widgets: [Banner: BannerWidget] = [:]
    /// The keyboard inside the stack: the banner shortcut's landing, Tab, the focus given back.
    private(set) var keyboard: BannerKeyboard?

    init(stack pointer: UnsafeMutablePointer<GtkWidget>) {
        stackReference = ObjectRef(adopting: pointer.raw)
        stack = BannerStackWidget.of(pointer)!
        let stackWidget = stack
        keyboard = BannerKeyboard(stack: pointer, shownBanners: { [weak self] in self?.shownWidgets ?? [] }, deck: { [weak stackWidget] in
            guard let deck = stackWidget?.deckWidget?.widget, gtk_widget_get_visible(deck) != 0 else { return nil }
            return deck
        })
        stack.onDeckInput = { [weak self] input, active in self?.queue?.deckInput(input, active) }
    }

    /// The widgets of the banners on screen, newest first.
    private var shownWidgets: [BannerWidget] {
        (queue?.visibleBanners ?? []).compactMap { widgets[$0] }
    }

    /// The widget showing `banner`, while it is on screen or leaving.
    func widget(for banner: Banner) -> BannerWidget? { widgets[banner] }

    // MARK: - BannerPresenter

    func present(_ banner: Banner, slot: Int, transition: BannerTransition) {
        if let existing = widgets[banner] {
            // Pushed back and back before its exit ended: the stack turns the exit around.
            gtk_widget_set_can_target(existing.widget, 1)
            gtk_widget_set_can_focus(existing.widget, 1)
            existing.apply(banner.content, edge: banner.edge)
            stack.setSlot(slot, of: existing, transition: transition)
            stack.reveal(existing, transition: transition)
            return
        }
        let pointer = BannerWidget.create()
        guard let widget = BannerWidget.of(pointer) else { return }
        widget.apply(banner.content, edge: banner.edge)
        connect(widget, to: banner)
        let added = stack.add(pointer, slot: slot, onDragActive: { [weak self] active in
            guard let queue = self?.queue else { return }
            active ? queue.inhibit(banner, .drag) : queue.release(banner, .drag)
        }, onSwipe: { [weak self] in
            self?.queue?.swipe(banner) ?? false
        })
        guard added else { return }
        widgets[banner] = widget
        stack.reveal(widget, transition: transition)
    }

    func restack(_ banner: Banner, slot: Int, transition: BannerTransition) {
        guard let widget = widgets[banner] else { return }
        stack.setSlot(slot, of: widget, transition: transition)
    }

    func move(_ banner: Banner, to edge: BannerPosition, slot: Int, transition: BannerTransition) {
        guard let widget = widgets[banner] else { return }
        stack.move(widget, to: edge, slot: slot, transition: transition)
    }

    func update(_ banner: Banner) {
        guard let widget = widgets[banner] else { return }
        widget.apply(banner.content, edge: banner.edge)
        if let queue { stack.setTransition(queue.transition(for: banner), of: widget) }
    }

    func announce(_ banner: Banner, _ announcement: BannerAnnouncement) {
        guard let widget = widgets[banner] else { return }
        // Cleaned once (one line); a banner without words says nothing.
        let message = SpokenText(announcement.spokenText(in: HUDStrings.current, plainText: Self.plainText(fromMarkup:)))
        Announcer.announce(message, from: widget.widget, priority: announcement.isUrgent ? .assertive : .polite)
    }

    func beginHide(_ banner: Banner, reason: BannerHideReason, transition: BannerTransition) {
        guard let widget = widgets[banner] else { return }
        keyboard?.bannerLeaving(widget.widget)
        gtk_widget_set_can_target(widget.widget, 0)
        gtk_widget_set_can_focus(widget.widget, 0)
        stack.hide(widget, transition: transition)
    }

    func finishHide(_ banner: Banner) {
        guard let widget = widgets.removeValue(forKey: banner) else { return }
        stack.remove(widget.widget)
    }

    func deckChanged(_ deck: BannerDeck) {
        stack.setDeck(deck, strings: HUDStrings.current)
    }

    func announceDeck(count: Int) {
        Announcer.announce(SpokenText(HUDStrings.current.deckSpoken(count)), from: stack.deckAnnouncementSource,
                           priority: .polite)
    }

    /// The window is going away: removes every banner widget and lets go of
    /// the stack, so nothing outlives the window even if the app keeps the center.
    func hostDestroyed() {
        for widget in widgets.values { stack.remove(widget.widget) }
        widgets.removeAll()
        keyboard?.tearDown()
        keyboard = nil
        stackReference = nil
    }

    // MARK: - Input

    private func connect(_ widget: BannerWidget, to banner: Banner) {
        widget.onTap = { [weak self] in self?.queue?.tap(banner) }
        widget.onActionClicked = { [weak self] in self?.queue?.activateAction(banner) }
        widget.onCloseClicked = { [weak self] in self?.queue?.closeButtonClicked(banner) }
        widget.onInhibit = { [weak self] reason, active in
            guard let queue = self?.queue else { return }
            active ? queue.inhibit(banner, reason) : queue.release(banner, reason)
        }
    }

    private static func plainText(fromMarkup markup: String) -> String {
        var text: UnsafeMutablePointer<CChar>?
        guard pango_parse_markup(markup, -1, 0, nil, &text, nil, nil) != 0, let text else { return markup }
        defer { g_free(text) }
        return String(cString: text)
    }
}

import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// The view side of one window's ``BannerQueue``: a ``BannerWidget`` per
/// banner in the window's ``BannerStackWidget``, moved with the springs the
/// queue hands over, and the user's input forwarded back to the queue.
///
/// Like libadwaita's toast overlay keeps a `ToastInfo` per toast, it keeps one
/// ``Record`` per banner on screen or leaving. What a banner shows arrives with
/// it (``Banner/content``, pictures and title widgets included): the presenter
/// never looks anything up elsewhere.
@MainActor
final class BannerStackPresenter: BannerPresenter {
    /// One banner on screen or leaving.
    private struct Record {
        let widget: BannerWidget
        let motion: BannerMotion
        /// The speed of the fling that dismissed it, for its exit.
        var exitVelocity: Double?
    }

    /// The stack layer (owned by the overlay it was added to; retained here
    /// too until the window goes away).
    let stack: BannerStackWidget
    private var stackReference: ObjectRef?
    weak var queue: BannerQueue?
    private var records: [Banner: Record] = [:]

    init(stack pointer: UnsafeMutablePointer<GtkWidget>) {
        stackReference = ObjectRef(adopting: pointer.raw)
        stack = BannerStackWidget.of(pointer)!
        stack.onDragActive = { [weak self] widget, active in
            guard let self, let banner = self.banner(shownBy: widget) else { return }
            active ? self.queue?.inhibit(banner, .drag) : self.queue?.release(banner, .drag)
        }
        stack.onDragMoved = { [weak self] widget, offset in
            guard let self, let banner = self.banner(shownBy: widget), banner.state == .showing,
                  let record = self.records[banner] else { return }
            record.motion.drag.set(Self.dragModel(for: banner, record).followedOffset(forDrag: offset))
        }
        stack.onDragEnded = { [weak self] widget, offset, velocity in
            guard let self, let banner = self.banner(shownBy: widget) else { return }
            self.release(banner, dragOffset: offset, velocity: velocity)
        }
    }

    /// The widget showing `banner`, while it is on screen or leaving.
    func widget(for banner: Banner) -> BannerWidget? { records[banner]?.widget }

    private func banner(shownBy widget: BannerWidget) -> Banner? {
        records.first { $0.value.widget === widget }?.key
    }

    // MARK: - BannerPresenter

    func present(_ banner: Banner, slot: Int, transition: BannerTransition) {
        let spring = Self.animationSpring(transition)
        if let existing = records[banner] {
            // Pre-empted and back before its exit ended: turn the exit around.
            gtk_widget_set_can_target(existing.widget.widget, 1)
            gtk_widget_set_can_focus(existing.widget.widget, 1)
            existing.widget.apply(banner.content)
            stack.setSlot(slot, of: existing.widget, spring: spring)
            existing.motion.foldDragIntoReveal(edge: banner.content.position)
            existing.motion.reveal.spring(to: 1, spring,
                                          velocity: transition.spring?.initialVelocity(forDistance: 1 - existing.motion.reveal.value) ?? 0)
            return
        }
        let pointer = BannerWidget.create()
        guard let widget = BannerWidget.of(pointer) else { return }
        widget.apply(banner.content)
        connect(widget, to: banner)
        guard let motion = stack.add(pointer, slot: slot) else { return }
        records[banner] = Record(widget: widget, motion: motion)
        motion.reveal.spring(to: 1, spring, velocity: transition.spring?.initialVelocity(forDistance: 1) ?? 0)
    }

    func restack(_ banner: Banner, slot: Int, transition: BannerTransition) {
        guard let record = records[banner] else { return }
        stack.setSlot(slot, of: record.widget, spring: Self.animationSpring(transition))
    }

    func update(_ banner: Banner) {
        records[banner]?.widget.apply(banner.content)
    }

    func beginHide(_ banner: Banner, reason: BannerHideReason, transition: BannerTransition) {
        guard var record = records[banner] else { return }
        moveFocusOut(of: record.widget.widget)
        gtk_widget_set_can_target(record.widget.widget, 0)
        gtk_widget_set_can_focus(record.widget.widget, 0)
        stack.setSlot(nil, of: record.widget, spring: nil)
        // Continue from wherever a drag left the banner, with the fling's speed if there was one.
        let flingVelocity = record.motion.foldDragIntoReveal(velocity: record.exitVelocity ?? 0, edge: banner.content.position)
        record.exitVelocity = nil
        records[banner] = record
        guard let spring = Self.animationSpring(transition) else {
            record.motion.reveal.set(0)
            return
        }
        let velocity = flingVelocity != 0
            ? flingVelocity
            : transition.spring?.initialVelocity(forDistance: -record.motion.reveal.value) ?? 0
        record.motion.reveal.spring(to: 0, spring, velocity: velocity)
    }

    func finishHide(_ banner: Banner) {
        guard let record = records.removeValue(forKey: banner) else { return }
        stack.remove(record.widget.widget)
    }

    /// The window is going away: removes every banner widget and lets go of
    /// the stack, so nothing outlives the window even if the app keeps the center.
    func hostDestroyed() {
        for record in records.values { stack.remove(record.widget.widget) }
        records.removeAll()
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

    /// Decides what a released drag does: spring back, or leave towards the edge.
    func release(_ banner: Banner, dragOffset: Double, velocity: Double) {
        guard banner.state == .showing, let queue, let record = records[banner] else { return }
        let spring = Self.animationSpring(queue.transition(for: banner))
        switch Self.dragModel(for: banner, record).releaseOutcome(dragOffset: dragOffset, velocity: velocity) {
        case .springBack(let initialVelocity):
            record.motion.drag.spring(to: 0, spring, velocity: initialVelocity)
        case .dismiss(_, let initialVelocity):
            records[banner]?.exitVelocity = initialVelocity
            if !queue.swipe(banner) {
                records[banner]?.exitVelocity = nil
                record.motion.drag.spring(to: 0, spring)
            }
        }
    }

    private static func dragModel(for banner: Banner, _ record: Record) -> BannerDragModel {
        BannerDragModel(position: banner.content.position, bannerHeight: record.motion.naturalHeight,
                        allowsDismissal: banner.content.dismissesOnSwipe)
    }

    /// Keyboard focus inside a leaving banner goes back to the window's content,
    /// so it never stays on a widget that is about to be destroyed.
    private func moveFocusOut(of banner: UnsafeMutablePointer<GtkWidget>) {
        guard let root = gtk_widget_get_root(banner), let focus = gtk_root_get_focus(root),
              focus == banner || gtk_widget_is_ancestor(focus, banner) != 0 else { return }
        let overlay = gtk_widget_get_parent(stack.widget).flatMap { HUDOverlayWidget.of($0) }
        if let content = overlay?.appContent, gtk_widget_child_focus(content, GTK_DIR_TAB_FORWARD) != 0 { return }
        gtk_root_set_focus(root, nil)
    }

    func announce(_ banner: Banner, _ announcement: BannerAnnouncement) {
        guard let widget = records[banner]?.widget else { return }
        let message = announcement.parts.map { text in
            announcement.isMarkup ? Self.plainText(fromMarkup: text) : text
        }.joined(separator: ". ")
        Announcer.announce(message, from: widget.widget, priority: announcement.isUrgent ? .assertive : .polite)
    }

    private static func plainText(fromMarkup markup: String) -> String {
        var text: UnsafeMutablePointer<CChar>?
        guard pango_parse_markup(markup, -1, 0, nil, &text, nil, nil) != 0, let text else { return markup }
        defer { g_free(text) }
        return String(cString: text)
    }

    static func animationSpring(_ transition: BannerTransition) -> Animation.Spring? {
        guard let spring = transition.spring, transition.duration > .zero else { return nil }
        return Animation.Spring(dampingRatio: spring.dampingRatio, mass: spring.mass, stiffness: spring.stiffness)
    }
}

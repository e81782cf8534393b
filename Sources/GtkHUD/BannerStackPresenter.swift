import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// The view side of one window's ``BannerQueue``: creates a ``BannerWidget``
/// per banner in the window's ``BannerStackWidget``, animates it with the
/// spring the queue hands over, and forwards gestures back to the queue.
@MainActor
final class BannerStackPresenter: BannerPresenter {
    /// The stack layer (owned by the overlay it was added to; retained here
    /// too until the window goes away).
    let stack: BannerStackWidget
    private var stackReference: ObjectRef?
    weak var queue: BannerQueue?
    /// Supplies what the logic type cannot carry: paintables, custom title widgets.
    weak var center: BannerCenter?
    private var widgets: [Banner: BannerWidget] = [:]

    init(stack pointer: UnsafeMutablePointer<GtkWidget>) {
        stackReference = ObjectRef(adopting: pointer.raw)
        stack = BannerStackWidget.of(pointer)!
    }

    /// The widget showing `banner`, while it is on screen or leaving.
    func widget(for banner: Banner) -> BannerWidget? { widgets[banner] }

    // MARK: - BannerPresenter

    func present(_ banner: Banner, slot: Int, transition: BannerTransition) {
        let spring = Self.animationSpring(transition)
        if let existing = widgets[banner] {
            // Pre-empted and back before its exit ended: turn the exit around.
            gtk_widget_set_can_target(existing.widget, 1)
            gtk_widget_set_can_focus(existing.widget, 1)
            configure(existing, for: banner)
            stack.setSlot(slot, of: existing, spring: spring)
            existing.foldDragIntoReveal()
            existing.animateReveal(to: 1, spring: spring,
                                   velocity: transition.spring?.initialVelocity(forDistance: 1 - existing.reveal) ?? 0)
            return
        }
        let pointer = BannerWidget.create()
        guard let widget = BannerWidget.of(pointer) else { return }
        configure(widget, for: banner)
        connect(widget, to: banner)
        widgets[banner] = widget
        stack.add(pointer, slot: slot)
        widget.reveal = 0
        widget.animateReveal(to: 1, spring: spring, velocity: transition.spring?.initialVelocity(forDistance: 1) ?? 0)
        announce(banner, from: widget)
    }

    func restack(_ banner: Banner, slot: Int, transition: BannerTransition) {
        guard let widget = widgets[banner] else { return }
        stack.setSlot(slot, of: widget, spring: Self.animationSpring(transition))
    }

    func update(_ banner: Banner) {
        guard let widget = widgets[banner] else { return }
        configure(widget, for: banner)
    }

    func beginHide(_ banner: Banner, reason: BannerHideReason, transition: BannerTransition) {
        guard let widget = widgets[banner] else { return }
        moveFocusOut(of: widget.widget)
        gtk_widget_set_can_target(widget.widget, 0)
        gtk_widget_set_can_focus(widget.widget, 0)
        stack.setSlot(nil, of: widget, spring: nil)
        // Continue from wherever a drag left the banner, with the fling's speed if there was one.
        let flingVelocity = widget.foldDragIntoReveal(velocity: pendingExitVelocity.removeValue(forKey: banner) ?? 0)
        guard let spring = Self.animationSpring(transition) else {
            widget.reveal = 0
            return
        }
        let velocity = flingVelocity != 0
            ? flingVelocity
            : transition.spring?.initialVelocity(forDistance: -widget.reveal) ?? 0
        widget.animateReveal(to: 0, spring: spring, velocity: velocity)
    }

    /// The window is going away: removes every banner widget and lets go of
    /// the stack, so nothing outlives the window even if the app keeps the center.
    func hostDestroyed() {
        for widget in widgets.values { stack.remove(widget.widget) }
        widgets.removeAll()
        pendingExitVelocity.removeAll()
        stackReference = nil
    }

    func finishHide(_ banner: Banner) {
        guard let widget = widgets.removeValue(forKey: banner) else { return }
        stack.remove(widget.widget)
    }

    // MARK: - Widgets

    private var pendingExitVelocity: [Banner: Double] = [:]

    private func configure(_ widget: BannerWidget, for banner: Banner) {
        let content = banner.content
        let wrapper = center?.wrapper(for: banner)
        var metrics = BannerWidget.Metrics()
        metrics.imageLeading = BannerLayout.imageLeading
        metrics.imageToText = BannerLayout.imageToText
        metrics.textTrailing = BannerLayout.textTrailing
        metrics.textVerticalPadding = BannerLayout.textVerticalPadding
        metrics.imageSize = BannerLayout.imageSize
        metrics.offscreenMargin = BannerLayout.offscreenMargin
        if widget.metrics != metrics { widget.metrics = metrics }
        widget.edge = content.position == .top ? .top : .bottom
        widget.isHighPriority = content.priority == .high
        widget.hasShadow = content.hasShadows
        widget.minimumHeight = content.minimumHeight
        widget.showsCloseButton = content.showsCloseButton
        widget.setTitle(content.title, markup: content.usesMarkup)
        widget.setSubtitle(content.subtitle, markup: content.usesMarkup)
        widget.setImage(Self.imageSource(content.image, wrapper: wrapper), tinted: content.tintsImage)
        widget.setAction(label: content.action?.label)
        widget.setCustomTitle(wrapper?.titleWidget)
        GtkHUDStyleSheet.setGeneratedClass(on: widget.widget, node: "hudbanner",
                                         declarations: Self.colorDeclarations(background: content.backgroundColor, text: content.textColor))
        let hasColors = content.backgroundColor != nil || content.textColor != nil
        hasColors ? gtk_widget_add_css_class(widget.widget, "has-colors") : gtk_widget_remove_css_class(widget.widget, "has-colors")
    }

    private func connect(_ widget: BannerWidget, to banner: Banner) {
        widget.onTap = { [weak self] in
            self?.center?.refreshAnimationSetting()
            self?.queue?.tap(banner)
        }
        widget.onActionClicked = { [weak self] in
            self?.center?.refreshAnimationSetting()
            self?.queue?.activateAction(banner)
        }
        widget.onCloseClicked = { [weak self] in
            self?.center?.refreshAnimationSetting()
            self?.queue?.closeButtonClicked(banner)
        }
        widget.onInhibit = { [weak self] reason, active in
            guard let queue = self?.queue else { return }
            let logicReason: BannerInhibitReason
            switch reason {
            case .hover: logicReason = .hover
            case .press: logicReason = .press
            case .focus: logicReason = .focus
            case .drag: logicReason = .drag
            }
            active ? queue.inhibit(banner, logicReason) : queue.release(banner, logicReason)
        }
        widget.onDragMoved = { [weak widget] offset in
            guard let widget, banner.state == .showing else { return }
            widget.dragOffset = Self.dragModel(for: banner, widget: widget).followedOffset(forDrag: offset)
        }
        widget.onDragEnded = { [weak self, weak widget] offset, velocity in
            guard let self, let widget else { return }
            self.release(widget, of: banner, dragOffset: offset, velocity: velocity)
        }
    }

    /// Decides what a released drag does: spring back, or leave towards the edge.
    func release(_ widget: BannerWidget, of banner: Banner, dragOffset: Double, velocity: Double) {
        guard banner.state == .showing, let queue else { return }
        center?.refreshAnimationSetting()
        let spring = Self.animationSpring(queue.transition(for: banner))
        switch Self.dragModel(for: banner, widget: widget).releaseOutcome(dragOffset: dragOffset, velocity: velocity) {
        case .springBack(let initialVelocity):
            widget.animateDrag(to: 0, spring: spring, velocity: initialVelocity)
        case .dismiss(_, let initialVelocity):
            pendingExitVelocity[banner] = initialVelocity
            if !queue.swipe(banner) {
                pendingExitVelocity[banner] = nil
                widget.animateDrag(to: 0, spring: spring, velocity: 0)
            }
        }
    }

    private static func dragModel(for banner: Banner, widget: BannerWidget) -> BannerDragModel {
        BannerDragModel(position: banner.content.position, bannerHeight: widget.naturalHeight,
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

    private func announce(_ banner: Banner, from widget: BannerWidget) {
        let parts = [banner.content.title, banner.content.subtitle].compactMap { $0 }
        guard !parts.isEmpty else { return }
        let message = parts.map { text in
            banner.content.usesMarkup ? Self.plainText(fromMarkup: text) : text
        }.joined(separator: ". ")
        Announcer.announce(message, from: widget.widget, priority: banner.content.priority == .high ? .assertive : .polite)
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

    private static func imageSource(_ image: BannerImage?, wrapper: NotificationBanner?) -> BannerImageWidget.Source? {
        switch image {
        case .none: return nil
        case .iconName(let name): return .iconName(name)
        case .file(let path): return .file(path)
        case .resource(let path): return .resource(path)
        case .custom: return wrapper?.paintable.map { .paintable($0) }
        }
    }

    private static func colorDeclarations(background: HUDColor?, text: HUDColor?) -> String? {
        var declarations = ""
        if let background { declarations += "background-color: \(background.cssValue); " }
        if let text { declarations += "color: \(text.cssValue); " }
        return declarations.isEmpty ? nil : declarations
    }
}

import CGtk
import GtkSupport
import HUDCore

/// The full-size layer that holds a window's banners: top banners hang from
/// the top edge, bottom banners stand on the bottom edge, each stacked after
/// the banners in front of it (slot 0 nearest the edge).
///
/// Banners span the full width by default; with ``maximumWidth`` set they are
/// clamped and centred, like `AdwToast` (the layer then has the `.clamped`
/// class). Only the banners take pointer input: everywhere else clicks pass
/// through to the content below.
///
/// The stack owns each banner's motion entirely (``BannerMotion``: reveal,
/// drag and slot springs): it is asked to ``reveal(_:transition:)`` and
/// ``hide(_:transition:)`` a banner and springs it itself. It also owns the
/// drag gesture (dragging moves the banner, so the gesture lives on this
/// layer, which stays still) and applies ``BannerDragModel`` with the
/// banner's edge and ``BannerWidget/dismissesOnSwipe``: a drag only tells the
/// banner's own handlers that it holds the timeout, and asks them to dismiss
/// the banner when released as a swipe; nothing else leaves the stack.
///
/// A calm stack (issue #26): while the queue's ``BannerDeck`` is collapsed,
/// the banners behind the newest at each edge sit behind it, each peeking out
/// by ``peek`` pixels (the `.collapsed` class); the deck's badge
/// (``BannerDeckWidget``, for the banners waiting) follows the banners at the
/// top edge, or at the bottom edge when only bottom banners show.
///
/// CSS node: `hudbannerstack` (`.clamped` with ``maximumWidth``, `.collapsed`
/// while the deck is collapsed; default: full width, ``spacing`` 0), with a
/// `hudbannerdeck` child. Accessible role: group.
@MainActor
public final class BannerStackWidget: SwiftWidget {
    public static var gtype: GType {
        WidgetTypes.register(BannerStackWidget.self, WidgetTypeDescription(
            typeName: "GtkHUDBannerStack", cssName: "hudbannerstack", role: GTK_ACCESSIBLE_ROLE_GROUP))
    }

    /// Creates a banner stack (floating reference).
    public static func create() -> UnsafeMutablePointer<GtkWidget> { WidgetTypes.instantiate(gtype) }

    /// Banners are at most this wide, centred (nil: the full width).
    public var maximumWidth: Double? {
        didSet {
            guard isAlive, !isDisposed else { return }
            let clamped = maximumWidth != nil
            clamped ? gtk_widget_add_css_class(widget, "clamped") : gtk_widget_remove_css_class(widget, "clamped")
            gtk_widget_queue_allocate(widget)
        }
    }

    /// Space between stacked banners, in pixels.
    public var spacing = 0.0 { didSet { queueResize() } }

    /// The banner being dragged, if any.
    public private(set) var draggedBanner: BannerWidget?

    private var motions: [ObjectIdentifier: BannerMotion] = [:]

    /// How far each collapsed banner peeks out behind the one in front, in pixels.
    public static let peek = 8.0

    /// The deck's badge (a child of the stack, kept under the banners in z order).
    public private(set) var deckWidget: BannerDeckWidget?

    /// Whether the banners behind the newest are collapsed behind it.
    public private(set) var isCollapsed = false

    /// Called when the pointer or the keyboard enters or leaves the deck's badge.
    public var onDeckInput: (@MainActor (BannerDeckInput, Bool) -> Void)?

    /// The widget the banners of one edge stand on instead of that edge (nil:
    /// both edges are the stack's); see `BannerStackWidget+Anchor.swift`.
    public var anchor: BannerStackAnchor? { didSet { anchorChanged(from: oldValue) } }

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: widget)
        installDragGesture()
        let deckPointer = BannerDeckWidget.create()
        gtk_widget_set_parent(deckPointer, widget)
        deckWidget = BannerDeckWidget.of(deckPointer)
        deckWidget?.onInput = { [weak self] input, active in self?.onDeckInput?(input, active) }
    }

    /// Shows the queue's deck: the badge, and the banners collapsed or spread
    /// out. The queue moves the banners to their new places right after, each
    /// on its own spring (``setSlot(_:of:transition:)``), in the same main-loop turn.
    public func setDeck(_ deck: BannerDeck, strings: HUDStrings) {
        deckWidget?.apply(deck, strings: strings)
        if deck.isCollapsed != isCollapsed {
            isCollapsed = deck.isCollapsed
            isCollapsed ? gtk_widget_add_css_class(widget, "collapsed") : gtk_widget_remove_css_class(widget, "collapsed")
        }
        queueAllocate()
    }

    /// The widget screen readers hear the deck's count from.
    public var deckAnnouncementSource: UnsafeMutablePointer<GtkWidget> { deckWidget?.widget ?? widget }

    override public func dispose() {
        onDeckInput = nil
        anchor = nil
        if let deck = deckWidget?.widget, gtk_widget_get_parent(deck) == widget { gtk_widget_unparent(deck) }
        deckWidget = nil
        draggedBanner = nil
        for motion in motions.values { motion.stop() }
        motions = [:]
    }

    // MARK: - Banners

    /// The banner widgets, bottom to top (the newest is drawn on top).
    public var banners: [BannerWidget] {
        children.compactMap { BannerWidget.of($0) }
    }

    /// Adds a banner above the others at `slot`, hidden (its ``BannerMotion/reveal``
    /// at 0) until ``reveal(_:transition:)``. Its handlers are its own, so a drag
    /// reaches them without a search: `onDragActive` while a drag holds it,
    /// `onSwipe` when a release should dismiss it (returning whether it did).
    @discardableResult
    public func add(_ banner: UnsafeMutablePointer<GtkWidget>, slot: Int,
                    onDragActive: (@MainActor (Bool) -> Void)? = nil, onSwipe: (@MainActor () -> Bool)? = nil) -> Bool {
        guard let object = BannerWidget.of(banner) else { return false }
        let motion = BannerMotion(banner: object) { [weak self] in self?.queueAllocate() }
        motion.slot = slot
        motion.onDragActive = onDragActive
        motion.onSwipe = onSwipe
        motions[ObjectIdentifier(object)] = motion
        gtk_widget_insert_before(banner, widget, nil)
        motion.lastSlotOffset = slotOffsets()[ObjectIdentifier(object)] ?? 0
        motion.slotFrom = motion.lastSlotOffset
        gtk_widget_queue_allocate(widget)
        return true
    }

    /// The motion of a banner in this stack (read it; the stack moves it).
    public func motion(of banner: BannerWidget) -> BannerMotion? { motions[ObjectIdentifier(banner)] }

    /// Springs a banner into view; one that is still leaving (pushed back and
    /// back already) turns round from wherever its exit or a drag left it.
    public func reveal(_ banner: BannerWidget, transition: BannerTransition) {
        guard let motion = motion(of: banner) else { return }
        motion.transition = transition
        motion.flingVelocity = nil
        if motion.reveal.value != 0 || motion.drag.value != 0 { motion.foldDragIntoReveal(edge: banner.position) }
        motion.reveal.spring(to: 1, Self.spring(transition),
                             velocity: transition.spring?.initialVelocity(forDistance: 1 - motion.reveal.value) ?? 0)
    }

    /// Springs a banner out of view past its edge, keeping its place in the
    /// stack. It continues from wherever a drag left it, with the speed of the
    /// fling that dismissed it if there was one.
    public func hide(_ banner: BannerWidget, transition: BannerTransition) {
        guard let motion = motion(of: banner) else { return }
        setSlot(nil, of: banner, transition: .immediate)
        let flingVelocity = motion.foldDragIntoReveal(velocity: motion.flingVelocity ?? 0, edge: banner.position)
        motion.flingVelocity = nil
        guard let spring = Self.spring(transition) else {
            motion.reveal.set(0)
            return
        }
        let velocity = flingVelocity != 0 ? flingVelocity : transition.spring?.initialVelocity(forDistance: -motion.reveal.value) ?? 0
        motion.reveal.spring(to: 0, spring, velocity: velocity)
    }

    /// The transition a drag released without dismissing springs back with
    /// (the banner's springiness and duration changed, or animations were turned off).
    public func setTransition(_ transition: BannerTransition, of banner: BannerWidget) {
        motion(of: banner)?.transition = transition
    }

    /// Moves a banner to another slot (nil: it is leaving and keeps its place), springing there.
    public func setSlot(_ slot: Int?, of banner: BannerWidget, transition: BannerTransition) {
        guard let motion = motion(of: banner) else { return }
        motion.slot = slot
        motion.slotFrom = motion.lastSlotOffset
        motion.slotProgress.set(0)
        motion.slotProgress.spring(to: 1, slot == nil ? nil : Self.spring(transition))
    }

    /// The animation for `transition`; nil jumps straight to the end.
    static func spring(_ transition: BannerTransition) -> Animation.Spring? {
        guard let spring = transition.spring, transition.duration > .zero else { return nil }
        return Animation.Spring(dampingRatio: spring.dampingRatio, mass: spring.mass, stiffness: spring.stiffness)
    }

    /// Removes a banner.
    public func remove(_ banner: UnsafeMutablePointer<GtkWidget>) {
        guard isAlive, gtk_widget_get_parent(banner) == widget else { return }
        if draggedBanner?.widget == banner { draggedBanner = nil }
        if let object = BannerWidget.of(banner), let motion = motions.removeValue(forKey: ObjectIdentifier(object)) {
            motion.stop()
        }
        gtk_widget_unparent(banner)
    }

    private func queueAllocate() {
        guard isAlive, !isDisposed else { return }
        gtk_widget_queue_allocate(widget)
    }

    // MARK: - GtkWidget

    override public func contains(x: Double, y: Double) -> Bool {
        // The banners are picked on their own; the layer itself never takes input.
        false
    }

    override public func measure(_ orientation: GtkOrientation, forSize: Int32) -> WidgetMeasurement {
        // Banners never make the window bigger.
        WidgetMeasurement()
    }

    override public func snapshot(_ snapshot: OpaquePointer) {
        snapshotChildren(snapshot)
    }

    override public func allocate(width: Int32, height: Int32, baseline: Int32) {
        let containerWidth = Double(width), containerHeight = Double(height)
        let lines = anchoredEdgeLines(height: containerHeight)
        let bannerWidth = min(containerWidth, maximumWidth.map { max($0, 0) } ?? containerWidth)
        let x = ((containerWidth - bannerWidth) / 2).rounded()
        for banner in banners {
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(banner.widget, GTK_ORIENTATION_VERTICAL, Int32(bannerWidth), &minimum, &natural, nil, nil)
            motion(of: banner)?.naturalHeight = Double(max(minimum, natural))
        }
        let targets = slotOffsets()
        for banner in banners where gtk_widget_should_layout(banner.widget) != 0 {
            guard let motion = motion(of: banner) else { continue }
            let target = targets[ObjectIdentifier(banner)] ?? motion.lastSlotOffset
            let slotOffset = motion.slot == nil
                ? motion.lastSlotOffset
                : motion.slotFrom + (target - motion.slotFrom) * motion.slotProgress.value
            motion.lastSlotOffset = slotOffset
            let height = motion.naturalHeight
            let edge = banner.position
            // Displacement towards the banner's edge (positive = further off screen).
            let towardsEdge = motion.displacementTowards(edge)
            let restingY = edge == .top ? lines.top + slotOffset : lines.bottom - slotOffset - height
            let y = restingY - towardsEdge * (edge == .top ? 1 : -1)
            motion.frame = (x, y, bannerWidth, height)
            // Moved away from its edge (spring overshoot, rubber band): stretch over the gap instead of opening it.
            let stretch = max(0, -towardsEdge)
            // A top banner keeps its top at the resting place and grows downwards; a
            // bottom banner grows upwards from where it is (its bottom stays put).
            let allocatedY = edge == .top && stretch > 0 ? restingY : y
            var point = graphene_point_t(x: Float(x), y: Float(allocatedY.rounded()))
            let transform = gsk_transform_translate(nil, &point)
            gtk_widget_allocate(banner.widget, Int32(bannerWidth), Int32((height + stretch).rounded()), -1, transform)
        }
        allocateDeck(containerWidth: containerWidth, lines: lines)
    }

    /// The badge follows the banners at the top edge (or the bottom edge when only bottom banners show).
    private func allocateDeck(containerWidth: Double, lines: (top: Double, bottom: Double)) {
        guard let deck = deckWidget?.widget, gtk_widget_should_layout(deck) != 0 else { return }
        var minimumWidth: Int32 = 0, naturalWidth: Int32 = 0, minimumHeight: Int32 = 0, naturalHeight: Int32 = 0
        gtk_widget_measure(deck, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, &naturalWidth, nil, nil)
        let width = min(Double(max(minimumWidth, naturalWidth)), containerWidth)
        gtk_widget_measure(deck, GTK_ORIENTATION_VERTICAL, Int32(width), &minimumHeight, &naturalHeight, nil, nil)
        let height = Double(max(minimumHeight, naturalHeight))
        let onScreen = banners.compactMap { banner in motion(of: banner).flatMap { $0.slot == nil ? nil : (banner, $0) } }
        let top = onScreen.filter { $0.0.position == .top }
        let edge: BannerPosition = top.isEmpty && !onScreen.isEmpty ? .bottom : .top
        let extent = onScreen.filter { $0.0.position == edge }.map { $0.1.lastSlotOffset + $0.1.naturalHeight }.max() ?? 0
        let gap = 4.0
        let y = edge == .top ? lines.top + extent + gap : lines.bottom - extent - gap - height
        var point = graphene_point_t(x: Float(((containerWidth - width) / 2).rounded()), y: Float(y.rounded()))
        gtk_widget_allocate(deck, Int32(width), Int32(height.rounded()), -1, gsk_transform_translate(nil, &point))
    }

    /// The offset of each slotted banner from its edge: the heights (plus
    /// spacing) of the banners in front of it at the same edge.
    private func slotOffsets() -> [ObjectIdentifier: Double] {
        var result: [ObjectIdentifier: Double] = [:]
        for edge in [BannerPosition.top, .bottom] {
            let slotted = banners.compactMap { banner in
                motion(of: banner).flatMap { motion in motion.slot.map { (banner, motion, $0) } }
            }.filter { $0.0.position == edge }.sorted { $0.2 < $1.2 }
            var offset = 0.0
            let frontHeight = slotted.first?.1.naturalHeight ?? 0
            for (index, (banner, motion, _)) in slotted.enumerated() {
                if isCollapsed {
                    // Behind the front banner, its far side peeking out `peek` px further per place.
                    result[ObjectIdentifier(banner)] = index == 0 ? 0 : frontHeight + Double(index) * Self.peek - motion.naturalHeight
                } else {
                    result[ObjectIdentifier(banner)] = offset
                    offset += motion.naturalHeight + spacing
                }
            }
        }
        return result
    }

    // MARK: - Dragging

    /// Begins dragging the banner under (x, y) in this layer's coordinates;
    /// returns false when there is none that can be dragged.
    @discardableResult
    public func beginDrag(x: Double, y: Double) -> Bool {
        guard let picked = gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT),
              let bannerPointer = picked == widget ? nil : Self.bannerAncestor(of: picked, in: widget),
              let banner = BannerWidget.of(bannerPointer), let motion = motion(of: banner),
              gtk_widget_get_can_target(bannerPointer) != 0 else { return false }
        draggedBanner = banner
        motion.dragTracker = BannerDragTracker()
        // Catch a banner that is still springing back where it is.
        motion.drag.stop()
        banner.setDragging(true)
        motion.onDragActive?(true)
        return true
    }

    /// The drag moved to `offset` (`sideways` horizontally) at `time` (ms); returns whether it is a drag now (not a tap).
    private func updateDrag(offset: Double, sideways: Double, time: UInt32) -> Bool {
        guard let banner = draggedBanner, let motion = motion(of: banner), motion.dragTracker != nil else { return false }
        motion.dragTracker?.record(offset: offset, sideways: sideways, time: Int64(time))
        // A banner already leaving (Escape during the drag) no longer follows the pointer.
        if motion.slot != nil { motion.drag.set(Self.dragModel(of: banner, motion).followedOffset(forDrag: offset)) }
        return motion.dragTracker?.moved ?? false
    }

    /// The drag ended (`cancelled`: without velocity, where it is): the banner
    /// springs back, or leaves if its handler accepts the swipe.
    private func endDrag(offset: Double?, time: UInt32, cancelled: Bool) {
        guard let banner = draggedBanner, let motion = motion(of: banner), var tracker = motion.dragTracker else { return }
        draggedBanner = nil
        if let offset, !cancelled { tracker.record(offset: offset, time: Int64(time)) }
        motion.dragTracker = nil
        banner.setDragging(false)
        motion.onDragActive?(false)
        guard motion.slot != nil else { return }
        let velocity = cancelled ? 0 : tracker.releaseVelocity
        let spring = Self.spring(motion.transition)
        switch Self.dragModel(of: banner, motion).releaseOutcome(dragOffset: tracker.lastOffset, velocity: velocity) {
        case .springBack(let initialVelocity):
            motion.drag.spring(to: 0, spring, velocity: initialVelocity)
        case .dismiss(_, let initialVelocity):
            motion.flingVelocity = initialVelocity
            if !(motion.onSwipe?() ?? false) {
                motion.flingVelocity = nil
                motion.drag.spring(to: 0, spring)
            }
        }
    }

    private static func dragModel(of banner: BannerWidget, _ motion: BannerMotion) -> BannerDragModel {
        BannerDragModel(position: banner.position, bannerHeight: motion.naturalHeight, allowsDismissal: banner.dismissesOnSwipe)
    }

    private func installDragGesture() {
        let drag = gtk_gesture_drag_new()!
        let raw = UnsafeMutableRawPointer(drag)
        gtk_gesture_single_set_touch_only(drag, 0)
        Signal.connectPoint(raw, "drag-begin") { [weak self] x, y in
            guard let self else { return }
            if !self.beginDrag(x: x, y: y) {
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)
            }
        }
        Signal.connectPoint(raw, "drag-update") { [weak self] offsetX, offsetY in
            guard let self else { return }
            if self.updateDrag(offset: offsetY, sideways: offsetX, time: gtk_event_controller_get_current_event_time(drag)) {
                // Now a drag: the banner's click gesture is cancelled and sees no tap.
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
            }
        }
        Signal.connectPoint(raw, "drag-end") { [weak self] _, offsetY in
            self?.endDrag(offset: offsetY, time: gtk_event_controller_get_current_event_time(drag), cancelled: false)
        }
        Signal.connectPointer(raw, "cancel") { [weak self] _ in
            self?.endDrag(offset: nil, time: 0, cancelled: true)
        }
        gtk_widget_add_controller(widget, drag)
    }

    private static func bannerAncestor(of picked: UnsafeMutablePointer<GtkWidget>,
                                       in stack: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var current: UnsafeMutablePointer<GtkWidget>? = picked
        while let widget = current, widget != stack {
            if gtk_widget_get_parent(widget) == stack, BannerWidget.of(widget) != nil { return widget }
            current = gtk_widget_get_parent(widget)
        }
        return nil
    }

    private var children: [UnsafeMutablePointer<GtkWidget>] { widget.children }
}

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
/// The stack owns each banner's motion (``BannerMotion``: reveal, drag and
/// slot springs) and the drag gesture: dragging moves the banner, so the
/// gesture lives on this layer, which stays still, and reports the vertical
/// offset of the banner under the pointer through ``onDragMoved`` and
/// ``onDragEnded`` (without handlers the banner follows 1:1 and jumps back).
///
/// CSS node: `hudbannerstack` (`.clamped` with ``maximumWidth``; default: full
/// width, ``spacing`` 0). Accessible role: group.
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

    /// A drag of `banner` began (`true`) or ended (`false`): it holds the banner's timeout.
    public var onDragActive: (@MainActor (_ banner: BannerWidget, _ active: Bool) -> Void)?
    /// The pointer is `offset` pixels (vertical) from where the drag of `banner` began.
    public var onDragMoved: (@MainActor (_ banner: BannerWidget, _ offset: Double) -> Void)?
    /// The drag of `banner` ended at `offset` with `velocity` (pixels per second, vertical).
    public var onDragEnded: (@MainActor (_ banner: BannerWidget, _ offset: Double, _ velocity: Double) -> Void)?

    private var motions: [ObjectIdentifier: BannerMotion] = [:]

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: widget)
        installDragGesture()
    }

    override public func dispose() {
        draggedBanner = nil
        onDragActive = nil
        onDragMoved = nil
        onDragEnded = nil
        for motion in motions.values { [motion.reveal, motion.drag, motion.slotProgress].forEach { $0.stop() } }
        motions = [:]
    }

    // MARK: - Banners

    /// The banner widgets, bottom to top (the newest is drawn on top).
    public var banners: [BannerWidget] {
        children.compactMap { BannerWidget.of($0) }
    }

    /// Adds a banner above the others at `slot`, hidden (its ``BannerMotion/reveal`` at 0).
    @discardableResult
    public func add(_ banner: UnsafeMutablePointer<GtkWidget>, slot: Int) -> BannerMotion? {
        guard let object = BannerWidget.of(banner) else { return nil }
        let motion = BannerMotion(banner: object) { [weak self] in self?.queueAllocate() }
        motion.slot = slot
        motions[ObjectIdentifier(object)] = motion
        gtk_widget_insert_before(banner, widget, nil)
        motion.lastSlotOffset = slotOffsets()[ObjectIdentifier(object)] ?? 0
        motion.slotFrom = motion.lastSlotOffset
        gtk_widget_queue_allocate(widget)
        return motion
    }

    /// The motion of a banner in this stack.
    public func motion(of banner: BannerWidget) -> BannerMotion? { motions[ObjectIdentifier(banner)] }

    /// Moves a banner to another slot (nil: it is leaving and keeps its place), springing there.
    public func setSlot(_ slot: Int?, of banner: BannerWidget, spring: Animation.Spring?) {
        guard let motion = motion(of: banner) else { return }
        motion.slot = slot
        motion.slotFrom = motion.lastSlotOffset
        motion.slotProgress.set(0)
        motion.slotProgress.spring(to: 1, slot == nil ? nil : spring)
    }

    /// Removes a banner.
    public func remove(_ banner: UnsafeMutablePointer<GtkWidget>) {
        guard isAlive, gtk_widget_get_parent(banner) == widget else { return }
        if draggedBanner?.widget == banner { draggedBanner = nil }
        if let object = BannerWidget.of(banner), let motion = motions.removeValue(forKey: ObjectIdentifier(object)) {
            [motion.reveal, motion.drag, motion.slotProgress].forEach { $0.stop() }
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

    override public func allocate(width: Int32, height: Int32, baseline: Int32) {
        let containerWidth = Double(width), containerHeight = Double(height)
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
            let restingY = edge == .top ? slotOffset : containerHeight - slotOffset - height
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
            for (banner, motion, _) in slotted {
                result[ObjectIdentifier(banner)] = offset
                offset += motion.naturalHeight + spacing
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
        onDragActive?(banner, true)
        return true
    }

    /// The drag moved to `offset` at `time` (ms); returns whether it is a drag now (not a tap).
    private func updateDrag(offset: Double, time: UInt32) -> Bool {
        guard let banner = draggedBanner, let motion = motion(of: banner), motion.dragTracker != nil else { return false }
        motion.dragTracker?.record(offset: offset, time: Int64(time))
        if let onDragMoved { onDragMoved(banner, offset) } else { motion.drag.set(offset) }
        return motion.dragTracker?.moved ?? false
    }

    /// The drag ended (`cancelled`: without velocity, where it is).
    private func endDrag(offset: Double?, time: UInt32, cancelled: Bool) {
        guard let banner = draggedBanner, let motion = motion(of: banner), var tracker = motion.dragTracker else { return }
        draggedBanner = nil
        if let offset, !cancelled { tracker.record(offset: offset, time: Int64(time)) }
        motion.dragTracker = nil
        banner.setDragging(false)
        onDragActive?(banner, false)
        let velocity = cancelled ? 0 : tracker.releaseVelocity
        if let onDragEnded { onDragEnded(banner, tracker.lastOffset, velocity) } else { motion.drag.set(0) }
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
        Signal.connectPoint(raw, "drag-update") { [weak self] _, offsetY in
            guard let self else { return }
            if self.updateDrag(offset: offsetY, time: gtk_event_controller_get_current_event_time(drag)) {
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

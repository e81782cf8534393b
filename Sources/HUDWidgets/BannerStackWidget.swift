import CGtk
import GtkSupport

/// The full-size layer that holds a window's banners: top banners hang from
/// the top edge, bottom banners stand on the bottom edge, each stacked after
/// the banners in front of it (slot 0 nearest the edge).
///
/// Banners span the full width by default; with ``maximumWidth`` set they are
/// clamped and centred, like `AdwToast` (the layer then has the `.clamped`
/// class). Only the banners take pointer input: everywhere else clicks pass
/// through to the content below.
///
/// It also owns the drag gesture: dragging moves the banner, so the gesture
/// lives on this layer, which stays still, and hands the vertical offset to
/// the banner under the pointer (``BannerWidget/handleDragUpdate(offset:time:)``).
///
/// CSS node: `hudbannerstack`. Accessible role: group.
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

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: widget)
        installDragGesture()
    }

    override public func dispose() {
        draggedBanner = nil
    }

    // MARK: - Banners

    /// The banner widgets, bottom to top (the newest is drawn on top).
    public var banners: [BannerWidget] {
        children.compactMap { BannerWidget.of($0) }
    }

    /// Adds a banner above the others at `slot`, hidden (``BannerWidget/reveal`` 0).
    public func add(_ banner: UnsafeMutablePointer<GtkWidget>, slot: Int) {
        gtk_widget_insert_before(banner, widget, nil)
        guard let object = BannerWidget.of(banner) else { return }
        object.lastSlotOffset = 0
        object.slot = slot
        object.slotProgress = 1
        object.lastSlotOffset = slotOffsets()[ObjectIdentifier(object)] ?? 0
        object.slotFrom = object.lastSlotOffset
        gtk_widget_queue_allocate(widget)
    }

    /// Moves a banner to another slot (nil: it is leaving and keeps its place), springing there.
    public func setSlot(_ slot: Int?, of banner: BannerWidget, spring: Animation.Spring?) {
        banner.moveToSlot(slot, spring: slot == nil ? nil : spring)
    }

    /// Removes a banner.
    public func remove(_ banner: UnsafeMutablePointer<GtkWidget>) {
        guard isAlive, gtk_widget_get_parent(banner) == widget else { return }
        if draggedBanner?.widget == banner { draggedBanner = nil }
        gtk_widget_unparent(banner)
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
            banner.naturalHeight = Double(max(minimum, natural))
        }
        let targets = slotOffsets()
        for banner in banners where gtk_widget_should_layout(banner.widget) != 0 {
            let target = targets[ObjectIdentifier(banner)] ?? banner.lastSlotOffset
            let slotOffset = banner.slot == nil
                ? banner.lastSlotOffset
                : banner.slotFrom + (target - banner.slotFrom) * banner.slotProgress
            banner.lastSlotOffset = slotOffset
            let height = banner.naturalHeight
            // Displacement towards the banner's edge (positive = further off screen).
            let towardsEdge = (1 - banner.reveal) * banner.travelDistance + banner.dragOffset * banner.edge.towardsEdge
            let restingY = banner.edge == .top ? slotOffset : containerHeight - slotOffset - height
            let y = restingY - towardsEdge * (banner.edge == .top ? 1 : -1)
            banner.frame = (x, y, bannerWidth, height)
            // Moved away from its edge (spring overshoot, rubber band): stretch over the gap instead of opening it.
            let stretch = max(0, -towardsEdge)
            // A top banner keeps its top at the resting place and grows downwards; a
            // bottom banner grows upwards from where it is (its bottom stays put).
            let allocatedY = banner.edge == .top && stretch > 0 ? restingY : y
            var point = graphene_point_t(x: Float(x), y: Float(allocatedY.rounded()))
            let transform = gsk_transform_translate(nil, &point)
            gtk_widget_allocate(banner.widget, Int32(bannerWidth), Int32((height + stretch).rounded()), -1, transform)
        }
    }

    /// The offset of each slotted banner from its edge: the heights (plus
    /// spacing) of the banners in front of it at the same edge.
    private func slotOffsets() -> [ObjectIdentifier: Double] {
        var result: [ObjectIdentifier: Double] = [:]
        for edge in [BannerWidget.Edge.top, .bottom] {
            let slotted = banners.filter { $0.edge == edge && $0.slot != nil }.sorted { $0.slot! < $1.slot! }
            var offset = 0.0
            for banner in slotted {
                result[ObjectIdentifier(banner)] = offset
                offset += banner.naturalHeight + spacing
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
              let banner = BannerWidget.of(bannerPointer),
              gtk_widget_get_can_target(bannerPointer) != 0 else { return false }
        draggedBanner = banner
        banner.handleDragBegin()
        return true
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
            guard let self, let banner = self.draggedBanner else { return }
            banner.handleDragUpdate(offset: offsetY, time: gtk_event_controller_get_current_event_time(drag))
            if banner.pressBecameDrag {
                // Now a drag: the banner's click gesture must not see a tap.
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
            }
        }
        Signal.connectPoint(raw, "drag-end") { [weak self] _, offsetY in
            guard let self, let banner = self.draggedBanner else { return }
            self.draggedBanner = nil
            banner.handleDragEnd(offset: offsetY, time: gtk_event_controller_get_current_event_time(drag))
        }
        Signal.connectPointer(raw, "cancel") { [weak self] _ in
            guard let self, let banner = self.draggedBanner else { return }
            self.draggedBanner = nil
            banner.handleDragCancel()
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

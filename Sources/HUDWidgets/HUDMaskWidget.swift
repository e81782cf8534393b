import CGtk
import GtkSupport

/// A full-size layer holding one HUD bezel: dims or blocks the content behind
/// it and places the bezel.
///
/// CSS node: `hudmask`, with one of the classes `.none`, `.clear`, `.black`,
/// `.gradient`, `.custom`. Hidden from assistive technologies (role none); the
/// bezel inside is what they see.
@MainActor
public final class HUDMaskWidget: SwiftWidget {
    public static var gtype: GType {
        WidgetTypes.register(HUDMaskWidget.self, WidgetTypeDescription(
            typeName: "GtkHUDMask", cssName: "hudmask", role: GTK_ACCESSIBLE_ROLE_NONE))
    }

    /// Creates a new mask (floating reference).
    public static func create() -> UnsafeMutablePointer<GtkWidget> { WidgetTypes.instantiate(gtype) }

    /// The mask kinds, as CSS classes.
    public enum Style: String, Sendable, CaseIterable {
        case none, clear, black, gradient, custom
        /// Whether this mask stops pointer input to the content behind it.
        public var blocksInput: Bool { self != .none }
    }

    /// The kind of mask; sets the CSS class and whether input passes through.
    public var style: Style = .none {
        didSet {
            gtk_widget_remove_css_class(widget, oldValue.rawValue)
            gtk_widget_add_css_class(widget, style.rawValue)
            queueDraw()
        }
    }

    /// The bezel (or any child) this mask positions.
    public private(set) var bezel: UnsafeMutablePointer<GtkWidget>?
    /// Where the bezel sits.
    public var position: HUDPosition = .center { didSet { queueResize() } }
    /// Distance kept from the layer's edges (MBProgressHUD's margin, 20).
    public var margin: Double = 20 { didSet { queueResize() } }
    /// Offset from the position (SVProgressHUD's offsetFromCenter, MBProgressHUD's offset).
    public var offset: (x: Double, y: Double) = (0, 0) { didSet { queueResize() } }
    /// Bezel scale for zoom animations (1 = natural size).
    public var bezelScale: Double = 1 { didSet { queueAllocate() } }
    /// A custom dim colour for `.custom` masks (nil: CSS decides).
    public var customColor: GdkRGBA? { didSet { queueDraw() } }

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: widget)
        gtk_widget_add_css_class(widget, style.rawValue)
    }

    /// Sets the positioned child.
    public func setBezel(_ child: UnsafeMutablePointer<GtkWidget>?) {
        if let bezel { gtk_widget_unparent(bezel) }
        bezel = child
        if let child { gtk_widget_set_parent(child, widget) }
    }

    /// Where the bezel was last placed, in mask coordinates.
    public private(set) var bezelFrame: (x: Double, y: Double, width: Double, height: Double) = (0, 0, 0, 0)

    override public func contains(x: Double, y: Double) -> Bool {
        // A `.none` mask lets clicks through to the content; its bezel still gets them.
        style.blocksInput && super.contains(x: x, y: y)
    }

    override public func measure(_ orientation: GtkOrientation, forSize: Int32) -> WidgetMeasurement {
        guard let bezel else { return WidgetMeasurement() }
        let margins = Int32(2 * margin)
        var minimum: Int32 = 0, natural: Int32 = 0
        var bezelForSize: Int32 = -1
        if orientation == GTK_ORIENTATION_VERTICAL {
            // The height at the width `allocate` gives the bezel (its natural width, or
            // what fits), not at its minimum width: a wrapping label at its minimum
            // width lays out one character per line, the costliest layout there is.
            var minimumWidth: Int32 = 0, naturalWidth: Int32 = 0
            gtk_widget_measure(bezel, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, &naturalWidth, nil, nil)
            bezelForSize = forSize < 0 ? naturalWidth : max(minimumWidth, min(naturalWidth, forSize - margins))
        }
        gtk_widget_measure(bezel, orientation, bezelForSize, &minimum, &natural, nil, nil)
        return WidgetMeasurement(minimum: minimum + margins, natural: natural + margins)
    }

    override public func snapshot(_ snapshot: OpaquePointer) {
        if style == .custom, var color = customColor {
            var bounds = graphene_rect_t()
            graphene_rect_init(&bounds, 0, 0, Float(gtk_widget_get_width(widget)), Float(gtk_widget_get_height(widget)))
            gtk_snapshot_append_color(snapshot, &color, &bounds)
        }
        super.snapshot(snapshot)
    }

    override public func allocate(width: Int32, height: Int32, baseline: Int32) {
        guard let bezel, gtk_widget_should_layout(bezel) != 0 else { return }
        let available = max(0, Double(width) - 2 * margin)
        var minimumWidth: Int32 = 0, naturalWidth: Int32 = 0
        gtk_widget_measure(bezel, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, &naturalWidth, nil, nil)
        let bezelWidth = max(Double(minimumWidth), min(Double(naturalWidth), available))
        var minimumHeight: Int32 = 0, naturalHeight: Int32 = 0
        gtk_widget_measure(bezel, GTK_ORIENTATION_VERTICAL, Int32(bezelWidth), &minimumHeight, &naturalHeight, nil, nil)
        let bezelHeight = max(Double(minimumHeight), min(Double(naturalHeight), max(0, Double(height) - 2 * margin)))
        let rightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        let origin = HUDPlacement.origin(size: (bezelWidth, bezelHeight), container: (Double(width), Double(height)),
                                         position: position, margin: margin, offset: offset, rightToLeft: rightToLeft)
        bezelFrame = (origin.x.rounded(), origin.y.rounded(), bezelWidth, bezelHeight)
        var transform = gsk_transform_translate(nil, point(bezelFrame.x + bezelWidth / 2, bezelFrame.y + bezelHeight / 2))
        if bezelScale != 1 {
            transform = gsk_transform_scale(transform, Float(bezelScale), Float(bezelScale))
        }
        transform = gsk_transform_translate(transform, point(-bezelWidth / 2, -bezelHeight / 2))
        gtk_widget_allocate(bezel, Int32(bezelWidth), Int32(bezelHeight), -1, transform)
    }

    private func queueAllocate() {
        guard isAlive, !isDisposed else { return }
        gtk_widget_queue_allocate(widget)
    }

    private func point(_ x: Double, _ y: Double) -> UnsafePointer<graphene_point_t> {
        scratchPoint.pointee = graphene_point_t(x: Float(x), y: Float(y))
        return UnsafePointer(scratchPoint)
    }

    private let scratchPoint = UnsafeMutablePointer<graphene_point_t>.allocate(capacity: 1)
    isolated deinit { scratchPoint.deallocate() }
}

import CGtk
import GtkSupport

/// A full-size layer behind one HUD that dims and/or blocks the content.
///
/// CSS node: `hudmask`, with one of the classes `.none`, `.clear`, `.black`,
/// `.gradient`, `.custom`. Hidden from assistive technologies (role none, and
/// no children: the bezel is the overlay's child, so it stays visible to them).
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

    /// A custom dim colour for `.custom` masks (nil: CSS decides).
    public var customColor: GdkRGBA? { didSet { queueDraw() } }

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: widget)
        gtk_widget_add_css_class(widget, style.rawValue)
    }

    override public func contains(x: Double, y: Double) -> Bool {
        // A `.none` mask lets clicks through to the content.
        style.blocksInput && super.contains(x: x, y: y)
    }

    override public func measure(_ orientation: GtkOrientation, forSize: Int32) -> WidgetMeasurement {
        WidgetMeasurement()
    }

    override public func snapshot(_ snapshot: OpaquePointer) {
        if style == .custom, var color = customColor {
            var bounds = graphene_rect_t()
            graphene_rect_init(&bounds, 0, 0, Float(gtk_widget_get_width(widget)), Float(gtk_widget_get_height(widget)))
            gtk_snapshot_append_color(snapshot, &color, &bounds)
        }
        super.snapshot(snapshot)
    }
}

import CGtk
import GtkSupport
import HUDCore

/// A full-size layer behind one HUD that dims and/or blocks the content.
///
/// CSS node: `hudmask`, with the class of its ``HUDAppearance/Mask``: `.none`
/// (the default; clicks pass through), `.clear`, `.black`, `.gradient` or
/// `.custom` (filled with the mask's colour). Hidden from assistive
/// technologies (role none, and no children: the bezel is the overlay's
/// child, so it stays visible to them).
@MainActor
public final class HUDMaskWidget: SwiftWidget {
    public static var gtype: GType {
        WidgetTypes.register(HUDMaskWidget.self, WidgetTypeDescription(
            typeName: "GtkHUDMask", cssName: "hudmask", role: GTK_ACCESSIBLE_ROLE_NONE))
    }

    /// Creates a new mask (floating reference).
    public static func create() -> UnsafeMutablePointer<GtkWidget> { WidgetTypes.instantiate(gtype) }

    /// The kind of mask (`.none`); sets the CSS class and whether input passes through.
    public var mask: HUDAppearance.Mask = .none {
        didSet {
            guard mask != oldValue else { return }
            gtk_widget_remove_css_class(widget, oldValue.cssClass)
            gtk_widget_add_css_class(widget, mask.cssClass)
            queueDraw()
        }
    }

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: widget)
        gtk_widget_add_css_class(widget, mask.cssClass)
    }

    override public func contains(x: Double, y: Double) -> Bool {
        // A `.none` mask lets clicks through to the content.
        mask.blocksInput && super.contains(x: x, y: y)
    }

    override public func measure(_ orientation: GtkOrientation, forSize: Int32) -> WidgetMeasurement {
        WidgetMeasurement()
    }

    override public func snapshot(_ snapshot: OpaquePointer) {
        if case .custom(let colour) = mask {
            let clamped = colour.clamped
            var color = GdkRGBA(red: Float(clamped.red), green: Float(clamped.green), blue: Float(clamped.blue), alpha: Float(clamped.alpha))
            var bounds = graphene_rect_t()
            graphene_rect_init(&bounds, 0, 0, Float(gtk_widget_get_width(widget)), Float(gtk_widget_get_height(widget)))
            gtk_snapshot_append_color(snapshot, &color, &bounds)
        }
        super.snapshot(snapshot)
    }
}

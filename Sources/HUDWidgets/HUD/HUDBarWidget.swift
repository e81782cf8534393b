import CGtk
import GtkSupport

/// A horizontal determinate progress bar (MBProgressHUD's bar): an outlined
/// rounded track that fills from the leading edge.
///
/// CSS node: `hudbar`. Colour from CSS `color`. Accessible role: progress bar,
/// with value min/max/now and text ("42 %").
@MainActor
public final class HUDBarWidget: SwiftWidget {
    public static var gtype: GType {
        WidgetTypes.register(HUDBarWidget.self, WidgetTypeDescription(
            typeName: "GtkHUDBar", cssName: "hudbar", role: GTK_ACCESSIBLE_ROLE_PROGRESS_BAR))
    }

    /// Creates a bar (floating reference).
    public static func create() -> UnsafeMutablePointer<GtkWidget> { WidgetTypes.instantiate(gtype) }

    /// Natural size (MBProgressHUD: 120 × 10).
    public var naturalSize: (width: Int32, height: Int32) = (120, 10) { didSet { queueResize() } }
    /// Outline width in pixels (2).
    public var lineWidth: Double = 2 { didSet { queueDraw() } }

    private lazy var progress = AnimatedProgress(owner: self)

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: widget)
        _ = progress
    }

    /// Sets the progress (0...1; nil draws an empty bar and marks it busy).
    public func setProgress(_ value: Double?, animated: Bool = true) {
        progress.set(value, animated: animated)
    }

    /// The value being drawn (animations in flight included).
    public var shownProgress: Double { progress.shown }

    override public func dispose() { progress.stop() }

    override public func measure(_ orientation: GtkOrientation, forSize: Int32) -> WidgetMeasurement {
        orientation == GTK_ORIENTATION_HORIZONTAL
            ? WidgetMeasurement(minimum: 24, natural: naturalSize.width)
            : WidgetMeasurement(minimum: naturalSize.height, natural: naturalSize.height)
    }

    override public func snapshot(_ snapshot: OpaquePointer) {
        let width = Double(gtk_widget_get_width(widget)), height = Double(gtk_widget_get_height(widget))
        let color = cssColor(of: widget)
        let rightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        withOneColourCairo(snapshot, widget: widget, width: width, height: height) { cairo in
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
            cairo_set_line_width(cairo, lineWidth)
            roundedRect(cairo, x: lineWidth / 2, y: lineWidth / 2, width: width - lineWidth, height: height - lineWidth)
            cairo_stroke(cairo)
            let inset = lineWidth * 1.5
            let innerWidth = max(0, width - 2 * inset) * min(max(progress.shown, 0), 1)
            guard innerWidth > 0.5 else { return }
            let x = rightToLeft ? width - inset - innerWidth : inset
            roundedRect(cairo, x: x, y: inset, width: innerWidth, height: max(0, height - 2 * inset))
            cairo_fill(cairo)
        }
    }

    private func roundedRect(_ cairo: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
        let radius = min(height, width) / 2
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - radius, y + radius, radius, -.pi / 2, .pi / 2)
        cairo_arc(cairo, x + radius, y + radius, radius, .pi / 2, 3 * .pi / 2)
        cairo_close_path(cairo)
    }
}

import CGtk
import GtkSupport
import HUDCore

/// The progress shown by a ring or bar: moves smoothly to each new value
/// (0.3 s ease-out, instant when animations are off) and keeps the widget's
/// accessible value (min 0, max 1, now, text "42 %") in step.
@MainActor
final class AnimatedProgress {
    /// The value asked for; nil means indeterminate.
    private(set) var target: Double?
    /// The value drawn right now.
    private(set) var shown: Double = 0
    private var animation: Animation?
    private unowned let owner: SwiftWidget
    static let duration: UInt32 = 300

    init(owner: SwiftWidget) {
        self.owner = owner
        Accessible.setNumber(owner.widget, GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0)
        Accessible.setNumber(owner.widget, GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, 1)
        publishAccessibleValue()
    }

    /// Sets a new value (already sanitised to 0...1, or nil for indeterminate).
    func set(_ value: Double?, animated: Bool) {
        guard value != target else { return }
        target = value
        publishAccessibleValue()
        guard let value else {
            animation = nil
            owner.queueDraw()
            return
        }
        guard animated, owner.isAlive, gtk_widget_get_mapped(owner.widget) != 0 else {
            animation = nil
            shown = value
            owner.queueDraw()
            return
        }
        let next = Animation(timedOn: owner.widget, from: shown, to: value, milliseconds: Self.duration) { [weak self] current in
            self?.shown = current
            self?.owner.queueDraw()
        }
        animation = next
        next.play()
    }

    func stop() { animation = nil }

    private func publishAccessibleValue() {
        let widget = owner.widget
        if let target {
            Accessible.setState(widget, GTK_ACCESSIBLE_STATE_BUSY, false)
            Accessible.setNumber(widget, GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, target)
            Accessible.setString(widget, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, Self.percentText(target))
            // GTK 4.8 exposes the AT-SPI Value interface only for its own
            // widget types, so the value text also goes into the description.
            Accessible.setDescription(widget, Self.percentText(target))
        } else {
            Accessible.setState(widget, GTK_ACCESSIBLE_STATE_BUSY, true)
            Accessible.setString(widget, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, nil)
            Accessible.setDescription(widget, nil)
        }
    }

    /// "42 %": whole percent, as screen readers speak it in the user's language.
    static func percentText(_ value: Double) -> String {
        HUDStrings.provider().percent(Int((value * 100).rounded()))
    }
}

/// The widget's CSS colour with its alpha scaled by `alphaFactor`.
@MainActor
func cssColor(of widget: UnsafeMutablePointer<GtkWidget>, alphaFactor: Double = 1) -> (red: Double, green: Double, blue: Double, alpha: Double) {
    let color = gtkhud_widget_color(widget)
    return (Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha) * alphaFactor)
}

/// A cairo context drawing into `snapshot` over the widget's whole area.
@MainActor
private func withCairo(_ snapshot: OpaquePointer, width: Double, height: Double, _ draw: (OpaquePointer) -> Void) {
    var bounds = graphene_rect_t()
    graphene_rect_init(&bounds, 0, 0, Float(width), Float(height))
    guard let cairo = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
    draw(cairo)
    cairo_destroy(cairo)
}

/// A cairo context drawing into `snapshot` over `widget`'s whole area in one
/// colour, the widget's CSS colour at any alphas. Where the spinning arc is
/// drawn through a mask (``HUDRingWidget/drawsArcThroughMask``, GPU renderers
/// from GTK 4.16), so is this: that colour, opaque, through the drawing's
/// alpha, the same pixels. A cairo
/// node alone is drawn there with the texture op, which nothing else in a
/// HUD's window draws; on GTK 4.18's GL with Mesa's llvmpipe that one more
/// kind of draw costs each window about 0.85 MiB (docs/performance.md).
@MainActor
func withOneColourCairo(_ snapshot: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>, width: Double, height: Double,
                        _ draw: (OpaquePointer) -> Void) {
    guard HUDRingWidget.ArcNodeKind.of(widget) == .colorThroughMask else {
        return withCairo(snapshot, width: width, height: height, draw)
    }
    var bounds = graphene_rect_t()
    graphene_rect_init(&bounds, 0, 0, Float(width), Float(height))
    guard let drawing = gsk_cairo_node_new(&bounds) else { return }
    defer { gsk_render_node_unref(drawing) }
    if let cairo = gsk_cairo_node_get_draw_context(drawing) {
        draw(cairo)
        cairo_destroy(cairo)
    }
    var color = gtkhud_widget_color(widget)
    color.alpha = 1
    guard let masked = gtkhud_color_through_mask_node_new(&color, &bounds, drawing) else {
        return gtk_snapshot_append_node(snapshot, drawing)
    }
    gtk_snapshot_append_node(snapshot, masked)
    gsk_render_node_unref(masked)
}

import CGtk
import GtkSupport

/// The layer that hosts HUDs and banners above some content.
///
/// CSS node: `hudoverlay`. Accessible role: group.
///
/// Children are stacked in order: the content first (it decides the size),
/// then one full-size layer per HUD or banner stack. Layers position their own
/// children, so the overlay only stacks and sizes.
@MainActor
public final class HUDOverlayWidget: SwiftWidget {
    public static var gtype: GType {
        WidgetTypes.register(HUDOverlayWidget.self, WidgetTypeDescription(
            typeName: "GtkHUDOverlay", cssName: "hudoverlay", role: GTK_ACCESSIBLE_ROLE_GROUP,
            acceptsBuilderChildren: true))
    }

    /// Creates a new overlay (floating reference).
    public static func create() -> UnsafeMutablePointer<GtkWidget> { WidgetTypes.instantiate(gtype) }

    /// The content below the layers, if any.
    public private(set) var content: UnsafeMutablePointer<GtkWidget>?

    /// Replaces the content widget (nil removes it).
    public func setContent(_ newContent: UnsafeMutablePointer<GtkWidget>?) {
        if let content { gtk_widget_unparent(content) }
        content = newContent
        if let newContent {
            gtk_widget_insert_after(newContent, widget, nil) // first child: below every layer
        }
    }

    /// In a `.ui` file, a `<child>` widget becomes the content.
    override public func addBuilderChild(_ child: UnsafeMutableRawPointer, type: String?) -> Bool {
        guard type == nil, gtkhud_is_a(child, gtk_widget_get_type()) != 0 else { return false }
        setContent(child.asWidget)
        return true
    }

    /// Adds a layer on top of everything else.
    public func addLayer(_ layer: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_insert_before(layer, widget, nil)
    }

    /// Removes a layer that `addLayer` added.
    public func removeLayer(_ layer: UnsafeMutablePointer<GtkWidget>) {
        guard gtk_widget_get_parent(layer) == widget, layer != content else { return }
        gtk_widget_unparent(layer)
    }

    /// The layers above the content, bottom to top.
    public var layers: [UnsafeMutablePointer<GtkWidget>] {
        children.filter { $0 != content }
    }

    override public func measure(_ orientation: GtkOrientation, forSize: Int32) -> WidgetMeasurement {
        var result = WidgetMeasurement()
        for child in children where gtk_widget_get_visible(child) != 0 {
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(child, orientation, forSize, &minimum, &natural, nil, nil)
            // Layers never make the window bigger than its content needs,
            // except when there is no content at all.
            if child == content || content == nil {
                result.minimum = max(result.minimum, minimum)
                result.natural = max(result.natural, natural)
            }
        }
        return result
    }

    override public func allocate(width: Int32, height: Int32, baseline: Int32) {
        for child in children where gtk_widget_should_layout(child) != 0 {
            gtk_widget_allocate(child, width, height, baseline, nil)
        }
    }

    private var children: [UnsafeMutablePointer<GtkWidget>] {
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            result.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }
}

import CGtk
import GtkSupport

/// The rounded, translucent box of a HUD: indicator, status, details and
/// button, stacked vertically.
///
/// CSS node: `hudbezel`, with a style class (`.light`, `.dark`, `.automatic`
/// plus `.dark` or `.light` following libadwaita's style manager, `.custom`)
/// and `.square` when square. Padding comes from CSS (20px by default,
/// MBProgressHUD's margin); spacing between children is ``spacing``.
@MainActor
public final class HUDBezelWidget: SwiftWidget {
    public static var gtype: GType {
        WidgetTypes.register(HUDBezelWidget.self, WidgetTypeDescription(
            typeName: "GtkHUDBezel", cssName: "hudbezel", role: GTK_ACCESSIBLE_ROLE_GROUP,
            layoutManagerType: gtk_box_layout_get_type()))
    }

    /// Creates a bezel whose accessible role fits its message (status, alert, progress bar...).
    public static func create(role: GtkAccessibleRole) -> UnsafeMutablePointer<GtkWidget> {
        WidgetTypes.instantiate(gtype, role: role)
    }

    /// Visual styles, as CSS classes.
    public enum Style: Sendable, Equatable {
        case light, dark, automatic, custom
    }

    public var style: Style = .automatic { didSet { applyStyleClasses() } }
    /// Minimum size in pixels (SVProgressHUD's minimumSize, MBProgressHUD's minSize).
    public var minimumSize: (width: Int32, height: Int32) = (0, 0) { didSet { queueResize() } }
    /// Forces width == height (MBProgressHUD's square).
    public var isSquare = false {
        didSet {
            isSquare ? gtk_widget_add_css_class(widget, "square") : gtk_widget_remove_css_class(widget, "square")
            queueResize()
        }
    }
    /// Space between indicator, labels and button.
    public var spacing: Int32 = 8 { didSet { gtk_box_layout_set_spacing(boxLayout, guint(max(0, spacing))) } }

    private var darkConnection: SignalConnection?
    private var boxLayout: OpaquePointer { OpaquePointer(gtk_widget_get_layout_manager(widget)) }

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: widget)
        gtk_orientable_set_orientation(boxLayout, GTK_ORIENTATION_VERTICAL)
        gtk_box_layout_set_spacing(boxLayout, guint(spacing))
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        darkConnection = Signal.connect(UnsafeMutableRawPointer(adw_style_manager_get_default()), "notify::dark") { [weak self] in
            self?.applyStyleClasses()
        }
        applyStyleClasses()
    }

    override public func dispose() {
        darkConnection?.disconnect()
        darkConnection = nil
    }

    /// Appends a child at the bottom of the stack.
    public func append(_ child: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_insert_before(child, widget, nil)
    }

    /// Removes a child added with `append`.
    public func remove(_ child: UnsafeMutablePointer<GtkWidget>) {
        guard gtk_widget_get_parent(child) == widget else { return }
        gtk_widget_unparent(child)
    }

    /// Whether libadwaita currently shows the dark variant.
    public static var systemIsDark: Bool { adw_style_manager_get_dark(adw_style_manager_get_default()) != 0 }

    override public func measure(_ orientation: GtkOrientation, forSize: Int32) -> WidgetMeasurement {
        var result = super.measure(orientation, forSize: forSize)
        let floor = orientation == GTK_ORIENTATION_HORIZONTAL ? minimumSize.width : minimumSize.height
        if isSquare {
            let other = super.measure(orientation == GTK_ORIENTATION_HORIZONTAL ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, forSize: -1)
            result.minimum = max(result.minimum, other.natural)
            result.natural = max(result.natural, other.natural)
        }
        result.minimum = max(result.minimum, floor)
        result.natural = max(result.natural, result.minimum)
        result.minimumBaseline = -1
        result.naturalBaseline = -1
        return result
    }

    private func applyStyleClasses() {
        for name in ["light", "dark", "automatic", "custom"] { gtk_widget_remove_css_class(widget, name) }
        switch style {
        case .light: gtk_widget_add_css_class(widget, "light")
        case .dark: gtk_widget_add_css_class(widget, "dark")
        case .custom: gtk_widget_add_css_class(widget, "custom")
        case .automatic:
            gtk_widget_add_css_class(widget, "automatic")
            gtk_widget_add_css_class(widget, HUDBezelWidget.systemIsDark ? "dark" : "light")
        }
    }
}

import CGtk
import GtkSupport
import HUDWidgets

/// The layer that hosts HUDs and banners above your content.
///
/// You rarely need to create one: the shared HUD, instance HUDs and banners
/// find the window of the widget you give them and add an overlay layer to it
/// on first use (zero set-up, like SVProgressHUD finding the front window).
/// That layer lies over the window's child but is not its parent: the
/// window's `child` / `content` stays your widget. Create one yourself to cover just part of a window (the
/// equivalent of SVProgressHUD's `containerView` or an MBProgressHUD host view):
///
/// ```swift
/// guard let overlay = HUDOverlay(content: sidebar) else { return } // nil before gtk_init
/// gtk_box_append(box, overlay.widget.gtkWidget)
/// try HUD(on: overlay.widget).show()
/// ```
///
/// CSS node: `hudoverlay`. Accessible role: group.
@MainActor
public final class HUDOverlay {
    /// The overlay widget; put it in your widget tree (`.gtkWidget` for GTK's C API).
    public var widget: GtkWidgetRef { GtkWidgetRef(pointer: reference.widget) }
    /// The overlay widget, for GtkHUD's own calls.
    var pointer: UnsafeMutablePointer<GtkWidget> { reference.widget }
    private let reference: ObjectRef
    let implementation: HUDOverlayWidget

    /// A new overlay around `content` (may be nil and set later); nil, with a
    /// message, before GTK is initialised (no widget can exist then).
    public convenience init?(content: (any GtkWidgetConvertible)? = nil) {
        guard GtkHUDRuntime.prepare(caller: "HUDOverlay.init(content:)") else { return nil }
        self.init(adopting: HUDOverlayWidget.create())
        OverlayHost.of(implementation).facade = self
        if let content = content?.gtkWidget { implementation.setContent(content) }
    }

    /// The one `HUDOverlay` of an overlay widget while any caller holds it: a
    /// look-up hands back the same object, not a new wrapper each time.
    static func facade(of pointer: UnsafeMutablePointer<GtkWidget>) -> HUDOverlay {
        let host = OverlayHost.of(HUDOverlayWidget.of(pointer)!)
        if let facade = host.facade { return facade }
        let facade = HUDOverlay(existing: pointer)
        host.facade = facade
        return facade
    }

    private init(adopting pointer: UnsafeMutablePointer<GtkWidget>) {
        reference = ObjectRef(adopting: pointer.raw)
        implementation = HUDOverlayWidget.of(pointer)!
    }

    private init(existing pointer: UnsafeMutablePointer<GtkWidget>) {
        reference = ObjectRef(retaining: pointer.raw)
        implementation = HUDOverlayWidget.of(pointer)!
    }

    /// Registers GtkHUD's widget types with GObject so GtkBuilder `.ui` files can
    /// name them (`<object class="GtkHUDOverlay">` with one `<child>`: the content).
    /// Call once before building UI from files; showing any HUD does it too.
    public static func registerWidgetTypes() {
        _ = [HUDOverlayWidget.gtype, HUDMaskWidget.gtype, HUDBezelWidget.gtype, HUDLabelWidget.gtype,
             HUDRingWidget.gtype, HUDBarWidget.gtype, BannerStackWidget.gtype, BannerWidget.gtype, BannerImageWidget.gtype]
    }

    /// The overlay widget built from a `.ui` file, wrapped (nil for other widgets).
    public convenience init?(wrapping convertible: some GtkWidgetConvertible) {
        guard let widget = convertible.gtkWidget, HUDOverlayWidget.of(widget) != nil else { return nil }
        self.init(existing: widget)
    }

    /// The content below the HUDs and banners (nil until set; in a `.ui` file,
    /// the `content` property or the object's one `<child>`).
    public var content: GtkWidgetRef? {
        get { implementation.content.map { GtkWidgetRef(pointer: $0) } }
        set { implementation.setContent(newValue?.gtkWidget) }
    }

    /// The overlay serving `widget`: the nearest overlay around it, or else the
    /// layer of its window (added on first use). Nil if the widget is not in a
    /// window yet, if its window was destroyed (also one the app still holds
    /// after `gtk_window_destroy`), or if GTK is not initialised.
    public static func host(for convertible: some GtkWidgetConvertible) -> HUDOverlay? {
        guard GtkHUDRuntime.prepare(caller: "HUDOverlay.host(for:)") else { return nil }
        guard let overlay = try? OverlayHost.resolve(.widget(convertible)) else { return nil }
        return facade(of: overlay.widget)
    }

    /// The overlay of a window, adding one as a layer of the window if needed.
    ///
    /// The layer is a child of the window beside its own child, not a wrapper
    /// around it: `gtk_window_get_child` and `adw_application_window_get_content`
    /// keep returning the app's widget, and the app can replace it at any time
    /// (the layer follows the window's child).
    static func installed(in window: UnsafeMutablePointer<GtkWidget>) -> HUDOverlay {
        if let existing = overlay(of: window) { return facade(of: existing) }
        let overlay = HUDOverlay(adopting: HUDOverlayWidget.create())
        // Attached first: the host puts its key table on the window, where the content's keys pass.
        HUDOverlayWidget.attach(overlay.pointer, to: window)
        OverlayHost.of(overlay.implementation).facade = overlay
        return overlay
    }

    /// A layer over the card of an `AdwDialog` whose child is `content`
    /// (issue #27: a HUD in a dialog covers the dialog, not the window under it).
    static func installed(overContentOf content: UnsafeMutablePointer<GtkWidget>) -> HUDOverlay {
        let overlay = HUDOverlay(adopting: HUDOverlayWidget.create())
        HUDOverlayWidget.attach(overlay.pointer, overContentOf: content)
        OverlayHost.of(overlay.implementation).facade = overlay
        return overlay
    }

    /// The overlay serving `window` without adding one: a ``HUDOverlay`` the app
    /// made the window's content (e.g. in a `.ui` file), else the layer GtkHUD added.
    static func overlay(of window: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        let content: UnsafeMutablePointer<GtkWidget>?
        if gtkhud_is_a(window.raw, adw_application_window_get_type()) != 0 {
            content = adw_application_window_get_content(window.raw.typed(AdwApplicationWindow.self))
        } else if gtkhud_is_a(window.raw, adw_window_get_type()) != 0 {
            content = adw_window_get_content(window.raw.typed(AdwWindow.self))
        } else {
            content = gtk_window_get_child(window.asWindow)
        }
        if let content, HUDOverlayWidget.of(content) != nil { return content }
        return windowLayer(of: window)
    }

    /// The overlay layer GtkHUD added to `window`, if any.
    static func windowLayer(of window: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(window)
        while let current = child {
            if let overlay = HUDOverlayWidget.of(current), overlay.hostWindow == window { return current }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}

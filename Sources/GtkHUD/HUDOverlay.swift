import CGtk
import GtkSupport
import HUDWidgets

/// The layer that hosts HUDs and banners above your content.
///
/// You rarely need to create one: the shared HUD, instance HUDs and banners
/// find the window of the widget you give them and slip an overlay under its
/// content on first use (zero set-up, like SVProgressHUD finding the front
/// window). Create one yourself to cover just part of a window (the
/// equivalent of SVProgressHUD's `containerView` or an MBProgressHUD host view):
///
/// ```swift
/// guard let overlay = HUDOverlay(content: sidebar) else { return } // nil before gtk_init
/// gtk_box_append(box, overlay.widget)
/// HUD(on: overlay.widget).show()
/// ```
///
/// CSS node: `hudoverlay`. Accessible role: group.
@MainActor
public final class HUDOverlay {
    /// The overlay widget; put it in your widget tree.
    public var widget: UnsafeMutablePointer<GtkWidget> { reference.widget }
    private let reference: ObjectRef
    let implementation: HUDOverlayWidget

    /// A new overlay around `content` (may be nil and set later). Nil, with a
    /// clear message, before GTK is initialised (no widget can exist then).
    public convenience init?(content: UnsafeMutablePointer<GtkWidget>? = nil) {
        guard HUDRuntime.prepare(caller: "HUDOverlay.init(content:)") else { return nil }
        self.init(adopting: HUDOverlayWidget.create())
        if let content { self.content = content }
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
    public convenience init?(wrapping widget: UnsafeMutablePointer<GtkWidget>) {
        guard HUDOverlayWidget.of(widget) != nil else { return nil }
        self.init(existing: widget)
    }

    /// The content below the HUDs and banners.
    public var content: UnsafeMutablePointer<GtkWidget>? {
        get { implementation.content }
        set { implementation.setContent(newValue) }
    }

    /// The overlay serving `widget`: the nearest overlay around it, or else one
    /// installed under the content of its window. Nil if the widget is not in a
    /// window yet (or GTK is not initialised).
    public static func host(for widget: UnsafeMutablePointer<GtkWidget>) -> HUDOverlay? {
        guard HUDRuntime.prepare() else { return nil }
        if let overlay = HUDOverlayWidget.of(widget) { return HUDOverlay(existing: overlay.widget) }
        if let ancestor = gtk_widget_get_ancestor(widget, HUDOverlayWidget.gtype) {
            return HUDOverlay(existing: ancestor)
        }
        guard let root = gtk_widget_get_root(widget).map({ UnsafeMutableRawPointer($0).asWidget }),
              gtkhud_is_a(root.raw, gtk_window_get_type()) != 0 else { return nil }
        return installed(in: root)
    }

    /// The overlay of a window, installing one under its content if needed.
    static func installed(in window: UnsafeMutablePointer<GtkWidget>) -> HUDOverlay {
        let slot = WindowContentSlot(window: window)
        if let current = slot.content, let overlay = HUDOverlayWidget.of(current) {
            return HUDOverlay(existing: overlay.widget)
        }
        let overlay = HUDOverlay(adopting: HUDOverlayWidget.create())
        let focus = gtk_window_get_focus(window.asWindow)
        if let current = slot.content {
            g_object_ref(current.raw)
            slot.content = nil
            overlay.content = current
            g_object_unref(current.raw)
        }
        slot.content = overlay.widget
        if let focus { gtk_widget_grab_focus(focus) }
        return overlay
    }

    /// The window a shared HUD or banner uses when none is given: the active
    /// visible window, else the most recently listed visible one.
    static func frontWindow() -> UnsafeMutablePointer<GtkWidget>? {
        guard let list = gtk_window_get_toplevels() else { return nil }
        var fallback: UnsafeMutablePointer<GtkWidget>?
        for index in 0..<g_list_model_get_n_items(list) {
            guard let item = g_list_model_get_item(list, index) else { continue }
            let window = item.asWidget
            g_object_unref(item)
            guard gtk_widget_get_visible(window) != 0 else { continue }
            if gtk_window_is_active(window.asWindow) != 0 { return window }
            fallback = window
        }
        return fallback
    }
}

/// The content slot of a window: libadwaita windows keep content in
/// `content`, plain GTK windows in `child`.
@MainActor
struct WindowContentSlot {
    let window: UnsafeMutablePointer<GtkWidget>

    var content: UnsafeMutablePointer<GtkWidget>? {
        get {
            if gtkhud_is_a(window.raw, adw_application_window_get_type()) != 0 {
                return adw_application_window_get_content(window.raw.typed(AdwApplicationWindow.self))
            }
            if gtkhud_is_a(window.raw, adw_window_get_type()) != 0 {
                return adw_window_get_content(window.raw.typed(AdwWindow.self))
            }
            return gtk_window_get_child(window.asWindow)
        }
        nonmutating set {
            if gtkhud_is_a(window.raw, adw_application_window_get_type()) != 0 {
                adw_application_window_set_content(window.raw.typed(AdwApplicationWindow.self), newValue)
            } else if gtkhud_is_a(window.raw, adw_window_get_type()) != 0 {
                adw_window_set_content(window.raw.typed(AdwWindow.self), newValue)
            } else {
                gtk_window_set_child(window.asWindow, newValue)
            }
        }
    }
}

/// One-time set-up shared by every public entry point.
@MainActor
enum HUDRuntime {
    /// Checks GTK is initialised and loads the default stylesheet. Returns false,
    /// with a clear message, when called before `gtk_init`/`adw_init`.
    @discardableResult
    static func prepare(caller: String = #function) -> Bool {
        guard GtkEnvironment.isInitialized else {
            reportNotInitialized(caller)
            return false
        }
        MainActorBridge.install()
        HUDStyleSheets.ensureLoaded()
        return true
    }

    /// Each entry point is reported once (a loop of early calls is one
    /// message, and a different early call is not silent).
    private static var reportedCallers: Set<String> = []
    static func reportNotInitialized(_ caller: String) {
        guard reportedCallers.insert(caller).inserted else { return }
        HUDCoreDiagnostics.report("GtkHUD.\(caller)", "GTK is not initialised yet; call gtk_init() or adw_init() (or run inside GApplication's activate) before showing HUDs or banners. Nothing was shown.")
    }
}

import CGtk
import GtkSupport
import HUDWidgets

/// "Where does this message go?": the one answer every front end asks for.
extension OverlayHost {
    /// Why a ``PresentationContext`` has no overlay to go to. Reported by the
    /// caller under its public name, with what it did instead.
    enum ResolveFailure: Error, Equatable, CustomStringConvertible {
        /// The value given does not point to a `GtkWidget`.
        case notAWidget
        /// The widget's window was destroyed (`gtk_window_destroy`), also one the app still holds.
        case windowDestroyed
        /// The widget is not inside a window yet.
        case notInWindow
        /// The widget's root is not a `GtkWindow` (a drag icon, a widget of another toolkit's making).
        case rootIsNotAWindow
        /// `.automatic`, and the router found no window.
        case noWindow
        /// `.overlay` with an overlay whose widget was destroyed.
        case overlayDestroyed
        /// A router said why it found no window (an application's windows, say).
        case refused(String)
        /// Routers that kept pointing to other routers.
        case routerLoop

        var description: String {
            switch self {
            case .notAWidget: HUDError.notAWidget.description
            case .windowDestroyed: HUDError.hostWindowDestroyed.description
            case .notInWindow: HUDError.notInWindow.description
            case .rootIsNotAWindow:
                "the widget's root is not a GtkWindow (a drag icon?); HUDs and banners go only into the app's windows."
            case .noWindow:
                "there is no visible window to show it in; present a window first, or name one "
                    + "(a context other than .automatic, or PresentationContext.router)."
            case .overlayDestroyed: "the HUDOverlay was destroyed."
            case .refused(let reason): reason
            case .routerLoop: "the routers point to one another more than \(OverlayHost.routeHops) times; "
                + "a router must end at a window, an overlay or a widget."
            }
        }

        /// The public error of the throwing HUD calls.
        var hudError: HUDError {
            switch self {
            case .notAWidget: .notAWidget
            case .windowDestroyed, .overlayDestroyed: .hostWindowDestroyed
            case .notInWindow, .rootIsNotAWindow, .noWindow, .refused, .routerLoop: .notInWindow
            }
        }
    }

    /// The overlay `context` stands for. With `creating` (the default) a
    /// window without an overlay gets its layer now; without it, only an
    /// overlay that is there already is found (nil when there is none).
    ///
    /// The ladder, once for every front end: an overlay is itself; a widget
    /// goes to the nearest overlay around it, or else to its window's; a
    /// window (`.window`, or a widget's window as the last rung) goes to the
    /// overlay that is its content, or else to the layer GtkHUD adds to it.
    /// Call only after ``GtkHUDRuntime/prepare(caller:)`` succeeded.
    static func resolve(_ context: PresentationContext, creating: Bool = true) throws(ResolveFailure) -> HUDOverlayWidget? {
        try resolve(context, creating: creating, hops: 0)
    }

    /// How many routers a context may pass through (a router may pick a routed context).
    nonisolated static let routeHops = 8

    private static func resolve(_ context: PresentationContext, creating: Bool, hops: Int) throws(ResolveFailure) -> HUDOverlayWidget? {
        switch context {
        case .automatic:
            return try resolve(.routed(PresentationContext.router), creating: creating, hops: hops)
        case .routed(let router):
            guard hops < routeHops else { throw .routerLoop }
            return try resolve(router.route().get(), creating: creating, hops: hops + 1)
        case .overlay(let overlay):
            let implementation = overlay.implementation
            guard implementation.isAlive, !implementation.isDisposed else { throw .overlayDestroyed }
            if WindowLiveness.destroyedWindow(of: implementation.widget) != nil { throw .windowDestroyed }
            return implementation
        case .window(let convertible):
            return try windowOverlay(of: live(convertible), creating: creating)
        case .widget(let convertible):
            let widget = try live(convertible)
            let overlay = HUDOverlayWidget.of(widget) ?? nearestOverlay(around: widget)
            if let dialog = nearestDialog(around: widget), overlay.map({ gtk_widget_is_ancestor(dialog, $0.widget) != 0 }) ?? true,
               let card = dialogOverlay(of: dialog, creating: creating) {
                return card
            }
            if let overlay { return overlay }
            return try windowOverlay(of: widget, creating: creating)
        }
    }

    /// The widget, if it is one and its window (if any) still stands.
    private static func live(_ convertible: any GtkWidgetConvertible) throws(ResolveFailure) -> UnsafeMutablePointer<GtkWidget> {
        guard let widget = convertible.gtkWidget else { throw .notAWidget }
        // Its HUDs and banners ended with it: a layer or center made now would serve nobody.
        if WindowLiveness.destroyedWindow(of: widget) != nil { throw .windowDestroyed }
        return widget
    }

    /// The nearest overlay that holds `widget` (as nested `AdwToastOverlay`s are found).
    private static func nearestOverlay(around widget: UnsafeMutablePointer<GtkWidget>) -> HUDOverlayWidget? {
        gtk_widget_get_ancestor(widget, HUDOverlayWidget.gtype).flatMap { HUDOverlayWidget.of($0) }
    }

    /// The nearest `AdwDialog` holding `widget` (libadwaita 1.5+, looked up at
    /// run time; never one on 1.2-1.4). Such a dialog is drawn inside its
    /// parent window, so the window's overlay would cover the whole window,
    /// under or over the dialog: the dialog is a context of its own.
    private static func nearestDialog(around widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        let type = gtkhud_adw_dialog_type()
        guard type != 0 else { return nil }
        return gtk_widget_get_ancestor(widget, type)
    }

    /// The overlay of an `AdwDialog`: its child when that is an overlay, else
    /// the layer over its card (added with `creating`). Nil for a dialog
    /// without a child (then the window's overlay serves).
    private static func dialogOverlay(of dialog: UnsafeMutablePointer<GtkWidget>, creating: Bool) -> HUDOverlayWidget? {
        guard let content = gtkhud_adw_dialog_child(dialog), let card = gtk_widget_get_parent(content) else { return nil }
        if let own = HUDOverlayWidget.of(content) { return own }
        if let layer = card.children.lazy.compactMap({ HUDOverlayWidget.of($0) }).first(where: { $0.layerHost == card }) {
            return layer
        }
        return creating ? HUDOverlay.installed(overContentOf: content).implementation : nil
    }

    /// The window-wide overlay of `widget`'s window (`widget` may be the window).
    private static func windowOverlay(of widget: UnsafeMutablePointer<GtkWidget>,
                                      creating: Bool) throws(ResolveFailure) -> HUDOverlayWidget? {
        guard let root = gtk_widget_get_root(widget).map({ UnsafeMutableRawPointer($0).asWidget }) else { throw .notInWindow }
        guard gtkhud_is_a(root.raw, gtk_window_get_type()) != 0 else { throw .rootIsNotAWindow }
        if creating { return HUDOverlay.installed(in: root).implementation }
        return HUDOverlay.overlay(of: root).flatMap { HUDOverlayWidget.of($0) }
    }

    /// The window ``PresentationRouter/frontWindow`` picks: the active visible
    /// window, else the most recently listed visible one.
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

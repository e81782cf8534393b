import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// The block that blocking HUDs hold on their overlay's content: what to give
/// back (the content's `can-focus` and the focused widget) once the last one goes.
@MainActor
final class ContentBlock {
    struct Holder {
        weak var view: HUDBezelPresenter?
        init(_ view: HUDBezelPresenter) { self.view = view }
    }

    // Kept by the overlay's ``OverlayHost`` while a HUD holds it.

    var holders: [Holder] = []
    private var content: WeakObjectRef?
    private var contentCouldFocus = true
    private var restoreFocus: WeakObjectRef?

    init(overlay: UnsafeMutablePointer<GtkWidget>) {
        if let root = gtk_widget_get_root(overlay), let focus = gtk_root_get_focus(root) {
            restoreFocus = WeakObjectRef(UnsafeMutableRawPointer(focus))
        }
        // The app's content: the overlay's own, or the window's child for a window layer.
        if let content = HUDOverlayWidget.of(overlay)?.appContent {
            self.content = WeakObjectRef(content.raw)
            contentCouldFocus = gtk_widget_get_can_focus(content) != 0
            gtk_widget_set_can_focus(content, 0)
        }
    }

    /// Gives the content back; the focus returns where it was unless the user
    /// has moved on to another part of the window, or that widget no longer
    /// shows: then to the content's first widget (``BlockFocusRule``).
    func release(overlay: UnsafeMutablePointer<GtkWidget>?) {
        content?.withObject { gtk_widget_set_can_focus($0.asWidget, contentCouldFocus ? 1 : 0) }
        // Without its overlay, the content tells whether the context is still in a window.
        let place = overlay.flatMap { HUDOverlayWidget.of($0) }.map(Self.focusPlace(for:))
            ?? (content?.withObject { gtk_widget_get_root($0.asWidget) != nil } == true ? .nowhere : .outsideAnyWindow)
        restoreFocus?.withObject { previous in
            let widget = previous.asWidget
            switch BlockFocusRule.release(from: place, previousFocusShows: gtk_widget_get_mapped(widget) != 0) {
            case .restore: gtk_widget_grab_focus(widget)
            case .firstInContext: content?.withObject { _ = gtk_widget_child_focus($0.asWidget, GTK_DIR_TAB_FORWARD) }
            case .stay: break
            }
        }
        content = nil
        restoreFocus = nil
    }

    /// Where the window's focus is, seen from `overlay`'s context.
    static func focusPlace(for overlay: HUDOverlayWidget) -> BlockFocusRule.FocusPlace {
        guard let root = gtk_widget_get_root(overlay.widget) else { return .outsideAnyWindow }
        guard let focus = gtk_root_get_focus(root) else { return .nowhere }
        // A layer's context is its host (the window, a dialog's card); any other overlay's, its own subtree.
        let scope = overlay.layerHost ?? overlay.widget
        let inside = focus == scope || gtk_widget_is_ancestor(focus, scope) != 0
        return inside ? .insideContext : .elsewhere
    }
}

import CGtk

/// Whether a window was destroyed. `gtk_window_destroy` takes a window off
/// GTK's list of toplevels, but disposes it only when nobody else holds a
/// reference: an application that keeps one has a destroyed window that is
/// still alive (and never emits `destroy`). Being off the list is the mark.
@MainActor
public enum WindowLiveness {
    /// True for a `GtkWindow` no longer among GTK's toplevels (every window is
    /// listed from creation until `gtk_window_destroy`); false for other widgets.
    public static func isDestroyed(_ window: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard gtkhud_is_a(window.raw, gtk_window_get_type()) != 0, let list = gtk_window_get_toplevels() else { return false }
        for index in 0..<g_list_model_get_n_items(list) {
            guard let item = g_list_model_get_item(list, index) else { continue }
            g_object_unref(item)
            if item == window.raw { return false }
        }
        return true
    }

    /// The window `widget` is in (or is), if it was destroyed.
    public static func destroyedWindow(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        let root = gtkhud_is_a(widget.raw, gtk_window_get_type()) != 0
            ? widget : gtk_widget_get_root(widget).map { UnsafeMutableRawPointer($0).asWidget }
        guard let root, isDestroyed(root) else { return nil }
        return root
    }
}

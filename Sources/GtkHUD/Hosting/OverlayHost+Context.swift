import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// A context's visibility (issue #27): an overlay around a pane or a
/// `GtkStack` page is unmapped while its page is switched away. The facts go
/// to the banner queue, which decides (``ContextVisibility``, merged there with
/// the window's attention).
extension OverlayHost {
    /// Watches the overlay's map and unmap, and its window's (the rule needs
    /// both); called at the start and again when the overlay changes window.
    func watchContextVisibility() {
        visibilityConnections.forEach { $0.disconnect() }
        visibilityConnections = []
        guard !isDestroyed, let overlay else { return }
        let watched = [overlay.widget] + (window.map { [$0] } ?? [])
        for widget in watched {
            for signal in ["map", "unmap"] {
                // After GTK's handler: the widget's mapped flag is already what the signal says.
                visibilityConnections.append(Signal.connect(widget.raw, signal, after: true) { [weak self] in
                    self?.reportContextVisibility()
                })
            }
        }
        reportContextVisibility()
    }

    /// Tells the banner queue (if there is one yet) whether the overlay and its window are mapped.
    func reportContextVisibility() {
        guard let overlay, let bannerCenter else { return }
        let windowMapped = window.map { gtk_widget_get_mapped($0) != 0 } ?? false
        bannerCenter.queue.contextVisibilityChanged(
            ContextVisibility(isMapped: gtk_widget_get_mapped(overlay.widget) != 0, isWindowMapped: windowMapped))
    }
}

extension OverlayHost {
    /// The overlay left the window it was watched in (removed from a pane,
    /// moved to another window) with that window's focus inside it, on a
    /// blocking HUD say: GTK 4.8 leaves the old window's focus there, so its
    /// keys would go to a widget no longer in it, and the reference GTK keeps
    /// on the focus chain would keep the removed overlay (and its HUD) alive.
    /// The old window lets go of it.
    func releaseFocusLeftBehind() {
        guard let overlay, let old = watchedWindow?.withObject({ $0.asWidget }),
              gtk_widget_get_root(overlay.widget).map({ UnsafeMutableRawPointer($0) }) != old.raw,
              let focus = gtk_window_get_focus(old.asWindow),
              focus == overlay.widget || gtk_widget_is_ancestor(focus, overlay.widget) != 0 else { return }
        gtk_window_set_focus(old.asWindow, nil)
    }
}

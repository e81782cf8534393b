import CGtk
import GtkSupport

/// Bringing a window forward for the user.
@MainActor
enum GtkHUDWindows {
    /// Presents `window` as a response to the user's action now (a click on a
    /// desktop notification, which carries no event time GTK could use): on
    /// X11 with the server's current time, so the focus request is not older
    /// than the last focus change and ignored.
    static func presentNow(_ window: UnsafeMutablePointer<GtkWidget>) {
        gtkhud_window_present_with_time(window.asWindow, gtkhud_x11_server_time(gtkhud_window_surface(window)))
    }
}

/// Why a HUD could not be made. The same text is also logged (GLib log domain
/// `GtkHUD`), so an app that ignores the error still finds out.
public enum HUDError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Called before `gtk_init()` / `adw_init()` (or outside GApplication's `activate`).
    case gtkNotInitialized
    /// The host's window was destroyed (`gtk_window_destroy`).
    case hostWindowDestroyed
    /// The host widget is not inside a window yet.
    case notInWindow
    /// The value given as host does not point to a `GtkWidget`.
    case notAWidget

    public var description: String {
        switch self {
        case .gtkNotInitialized: "GTK is not initialised yet; call gtk_init() or adw_init() (or run inside GApplication's activate) first."
        case .hostWindowDestroyed: "the host window was destroyed (gtk_window_destroy)."
        case .notInWindow: "the host widget is not inside a window yet; add it to a window first."
        case .notAWidget: "the host is not a GtkWidget."
        }
    }
}

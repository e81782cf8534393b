/// An image for a HUD, named without any GTK type; the view layer resolves it.
public enum HUDImage: Hashable, Sendable {
    /// A themed icon, e.g. `"emblem-ok-symbolic"`.
    case iconName(String)
    /// A key the view layer maps to an image it registered (a resource path or a paintable it keeps).
    case resource(String)
}

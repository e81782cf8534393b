/// The picture at the leading edge of a banner, named without any GTK type so
/// the logic layer stays GTK-free; the GTK layer turns it into a paintable.
public enum BannerImage: Hashable, Sendable {
    /// A themed icon name, e.g. `"dialog-warning-symbolic"`.
    case iconName(String)
    /// A path to an image file on disk.
    case file(String)
    /// A `GResource` path, e.g. `"/org/example/App/icons/done.svg"`.
    case resource(String)
    /// A key the app registered with the GTK layer for a picture it supplies
    /// itself (a texture, a custom paintable).
    case custom(String)

    /// The name, path or key, without the kind.
    public var reference: String {
        switch self {
        case .iconName(let value), .file(let value), .resource(let value), .custom(let value):
            value
        }
    }
}

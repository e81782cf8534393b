/// Where a picture comes from, for a HUD's indicator and a banner's image:
/// never guessed from the text (a name with a "/" is still an icon name).
public enum ImageSource: Hashable, Sendable {
    /// A themed icon, e.g. `"emblem-ok-symbolic"`; symbolic icons follow the text colour.
    case iconName(String)
    /// An image file on disk, by path.
    case file(String)
    /// An image in a registered GResource bundle, e.g. `"/org/example/App/done.svg"`.
    case resource(String)
    /// A picture the GTK layer supplies itself (a `GdkPaintable`), carried as is.
    case external(ExternalContent)
}

/// What a HUD shows above its text.
public enum HUDIndicator: Hashable, Sendable {
    /// A spinner: work of unknown length.
    case indeterminate
    /// A determinate progress ring or bar, with a fraction in `0...1`.
    case progress(Double)
    /// A success mark.
    case success
    /// An error mark.
    case error
    /// An information mark.
    case info
    /// An application-supplied image.
    case image(HUDImage)
    /// An application-supplied widget, identified by a key the view layer registered.
    case custom(String)
    /// No indicator: the text alone.
    case textOnly

    /// Whether the shared HUD dismisses this kind of content on its own after its display duration.
    public var dismissesAutomatically: Bool {
        switch self {
        case .success, .error, .info, .image: true
        case .indeterminate, .progress, .custom, .textOnly: false
        }
    }

    /// The progress fraction, or `nil` for anything but ``progress(_:)``.
    public var progressFraction: Double? {
        if case .progress(let fraction) = self { return fraction }
        return nil
    }
}

/// The window edge a banner drops in from.
public enum BannerPosition: Hashable, Sendable {
    /// Slides down from the top edge; swiped up to dismiss.
    case top
    /// Slides up from the bottom edge; swiped down to dismiss.
    case bottom

    /// The sign of a vertical offset (GTK coordinates, y grows downwards) that
    /// moves the banner towards its own edge: up for top banners, down for bottom ones.
    public var towardsEdge: Double {
        switch self {
        case .top: -1
        case .bottom: 1
        }
    }
}

/// Where a window's banners sit.
public enum BannerPlacement: String, Sendable, Equatable, CaseIterable {
    /// Below a header bar at the top of the window (in the title bar slot or
    /// at the top of the content) and above one at the bottom: the window's
    /// title and buttons stay visible and usable. The default.
    case belowHeaderBar = "below-header-bar"
    /// Over the window's top edge, title bar included (the iOS banner look).
    case coversTopEdge = "covers-top-edge"
}

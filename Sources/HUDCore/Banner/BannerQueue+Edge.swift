/// Which edge each banner stands on (issue #27). A window's anchor takes
/// every banner of the window, whatever its own ``BannerContent/position``:
/// an app that sets an anchor above its action bar and shows a plain banner
/// (top by default) sees it on the bar, as Material's `setAnchorView` places
/// a snackbar whatever it is. The banner's position stays as the app set it
/// and is back in force once the anchor is cleared.
extension BannerQueue {
    /// The edge `banner` stands on in this window: ``anchoredEdge`` while
    /// there is one, else the banner's own ``BannerContent/position``. Slots,
    /// the deck, the entrance and exit direction and the swipe follow it.
    public func edge(of banner: Banner) -> BannerPosition {
        anchoredEdge ?? banner.content.position
    }

    /// Whether some edge holds more than one banner on screen: only then is
    /// there a banner behind another for the deck to collapse.
    var anEdgeHoldsSeveralBanners: Bool {
        let edges = visibleBanners.map { edge(of: $0) }
        return edges.filter { $0 == .top }.count > 1 || edges.filter { $0 == .bottom }.count > 1
    }

    /// Tells the view about each banner on screen whose edge changed since
    /// it was shown (the anchor was set or cleared, or its position changed):
    /// it moves there, in its slot at that edge. Returns the banners moved.
    @discardableResult
    func reportEdgeMoves() -> Set<Banner> {
        var moved: Set<Banner> = []
        for banner in visibleBanners {
            let edge = edge(of: banner)
            guard banner.edge != edge, let slot = slot(of: banner) else { continue }
            banner.shownEdge = edge
            reportedSlots[banner] = slot
            moved.insert(banner)
            presenter?.move(banner, to: edge, slot: slot, transition: transition(for: banner))
        }
        return moved
    }
}

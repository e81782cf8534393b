/// Which side of its anchor widget a window's banners stand on (issue #27).
///
/// An anchor takes every banner of its window (``BannerQueue/anchoredEdge``)
/// and replaces one edge of the banner layer: ``above`` takes the place of the
/// bottom edge (every banner stands on the anchor's top, slides up out of it
/// and is swiped down, as a bottom banner), ``below`` the place of the top
/// edge (every banner hangs from the anchor's bottom, as a top banner). When
/// the anchor cannot be used the banners stand on that edge of the layer.
public enum BannerAnchorSide: String, Hashable, Sendable, CaseIterable {
    /// Above the anchor: every banner, as a bottom banner.
    case above
    /// Below the anchor: every banner, as a top banner.
    case below

    /// The edge every banner takes while anchored to this side, and falls back to.
    public var edge: BannerPosition {
        switch self {
        case .above: .bottom
        case .below: .top
        }
    }
}

/// What the GTK layer measured of an anchor widget, the inputs of
/// ``BannerAnchorPlacement/decide(side:facts:layerHeight:)``.
public struct BannerAnchorFacts: Equatable, Sendable {
    /// Where the anchor widget is, relative to the center's content.
    public enum Whereabouts: Equatable, Sendable {
        /// Inside the content the banners show over.
        case inside
        /// In no window, or in this window but outside the content (a title
        /// bar slot, the banner layer itself).
        case outside
        /// In another window.
        case otherWindow
    }

    /// False once the widget was destroyed.
    public var isAlive: Bool
    /// Where it is.
    public var whereabouts: Whereabouts
    /// Whether it is on screen (GTK's `mapped`: shown, and every ancestor shown).
    public var isMapped: Bool
    /// Its top and bottom in the banner layer's coordinates (y grows
    /// downwards), nil when GTK could not tell (not laid out yet).
    public var top: Double?
    public var bottom: Double?

    public init(isAlive: Bool, whereabouts: Whereabouts = .inside, isMapped: Bool = true,
                top: Double? = nil, bottom: Double? = nil) {
        self.isAlive = isAlive
        self.whereabouts = whereabouts
        self.isMapped = isMapped
        self.top = top
        self.bottom = bottom
    }

    /// A destroyed widget: nothing else about it can be known.
    public static let destroyed = BannerAnchorFacts(isAlive: false, whereabouts: .outside, isMapped: false)
}

/// Why banners stand on the layer's edge although an anchor is set.
public enum BannerAnchorFallback: Equatable, Sendable {
    /// The anchor widget was destroyed: it never comes back, the anchor should be cleared.
    case destroyed
    /// It is not inside the content the banners show over.
    case outside
    /// It is in another window.
    case otherWindow
    /// It is hidden (unmapped); banners go back to it when it shows again.
    case hidden
    /// It is not laid out yet, or lies wholly outside the banner layer (scrolled
    /// away, or under the header bars): there is no line on the layer to stand on.
    case offLayer

    /// Whether the app asked for something that cannot work, and should hear
    /// about it; a hidden or scrolled-away anchor is an ordinary state.
    public var isMistake: Bool {
        switch self {
        case .destroyed, .outside, .otherWindow: true
        case .hidden, .offLayer: false
        }
    }

    /// What the app is told, under the public name it set the anchor with.
    public var message: String {
        switch self {
        case .destroyed:
            "the anchor widget was destroyed; banners are back at the window's edge and the anchor is cleared."
        case .outside:
            "the anchor widget is not inside the content the banners show over (it must be a descendant of the "
                + "window's child, or of the HUDOverlay's content); banners stay at the edge until it is."
        case .otherWindow:
            "the anchor widget is in another window; banners stay at this window's edge."
        case .hidden:
            "the anchor widget is hidden; banners stand on the edge until it shows again."
        case .offLayer:
            "the anchor widget lies outside the banner area; banners stand on the edge until it is back."
        }
    }
}

/// Where the banners of one edge start from, the decision of
/// ``BannerAnchorPlacement/decide(side:facts:layerHeight:)``.
public enum BannerAnchorDecision: Equatable, Sendable {
    /// No anchor is set: both edges are the layer's.
    case noAnchor
    /// The banners of `edge` start from `line` (the layer's y coordinate) instead of the layer's edge.
    case anchored(edge: BannerPosition, line: Double)
    /// An anchor is set but cannot be used now: the banners stand on its edge of the layer.
    case fallback(BannerAnchorFallback)

    /// The lines banners start from in a layer `layerHeight` high: top
    /// banners hang from `top`, bottom banners stand on `bottom`.
    public func edgeLines(layerHeight: Double) -> (top: Double, bottom: Double) {
        guard case .anchored(let edge, let line) = self else { return (0, layerHeight) }
        return edge == .top ? (line, layerHeight) : (0, line)
    }

    /// The edge whose banners start from an anchor now, if any.
    public var anchoredEdge: BannerPosition? {
        if case .anchored(let edge, _) = self { return edge }
        return nil
    }
}

/// The placement rule of anchored banners (issue #27), pure so it is tested
/// without GTK: the GTK layer measures the anchor widget after each layout and
/// asks here where the banners go.
public enum BannerAnchorPlacement {
    /// Where the banners of `side`'s edge start from, given the anchor's facts
    /// and the height of the banner layer (the band between the window's bars).
    ///
    /// The anchor's line is its top (``BannerAnchorSide/above``) or bottom
    /// (``BannerAnchorSide/below``), strictly inside the layer. Banners fall back
    /// to the layer's edge while the anchor is destroyed, outside the content,
    /// in another window, hidden, not laid out, or when its line leaves them no
    /// room in the layer (on or past the layer's far edge);
    /// they return to it as soon as the facts allow.
    public static func decide(side: BannerAnchorSide?, facts: BannerAnchorFacts?, layerHeight: Double) -> BannerAnchorDecision {
        guard let side else { return .noAnchor }
        guard let facts, facts.isAlive else { return .fallback(.destroyed) }
        switch facts.whereabouts {
        case .inside: break
        case .outside: return .fallback(.outside)
        case .otherWindow: return .fallback(.otherWindow)
        }
        guard facts.isMapped else { return .fallback(.hidden) }
        let height = layerHeight.isFinite ? max(0, layerHeight) : 0
        guard let top = facts.top, let bottom = facts.bottom, top.isFinite, bottom.isFinite, bottom >= top else {
            return .fallback(.offLayer)
        }
        // The banners stand between the line and the far edge: a line on or past
        // that edge leaves them no room (an anchor scrolled away, or above the band).
        let line = side == .above ? top : bottom
        guard line > 0, line < height else { return .fallback(.offLayer) }
        return .anchored(edge: side.edge, line: line)
    }
}

/// Says each mistake of an anchor once: the decision is taken again after
/// every layout, and a message repeated at each frame would drown the app's log.
public struct BannerAnchorReporter: Sendable {
    private var lastReported: BannerAnchorFallback?

    public init() {}

    /// The message to report for `decision`, or nil when there is nothing new
    /// to say: no mistake, or the same mistake as last time. A decision that
    /// is not a mistake ends the run, so the same mistake made again later is said again.
    public mutating func message(for decision: BannerAnchorDecision) -> String? {
        message(for: decision, windowClosing: false)
    }

    /// As ``message(for:)``; with `windowClosing` (the anchor's window is being
    /// destroyed with everything in it) nothing is said: closing a window is no
    /// mistake, and its banners and their center go with it.
    public mutating func message(for decision: BannerAnchorDecision, windowClosing: Bool) -> String? {
        guard case .fallback(let reason) = decision, reason.isMistake, !windowClosing else {
            lastReported = nil
            return nil
        }
        guard reason != lastReported else { return nil }
        lastReported = reason
        return reason.message
    }
}

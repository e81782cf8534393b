/// The physics of dragging a banner, as pure math the GTK gesture code calls.
///
/// Offsets and velocities are vertical, in pixels and pixels per second, in
/// GTK coordinates (y grows downwards). A banner leaves towards its own edge:
/// up for top banners, down for bottom ones. (BRYXBanner only recognised an
/// upward swipe, even for bottom banners.)
///
/// - Towards the edge the banner follows the finger 1:1.
/// - Away from the edge it is rubber-banded with `d·c/(d + c)`: it starts at
///   the finger's pace (slope 1 at 0) and can never travel further than
///   ``rubberBandLimit``, which reads as "this way is closed".
public struct BannerDragModel: Hashable, Sendable {
    /// Dragged at least this fraction of its height towards the edge, the
    /// banner is dismissed on release.
    public static let dismissDistanceFraction = 0.5
    /// Flung towards the edge at least this fast, the banner is dismissed
    /// however little it moved; flung the other way this fast, it stays.
    public static let dismissVelocity = 500.0
    /// `c` in the rubber band: the most a banner moves away from its edge, in pixels.
    public static let rubberBandLimit = 32.0

    /// The edge the banner belongs to.
    public var position: BannerPosition
    /// The banner's height in pixels.
    public var bannerHeight: Double
    /// Whether a drag may dismiss (``BannerContent/dismissesOnSwipe``). When
    /// off, both directions are rubber-banded and every release springs back.
    public var allowsDismissal: Bool

    /// Creates the model for one banner. Non-finite or negative heights count as 0.
    public init(position: BannerPosition, bannerHeight: Double, allowsDismissal: Bool = true) {
        self.position = position
        self.bannerHeight = bannerHeight
        self.allowsDismissal = allowsDismissal
    }

    /// The offset at which the banner is fully off screen, shadow included.
    public var hiddenOffset: Double {
        position.towardsEdge * BannerLayout.travelDistance(forHeight: usableHeight)
    }

    /// Where the banner should be drawn while the finger is `dragOffset` away
    /// from where the drag began. Non-finite input counts as 0.
    public func followedOffset(forDrag dragOffset: Double) -> Double {
        let towards = towardsEdge(dragOffset)
        guard !(allowsDismissal && towards >= 0) else { return dragOffset.finiteOrZero }
        let limit = Self.rubberBandLimit
        let magnitude = abs(towards)
        let banded = magnitude * limit / (magnitude + limit)
        return (towards < 0 ? -banded : banded) * position.towardsEdge
    }

    /// Decides what happens when the finger lifts at `dragOffset` moving at `velocity`.
    ///
    /// A fling back towards the screen always springs back. Otherwise the
    /// banner is dismissed when it was dragged past
    /// ``dismissDistanceFraction`` of its height or flung towards its edge at
    /// ``dismissVelocity`` or faster; anything else springs back.
    ///
    /// The returned velocity is the banner's, not the finger's: while
    /// rubber-banded the banner moves slower than the finger. On dismissal a
    /// velocity pointing back at the screen is dropped, so the exit never
    /// starts by moving the wrong way.
    public func releaseOutcome(dragOffset: Double, velocity: Double) -> BannerDragOutcome {
        let finiteVelocity = velocity.finiteOrZero
        let bannerVelocity = finiteVelocity * followSlope(atDrag: dragOffset)
        let towards = towardsEdge(dragOffset)
        let towardsVelocity = finiteVelocity * position.towardsEdge
        guard allowsDismissal, usableHeight > 0, towardsVelocity > -Self.dismissVelocity else {
            return .springBack(initialVelocity: bannerVelocity)
        }
        let draggedFarEnough = towards > 0 && towards >= Self.dismissDistanceFraction * usableHeight
        let flung = towardsVelocity >= Self.dismissVelocity
        guard draggedFarEnough || flung else {
            return .springBack(initialVelocity: bannerVelocity)
        }
        return .dismiss(targetOffset: hiddenOffset, initialVelocity: max(towardsVelocity, 0) * position.towardsEdge)
    }

    private var usableHeight: Double {
        bannerHeight.isFinite ? max(bannerHeight, 0) : 0
    }

    /// The offset measured positive towards the banner's edge.
    private func towardsEdge(_ offset: Double) -> Double {
        offset.finiteOrZero * position.towardsEdge
    }

    /// How fast the banner moves per unit of finger movement at `dragOffset`:
    /// 1 when following, `c²/(d + c)²` (the rubber band's derivative) otherwise.
    private func followSlope(atDrag dragOffset: Double) -> Double {
        let towards = towardsEdge(dragOffset)
        if allowsDismissal && towards >= 0 { return 1 }
        let limit = Self.rubberBandLimit
        let denominator = abs(towards) + limit
        return limit * limit / (denominator * denominator)
    }
}

extension Double {
    /// The value itself when finite, otherwise 0.
    var finiteOrZero: Double { isFinite ? self : 0 }
}

/// What a banner does when the user lets go of it. Offsets and velocities are
/// vertical, in pixels and pixels per second, with y growing downwards (GTK).
public enum BannerDragOutcome: Hashable, Sendable {
    /// Leave towards the edge: animate the offset to `targetOffset` (just off
    /// screen) starting at `initialVelocity`, then dismiss the banner.
    case dismiss(targetOffset: Double, initialVelocity: Double)
    /// Return to the resting position (offset 0) starting at `initialVelocity`.
    case springBack(initialVelocity: Double)
}

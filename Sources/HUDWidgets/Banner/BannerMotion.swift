import CGtk
import GtkSupport
import HUDCore

/// Where one banner is and how it moves, kept by its ``BannerStackWidget``:
/// how far it is revealed, how far the user dragged it, and its way between
/// stacking slots. Each is a ``SpringValue``, so all three motions work alike.
@MainActor
public final class BannerMotion {
    /// 0 is fully hidden past the edge, 1 is shown; springs may overshoot.
    public let reveal: SpringValue
    /// Displacement from a drag, in pixels (y grows downwards).
    public let drag: SpringValue
    /// Progress from ``slotFrom`` to the slot's offset (0...1, may overshoot).
    let slotProgress: SpringValue
    /// The stacking slot (0 nearest the edge); nil while leaving.
    public internal(set) var slot: Int?
    /// The offset from the edge the slot move started at, and the last one laid out.
    var slotFrom = 0.0
    var lastSlotOffset = 0.0
    /// Where the banner was last placed, in the stack's coordinates
    /// (the stretch filling a gap during an overshoot is not included).
    public internal(set) var frame: (x: Double, y: Double, width: Double, height: Double) = (0, 0, 0, 0)
    /// The height the banner needs at its width.
    public internal(set) var naturalHeight = 0.0
    /// Follows the drag that is going on, if any.
    var dragTracker: BannerDragTracker?
    /// The speed (pixels per second) of the fling that is dismissing the banner, for its exit.
    var flingVelocity: Double?
    /// How it moves (from ``BannerStackWidget/reveal(_:transition:)``); a drag springs back with it.
    var transition: BannerTransition = .immediate
    /// The banner's own handlers for what the user does to it (see ``BannerStackWidget/add(_:slot:onDragActive:onSwipe:)``).
    var onDragActive: (@MainActor (Bool) -> Void)?
    var onSwipe: (@MainActor () -> Bool)?

    init(banner: BannerWidget, onChange: @escaping @MainActor () -> Void) {
        reveal = SpringValue(0, on: banner, onChange: onChange)
        drag = SpringValue(0, on: banner, onChange: onChange)
        slotProgress = SpringValue(1, on: banner, onChange: onChange)
    }

    /// The distance from shown to fully hidden, for the current height.
    public var travelDistance: Double { BannerLayout.travelDistance(forHeight: naturalHeight) }

    /// Whether a reveal, drag or slot spring is running.
    public var isAnimating: Bool { reveal.isAnimating || drag.isAnimating || slotProgress.isAnimating }

    /// Whether the user is dragging the banner now.
    public var isDragging: Bool { dragTracker != nil }

    /// Stops every spring where it is and lets go of the handlers.
    func stop() {
        [reveal, drag, slotProgress].forEach { $0.stop() }
        onDragActive = nil
        onSwipe = nil
    }

    /// How far the banner is pushed towards its `edge` (positive: further off screen).
    func displacementTowards(_ edge: BannerPosition) -> Double {
        (1 - reveal.value) * travelDistance + drag.value * edge.towardsEdge
    }

    /// Turns the drag displacement into reveal progress, so an exit continues
    /// from where the finger let go, and returns `velocity` (pixels per second)
    /// in reveal units per second.
    @discardableResult
    func foldDragIntoReveal(velocity: Double = 0, edge: BannerPosition) -> Double {
        let travel = max(travelDistance, 1)
        let towardsEdge = displacementTowards(edge)
        drag.set(0)
        reveal.set(1 - towardsEdge / travel)
        return -(velocity * edge.towardsEdge) / travel
    }
}

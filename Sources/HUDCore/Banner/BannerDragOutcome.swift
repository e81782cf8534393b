/// What a banner does when the user lets go of it. Offsets and velocities are
/// vertical, in pixels and pixels per second, with y growing downwards (GTK).
public enum BannerDragOutcome: Hashable, Sendable {
    /// Leave towards the edge: animate the offset to `targetOffset` (just off
    /// screen) starting at `initialVelocity`, then dismiss the banner.
    case dismiss(targetOffset: Double, initialVelocity: Double)
    /// Return to the resting position (offset 0) starting at `initialVelocity`.
    case springBack(initialVelocity: Double)
}

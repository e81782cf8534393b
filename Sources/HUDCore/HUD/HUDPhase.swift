/// Where one HUD is in its appear/disappear cycle.
///
/// The normal order is `hidden → gracePending → fadingIn → visible → fadingOut → hidden`;
/// grace is skipped when the grace time is zero, and a show during `fadingOut`
/// goes straight back to `fadingIn`.
public enum HUDPhase: Equatable, Sendable, CaseIterable {
    /// Not on screen and nothing scheduled.
    case hidden
    /// A show was requested; the HUD appears when the grace time ends, unless hidden first.
    case gracePending
    /// On screen, animating in.
    case fadingIn
    /// Fully shown.
    case visible
    /// On screen, animating out.
    case fadingOut

    /// Whether any part of the HUD is drawn (fading in, visible or fading out).
    public var isOnScreen: Bool {
        switch self {
        case .fadingIn, .visible, .fadingOut: true
        case .hidden, .gracePending: false
        }
    }
}

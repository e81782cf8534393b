// What a HUDLifecycle reports: its phase, the events observers see, and how a hide ended.

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

/// What a ``HUDLifecycle`` tells its observers.
///
/// The events of one lifecycle always form a prefix of the sequence
/// `(willAppear didAppear willDisappear didDisappear)*`:
/// appear and disappear are strictly paired, every `willAppear` is followed by
/// `didAppear` (right before `willDisappear` when a hide cuts the fade-in
/// short, or the host goes away during it), and `didDisappear` always
/// follows `willDisappear`. When a show cancels a fade-out, the announced
/// disappearance is closed with `didDisappear` and the return is announced
/// with `willAppear` (then `didAppear` when the fade-in ends), even though
/// the view never left the screen.
public enum HUDLifecycleEvent: Equatable, Sendable, CaseIterable {
    /// The HUD is about to fade in (grace time, if any, is over).
    case willAppear
    /// The fade-in ended: the HUD is fully shown, or a hide cut the fade-in
    /// short and `willDisappear` follows at once.
    case didAppear
    /// The HUD is about to fade out.
    case willDisappear
    /// The announced disappearance is over: the view was removed, or a show cancelled the fade-out.
    case didDisappear
}

/// How a requested dismissal ended. Every dismissal completion receives exactly one.
public enum HUDDismissOutcome: Equatable, Sendable, CaseIterable {
    /// The HUD is off screen: its fade-out finished, or it was never shown
    /// (hidden during the grace time, or already hidden).
    case dismissed
    /// A show cancelled the dismissal before the HUD went away; the HUD stays up.
    case superseded
    /// ``HUDLifecycle/cancelAll()`` removed the HUD at once, typically because its host is being destroyed.
    case cancelled
}

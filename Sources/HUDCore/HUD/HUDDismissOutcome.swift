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

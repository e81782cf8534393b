/// Why a banner left the screen for good. Passed to ``Banner/onDismissed``.
public enum BannerDismissReason: Hashable, Sendable {
    /// Its timeout ran out.
    case timeout
    /// The user tapped or clicked it and ``BannerContent/dismissesOnTap`` was on.
    case tap
    /// The user swiped it towards its edge.
    case swipe
    /// The user pressed its action button.
    case action
    /// The user pressed its close button.
    case closeButton
    /// The user pressed Escape (``BannerQueue/dismissFront()``).
    case escape
    /// The app called ``BannerQueue/dismiss(_:)`` or ``Banner/dismiss()``.
    case programmatic
    /// The app called ``BannerQueue/dismissAll()``.
    case dismissAll
    /// The window holding the queue went away (``BannerQueue/hostDestroyed()``).
    case hostDestroyed
    /// The banner is not on screen or waiting: it was never shown, or showing
    /// it was refused (no window, GTK not initialised). Awaiting its end
    /// returns this at once instead of waiting for ever.
    case notShown
}

/// Where a banner is in its life. The life runs one way:
/// `hidden → (queued ⇄ showing) → gone`.
public enum BannerState: Hashable, Sendable {
    /// Created but never handed to a queue.
    case hidden
    /// Waiting in a queue, either never shown yet or put back by a
    /// high-priority banner.
    case queued
    /// On screen (its entrance may still be animating).
    case showing
    /// Dismissed for good; it cannot be shown again. Its exit may still be
    /// animating: ``Banner/onDismissed`` runs when the exit has finished.
    case gone(BannerDismissReason)

    /// Whether the banner has been dismissed.
    public var isGone: Bool {
        if case .gone = self { true } else { false }
    }
}

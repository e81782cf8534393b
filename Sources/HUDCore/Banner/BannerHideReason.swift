/// Why the view is asked to hide a banner.
public enum BannerHideReason: Hashable, Sendable {
    /// A high-priority banner needs its slot. The banner waits at the head of
    /// the queue and will be presented again.
    case preempted
    /// The banner is finished.
    case dismissed(BannerDismissReason)
}

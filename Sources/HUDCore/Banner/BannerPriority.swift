/// How a banner competes for screen space, following `AdwToastPriority`.
public enum BannerPriority: Hashable, Sendable {
    /// Waits its turn at the tail of the queue.
    case normal
    /// Shows at once. When no slot is free, a banner on screen is put back at
    /// the head of the queue (it is not dismissed) to make room.
    case high
}

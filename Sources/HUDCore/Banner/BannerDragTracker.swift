/// Follows one drag of a banner: whether it moved far enough to be a drag
/// rather than a tap, and the release velocity from its last samples.
/// Offsets are vertical, in pixels (y grows downwards); times in milliseconds.
public struct BannerDragTracker: Sendable {
    /// A drag moves at least this far before it counts as a drag rather than a tap.
    public static let threshold = 4.0
    /// Velocity is measured over the samples of this many milliseconds before release.
    public static let velocityWindowMilliseconds: Int64 = 100

    /// Whether the press has moved far enough to be a drag.
    public private(set) var moved = false
    /// The last offset seen.
    public private(set) var lastOffset = 0.0
    private var samples: [(time: Int64, offset: Double)] = []

    public init() {}

    /// Records `offset` from the start at `time`; `sideways` is the horizontal
    /// offset. A press that wanders sideways is a drag too (never a tap), though
    /// only the vertical offset moves the banner: it leaves up or down, in
    /// either text direction.
    public mutating func record(offset: Double, sideways: Double = 0, time: Int64) {
        lastOffset = offset
        if (offset * offset + sideways * sideways).squareRoot() >= Self.threshold { moved = true }
        samples.append((time, offset))
        samples.removeAll { time - $0.time > Self.velocityWindowMilliseconds }
    }

    /// Pixels per second over the last ``velocityWindowMilliseconds`` (0 without two samples apart in time).
    public var releaseVelocity: Double {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return 0 }
        return (last.offset - first.offset) / (Double(last.time - first.time) / 1000)
    }
}

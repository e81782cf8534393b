import Synchronization

/// Hands the latest progress value from any thread to the main thread, without locks and without
/// flooding the main loop.
///
/// Workers call ``post(_:)`` as often as they like; only the post that finds
/// the mailbox clean returns `true`, and that caller schedules exactly one
/// frame-clock or main-loop callback, which calls ``take()``. Intermediate
/// values are overwritten: the HUD only ever needs the newest one.
///
/// No update is lost: after the last `post` returns, either a callback that
/// is already scheduled will `take` that value (or a newer one), or this post
/// returned `true` and its caller schedules one. The values are passed through
/// unchanged; the receiver cleans them (``HUDValues/progress(_:)``).
///
/// This is the one HUD type that is not bound to the main actor. `take()`
/// is meant for a single consumer (the main thread).
public final class ProgressMailbox: Sendable {
    /// The newest value, as its IEEE-754 bit pattern (there is no atomic `Double`).
    private let valueBits = Atomic<UInt64>(0)
    /// Set by a post, cleared by a take: "a callback is scheduled and has not taken yet".
    private let isDirty = Atomic<Bool>(false)

    /// Creates an empty, clean mailbox.
    public init() {}

    /// Stores `value` as the newest progress. Safe from any thread, at any rate.
    ///
    /// - Returns: `true` only if this post found the mailbox clean, i.e. no
    ///   callback is pending: the caller must then schedule one callback that
    ///   calls ``take()``.
    @discardableResult
    public func post(_ value: Double) -> Bool {
        // Value first, flag second: whoever sees the flag set also sees this value.
        valueBits.store(value.bitPattern, ordering: .releasing)
        // An exchange, not a compare-exchange: a read-modify-write always reads the newest
        // flag, so a post that loses the race to a concurrent take still gets `true`.
        // A failed compare-exchange is a plain load and could read a stale `true`.
        let wasDirty = isDirty.exchange(true, ordering: .acquiringAndReleasing)
        return !wasDirty
    }

    /// Takes the newest value and marks the mailbox clean; `nil` if nothing was posted since the last take.
    public func take() -> Double? {
        // Clear the flag before reading the value: a post racing with this take either
        // lands before the read (and is returned now) or sets the flag again (and gets
        // its own callback). The reverse order could drop that post.
        guard isDirty.exchange(false, ordering: .acquiringAndReleasing) else { return nil }
        return Double(bitPattern: valueBits.load(ordering: .acquiring))
    }
}

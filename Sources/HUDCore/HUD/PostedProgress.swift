import Synchronization

/// Where other threads post a HUD's progress, owned by its ``HUDController``,
/// which decides what of it is applied (issue #29's ordering rule):
/// a value is never applied after a main-actor change that came after its post.
///
/// The rule needs no clock and no counter. A post stores the value in a
/// ``ProgressMailbox``; every main-actor change to the HUD (``HUDController``'s
/// `present`, `setContent`, `dismiss`, a result, the host's end) drops what
/// waits there with `supersede()`. So a post that returned before the change
/// (it happened before it, whichever thread made it) is gone, and one made
/// after the change is kept. The post and the change can only race when the
/// app itself does not order them; then either order is right.
///
/// The gate (``isOpen``) mirrors ``HUDController/acceptsPostedProgress`` for the
/// posting threads: while it is closed (after a result, a dismissal, the
/// host's end) posts are refused at once, so a worker still posting after the
/// user pressed Cancel schedules nothing.
public final class PostedProgress: Sendable {
    private let mailbox = ProgressMailbox()
    private let gate = Atomic<Bool>(true)

    /// Creates an open gate with nothing waiting.
    public init() {}

    /// Posts `value` from any thread, at any rate.
    /// - Returns: `true` when the caller must schedule one delivery on the main
    ///   actor (``HUDController/applyPostedProgress(_:)``): the
    ///   value was taken and no delivery is pending. `false` when the gate is
    ///   closed or a delivery already pending will take this value.
    @discardableResult
    public func post(_ value: Double) -> Bool {
        guard gate.load(ordering: .acquiring) else { return false }
        return mailbox.post(value)
    }

    /// Whether posts are taken (see ``HUDController/acceptsPostedProgress``).
    public var isOpen: Bool { gate.load(ordering: .acquiring) }

    /// Opens or closes the gate; closing also drops what waits. The controller
    /// keeps it in step with its own gate; a front end calls it only while it has no controller.
    public func setOpen(_ open: Bool) {
        gate.store(open, ordering: .releasing)
        if !open { supersede() }
    }

    /// A main-actor change happened: what was posted before it is dropped.
    func supersede() { _ = mailbox.take() }

    /// The newest value posted since the last `supersede()` or take, if any (main actor only).
    func take() -> Double? { mailbox.take() }
}

import HUDCore

/// What happens to a HUD, in order. Every `willAppear` is followed by
/// `didAppear` (at once, right before `willDisappear`, when a hide or the
/// host going away cuts the fade-in short), and every appearance ends with
/// `willDisappear` then `didDisappear` (also when the host window is destroyed).
public enum HUDEvent: Sendable, Equatable {
    /// The HUD starts to appear (after its grace time), showing `status`.
    case willAppear(status: String?)
    /// The HUD's entrance finished.
    case didAppear(status: String?)
    /// The HUD starts to leave.
    case willDisappear(status: String?)
    /// The HUD is gone.
    case didDisappear(status: String?)
    /// A click on the mask outside the bezel (needs a blocking mask).
    case touchOutside
    /// A click on the bezel.
    case touchInside
}

/// Delivers HUD events to closures and to `AsyncStream`s.
@MainActor
final class HUDEventHub {
    private var handlers: [Int: @MainActor (HUDEvent) -> Void] = [:]
    private var continuations: [Int: AsyncStream<HUDEvent>.Continuation] = [:]
    private var nextID = 0

    /// Calls `handler` for every event until the returned token is cancelled.
    func observe(_ handler: @escaping @MainActor (HUDEvent) -> Void) -> HUDObservation {
        nextID += 1
        let id = nextID
        handlers[id] = handler
        return HUDObservation { [weak self] in self?.handlers[id] = nil }
    }

    /// A stream of every event from now on.
    func stream() -> AsyncStream<HUDEvent> {
        nextID += 1
        let id = nextID
        let (stream, continuation) = AsyncStream<HUDEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[id] = nil }
        }
        return stream
    }

    func send(_ event: HUDEvent) {
        for handler in handlers.values { handler(event) }
        for continuation in continuations.values { continuation.yield(event) }
    }

    /// Maps a lifecycle event to a public one carrying `status`.
    func send(_ event: HUDLifecycleEvent, status: String?) {
        switch event {
        case .willAppear: send(.willAppear(status: status))
        case .didAppear: send(.didAppear(status: status))
        case .willDisappear: send(.willDisappear(status: status))
        case .didDisappear: send(.didDisappear(status: status))
        }
    }
}

/// Keeps an event observation alive; call `cancel()` to stop it.
@MainActor
public final class HUDObservation {
    private var cancelHandler: (@MainActor () -> Void)?
    init(cancel: @escaping @MainActor () -> Void) { cancelHandler = cancel }
    /// Stops delivering events.
    public func cancel() {
        cancelHandler?()
        cancelHandler = nil
    }
}

/// Closures registered under an id, in the order they were added: what a
/// widget keeps for "call me when…" hooks (dispose handlers, Escape handlers),
/// so a caller that lives shorter than the widget can take its closure back.
public struct HandlerList<Handler> {
    private var entries: [(id: Int, handler: Handler)] = []
    private var lastID = 0

    public init() {}

    /// Adds `handler`; returns its id (never 0).
    public mutating func add(_ handler: Handler) -> Int {
        lastID += 1
        entries.append((lastID, handler))
        return lastID
    }

    /// Removes the handler with `id`; unknown ids are ignored.
    public mutating func remove(_ id: Int) {
        entries.removeAll { $0.id == id }
    }

    /// The handlers, oldest first.
    public var handlers: [Handler] { entries.map(\.handler) }

    /// How many handlers there are.
    public var count: Int { entries.count }

    /// Removes every handler and returns them, oldest first.
    public mutating func removeAll() -> [Handler] {
        defer { entries = [] }
        return handlers
    }
}

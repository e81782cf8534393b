/// What a message shows while work runs under it (a HUD's mode and label, a
/// banner's words and progress): the state a ``WorkRunLedger`` hands back.
public protocol RunWorkingState: Sendable, Equatable {
    /// This state as work to show: an outcome the app left on screen becomes
    /// work (a HUD's success mark becomes the spinner); work stays as it is.
    var asWork: Self { get }
}

/// The runs of work one message shows (`HUD.run`, a task banner), generic
/// over what shows the work: several runs may overlap, and the message may be
/// reused for a new run after the last one showed its result.
///
/// - Only the last run still working shows a result (``end(_:)`` says so); an
///   earlier one ends quietly (its caller still gets its value or error).
/// - A run shows the work as the app last set it (``appSet(_:)``), never a
///   past run's result, and never an outcome (``RunWorkingState/asWork``).
/// - Cancelling (``cancelAll()``) reaches every run still working, each once;
///   a run that ended is not cancelled any more.
public struct WorkRunLedger<State: RunWorkingState>: Sendable {
    /// What the message shows while work goes on.
    public typealias Working = State
    /// Identifies one run.
    public struct Token: Hashable, Sendable { fileprivate let id: Int }

    private var running: Set<Int> = []
    private var cancellers: [Int: @Sendable () -> Void] = [:]
    private var nextID = 0
    /// The work as the app itself last set it (a run's result is not the app's).
    private var appWorking: Working

    /// A ledger with no run, whose app shows `appWorking`.
    public init(appWorking: Working) {
        self.appWorking = appWorking
    }

    /// Whether any run is still working.
    public var isRunning: Bool { !running.isEmpty }

    /// The runs still working that ``cancelAll()`` would cancel, oldest first.
    public var cancellable: [Token] { cancellers.keys.sorted().map { Token(id: $0) } }

    /// The app changed what it shows itself (not a run's result).
    public mutating func appSet(_ change: (inout Working) -> Void) { change(&appWorking) }

    /// Starts a run while the message shows `current`; `cancel` (nil) is
    /// called by ``cancelAll()`` while the run works.
    /// - Returns: The run's token, and what to show instead of `current`, if
    ///   anything: when no other run works, the app's own work (as work, never
    ///   an outcome); while others work, nothing changes.
    public mutating func begin(showing current: Working, cancel: (@Sendable () -> Void)? = nil) -> (token: Token, show: Working?) {
        var show: Working?
        if running.isEmpty {
            let work = appWorking.asWork
            if work != current { show = work }
        }
        nextID += 1
        running.insert(nextID)
        if let cancel { cancellers[nextID] = cancel }
        return (Token(id: nextID), show)
    }

    /// Ends a run. - Returns: Whether it was the last one running (then it shows its result).
    public mutating func end(_ token: Token) -> Bool {
        cancellers[token.id] = nil
        guard running.remove(token.id) != nil else { return false }
        return running.isEmpty
    }

    /// Cancels every run still working (the message's Cancel, Escape), each
    /// once: a run's canceller is dropped once called.
    public mutating func cancelAll() {
        let due = cancellers
        cancellers.removeAll()
        for id in due.keys.sorted() { due[id]?() }
    }
}

/// What became of an undo banner's change (see ``BannerUndo``).
public enum BannerUndoOutcome: Hashable, Sendable {
    /// Neither taken back nor committed yet: the banner is showing or waiting.
    case pending
    /// The user pressed Undo (or the app called undo): the undo closure ran,
    /// and the commit never will.
    case undone
    /// The commit closure ran, for `reason`; Undo is refused from then on.
    case committed(BannerUndoCommitReason)
}

/// Why an undo banner's change was committed.
public enum BannerUndoCommitReason: Hashable, Sendable {
    /// The banner ended without Undo: timed out, closed, swiped, dismissed
    /// (one by one or all), replaced by a newer banner, pushed out of the
    /// queue, or its window went away. The reason is the banner's.
    case dismissed(BannerDismissReason)
    /// The application is shutting down while the banner is still up
    /// (``BannerUndo/commitAllPending()``).
    case applicationShutdown
}

/// The decision behind an undo banner, as libadwaita's undo toasts and the
/// GNOME HIG describe it: the app does the change at once and offers Undo; the
/// change is final (its commit runs) once the offer is gone, whatever took it
/// away; Undo takes it back, and then it is never committed.
///
/// Exactly one of its two closures runs, exactly once:
/// - Undo (its banner's button, or ``Banner/undoChange(source:)``) runs `undo` while the
///   outcome is ``BannerUndoOutcome/pending``; later calls are refused with
///   a message from `source`.
/// - ``commit(_:)`` runs `commit` while it is pending; later calls do nothing.
///
/// The ``BannerQueue`` commits it when its banner ends for any reason but
/// Undo (`Banner.reportDismissal()`), and ends the banner rather than put it
/// back when a high-priority banner needs its slot: an offer to undo that
/// comes back later would undo something the user has moved on from.
@MainActor
public final class BannerUndo {
    /// The identifier of an undo banner's button (``BannerAction/identifier``).
    public static let actionIdentifier = "gtkhud.undo"

    /// What became of the change.
    public private(set) var outcome: BannerUndoOutcome = .pending

    private var undoClosure: (@MainActor () -> Void)?
    private var commitClosure: (@MainActor () -> Void)?

    /// Every undo still pending in the process, for ``commitAllPending()``.
    private static var pendingUndos: [ObjectIdentifier: WeakUndo] = [:]

    private struct WeakUndo {
        weak var undo: BannerUndo?
    }

    /// Creates a pending undo.
    /// - Parameters:
    ///   - undo: takes the change back (runs at most once).
    ///   - commit: makes the change final (runs at most once, never after `undo`).
    public init(undo: @escaping @MainActor () -> Void, commit: @escaping @MainActor () -> Void) {
        undoClosure = undo
        commitClosure = commit
        Self.pendingUndos[ObjectIdentifier(self)] = WeakUndo(undo: self)
    }

    /// Whether neither closure has run yet.
    public var isPending: Bool { outcome == .pending }

    /// Takes the change back: runs the undo closure if the outcome is still
    /// pending. Otherwise nothing runs, and `source` (the public call the app
    /// made) reports why: the change was already undone, or already committed.
    /// - Returns: whether the undo closure ran.
    @discardableResult
    func undo(source: String) -> Bool {
        switch outcome {
        case .pending:
            let closure = undoClosure
            settle(.undone)
            closure?()
            return true
        case .undone:
            Diagnostics.report(source, "this change was already undone; Undo runs once, and nothing ran again.")
            return false
        case .committed:
            Diagnostics.report(source, "the banner offering this undo is already gone and its change was committed; "
                + "nothing was undone.")
            return false
        }
    }

    /// Makes the change final: runs the commit closure if the outcome is still pending.
    /// - Returns: whether the commit closure ran.
    @discardableResult
    public func commit(_ reason: BannerUndoCommitReason) -> Bool {
        guard isPending else { return false }
        let closure = commitClosure
        settle(.committed(reason))
        closure?()
        return true
    }

    /// Commits every undo still pending in the process, with
    /// ``BannerUndoCommitReason/applicationShutdown``: the GTK layer calls it
    /// when the application shuts down, so no change is left undecided. The
    /// banners stay as they are; pressing Undo on one is refused from then on.
    /// - Returns: how many were committed.
    @discardableResult
    public static func commitAllPending() -> Int {
        let undos = pendingUndos.values.compactMap(\.undo)
        var committed = 0
        for undo in undos where undo.commit(.applicationShutdown) { committed += 1 }
        return committed
    }

    /// How many undos are pending in the process (for tests and diagnostics).
    public static var pendingCount: Int { pendingUndos.values.count { $0.undo?.isPending == true } }

    /// Records the outcome and lets go of both closures (they may hold the app's data).
    private func settle(_ outcome: BannerUndoOutcome) {
        self.outcome = outcome
        undoClosure = nil
        commitClosure = nil
        Self.pendingUndos[ObjectIdentifier(self)] = nil
    }

    isolated deinit {
        Self.pendingUndos[ObjectIdentifier(self)] = nil
    }
}

/// What an instance HUD shows (MBProgressHUDMode, plus results): the
/// MBProgressHUD-style front-end's one property that picks the indicator.
public enum HUDMode: Sendable, Equatable {
    /// A spinning arc (or GtkSpinner with `.native` indicator animation).
    case indeterminate
    /// A pie that fills (MBProgressHUD's Determinate).
    case determinate
    /// A ring that fills.
    case annularDeterminate
    /// A horizontal bar.
    case determinateHorizontalBar
    /// The widget set as the HUD's custom widget.
    case customView
    /// Labels only.
    case text
    /// A checkmark, cross or info icon.
    case success, error, info

    /// The indicator this mode shows, given the HUD's progress (already in
    /// `0...1`, or nil for NaN/infinity, which shows a spinner) and custom widget.
    public func indicator(progress: Double?, custom: ExternalContent?) -> HUDIndicator {
        switch self {
        case .indeterminate: .indeterminate
        case .determinate, .annularDeterminate, .determinateHorizontalBar: progress.map { .progress($0) } ?? .indeterminate
        case .customView: custom.map { .custom($0) } ?? .textOnly
        case .text: .textOnly
        case .success: .success
        case .error: .error
        case .info: .info
        }
    }

    /// How a determinate mode draws its progress.
    public var progressStyle: HUDProgressStyle {
        switch self {
        case .determinate: .pie
        case .determinateHorizontalBar: .bar
        default: .annular
        }
    }

    /// Whether the mode shows an outcome (success, error, info) rather than work.
    public var isResult: Bool { self == .success || self == .error || self == .info }

    /// Whether the mode shows work whose amount is unknown (`observe` and `track` switch these to a ring).
    public var isIndefinite: Bool { self == .indeterminate || self == .text }
}

/// The runs of work one HUD shows (`HUD.run`): several may overlap, and a
/// HUD may be reused for a new run after the last one showed its result.
///
/// - The HUD shows a result only when the last running run ends; an earlier
///   one ends quietly (its caller still gets its value or error).
/// - A run that starts after a result shows the work again as it was before
///   the first run (`Working`, e.g. mode and label), not the old result.
public struct HUDRunLedger<Working: Sendable>: Sendable {
    /// Identifies one run.
    public struct Token: Hashable, Sendable { fileprivate let id: Int }

    private var running: Set<Int> = []
    private var nextID = 0
    /// What the HUD showed before the runs began, and whether a result replaced it since.
    private var working: Working?
    private var showsResult = false

    public init() {}

    /// Whether any run is still working.
    public var isRunning: Bool { !running.isEmpty }

    /// Starts a run while the HUD shows `current`.
    /// - Returns: The run's token, and what to show instead of `current` (the
    ///   work as it was before the last result), if anything.
    public mutating func begin(showing current: Working) -> (token: Token, restore: Working?) {
        var restore: Working?
        if running.isEmpty {
            if showsResult, let working { restore = working } else { working = current }
            showsResult = false
        }
        nextID += 1
        running.insert(nextID)
        return (Token(id: nextID), restore)
    }

    /// Ends a run. - Returns: Whether it was the last one running (then it shows its result).
    public mutating func end(_ token: Token) -> Bool {
        guard running.remove(token.id) != nil else { return false }
        guard running.isEmpty else { return false }
        showsResult = true
        return true
    }

    /// The app changed what the HUD shows itself: that is the work to come back to.
    public mutating func forgetResult() {
        showsResult = false
        working = nil
    }
}

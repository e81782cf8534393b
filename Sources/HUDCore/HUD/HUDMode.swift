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
/// - A run shows the work as the app last set it (its own mode and label),
///   never a past run's result text, and never an outcome mode: a result mode
///   the app set becomes the spinner while the work goes on.
public struct HUDRunLedger: Sendable {
    /// Identifies one run.
    public struct Token: Hashable, Sendable { fileprivate let id: Int }

    /// What a HUD shows while work goes on.
    public struct Working: Sendable, Equatable {
        public var mode: HUDMode
        public var label: String?
        public init(mode: HUDMode, label: String?) {
            self.mode = mode
            self.label = label
        }
    }

    private var running: Set<Int> = []
    private var nextID = 0
    /// The mode and label as the app itself last set them (a run's result is not the app's).
    private var appWorking = Working(mode: .indeterminate, label: nil)

    public init() {}

    /// Whether any run is still working.
    public var isRunning: Bool { !running.isEmpty }

    /// The app set the HUD's mode itself.
    public mutating func appSet(mode: HUDMode) { appWorking.mode = mode }
    /// The app set the HUD's label itself.
    public mutating func appSet(label: String?) { appWorking.label = label }

    /// Starts a run while the HUD shows `current`.
    /// - Returns: The run's token, and what to show instead of `current`, if
    ///   anything: when no other run works, the app's own work (an outcome mode
    ///   shown as the spinner); while others work, nothing changes.
    public mutating func begin(showing current: Working) -> (token: Token, show: Working?) {
        var show: Working?
        if running.isEmpty {
            var work = appWorking
            if work.mode.isResult { work.mode = .indeterminate }
            if work != current { show = work }
        }
        nextID += 1
        running.insert(nextID)
        return (Token(id: nextID), show)
    }

    /// Ends a run. - Returns: Whether it was the last one running (then it shows its result).
    public mutating func end(_ token: Token) -> Bool {
        guard running.remove(token.id) != nil else { return false }
        return running.isEmpty
    }
}

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

/// What a HUD shows while a ``HUDRunLedger`` run works: its mode and label.
public struct HUDRunWorking: RunWorkingState {
    public var mode: HUDMode
    public var label: String?
    public init(mode: HUDMode, label: String?) {
        self.mode = mode
        self.label = label
    }

    /// A result mode the app set becomes the spinner while work goes on.
    public var asWork: HUDRunWorking {
        var work = self
        if work.mode.isResult { work.mode = .indeterminate }
        return work
    }
}

/// The runs of work one HUD shows (`HUD.run`): ``WorkRunLedger`` over a HUD's mode and label.
///
/// - The HUD shows a result only when the last running run ends; an earlier
///   one ends quietly (its caller still gets its value or error).
/// - A run shows the work as the app last set it (its own mode and label),
///   never a past run's result text, and never an outcome mode: a result mode
///   the app set becomes the spinner while the work goes on.
public typealias HUDRunLedger = WorkRunLedger<HUDRunWorking>

extension WorkRunLedger where State == HUDRunWorking {
    /// A ledger for a HUD whose app set nothing yet (a spinner without a label).
    public init() { self.init(appWorking: HUDRunWorking(mode: .indeterminate, label: nil)) }
    /// The app set the HUD's mode itself.
    public mutating func appSet(mode: HUDMode) { appSet { $0.mode = mode } }
    /// The app set the HUD's label itself.
    public mutating func appSet(label: String?) { appSet { $0.label = label } }
}

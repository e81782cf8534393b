/// How long a banner stays on screen once its entrance has finished.
public enum BannerTimeout: Hashable, Sendable {
    /// Until the user or the app dismisses it.
    case untilDismissed
    /// Dismissed automatically after this much on-screen, un-paused time.
    case after(Duration)

    /// Durations this long or longer are treated as ``untilDismissed``: they
    /// outlive any window and would not fit a `Duration` for huge values.
    public static let foreverThreshold = 1e9

    /// Resolves a `show(duration:)` argument, in seconds, to a timeout.
    ///
    /// - `nil`, `+infinity` and values from ``foreverThreshold`` up: until dismissed.
    /// - `0`: until dismissed, the same convention as `AdwToast:timeout`. A
    ///   zero-length banner could never be read, so a zero is taken to mean
    ///   "no timeout" rather than "flash and vanish".
    /// - Negative values (including `−infinity`) and NaN: rejected with a
    ///   ``Diagnostics`` message from `source`; the banner is still shown,
    ///   without a timeout, so the message is not lost.
    /// - Any other value: that many seconds.
    @MainActor
    public init(seconds: Double?, source: String) {
        guard let seconds else {
            self = .untilDismissed
            return
        }
        if seconds.isNaN {
            Diagnostics.report(source, "duration is NaN; the banner is shown without a timeout, until dismissed.")
            self = .untilDismissed
        } else if seconds < 0 {
            Diagnostics.report(source, "duration \(seconds) s is negative; the banner is shown without a timeout, until dismissed.")
            self = .untilDismissed
        } else if seconds == 0 || seconds >= Self.foreverThreshold {
            self = .untilDismissed
        } else {
            self = .after(.seconds(seconds))
        }
    }

    /// The time limit, or `nil` when the banner waits to be dismissed.
    public var duration: Duration? {
        switch self {
        case .untilDismissed: nil
        case .after(let duration): duration
        }
    }
}

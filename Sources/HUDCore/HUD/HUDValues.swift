/// Cleans values that arrive from application code before any HUD state machine sees them.
///
/// Bad input never traps: progress is clamped, times are made non-negative and
/// finite where "never" makes no sense, and status text is bounded. Corrections
/// that point at a caller bug (a negative delay, a status the size of a file)
/// are reported through ``Diagnostics``; corrections that are part of normal use
/// (progress 1.0000001 from rounding, an empty status) are silent.
public enum HUDValues {
    /// Longest status kept, in user-perceived characters; longer text is cut and ends in "…".
    public static let maximumStatusLength = 4_000

    /// Appended to a status that was cut at ``maximumStatusLength``.
    public static let truncationMark = "…"

    /// Longest finite time accepted, in seconds (about 31 years). Anything longer
    /// is either "never" (for delays) or capped (for animation and grace times).
    /// Keeping times this small also keeps them exact in whole nanoseconds.
    public static let maximumSeconds: Double = 1_000_000_000

    /// Accessible name of a HUD that shows no status text, in English
    /// (GtkHUD speaks ``HUDStrings/loading`` in the user's language).
    public static let defaultAccessibleName = HUDStrings.english.loading

    // MARK: Progress

    /// A progress fraction in `0...1`, or `nil` (indeterminate) when the value is not finite.
    ///
    /// NaN typically comes from `done / total` before the total is known, so it
    /// means "unknown amount", shown as a spinner. Out-of-range values are
    /// clamped silently: overshooting 1 by a rounding error is normal.
    public static func progress(_ value: Double) -> Double? {
        guard value.isFinite else { return nil }
        return min(max(value, 0), 1)
    }

    // MARK: Times

    /// Seconds that are safe to store: NaN and negative become 0; +infinity is kept
    /// only when `allowsInfinity` (it then means "never"), otherwise it becomes 0.
    /// Every correction is reported under `source`.
    @MainActor
    public static func seconds(_ value: Double, source: String, allowsInfinity: Bool = false) -> Double {
        if value.isNaN {
            Diagnostics.report(source, "the time is not a number (NaN); using 0 seconds.")
            return 0
        }
        if value < 0 {
            Diagnostics.report(source, "a negative time (\(value) s) is not allowed; using 0 seconds.")
            return 0
        }
        if value == .infinity, !allowsInfinity {
            Diagnostics.report(source, "an infinite time is not allowed here; using 0 seconds.")
            return 0
        }
        return value
    }

    /// A new value for a numeric setting, checked once when it is set (so a bad
    /// value is reported once, not on every show and hide).
    ///
    /// NaN and infinities are refused and `current` is kept (the user's last
    /// good value is not lost), except +infinity with `allowsInfinity` (it then
    /// means "never"); finite values outside `range` are clamped into it. Each
    /// correction is reported under `source`, naming the setting when `name` is
    /// given (a source such as `Banner.content` covers several).
    @MainActor
    public static func setting(_ value: Double, current: Double, range: ClosedRange<Double>,
                               source: String, name: String? = nil, unit: String = "s", allowsInfinity: Bool = false) -> Double {
        if value == .infinity, allowsInfinity { return value }
        let subject = name.map { "\($0) " } ?? ""
        if !value.isFinite {
            Diagnostics.report(source, subject + "\(value.isNaN ? "the value is not a number (NaN)" : "\(value) is not a finite value"); keeping \(current) \(unit).")
            return current
        }
        let clamped = min(max(value, range.lowerBound), range.upperBound)
        if clamped != value {
            Diagnostics.report(source, subject + "\(value) \(unit) is outside \(range.lowerBound)...\(range.upperBound); using \(clamped) \(unit).")
        }
        return clamped
    }

    /// A finite `Duration` for an animation or grace time, from seconds.
    ///
    /// NaN, negative and infinite values become zero; values above
    /// ``maximumSeconds`` are capped. All of these are reported.
    @MainActor
    public static func duration(seconds value: Double, source: String) -> Duration {
        let cleaned = seconds(value, source: source)
        if let duration = exactDuration(seconds: cleaned) { return duration }
        Diagnostics.report(source, "\(value) s is longer than \(maximumSeconds) s; using \(maximumSeconds) s.")
        return exactDuration(seconds: maximumSeconds) ?? .zero
    }

    /// A delay from seconds, for `dismiss(withDelay:)`-style calls.
    ///
    /// NaN and negative values become zero ("now") and are reported. +infinity
    /// and anything above ``maximumSeconds`` become ``maximumSeconds``: practically
    /// never, while still a real timer so that a completion attached to it keeps
    /// its exactly-once guarantee (a later show or cancel settles it).
    @MainActor
    public static func delay(seconds value: Double, source: String) -> Duration {
        let cleaned = seconds(value, source: source, allowsInfinity: true)
        if cleaned > maximumSeconds {
            Diagnostics.report(source, "a delay of \(value) s never ends; it waits \(maximumSeconds) s, practically until a new show or hide.")
        }
        return exactDuration(seconds: min(cleaned, maximumSeconds)) ?? .zero
    }

    /// Converts already-cleaned, non-negative seconds, rounded to whole nanoseconds so
    /// that decimal inputs such as 0.15 land on exact virtual times. `nil` when the
    /// value is infinite or longer than ``maximumSeconds``.
    static func exactDuration(seconds value: Double) -> Duration? {
        guard value.isFinite, value <= maximumSeconds else { return nil }
        return .nanoseconds(Int64((max(value, 0) * 1_000_000_000).rounded()))
    }

    // MARK: Text

    /// The status to display, or `nil` for "no label".
    ///
    /// `nil`, empty and whitespace-only text all mean no label (a blank label
    /// would only add an empty line and an empty accessible name). Text longer
    /// than ``maximumStatusLength`` characters is cut on a character boundary and
    /// ends in ``truncationMark``; that is reported, because a status that long is
    /// almost certainly a mistake (a whole log or file passed by accident).
    @MainActor
    public static func status(_ text: String?, source: String) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        guard let cut = text.index(text.startIndex, offsetBy: maximumStatusLength, limitedBy: text.endIndex),
              cut < text.endIndex
        else { return text }
        Diagnostics.report(
            source,
            "the status text is longer than \(maximumStatusLength) characters; it was shortened."
        )
        return String(text[..<cut]) + truncationMark
    }

    /// The name a screen reader should read for a HUD showing `status`.
    ///
    /// Line breaks of every kind (`\n`, `\r\n`, `\r`, U+2028, ...) together with the
    /// spaces around them become one space, so the text is read as one phrase;
    /// without a status the name is ``defaultAccessibleName``.
    public static func accessibleName(for status: String?) -> String {
        accessibleName(for: status, whenEmpty: defaultAccessibleName)
    }

    /// The name a screen reader should read for a HUD showing `status`, or
    /// `whenEmpty` (the translated "Loading") when there is no text.
    public static func accessibleName(for status: String?, whenEmpty: String) -> String {
        guard let status else { return whenEmpty }
        let lines = status.split(whereSeparator: \.isNewline).map(trimmingWhitespace).filter { !$0.isEmpty }
        return lines.isEmpty ? whenEmpty : lines.joined(separator: " ")
    }

    private static func trimmingWhitespace(_ text: Substring) -> Substring {
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
        return start < end ? text[start..<end] : text[start..<start]
    }

    // MARK: Display time

    /// How long a status-only HUD (info, success, error, image) stays up, in seconds:
    /// `min(max(0.06 × length + 0.5, minimum), maximum)`.
    ///
    /// `length` counts user-perceived characters (`String.count`, grapheme
    /// clusters), so "👍🏽" counts once and a CJK status gets the same time per
    /// character as a Latin one. SVProgressHUD counts UTF-16 units instead, which
    /// counts that emoji as 4 and most emoji as 2. `nil` counts as 0. A NaN
    /// `minimum` is treated as 0 and a NaN `maximum` as no cap.
    ///
    /// - Parameters:
    ///   - status: The text shown.
    ///   - minimum: Floor, in seconds (SVProgressHUD's minimumDismissTimeInterval, default 5).
    ///   - maximum: Cap, in seconds; `.infinity` for none.
    public static func displayDuration(for status: String?, minimum: Double = 5.0, maximum: Double = .infinity) -> Double {
        let length = Double(status?.count ?? 0)
        let readingTime = 0.06 * length + 0.5
        let floor = minimum.isNaN ? 0 : minimum
        let cap = maximum.isNaN ? .infinity : maximum
        return min(max(readingTime, floor), cap)
    }
}

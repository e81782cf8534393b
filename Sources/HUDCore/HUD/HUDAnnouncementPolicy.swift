/// Decides what a HUD says to screen readers, so that a busy progress HUD informs without chattering.
///
/// The view layer calls ``announcement(status:progress:strings:)`` on every content
/// change and announces the returned text, if any. Rules:
/// - A new status (by its accessible name) is announced once, at once.
/// - Progress is announced only when it crosses a quarter (25, 50, 75, 100 %)
///   above the last announced one, and no sooner than ``minimumInterval`` after
///   the previous announcement; a skipped crossing is announced by a later update.
/// - Progress that goes back down (a new task) is not announced; its next
///   crossings are.
/// - The same text is never announced twice in a row.
/// Call ``reset()`` when the HUD disappears so its next appearance is announced afresh.
@MainActor
public final class HUDAnnouncementPolicy {
    /// Builds the spoken text from the accessible name and a whole percentage (`nil`: indeterminate).
    public typealias Formatter = @Sendable (_ name: String, _ percent: Int?) -> String

    /// Shortest time between two progress announcements.
    public let minimumInterval: Duration

    private let scheduler: any Scheduler
    private let format: Formatter?
    private var lastName: String?
    private var lastText: String?
    private var lastAnnouncedAt: Duration?
    /// Quarter (0...4) covered by the last announcement, or the current one after progress went back.
    private var lastQuarter = 0

    /// Creates a policy reading time from `scheduler`.
    /// - Parameters:
    ///   - scheduler: The clock that paces progress announcements.
    ///   - minimumInterval: Shortest time between progress announcements (default 2 s).
    ///   - format: Spoken text; `nil` (the default) gives "Uploading, 50%" or
    ///     just "Uploading", in the language of the `strings` each announcement is asked with.
    public init(
        scheduler: any Scheduler,
        minimumInterval: Duration = .seconds(2),
        format: Formatter? = nil
    ) {
        self.scheduler = scheduler
        self.minimumInterval = max(minimumInterval, .zero)
        self.format = format
    }

    /// The default text in English: the accessible name, followed by ", N%" when progress is determinate.
    public static let defaultFormat: Formatter = { name, percent in
        percent.map { HUDStrings.english.progress(name, percent: $0) } ?? name
    }

    /// The text to announce for this content, or `nil` to stay quiet.
    /// - Parameters:
    ///   - status: The status shown (raw or cleaned; blank means none).
    ///   - progress: The progress fraction, or `nil` for indeterminate.
    ///   - strings: GtkHUD's words in the user's language (English by default).
    public func announcement(status: String?, progress: Double?, strings: HUDStrings = .english) -> String? {
        announcement(name: SpokenText(status, whenEmpty: strings.loading), progress: progress, strings: strings)?.text
    }

    /// The text to announce for a HUD named `name` (already spoken text: not cleaned again), or `nil` to stay quiet.
    public func announcement(name spoken: SpokenText, progress: Double?, strings: HUDStrings = .english) -> SpokenText? {
        let name = spoken.isEmpty ? strings.loading : spoken.text
        let format = format ?? { name, percent in percent.map { strings.progress(name, percent: $0) } ?? name }
        let fraction = progress.flatMap(HUDValues.progress)
        let quarter = fraction.map(Self.quarter) ?? 0
        let percent = fraction.map { Int(($0 * 100).rounded(.down)) }

        if name != lastName {
            lastName = name
            lastQuarter = quarter
            return announce(format(name, percent))
        }
        guard fraction != nil else { return nil }
        if quarter < lastQuarter {
            lastQuarter = quarter
            return nil
        }
        guard quarter > lastQuarter, hasIntervalElapsed else { return nil }
        lastQuarter = quarter
        return announce(format(name, percent))
    }

    /// Forgets everything announced, so the next content is announced as new.
    public func reset() {
        lastName = nil
        lastText = nil
        lastAnnouncedAt = nil
        lastQuarter = 0
    }

    private var hasIntervalElapsed: Bool {
        guard let last = lastAnnouncedAt else { return true }
        return scheduler.now - last >= minimumInterval
    }

    private func announce(_ text: String) -> SpokenText? {
        guard text != lastText else { return nil }
        lastText = text
        lastAnnouncedAt = scheduler.now
        // An app's formatter may write a line break: it is cleaned here, once.
        return format == nil ? SpokenText(built: text) : SpokenText(text)
    }

    private static func quarter(of fraction: Double) -> Int {
        min(Int((fraction * 4).rounded(.down)), 4)
    }
}

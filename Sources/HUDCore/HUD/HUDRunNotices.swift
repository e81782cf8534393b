/// When the desktop hears about a `HUD.run` that ended while the user was in
/// another window (`HUD.notifiesWhenUnattended`), and when that notice is
/// taken back: one ledger per window (the GTK layer keeps it on the window's
/// overlay host, beside the banner queue).
///
/// The rules, all decided here:
/// - A run's end is told only if the HUD opted in and the window is away now
///   (``WindowFacts/isAway(wasAttendedBefore:)``: not attended, after having
///   been attended once). A window never attended (a headless compositor, a
///   kiosk) is not away, so nothing goes out there.
/// - A notice is withdrawn when the user comes back to the window
///   (``WindowFacts/isAttended``: on X11 only `is-active` counts, on Wayland
///   also the compositor's focused state), when they activate the notice,
///   when the same HUD's next run ends (its result replaces this one), or when
///   the window is destroyed.
/// - Each notice is sent at most once and withdrawn at most once, after its send.
/// - The window asks for the user's attention (its urgency) while at least one
///   of its notices is due, also one the desktop could not take (no
///   application to send it through), and stops when the last is withdrawn.
///
/// The ``presenter`` carries the decisions out.
@MainActor
public final class HUDRunNotices {
    /// One HUD whose runs may be told: a run's notice replaces the previous
    /// notice of the same source.
    public struct Source: Hashable, Sendable {
        fileprivate let id: Int
    }

    /// A notice to hand to the desktop.
    public struct Notice: Hashable, Sendable {
        /// The notification's id, unique in the process (`gtkhud-run-N`): a
        /// withdrawal names it.
        public let id: String
        /// The title: the label the HUD showed while working, else the outcome's word.
        public let title: String
        /// The body: the result's label, else the outcome's word; nil when it
        /// would only repeat the title.
        public let body: String?
    }

    /// Carries out what the ledger decides.
    public weak var presenter: (any HUDRunNoticePresenter)?

    /// Notice ids are unique in the process: the desktop's ids are per application.
    private static var issuedNotices = 0
    private var issuedSources = 0
    private var attention = WindowAttention()
    /// The notices due now, by the HUD they came from.
    private var due: [Source: Entry] = [:]
    private var isUrgent = false
    private var isHostDestroyed = false

    private struct Entry {
        let notice: Notice
        /// Whether the desktop took it: only then is it withdrawn.
        let isOut: Bool
    }

    public init() {}

    /// A source for one HUD's runs.
    public func makeSource() -> Source {
        issuedSources += 1
        return Source(id: issuedSources)
    }

    // MARK: - Inputs

    /// What the toolkit says about the window now (the same facts the banner
    /// queue is given): coming back to it withdraws every notice.
    public func windowChanged(_ facts: WindowFacts) {
        attention.report(isAttended: facts.isAttended, wasAttendedBefore: facts.hasBeenAttended)
        guard attention.isAttended else { return }
        for source in Array(due.keys) { withdraw(source) }
    }

    /// A run of `source` ended with `outcome` and showed its result: `working`
    /// is the label the HUD showed while working, `result` the result's own
    /// label (nil for the outcome's word). The previous notice of the source
    /// is withdrawn; with `notifiesWhenUnattended` and the window away, this
    /// run's end is sent, in `strings`' words.
    public func runEnded(by source: Source, outcome: HUDMode, working: String?, result: String?,
                         notifiesWhenUnattended: Bool, strings: HUDStrings) {
        // One urgency change at most: a notice replaced by the next does not blink.
        defer { followUrgency() }
        withdraw(source, followingUrgency: false)
        guard notifiesWhenUnattended, !isHostDestroyed, attention.isAway else { return }
        let notice = Self.notice(outcome: outcome, working: working, result: result, strings: strings)
        let isOut = presenter?.sendRunNotice(notice) ?? false
        due[source] = Entry(notice: notice, isOut: isOut)
    }

    /// The user activated the notice `id` (the view brings the window
    /// forward): it has done its job and is withdrawn.
    public func activated(id: String) {
        guard let source = due.first(where: { $0.value.notice.id == id })?.key else { return }
        withdraw(source)
    }

    /// The window went: every notice is withdrawn, and nothing more is sent.
    public func hostDestroyed() {
        guard !isHostDestroyed else { return }
        for source in Array(due.keys) { withdraw(source) }
        isHostDestroyed = true
    }

    // MARK: - State

    /// The notices out on the desktop now.
    public var noticesOut: [Notice] { due.values.filter(\.isOut).map(\.notice).sorted { $0.id < $1.id } }

    /// Whether the window asks for the user's attention now.
    public var isWindowUrgent: Bool { isUrgent }

    /// Whether the window counts as left now: not attended, after it was.
    public var isWindowAway: Bool { attention.isAway }

    // MARK: - Private

    private func withdraw(_ source: Source, followingUrgency: Bool = true) {
        guard let entry = due.removeValue(forKey: source) else { return }
        if entry.isOut { presenter?.withdrawRunNotice(id: entry.notice.id) }
        if followingUrgency { followUrgency() }
    }

    private func followUrgency() {
        let urgent = !due.isEmpty
        guard urgent != isUrgent else { return }
        isUrgent = urgent
        presenter?.setWindowUrgent(urgent)
    }

    /// The notice's words: the working label as the title, and the result's
    /// label or the outcome's word as the body (blank text counts as none).
    static func notice(outcome: HUDMode, working: String?, result: String?, strings: HUDStrings) -> Notice {
        issuedNotices += 1
        let word = switch outcome {
        case .error: strings.failed
        case .info: strings.cancelled
        default: strings.success
        }
        let title = nonBlank(working) ?? word
        let body = nonBlank(result) ?? word
        return Notice(id: "gtkhud-run-\(issuedNotices)", title: title, body: body == title ? nil : body)
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }
}

/// The desktop side of ``HUDRunNotices``: the GTK layer sends a
/// `GNotification` and sets the window's urgency hint where the display has one.
@MainActor
public protocol HUDRunNoticePresenter: AnyObject {
    /// Sends `notice`. - Returns: whether the desktop took it (false: no
    /// application to send it through); only a notice taken is withdrawn.
    func sendRunNotice(_ notice: HUDRunNotices.Notice) -> Bool
    /// Withdraws the notice sent with `id`.
    func withdrawRunNotice(id: String)
    /// The window starts (true) or stops (false) asking for the user's attention.
    func setWindowUrgent(_ urgent: Bool)
}

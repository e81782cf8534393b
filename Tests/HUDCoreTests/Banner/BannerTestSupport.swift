import Testing
@testable import HUDCore

/// Records every call the queue makes to its view, by banner title.
@MainActor
final class RecordingPresenter: BannerPresenter {
    enum Event: Equatable, CustomStringConvertible {
        case present(String, slot: Int)
        case restack(String, slot: Int)
        case move(String, to: BannerPosition, slot: Int)
        case update(String)
        case beginHide(String, BannerHideReason)
        case finishHide(String)

        var description: String {
            switch self {
            case .present(let name, let slot): "present(\(name), \(slot))"
            case .restack(let name, let slot): "restack(\(name), \(slot))"
            case .move(let name, let edge, let slot): "move(\(name), \(edge), \(slot))"
            case .update(let name): "update(\(name))"
            case .beginHide(let name, let reason): "beginHide(\(name), \(reason))"
            case .finishHide(let name): "finishHide(\(name))"
            }
        }
    }

    private(set) var events: [Event] = []
    private(set) var transitions: [BannerTransition] = []
    /// What the queue asked to be spoken, by banner title: the parts joined with ". ".
    private(set) var announcements: [String] = []
    private(set) var announcementDetails: [BannerAnnouncement] = []

    /// Titles of banners presented, in order.
    var presented: [String] {
        events.compactMap { if case .present(let name, _) = $0 { name } else { nil } }
    }

    func present(_ banner: Banner, slot: Int, transition: BannerTransition) {
        events.append(.present(banner.name, slot: slot))
        transitions.append(transition)
    }

    /// The transition of each banner's last restack, by title.
    private(set) var restackTransitions: [String: BannerTransition] = [:]

    func restack(_ banner: Banner, slot: Int, transition: BannerTransition) {
        events.append(.restack(banner.name, slot: slot))
        restackTransitions[banner.name] = transition
    }

    func move(_ banner: Banner, to edge: BannerPosition, slot: Int, transition: BannerTransition) {
        events.append(.move(banner.name, to: edge, slot: slot))
    }

    func update(_ banner: Banner) {
        events.append(.update(banner.name))
    }

    func announce(_ banner: Banner, _ announcement: BannerAnnouncement) {
        announcements.append(announcement.parts.joined(separator: ". "))
        announcementDetails.append(announcement)
    }

    func beginHide(_ banner: Banner, reason: BannerHideReason, transition: BannerTransition) {
        events.append(.beginHide(banner.name, reason))
        transitions.append(transition)
    }

    func finishHide(_ banner: Banner) {
        events.append(.finishHide(banner.name))
    }

    /// Every deck the queue reported, in order, and the counts it asked to be spoken.
    private(set) var decks: [BannerDeck] = []
    private(set) var deckAnnouncements: [Int] = []

    func deckChanged(_ deck: BannerDeck) { decks.append(deck) }

    func announceDeck(count: Int) { deckAnnouncements.append(count) }

    func clear() {
        events.removeAll()
        transitions.removeAll()
        restackTransitions.removeAll()
        announcements.removeAll()
        announcementDetails.removeAll()
        decks.removeAll()
        deckAnnouncements.removeAll()
    }
}

/// Counts each closure of a banner, so tests can check "exactly once".
@MainActor
final class ClosureCounter {
    private(set) var taps = 0
    private(set) var actions: [String] = []
    private(set) var dismissals: [BannerDismissReason] = []

    func watch(_ banner: Banner) {
        banner.onTap = { [unowned self] in self.taps += 1 }
        banner.onAction = { [unowned self] identifier in self.actions.append(identifier) }
        banner.onDismissed = { [unowned self] reason in self.dismissals.append(reason) }
    }
}

/// A queue on virtual time with a recording presenter. Animations are off
/// unless asked for, so transitions take zero (but still scheduled) time.
@MainActor
struct BannerFixture {
    let scheduler = ManualScheduler()
    let presenter = RecordingPresenter()
    /// The fixture's own app-wide inputs, so no test sees another's screen reader or multiplier.
    let attention = AppAttention()
    let queue: BannerQueue

    init(maxVisible: Int = 1, animated: Bool = false) {
        queue = BannerQueue(scheduler: scheduler, presenter: presenter, maxVisible: maxVisible, attention: attention)
        queue.animationsEnabled = animated
    }

    /// Advances virtual time by `seconds`, rounded to whole milliseconds so
    /// steps like 2.9 + 0.1 add up to exactly 3 s.
    func advance(_ seconds: Double) {
        scheduler.advance(by: .milliseconds(Int64((seconds * 1000).rounded())))
    }
}

/// Runs `body` with `Diagnostics.handler` replaced, returning what it reported.
/// Tests are synchronous on the main actor, so no other test can report in between.
@MainActor
func capturingDiagnostics<T>(_ body: () throws -> T) rethrows -> (result: T, messages: [Diagnostics.Message]) {
    var messages: [Diagnostics.Message] = []
    let previous = Diagnostics.handler
    Diagnostics.handler = { messages.append($0) }
    defer { Diagnostics.handler = previous }
    let result = try body()
    return (result, messages)
}

/// A banner titled `name` with optional extra settings.
@MainActor
func makeBanner(_ name: String, priority: BannerPriority = .normal,
                configure: (inout BannerContent) -> Void = { _ in }) throws -> Banner {
    var content = try BannerContent(title: name)
    content.priority = priority
    configure(&content)
    return Banner(content)
}

extension Banner {
    var name: String { content.title ?? "?" }
}

extension Duration {
    /// The duration in seconds, for comparisons with a tolerance.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}

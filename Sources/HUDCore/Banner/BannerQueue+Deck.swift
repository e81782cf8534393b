/// A calm stack (issue #26): what a window does when more banners arrive than
/// it shows. Beyond ``BannerQueue/maxVisible`` banners wait, and the view
/// shows them as a deck ("+4 more") next to the banners on screen; the
/// banners on screen behind the newest collapse behind it (``BannerStacking/deck``)
/// until the user opens the deck: the pointer over the banners or the badge,
/// or the keyboard inside them. Too many waiting (``BannerQueue/queueLimit``)
/// drops the oldest, or keeps queueing, by ``BannerOverflowPolicy``. Screen
/// readers hear the deck's count, not each arrival: once when a burst pauses
/// (``BannerQueue/deckAnnouncementDelay``), and during a long burst at most
/// every ``BannerQueue/deckAnnouncementMaximumDelay``; not while the pointer or
/// the keyboard is on the badge, whose name says the count.
extension BannerQueue {
    /// The most banners that wait beyond those on screen (20 by default), with
    /// ``overflowPolicy`` deciding what happens past it. Negative values are
    /// corrected to 0 (with a message): nothing waits.
    public var queueLimit: Int {
        get { deckState.queueLimit }
        set { setQueueLimit(newValue, source: "BannerQueue.queueLimit") }
    }

    /// Sets ``queueLimit``; a negative value is corrected to 0 and reported from
    /// `source`, the public setting the app used (e.g. `BannerCenter.queueLimit`).
    public func setQueueLimit(_ value: Int, source: String) {
        if value < 0 {
            Diagnostics.report(source, "queueLimit \(value) is below 0; using 0.")
        }
        deckState.queueLimit = max(0, value)
        enforceQueueLimit()
        settle()
    }

    /// What a full queue does (``BannerOverflowPolicy/dropOldest`` by default).
    public var overflowPolicy: BannerOverflowPolicy {
        get { deckState.overflowPolicy }
        set {
            deckState.overflowPolicy = newValue
            enforceQueueLimit()
            settle()
        }
    }

    /// How the banners on screen stack (``BannerStacking/deck`` by default).
    public var stacking: BannerStacking {
        get { deckState.stacking }
        set {
            deckState.stacking = newValue
            settle()
        }
    }

    /// How long a burst of arrivals must pause before the deck's count is spoken.
    public static let deckAnnouncementDelay = Duration.seconds(1)
    /// The longest the deck's count waits to be spoken while a burst goes on.
    public static let deckAnnouncementMaximumDelay = Duration.seconds(5)
    /// How many waiting banners' titles an open deck lists.
    public static let deckPreviewLimit = 3

    /// The deck as the view should show it now.
    public var deck: BannerDeck {
        let opened = !deckState.inputs.isEmpty || visibleBanners.contains {
            !$0.inhibitors.isDisjoint(with: [.hover, .focus])
        }
        // Per edge: a banner at the other edge is not behind the newest (an anchor puts them all at one edge).
        let collapsible = stacking == .deck && anEdgeHoldsSeveralBanners
        let isExpanded = opened && (collapsible || !queuedBanners.isEmpty)
        // Listed only while open: a closed deck in a burst does not change with every arrival.
        return BannerDeck(waitingCount: queuedBanners.count,
                          isCollapsed: collapsible && !opened,
                          isExpanded: isExpanded,
                          upcoming: isExpanded ? queuedBanners.prefix(Self.deckPreviewLimit).map { $0.content.title ?? $0.content.subtitle ?? "" } : [])
    }

    /// The view reports the pointer over the deck's badge, or keyboard focus
    /// on it (`active` false: it left). Opens the deck while any input is there.
    public func deckInput(_ input: BannerDeckInput, _ active: Bool) {
        if active { deckState.inputs.insert(input) } else { deckState.inputs.remove(input) }
        settle()
    }

    /// Tells the view about a changed deck, and schedules its spoken count.
    /// `alreadyMoved`: banners restacked in the same step, which move to
    /// their new place (collapsed or spread) with that move already.
    func reportDeck(alreadyMoved: Set<Banner> = []) {
        let current = deck
        if current != deckState.reported {
            let wasCollapsed = deckState.reported?.isCollapsed ?? false
            deckState.reported = current
            presenter?.deckChanged(current)
            if current.isCollapsed != wasCollapsed { moveBannersBehindTheFront(skipping: alreadyMoved) }
        }
        if current.waitingCount != deckState.lastCountSeen {
            deckState.lastCountSeen = current.waitingCount
            deckState.lastChange = scheduler.now
            if deckState.pendingSince == nil { deckState.pendingSince = scheduler.now }
            scheduleDeckAnnouncement(after: Self.deckAnnouncementDelay)
        }
    }

    /// The deck collapsed or spread out: each banner behind the front one at
    /// its edge moves to its new place on its own spring, the one it enters
    /// with (``transition(for:)``: at once while animations are off), so
    /// the view never jumps. The front banner (slot 0) stays where it is.
    private func moveBannersBehindTheFront(skipping alreadyMoved: Set<Banner>) {
        for banner in visibleBanners where !alreadyMoved.contains(banner) {
            guard let slot = slot(of: banner), slot > 0 else { continue }
            presenter?.restack(banner, slot: slot, transition: transition(for: banner))
        }
    }

    private func scheduleDeckAnnouncement(after delay: Duration) {
        guard deckState.announcementTimer == nil, !isHostDestroyed else { return }
        deckState.announcementTimer = scheduler.schedule(after: delay) { [weak self] in
            self?.deckAnnouncementDue()
        }
    }

    /// Speaks the count once the burst paused, or once it went on too long; a count
    /// already spoken, or an empty deck, says nothing.
    private func deckAnnouncementDue() {
        deckState.announcementTimer = nil
        guard let since = deckState.pendingSince else { return }
        let quiet = scheduler.now - deckState.lastChange
        let waited = scheduler.now - since
        if quiet < Self.deckAnnouncementDelay, waited < Self.deckAnnouncementMaximumDelay {
            let next = min(Self.deckAnnouncementDelay - quiet, Self.deckAnnouncementMaximumDelay - waited)
            return scheduleDeckAnnouncement(after: next)
        }
        deckState.pendingSince = nil
        let count = queuedBanners.count
        defer { deckState.spokenCount = count }
        // The keyboard or the pointer on the badge: the user is reading it (its name says the count).
        guard count > 0, count != deckState.spokenCount, deckState.inputs.isEmpty else { return }
        presenter?.announceDeck(count: count)
    }
}

/// What a full queue does (``BannerQueue/queueLimit``).
public enum BannerOverflowPolicy: Hashable, Sendable {
    /// Every banner waits its turn, however many there are; the limit only
    /// tells where the deck stops listing.
    case queue
    /// The oldest waiting banner (normal priority before high) ends with
    /// ``BannerDismissReason/dropped`` to make room: in a burst, the newest
    /// messages are the ones worth reading. An undo banner dropped commits.
    case dropOldest
}

/// How the banners on screen stack when more than one shows (``BannerQueue/maxVisible`` > 1).
public enum BannerStacking: Hashable, Sendable {
    /// The newest in front, the others collapsed behind it, peeking out; they
    /// spread out while the deck is open (pointer or keyboard on the banners).
    case deck
    /// Each banner in full, one below the other (the stack before issue #26).
    case expanded
}

/// What the user does to the deck: where the view says the pointer and the keyboard are.
public enum BannerDeckInput: Hashable, Sendable {
    /// The pointer is over the deck's badge.
    case hover
    /// Keyboard focus is on the deck's badge.
    case focus
}

/// The deck as the view shows it (``BannerQueue/deck``).
public struct BannerDeck: Hashable, Sendable {
    /// How many banners wait beyond those on screen: the badge "+N more" (none at 0).
    public var waitingCount: Int
    /// Whether the banners on screen behind the newest are collapsed behind it.
    public var isCollapsed: Bool
    /// Whether the deck is open: the banners spread out and the badge lists ``upcoming``.
    public var isExpanded: Bool
    /// The titles of the next waiting banners (at most ``BannerQueue/deckPreviewLimit``), while open; empty otherwise.
    public var upcoming: [String]

    /// Creates a deck description.
    public init(waitingCount: Int, isCollapsed: Bool, isExpanded: Bool, upcoming: [String]) {
        self.waitingCount = waitingCount
        self.isCollapsed = isCollapsed
        self.isExpanded = isExpanded
        self.upcoming = upcoming
    }
}

/// The queue's deck settings and what the view and screen readers were told.
struct BannerDeckState {
    var queueLimit = 20
    var overflowPolicy = BannerOverflowPolicy.dropOldest
    var stacking = BannerStacking.deck
    var inputs: Set<BannerDeckInput> = []
    var reported: BannerDeck?
    var lastCountSeen = 0
    var spokenCount = 0
    var lastChange = Duration.zero
    var pendingSince: Duration?
    var announcementTimer: ScheduledTimer?
}

/// The view side of a ``BannerQueue``: creates, moves and removes banner
/// widgets. The queue decides *what* happens and *when*; the presenter only
/// animates, using the ``BannerTransition`` it is given so that its animation
/// ends when the queue's timer does.
///
/// The queue's lists are already up to date when it calls these methods, so
/// input forwarded from inside them (a focus or pointer leave while a widget
/// hides) is handled. Adding banners from inside them is not supported: do it
/// from an idle callback instead.
@MainActor
public protocol BannerPresenter: AnyObject {
    /// Puts `banner` on screen at its ``Banner/edge``, in `slot` (0 is nearest
    /// that edge; slots are counted separately for the top and bottom edges).
    ///
    /// This can arrive for a banner whose ``beginHide(_:reason:transition:)``
    /// is still running (it was pre-empted and is back already): turn the
    /// exit around. No ``finishHide(_:)`` follows for that exit.
    func present(_ banner: Banner, slot: Int, transition: BannerTransition)

    /// Moves a banner that is already on screen to its place for `slot`:
    /// banners in front of it came or went, or the deck collapsed or spread
    /// out (``deckChanged(_:)`` came first; the slot is then the same, its
    /// place is not).
    func restack(_ banner: Banner, slot: Int, transition: BannerTransition)

    /// Moves a banner on screen to another edge (its ``Banner/edge`` is
    /// `edge` now), in `slot` there: the window's anchor was set or cleared
    /// (``BannerQueue/anchoredEdge``), or the banner's own position changed.
    /// Banners at the edges it left and joined are restacked as usual.
    func move(_ banner: Banner, to edge: BannerPosition, slot: Int, transition: BannerTransition)

    /// The banner's ``Banner/content`` changed while it is on screen or leaving.
    func update(_ banner: Banner)

    /// Tells screen readers about `banner`, which is on screen: it has just
    /// been presented, or the text it shows has changed (after ``update(_:)``).
    func announce(_ banner: Banner, _ announcement: BannerAnnouncement)

    /// Starts moving `banner` off screen. It no longer takes input.
    func beginHide(_ banner: Banner, reason: BannerHideReason, transition: BannerTransition)

    /// The exit started by ``beginHide(_:reason:transition:)`` is over: remove the widget.
    func finishHide(_ banner: Banner)

    /// The deck changed (issue #26's calm stack): its count, whether the
    /// banners behind the newest are collapsed, whether it is open.
    func deckChanged(_ deck: BannerDeck)

    /// Speaks the deck's count ("Notifications waiting: 4"), politely; the queue
    /// calls it once a burst pauses, never once per arrival.
    func announceDeck(count: Int)
}

/// Why the view is asked to hide a banner.
public enum BannerHideReason: Hashable, Sendable {
    /// A high-priority banner needs its slot. The banner waits at the head of
    /// the queue and will be presented again.
    case preempted
    /// The banner is finished.
    case dismissed(BannerDismissReason)
}

/// How the view should animate a banner in or out, and how long the logic
/// layer waits for it. Both sides use the same numbers, so virtual time in
/// tests matches the animation on screen.
public struct BannerTransition: Hashable, Sendable {
    /// The spring to animate with; `nil` means jump straight to the end.
    public let spring: BannerSpring?
    /// How long the transition takes on the ``Scheduler``.
    public let duration: Duration

    /// A transition that takes no time: animations are off, or the banner's
    /// ``BannerContent/animationDuration`` is zero.
    public static let immediate = BannerTransition(spring: nil, duration: .zero)

    /// Creates a transition that runs `spring` until it settles, waiting at
    /// most ``BannerSpring/maximumSettlingTime`` so a broken spring cannot
    /// hold a banner forever.
    public init(spring: BannerSpring) {
        self.spring = spring
        let seconds = spring.settlingTime.isNaN ? 0 : min(spring.settlingTime, BannerSpring.maximumSettlingTime)
        self.duration = .seconds(seconds)
    }

    private init(spring: BannerSpring?, duration: Duration) {
        self.spring = spring
        self.duration = duration
    }
}

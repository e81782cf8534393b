/// The banners of one window: which are on screen, which wait, and when each
/// one comes and goes. The GTK layer keeps one queue per window and forwards
/// user input to it; the queue drives the widgets through its ``presenter``.
///
/// Queueing follows `AdwToastOverlay`, extended to stacks:
/// - At most ``maxVisible`` banners show at once (1 by default); the rest wait in order.
/// - A ``BannerPriority/normal`` banner joins the tail of the queue.
/// - A ``BannerPriority/high`` banner shows at once. If no slot is free, the
///   oldest normal banner on screen (or the oldest banner, if all are high) is
///   hidden and put back at the head of the queue, content intact; when it
///   returns its timeout starts afresh, still held by whatever held it (the
///   pointer resting on it) unless the view reported that it let go meanwhile.
///   That is not a dismissal.
/// - Adding a showing banner again restarts its timeout; adding a queued one
///   again moves it up (high to the head, normal behind the high ones).
///
/// Timeouts start once the entrance animation has finished, and pause while
/// the banner is hovered, pressed, dragged or focused (see ``inhibit(_:_:)``),
/// and while the queue holds every banner: keyboard focus is inside the
/// banners, the window is not active, or the app asked (see ``hold(_:)`` and
/// ``windowAttentionChanged(isAttended:wasAttendedBefore:)``). How long they are is decided with
/// the app's ``AppAttention``: its multiplier, and a screen reader keeping
/// banners with an action up. Every transition is timed on the ``Scheduler``,
/// so tests replay a whole sequence on virtual time.
@MainActor
public final class BannerQueue {
    /// The view side. Held weakly: the window owns both the presenter and the queue.
    public weak var presenter: (any BannerPresenter)?

    /// Where banners' desktop notifications go (see ``DesktopNotificationPolicy``);
    /// nil sends none. Held weakly, as the presenter is.
    public weak var desktopNotifier: (any DesktopNotificationPresenter)?

    /// How many banners may show at once. Values below 1 are corrected to 1
    /// (with a ``Diagnostics`` message). Lowering it does not remove banners
    /// already on screen; no new one shows until there is room.
    public var maxVisible: Int {
        get { visibleLimit }
        set { setMaxVisible(newValue, source: "BannerQueue.maxVisible") }
    }

    /// The edge every banner of this window stands on while the window has an
    /// anchor (issue #27: the GTK layer sets it with the anchor, and clears it
    /// with it); nil (the default): each banner at its own
    /// ``BannerContent/position``. Changing it moves the banners on screen
    /// to their new edge (``BannerPresenter/move(_:to:slot:transition:)``).
    public var anchoredEdge: BannerPosition? {
        didSet {
            guard anchoredEdge != oldValue else { return }
            settle()
        }
    }

    /// Sets ``maxVisible``; a value below 1 is corrected to 1 and reported from
    /// `source`, the public setting the app used (e.g. `BannerCenter.maxVisible`).
    public func setMaxVisible(_ value: Int, source: String) {
        visibleLimit = Self.corrected(maxVisible: value, source: source)
        fillFreeSlots()
        settle()
    }

    /// ``maxVisible``, always at least 1.
    private var visibleLimit: Int

    /// Whether transitions animate; the GTK layer mirrors `adw_get_enable_animations()`.
    /// When off, every transition is ``BannerTransition/immediate``.
    public var animationsEnabled = true

    /// The banners on screen, most recently presented first.
    public private(set) var visibleBanners: [Banner] = []

    /// The banners waiting, next first.
    public private(set) var queuedBanners: [Banner] = []

    /// The app-wide inputs (screen reader, multiplier) this queue's timeouts follow.
    public let attention: AppAttention
    /// What holds every banner's timeout now (see ``hold(_:)``).
    public internal(set) var holds: Set<BannerHold> = []
    /// What the view said about the window's activity.
    var windowAttention = WindowAttention()

    let scheduler: any Scheduler
    /// Banners whose exit animation is running (dismissed, or pre-empted and queued).
    private var leavingBanners: [Banner] = []
    /// The slot each visible banner was last given, to tell the presenter only about moves.
    var reportedSlots: [Banner: Int] = [:]
    /// Dismissed banners whose `onDismissed` is due once the current operation is complete.
    private var dismissalsToReport: [Banner] = []
    /// The deck's view state and its spoken count (see `BannerQueue+Deck.swift`).
    var deckState = BannerDeckState()
    private(set) var isHostDestroyed = false
    /// The banners showing or waiting that have an id, by id: at most one per id.
    private(set) var bannersByID: [String: Banner] = [:]

    /// Creates an empty queue.
    /// - Parameters:
    ///   - scheduler: the clock for timeouts and transitions.
    ///   - presenter: the view side; can be set later.
    ///   - maxVisible: how many banners may show at once; corrected to at least 1.
    ///   - attention: the app-wide inputs to follow (``AppAttention/shared`` by default).
    public init(scheduler: any Scheduler, presenter: (any BannerPresenter)? = nil, maxVisible: Int = 1,
                attention: AppAttention = .shared) {
        self.scheduler = scheduler
        self.presenter = presenter
        self.attention = attention
        visibleLimit = Self.corrected(maxVisible: maxVisible, source: "BannerQueue.maxVisible")
        attention.observe(self)
    }

    // MARK: - Adding banners

    /// Adds a banner with `AdwToastOverlay.add_toast` semantics: a new banner
    /// shows or waits by priority, a showing one restarts its timeout, a queued
    /// one is moved up.
    /// - Parameters:
    ///   - banner: The banner to show or queue.
    ///   - duration: seconds on screen; see ``BannerTimeout/init(seconds:source:)``
    ///     for `nil`, zero, infinite, negative and NaN values.
    public func enqueue(_ banner: Banner, duration: Double? = nil) {
        add(banner, duration: duration, source: "BannerQueue.enqueue(_:duration:)", readding: .restartsOrBumps)
        settle()
    }

    /// Adds several banners in order, as ``enqueue(_:duration:)-(Banner,_)`` would one by one.
    public func enqueue(_ banners: [Banner], duration: Double? = nil) {
        for banner in banners {
            add(banner, duration: duration, source: "BannerQueue.enqueue(_:duration:)", readding: .restartsOrBumps)
        }
        settle()
    }

    /// Adds a banner with BRYXBanner's `show(duration:)` semantics: like
    /// ``enqueue(_:duration:)-(Banner,_)`` for a new banner, but a banner that is already
    /// showing or queued is left exactly as it is.
    /// - Parameters:
    ///   - banner: The banner to show or queue.
    ///   - duration: Seconds on screen, as for `enqueue`.
    ///   - source: the public call to name in messages about the banner or
    ///     its duration (a front end passes its own, e.g. `NotificationBanner.show(on:duration:)`).
    /// - Returns: whether the banner was accepted (it is, or already was, showing or queued);
    ///   a refused banner was reported from `source`.
    @discardableResult
    public func show(_ banner: Banner, duration: Double? = nil, source: String = "BannerQueue.show(_:duration:)") -> Bool {
        let accepted = add(banner, duration: duration, source: source, readding: .isIgnored)
        settle()
        return accepted
    }

    // MARK: - Dismissing

    /// Dismisses a banner: a showing one leaves the screen, a queued one is
    /// dropped. A banner this queue never accepted, or one already gone, is left alone.
    public func dismiss(_ banner: Banner) {
        dismiss(banner, reason: .programmatic)
        settle()
    }

    /// Dismisses every banner, queued and showing. Each `onDismissed` runs once:
    /// at once for queued banners, after the exit for showing ones.
    public func dismissAll() {
        let waiting = queuedBanners
        queuedBanners.removeAll()
        for banner in waiting { endWithoutShowing(banner, reason: .dismissAll) }
        for banner in visibleBanners { dismiss(banner, reason: .dismissAll) }
        settle()
    }

    /// Handles Escape: dismisses the banner holding keyboard focus, or else the
    /// most recently presented one.
    /// - Returns: whether a banner was dismissed, so the key event can propagate otherwise.
    @discardableResult
    public func dismissFront() -> Bool {
        let focused = visibleBanners.first { $0.inhibitors.contains(.focus) }
        guard let target = focused ?? visibleBanners.first else { return false }
        dismiss(target, reason: .escape)
        settle()
        return true
    }

    /// The window is being destroyed: stops every timer, forgets every banner
    /// and runs each pending `onDismissed` once, without calling the presenter
    /// (its widgets are going away). Banners already leaving keep their reason;
    /// the others get ``BannerDismissReason/hostDestroyed``. The queue refuses
    /// banners from then on.
    public func hostDestroyed() {
        isHostDestroyed = true
        var affected: [Banner] = []
        for banner in visibleBanners + queuedBanners + leavingBanners where !affected.contains(banner) {
            affected.append(banner)
        }
        visibleBanners.removeAll()
        queuedBanners.removeAll()
        leavingBanners.removeAll()
        reportedSlots.removeAll()
        bannersByID.removeAll()
        deckState.announcementTimer?.cancel()
        deckState.announcementTimer = nil
        for banner in affected {
            banner.exitTimer?.cancel()
            banner.exitTimer = nil
            if !banner.state.isGone { banner.state = .gone(.hostDestroyed) }
            dismissalsToReport.append(banner)
        }
        reportDismissals()
    }

    // MARK: - Queries

    /// The slot of a showing banner: 0 is nearest its edge, counted among the
    /// showing banners at the same edge (``edge(of:)``), most recent first. `nil` if not showing.
    public func slot(of banner: Banner) -> Int? {
        guard isShowing(banner) else { return nil }
        let edge = edge(of: banner)
        return visibleBanners.filter { self.edge(of: $0) == edge }.firstIndex(of: banner)
    }

    /// The transition a banner gets in this queue: its spring, or
    /// ``BannerTransition/immediate`` when animations are off or its duration is zero.
    public func transition(for banner: Banner) -> BannerTransition {
        let content = banner.content
        guard animationsEnabled, let spring = content.springiness.spring(settlingIn: content.animationDuration) else {
            return .immediate
        }
        return BannerTransition(spring: spring)
    }

    // MARK: - Ids

    /// The banner showing or waiting here under `id`, or nil (one sliding out
    /// is no longer here). A blank id is reported from `source`, when given: no banner has one.
    public func banner(id: String, source: String? = nil) -> Banner? {
        if let source, id.isBlank {
            Diagnostics.report(source, "an id needs text other than whitespace, and no banner has a blank one; the answer is none.")
        }
        return bannersByID[id]
    }

    /// Whether a banner with `id` is showing or waiting here (a blank id is
    /// reported from `source`, when given).
    public func isShownOrQueued(id: String, source: String? = nil) -> Bool {
        banner(id: id, source: source) != nil
    }

    /// Dismisses the banner showing or waiting under `id`, whatever its count
    /// (``BannerDismissReason/programmatic``).
    /// - Returns: whether there was one; a blank or unknown id is reported from `source`.
    @discardableResult
    public func dismiss(id: String, source: String = "BannerQueue.dismiss(id:source:)") -> Bool {
        guard let banner = lookUp(id: id, source: source) else { return false }
        dismiss(banner, reason: .programmatic)
        settle()
        return true
    }

    /// Takes one arrival back from the banner under `id`: a counted banner
    /// (``BannerIDPolicy/count``) shows one less; one at 1 is dismissed as
    /// ``dismiss(id:source:)`` does.
    /// - Returns: whether there was one; a blank or unknown id is reported from `source`.
    @discardableResult
    public func dismissCounted(id: String, source: String = "BannerQueue.dismissCounted(id:source:)") -> Bool {
        guard let banner = lookUp(id: id, source: source) else { return false }
        if banner.content.repeatCount > 1 {
            banner.content.repeatCount -= 1
            // Taken back silently; the count screen readers know follows, so a new arrival back to it is spoken.
            if banner.lastAnnouncement != nil { banner.lastAnnouncement = BannerAnnouncement(banner.content) }
        } else {
            dismiss(banner, reason: .programmatic)
        }
        settle()
        return true
    }

    /// The banner under `id` to hide, or nil with a message from `source` for a blank or unknown id.
    private func lookUp(id: String, source: String) -> Banner? {
        if id.isBlank {
            Diagnostics.report(source, "an id needs text other than whitespace; nothing was hidden.")
            return nil
        }
        guard let banner = banner(id: id) else {
            Diagnostics.report(source, "no banner with id “\(id)” is showing or waiting in this window; nothing was hidden.")
            return nil
        }
        return banner
    }

    /// The banner already here under the id of `arriving`, if any.
    private func bannerWithTheIDOf(_ arriving: Banner) -> Banner? {
        guard let id = arriving.content.id, let existing = bannersByID[id], existing !== arriving else { return nil }
        return existing
    }

    /// Files a banner that is now showing or waiting under its id.
    private func file(_ banner: Banner) {
        guard let id = banner.content.id else { return }
        bannersByID[id] = banner
    }

    /// `arriving` met `existing`, showing or waiting under its id: its ``BannerContent/idPolicy`` decides.
    private func meet(_ existing: Banner, with arriving: Banner, timeout: BannerTimeout) {
        switch arriving.content.idPolicy {
        case .ignore:
            break
        case .replace:
            return replace(existing, with: arriving, timeout: timeout)
        case .updateInPlace:
            var content = arriving.content
            content.position = existing.content.position
            existing.timeout = timeout
            arriving.onMerged?(existing)
            // The words and button that offered its undo are gone: that change is final,
            // and the arriving banner's undo, if any, is what the button offers now.
            existing.undo?.commit(.dismissed(.replaced))
            existing.adoptUndo(of: arriving)
            existing.content = content
            // A notification that is out follows the new words (contentDidChange replaces it).
            existing.countdown?.restart(with: effectiveTimeout(for: existing))
            showAtOnceIfUrgentAndWaiting(existing)
        case .count:
            existing.timeout = timeout
            existing.content.repeatCount += 1
            existing.countdown?.restart(with: effectiveTimeout(for: existing))
            announceCountWhenTheBurstIsOver(existing)
        }
        arriving.state = .gone(.sameID)
        dismissalsToReport.append(arriving)
    }

    /// ``BannerIDPolicy/replace``: `arriving` takes the slot or queue place of `existing`, which ends.
    private func replace(_ existing: Banner, with arriving: Banner, timeout: BannerTimeout) {
        arriving.owner = self
        arriving.timeout = timeout
        if let index = visibleBanners.firstIndex(of: existing) {
            visibleBanners.remove(at: index)
            existing.state = .gone(.replaced)
            beginHide(existing, reason: .dismissed(.replaced))
            file(arriving)
            present(arriving, at: index)
        } else if let index = queuedBanners.firstIndex(of: existing) {
            queuedBanners[index] = arriving
            arriving.state = .queued
            endWithoutShowing(existing, reason: .replaced)
            file(arriving)
            showAtOnceIfUrgentAndWaiting(arriving)
        }
        sendDesktopNotificationIfDue(for: arriving)
    }

    /// A waiting banner that an id meeting made high priority does not keep
    /// its place: it is admitted as a new high-priority banner would be (at
    /// once, pushing the oldest normal banner back), since "urgent" is what
    /// the app said last.
    private func showAtOnceIfUrgentAndWaiting(_ banner: Banner) {
        guard banner.state == .queued, banner.content.priority == .high,
              let index = queuedBanners.firstIndex(of: banner) else { return }
        queuedBanners.remove(at: index)
        admit(banner)
    }

    /// How long a burst of counted arrivals may last and still be spoken once, with its last count.
    public static let countAnnouncementDelay = Duration.seconds(1)

    /// A counted banner on screen says its new count once the arrivals stop
    /// for a moment: three in a row are one "Saved, 3 times", not three announcements.
    private func announceCountWhenTheBurstIsOver(_ banner: Banner) {
        guard banner.state == .showing, banner.countAnnouncementTimer == nil else { return }
        banner.countAnnouncementTimer = scheduler.schedule(after: Self.countAnnouncementDelay) { [weak self, weak banner] in
            guard let self, let banner else { return }
            banner.countAnnouncementTimer = nil
            guard self.isShowing(banner), banner.lastAnnouncement?.count != banner.content.repeatCount else { return }
            self.announce(banner)
        }
    }

    /// `banner` ended (its state became gone): it is no longer filed under its id,
    /// and its desktop notification, if one is out, is withdrawn.
    func bannerEnded(_ banner: Banner) {
        if let id = banner.content.id, bannersByID[id] === banner { bannersByID[id] = nil }
        desktopNotificationEnded(for: banner)
    }

    /// Gives a showing or waiting banner a new duration, counted afresh from
    /// now (a task banner's result), with the attention rules of any banner:
    /// the multiplier, the screen reader keeping an actionable one, the holds.
    /// The duration is checked as ``enqueue(_:duration:)-(Banner,_)`` checks it, reported from `source`.
    func restartTimeout(of banner: Banner, seconds: Double?, source: String) {
        guard banner.owner === self, !banner.state.isGone else { return }
        banner.timeout = BannerTimeout(seconds: seconds, source: source)
        banner.countdown?.restart(with: effectiveTimeout(for: banner))
    }

    // MARK: - Called by Banner

    func contentDidChange(of banner: Banner, from old: BannerContent) {
        desktopNotificationPolicyMayHaveChanged(for: banner)
        desktopNotificationTextMayHaveChanged(for: banner, from: old)
        guard visibleBanners.contains(banner) || leavingBanners.contains(banner) else { return }
        // An action added, or one of the attention settings changed.
        if isShowing(banner) { applyAttention(to: banner) }
        presenter?.update(banner)
        // New words on a banner on screen are spoken; a banner leaving says nothing more.
        if isShowing(banner), BannerAnnouncement(banner.content)?.saysSomethingElse(than: banner.lastAnnouncement) ?? false {
            announce(banner)
        }
        settle()
    }

    /// Tells the view to speak what `banner` shows now, with the hint on how
    /// to reach it if the chord would reach it now (it is the newest on screen).
    func announce(_ banner: Banner) {
        // A screen reader does not speak for a window the user left (Orca
        // drops it) or a hidden page: it is said when the user comes back.
        guard !windowAttention.holdsBanners else {
            banner.announcementWaitsForAttention = true
            return
        }
        banner.announcementWaitsForAttention = false
        banner.lastAnnouncement = BannerAnnouncement(banner.content)
        let chordReachesIt = visibleBanners.first === banner
        guard let announcement = banner.lastAnnouncement?.addingReachHint(
            chord: attention.bannerShortcutLabel, hasAction: banner.content.action != nil && chordReachesIt,
            alreadyGiven: banner.hasGivenReachHint)
        else { return }
        if announcement.reachHint != nil { banner.hasGivenReachHint = true }
        presenter?.announce(banner, announcement)
    }

    // MARK: - Adding, step by step

    private enum Readding {
        /// `AdwToastOverlay`: a showing banner restarts its timeout, a queued one moves up.
        case restartsOrBumps
        /// BRYXBanner: showing again is a no-op.
        case isIgnored
    }

    /// The one place a banner and its duration are checked on the way in, reported from `source`.
    @discardableResult
    private func add(_ banner: Banner, duration: Double?, source: String, readding: Readding) -> Bool {
        guard accepts(banner, source: source) else { return false }
        if banner.state != .hidden, readding == .isIgnored { return true }
        let timeout = BannerTimeout(seconds: duration, source: source)
        switch banner.state {
        case .hidden:
            if let existing = bannerWithTheIDOf(banner) {
                meet(existing, with: banner, timeout: timeout)
                return true
            }
            banner.owner = self
            banner.timeout = timeout
            file(banner)
            admit(banner)
            // A banner waiting its turn is a message arriving too.
            sendDesktopNotificationIfDue(for: banner)
        case .showing:
            banner.timeout = timeout
            banner.countdown?.restart(with: effectiveTimeout(for: banner))
        case .queued:
            banner.timeout = timeout
            moveUp(banner)
        case .gone:
            break
        }
        return true
    }

    private func accepts(_ banner: Banner, source: String) -> Bool {
        if isHostDestroyed {
            Diagnostics.report(source, "the window of this queue was destroyed; the banner was refused.")
            return false
        }
        if banner.state.isGone {
            Diagnostics.report(source, "this banner was already dismissed and cannot be shown again; "
                + "create a new one. Nothing was shown.")
            return false
        }
        if let owner = banner.owner, owner !== self {
            Diagnostics.report(source, "this banner already belongs to another window's queue; the banner was refused.")
            return false
        }
        return true
    }

    private func admit(_ banner: Banner) {
        switch banner.content.priority {
        case .high:
            if !hasFreeSlot, let victim = preemptionVictim() {
                // An offer to undo does not come back later: it ends, and its change is committed.
                if victim.undo?.isPending == true { endPreempted(victim) } else { preempt(victim) }
            }
            present(banner)
        case .normal:
            if hasFreeSlot && queuedBanners.isEmpty {
                present(banner)
            } else {
                banner.state = .queued
                queuedBanners.append(banner)
            }
        }
        enforceQueueLimit()
    }

    /// `AdwToastOverlay`'s bump: high to the head, normal right behind the leading high ones.
    private func moveUp(_ banner: Banner) {
        queuedBanners.removeAll { $0 === banner }
        let index: Int
        switch banner.content.priority {
        case .high: index = 0
        case .normal: index = queuedBanners.firstIndex { $0.content.priority != .high } ?? queuedBanners.count
        }
        queuedBanners.insert(banner, at: index)
    }

    private var hasFreeSlot: Bool { visibleBanners.count < maxVisible }

    /// The banner that makes room for a high-priority one: the oldest normal
    /// banner on screen, or the oldest banner if every one is high.
    private func preemptionVictim() -> Banner? {
        visibleBanners.last { $0.content.priority == .normal } ?? visibleBanners.last
    }

    private func preempt(_ banner: Banner) {
        visibleBanners.removeAll { $0 === banner }
        banner.state = .queued
        // Its inhibitors stay: they are facts about the pointer and focus, not about this countdown.
        banner.countdown?.cancel()
        banner.countdown = nil
        banner.entranceTimer?.cancel()
        banner.entranceTimer = nil
        queuedBanners.insert(banner, at: 0)
        beginHide(banner, reason: .preempted)
    }

    /// A banner that cannot go back to the queue (an undo banner) leaves for
    /// good to make room: ``BannerDismissReason/replaced``, without filling its slot.
    private func endPreempted(_ banner: Banner) {
        visibleBanners.removeAll { $0 === banner }
        banner.state = .gone(.replaced)
        beginHide(banner, reason: .dismissed(.replaced))
    }

    /// Puts `banner` on screen at `index` of ``visibleBanners`` (0: the newest).
    private func present(_ banner: Banner, at index: Int = 0) {
        cancelExit(of: banner)
        banner.state = .showing
        banner.hasBeenOnScreen = true
        visibleBanners.insert(banner, at: index)
        banner.countdown = BannerCountdown(scheduler: scheduler, timeout: effectiveTimeout(for: banner),
                                           heldByBanner: !banner.inhibitors.isEmpty,
                                           heldByQueue: isHeld(banner)) { [weak self, weak banner] in
            guard let self, let banner else { return }
            self.dismiss(banner, reason: .timeout)
            self.settle()
        }
        let transition = transition(for: banner)
        banner.entranceTimer = scheduler.schedule(after: transition.duration) { [weak banner] in
            banner?.entranceTimer = nil
            banner?.countdown?.arm()
        }
        let slot = slot(of: banner) ?? 0
        reportedSlots[banner] = slot
        banner.shownEdge = edge(of: banner)
        presenter?.present(banner, slot: slot, transition: transition)
        // Every appearance is spoken, a return after being pushed back too.
        announce(banner)
        followDesktopNotification(ofPresented: banner)
    }

    /// With ``BannerOverflowPolicy/dropOldest``, the oldest waiting banners
    /// (normal priority first) end with ``BannerDismissReason/dropped`` until
    /// no more than ``queueLimit`` wait.
    func enforceQueueLimit() {
        guard overflowPolicy == .dropOldest else { return }
        while queuedBanners.count > queueLimit {
            let index = queuedBanners.firstIndex { $0.content.priority == .normal } ?? 0
            let dropped = queuedBanners.remove(at: index)
            endWithoutShowing(dropped, reason: .dropped)
        }
    }

    private func fillFreeSlots() {
        while hasFreeSlot, !queuedBanners.isEmpty {
            present(queuedBanners.removeFirst())
        }
    }

    // MARK: - Leaving, step by step

    func dismiss(_ banner: Banner, reason: BannerDismissReason) {
        guard banner.owner === self else { return }
        switch banner.state {
        case .hidden, .gone:
            return
        case .queued:
            queuedBanners.removeAll { $0 === banner }
            endWithoutShowing(banner, reason: reason)
        case .showing:
            visibleBanners.removeAll { $0 === banner }
            banner.state = .gone(reason)
            beginHide(banner, reason: .dismissed(reason))
            fillFreeSlots()
        }
    }

    /// Ends a banner that is not on screen. If it is still sliding out after
    /// a pre-emption, its exit finishes it; otherwise it is finished now.
    private func endWithoutShowing(_ banner: Banner, reason: BannerDismissReason) {
        banner.state = .gone(reason)
        if !leavingBanners.contains(banner) { dismissalsToReport.append(banner) }
    }

    private func beginHide(_ banner: Banner, reason: BannerHideReason) {
        reportedSlots[banner] = nil
        if !leavingBanners.contains(banner) { leavingBanners.append(banner) }
        let transition = transition(for: banner)
        banner.exitTimer?.cancel()
        banner.exitTimer = scheduler.schedule(after: transition.duration) { [weak self, weak banner] in
            guard let self, let banner else { return }
            self.finishHide(banner)
        }
        presenter?.beginHide(banner, reason: reason, transition: transition)
    }

    private func finishHide(_ banner: Banner) {
        banner.exitTimer = nil
        leavingBanners.removeAll { $0 === banner }
        presenter?.finishHide(banner)
        if banner.state.isGone { dismissalsToReport.append(banner) }
        settle()
    }

    /// A pre-empted banner presented again before its exit ended: the exit is
    /// called off, and the presenter turns the animation around.
    private func cancelExit(of banner: Banner) {
        banner.exitTimer?.cancel()
        banner.exitTimer = nil
        leavingBanners.removeAll { $0 === banner }
    }

    // MARK: - Finishing an operation

    /// Brings the view up to date and then runs due `onDismissed` closures, so
    /// user code always sees a consistent queue and may call back into it.
    func settle() {
        let movedToAnotherEdge = reportEdgeMoves()
        let moved = reportSlotMoves()
        reportDeck(alreadyMoved: moved.union(movedToAnotherEdge))
        reportDismissals()
    }

    /// Restacks the banners whose slot changed; returns them.
    private func reportSlotMoves() -> Set<Banner> {
        var moved: Set<Banner> = []
        for banner in visibleBanners {
            guard let previous = reportedSlots[banner], let slot = slot(of: banner), slot != previous else { continue }
            reportedSlots[banner] = slot
            moved.insert(banner)
            presenter?.restack(banner, slot: slot, transition: transition(for: banner))
        }
        return moved
    }

    /// Takes one banner at a time, so a closure that dismisses further banners
    /// (and so re-enters here) cannot make one run twice or be skipped.
    private func reportDismissals() {
        while !dismissalsToReport.isEmpty {
            dismissalsToReport.removeFirst().reportDismissal()
        }
    }

    private static func corrected(maxVisible: Int, source: String) -> Int {
        guard maxVisible < 1 else { return maxVisible }
        Diagnostics.report(source, "maxVisible \(maxVisible) is below 1; using 1.")
        return 1
    }
}

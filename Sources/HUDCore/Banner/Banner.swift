/// One drop-down banner: its content, the closures it reports to, and where
/// it is in its life.
///
/// A banner is shown by handing it to the ``BannerQueue`` of a window; it is
/// dismissed once and then stays ``BannerState/gone(_:)``. Create a new banner
/// to show the same message again.
///
///     let banner = try Banner(title: "Copied", subtitle: "Link copied to clipboard")
///     banner.onTap = { openClipboardHistory() }
///     queue.show(banner, duration: 3)
@MainActor
public final class Banner {
    /// What the banner shows and how it behaves. Out-of-range settings are
    /// corrected (with a ``Diagnostics`` message) as they are assigned, and a
    /// change on screen is passed to the presenter. To report corrections under
    /// another public name, change it with ``update(source:_:)``.
    public var content: BannerContent {
        didSet {
            content = Self.corrected(content, current: oldValue, isWaitingOrShowing: state == .showing || state == .queued,
                                     source: correctionSource ?? "Banner.content")
            owner?.contentDidChange(of: self, from: oldValue)
        }
    }

    /// Changes the content with `change`; corrections are reported under
    /// `source`, the public name the app set it through (`NotificationBanner.minimumHeight`).
    public func update(source: String, _ change: (inout BannerContent) -> Void) {
        var changed = content
        change(&changed)
        correctionSource = source
        defer { correctionSource = nil }
        content = changed
    }

    private var correctionSource: String?

    /// Called once per tap or click while the banner is showing, after the
    /// banner has started to dismiss if ``BannerContent/dismissesOnTap`` is on.
    public var onTap: (@MainActor () -> Void)?

    /// Called with ``BannerAction/identifier`` when the action button is pressed.
    public var onAction: (@MainActor (String) -> Void)?

    /// Called on a banner that arrived while another with its id was there
    /// and was merged into it (``BannerIDPolicy/updateInPlace``), with that
    /// banner, which now shows this one's content: the front end hands its
    /// tap and action closures over. ``onDismissed`` follows with ``BannerDismissReason/sameID``.
    public var onMerged: (@MainActor (_ into: Banner) -> Void)?

    /// Called exactly once, when the banner is finished (after its exit
    /// animation). Being put back in the queue by a high-priority banner is
    /// not the end and does not call it. All closures are released afterwards.
    public var onDismissed: (@MainActor (BannerDismissReason) -> Void)?

    /// The change this banner offers to take back, or nil (see ``BannerUndo``).
    /// Set with ``offerUndo(_:source:)`` before the banner is shown; the queue
    /// commits it when the banner ends without Undo, exactly once.
    public private(set) var undo: BannerUndo?

    /// Makes this an undo banner: its button becomes Undo (in the user's
    /// language), which runs `undo`'s undo closure once and ends the banner;
    /// any other end commits it. Refused with a message from `source` once the
    /// banner was shown (the queue already decided how it ends) or when it
    /// already offers one; a refused `undo` is committed at once, so its change is never left undecided.
    /// - Returns: whether the banner offers `undo` now.
    @discardableResult
    public func offerUndo(_ undo: BannerUndo, source: String = "Banner.offerUndo(_:source:)") -> Bool {
        guard state == .hidden, self.undo == nil else {
            Diagnostics.report(source, state == .hidden
                ? "this banner already offers an undo; the new one was committed at once."
                : "an undo must be offered before the banner is shown; it was committed at once.")
            undo.commit(.dismissed(state.dismissReason ?? .notShown))
            return false
        }
        self.undo = undo
        update(source: source) {
            $0.action = BannerAction(label: HUDStrings.provider().undo, identifier: BannerUndo.actionIdentifier)
        }
        return true
    }

    /// Takes back the change this banner offers to undo, as its Undo button
    /// does, and ends the banner (``BannerDismissReason/programmatic``).
    /// Refused with a message from `source` (the public call the app made)
    /// when there is nothing to take back: the banner offers no undo, its
    /// change was already undone or committed, it is already leaving (its
    /// change is committed as it goes), or it was never shown.
    /// - Returns: whether the undo closure ran.
    @discardableResult
    public func undoChange(source: String = "Banner.undoChange(source:)") -> Bool {
        guard let undo else {
            Diagnostics.report(source, "this banner offers no undo; nothing was undone.")
            return false
        }
        guard undo.isPending else { return undo.undo(source: source) }
        guard let owner, state == .showing || state == .queued else {
            Diagnostics.report(source, state == .hidden
                ? "the banner was never shown; nothing was undone (its change is committed when the banner is released)."
                : "the banner is already leaving and its change is committed as it goes; nothing was undone.")
            return false
        }
        return owner.undo(self, reason: .programmatic, source: source)
    }

    /// Takes over the undo of `arriving`, merged into this banner (``BannerIDPolicy/updateInPlace``).
    func adoptUndo(of arriving: Banner) {
        undo = arriving.undo
        arriving.undo = nil
    }

    /// Whether its button is the Undo of its ``undo``.
    var actionIsUndo: Bool { undo != nil && content.action?.identifier == BannerUndo.actionIdentifier }

    /// Where the banner is in its life.
    public internal(set) var state: BannerState = .hidden {
        didSet { if state.isGone { sessionEnded() } }
    }

    /// The timeout of its current or next appearance.
    public internal(set) var timeout: BannerTimeout = .untilDismissed

    /// The queue that accepted it; `nil` before and after.
    weak var owner: BannerQueue?
    var countdown: BannerCountdown?
    /// What holds the timeout now, as the view reported it (the pointer is over
    /// the banner, focus is inside...). Kept here only (its countdown knows
    /// whether the set is empty), so that a banner pushed back by a high-priority
    /// one and presented again still knows the pointer rests on it: the view
    /// reports no new enter then. Each reason is a yes/no fact, so a set, not a
    /// count: a repeated leave cannot go negative, a repeated enter cannot stick.
    var inhibitors: Set<BannerInhibitReason> = []
    /// Whether it has been presented: only then can the view report input for it.
    var hasBeenOnScreen = false
    /// The edge the view was last told to show it at (see ``edge``).
    var shownEdge: BannerPosition?

    /// The edge the view shows the banner at: the one its queue gave it when
    /// it presented or moved it (``BannerQueue/edge(of:)``: the window's
    /// anchored edge while there is one, else ``BannerContent/position``);
    /// before it was presented, its own position.
    public var edge: BannerPosition { shownEdge ?? content.position }
    /// What screen readers were last told about it while it was on screen.
    var lastAnnouncement: BannerAnnouncement?
    /// Whether screen readers were told how to reach it by keyboard (once per banner).
    var hasGivenReachHint = false
    /// What it shows was not spoken because the user was not there (its window
    /// left, its context hidden): it is spoken when they come back, if still shown.
    var announcementWaitsForAttention = false
    var entranceTimer: ScheduledTimer?
    var exitTimer: ScheduledTimer?
    /// The spoken count of a burst of arrivals (``BannerIDPolicy/count``), due when the burst is over.
    var countAnnouncementTimer: ScheduledTimer?
    /// Whether its desktop notification was sent, withdrawn or is still to come.
    var desktopNotificationLedger = DesktopNotificationLedger()
    private var hasReportedDismissal = false

    isolated deinit {
        // An undo banner dropped without being shown: its change is final.
        undo?.commit(.dismissed(.notShown))
    }

    /// Its stable key, unique in the process: what the queue and the front
    /// ends file it under (its app-given ``BannerContent/id`` may be nil or
    /// shared with banners of other windows).
    public let key: BannerKey
    private static var banners = 0

    /// The id its desktop notification is sent and withdrawn with (`gtkhud-<n>`,
    /// its ``key``), also what the notification's actions name it by.
    public var desktopNotificationID: String { key.description }

    /// Creates a banner for already validated content.
    public init(_ content: BannerContent) {
        self.content = Self.corrected(content, current: nil, isWaitingOrShowing: false, source: "Banner.init(_:)")
        Self.banners += 1
        key = BannerKey(number: Self.banners)
    }

    /// Creates a banner with BRYXBanner's defaults.
    /// - Throws: ``BannerContentError/empty`` when title, subtitle and image are all missing.
    public convenience init(title: String? = nil, subtitle: String? = nil, image: ImageSource? = nil) throws(BannerContentError) {
        self.init(try BannerContent(title: title, subtitle: subtitle, image: image))
    }

    /// Dismisses the banner from its queue; does nothing if it was never queued or is already gone.
    public func dismiss() {
        owner?.dismiss(self)
    }

    /// Time left before the timeout, or `nil` when the banner has none now
    /// (see ``BannerQueue/effectiveTimeout(for:)``) or is not on screen. It
    /// stops going down while the timeout is paused.
    public var remainingTime: Duration? {
        guard state == .showing else { return nil }
        return countdown?.remainingTime
    }

    /// Whether the timeout is held: by hover, press, focus or drag on the
    /// banner, or by a hold of its queue (``BannerQueue/holds``).
    public var isTimeoutPaused: Bool { countdown?.isPaused ?? false }

    /// Runs ``onDismissed`` the first time it is called, then drops every closure
    /// so a closure that captures the banner cannot keep it alive.
    func reportDismissal() {
        guard case .gone(let reason) = state, !hasReportedDismissal else { return }
        hasReportedDismissal = true
        // Any end but Undo makes the change final, before the app hears of the end.
        undo?.commit(.dismissed(reason))
        let handler = onDismissed
        onTap = nil
        onAction = nil
        onMerged = nil
        onDismissed = nil
        owner = nil
        handler?(reason)
    }

    private func sessionEnded() {
        owner?.bannerEnded(self)
        inhibitors.removeAll()
        countdown?.cancel()
        countdown = nil
        entranceTimer?.cancel()
        entranceTimer = nil
        countAnnouncementTimer?.cancel()
        countAnnouncementTimer = nil
    }

    /// Returns `content` with every setting that cannot work replaced by a
    /// usable one, reporting each correction from `source`: the one check of
    /// banner settings, whichever API set them. Numbers follow GtkHUD's rule for
    /// settings (``HUDValues/setting(_:current:range:source:name:unit:allowsInfinity:)``):
    /// NaN or infinity keeps the `current` value (the default for a new banner),
    /// a value out of range is clamped.
    private static func corrected(_ content: BannerContent, current: BannerContent?, isWaitingOrShowing: Bool,
                                  source: String) -> BannerContent {
        var content = content
        content.id = correctedID(content.id, current: current?.id, isWaitingOrShowing: isWaitingOrShowing, source: source)
        content.repeatCount = max(1, content.repeatCount)
        content.progress = content.progress?.corrected
        content.animationDuration = HUDValues.setting(content.animationDuration, current: current?.animationDuration ?? BannerContent.defaultAnimationDuration,
                                                      range: 0...BannerSpring.maximumSettlingTime, source: source,
                                                      name: "animationDuration")
        // A finite huge height (3e9) trapped in Int32() when laid out.
        content.minimumHeight = HUDValues.setting(content.minimumHeight, current: current?.minimumHeight ?? BannerLayout.defaultMinimumHeight,
                                                  range: 0...BannerLayout.maximumMinimumHeight, source: source,
                                                  name: "minimumHeight", unit: "px")
        if !content.springiness.isValid {
            Diagnostics.report(source, "springiness \(content.springiness) needs a positive damping ratio, mass and "
                + "stiffness that settle within \(BannerSpring.maximumSettlingTime) s; using .slight.")
            content.springiness = .slight
        }
        if let color = content.backgroundColor, !color.isValid {
            Diagnostics.report(source, "backgroundColor components must be in 0...1; clamped to \(color.clamped.cssValue).")
            content.backgroundColor = color.clamped
        }
        if let color = content.textColor, !color.isValid {
            Diagnostics.report(source, "textColor components must be in 0...1; clamped to \(color.clamped.cssValue).")
            content.textColor = color.clamped
        }
        if let action = content.action, !action.isUsable {
            Diagnostics.report(source, "the action button needs a label and an identifier that are not blank; "
                + "the button was removed.")
            content.action = nil
        }
        return content
    }

    /// The id as given, unless it is blank, or it would change while the queue
    /// files the banner under it: then the current one stays, with a message.
    private static func correctedID(_ id: String?, current: String?, isWaitingOrShowing: Bool, source: String) -> String? {
        if let id, id.isBlank {
            Diagnostics.report(source, "an id needs text other than whitespace; the id was refused (it stays "
                + "\(current.map { "“\($0)”" } ?? "none")).")
            return current
        }
        if isWaitingOrShowing, id != current {
            Diagnostics.report(source, "the id of a banner that is showing or waiting cannot change, since its window "
                + "finds it by its id; the change was refused (it stays \(current.map { "“\($0)”" } ?? "none")).")
            return current
        }
        return id
    }
}

extension Banner: Hashable {
    /// Banners are equal only to themselves (their ``key``).
    nonisolated public static func == (lhs: Banner, rhs: Banner) -> Bool { lhs.key == rhs.key }

    /// Hashes the banner's key.
    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
    }
}

/// A banner's stable key: a number unique in the process, written `gtkhud-<n>`.
public struct BannerKey: Hashable, Sendable, CustomStringConvertible {
    /// The number, counted from 1 as banners are created.
    public let number: Int

    /// `gtkhud-<n>`.
    public var description: String { "gtkhud-\(number)" }
}

/// Where a banner is in its life. The life runs one way:
/// `hidden → (queued ⇄ showing) → gone`.
public enum BannerState: Hashable, Sendable {
    /// Created but never handed to a queue.
    case hidden
    /// Waiting in a queue, either never shown yet or put back by a
    /// high-priority banner.
    case queued
    /// On screen (its entrance may still be animating).
    case showing
    /// Dismissed for good; it cannot be shown again. Its exit may still be
    /// animating: ``Banner/onDismissed`` runs when the exit has finished.
    case gone(BannerDismissReason)

    /// Whether the banner has been dismissed.
    public var isGone: Bool {
        if case .gone = self { true } else { false }
    }

    /// Why it was dismissed, or nil while it is not gone.
    public var dismissReason: BannerDismissReason? {
        if case .gone(let reason) = self { reason } else { nil }
    }
}

/// Why a banner left the screen for good. Passed to ``Banner/onDismissed``.
public enum BannerDismissReason: Hashable, Sendable {
    /// Its timeout ran out.
    case timeout
    /// The user tapped or clicked it and ``BannerContent/dismissesOnTap`` was on.
    case tap
    /// The user swiped it towards its edge.
    case swipe
    /// The user pressed its action button.
    case action
    /// The user pressed its close button.
    case closeButton
    /// The user pressed Escape (``BannerQueue/dismissFront()``).
    case escape
    /// The app called ``BannerQueue/dismiss(_:)``, ``Banner/dismiss()`` or
    /// hid it by its id (``BannerQueue/dismiss(id:source:)``).
    case programmatic
    /// The app called ``BannerQueue/dismissAll()``.
    case dismissAll
    /// A newer banner with its id took its place (``BannerIDPolicy/replace``).
    case replaced
    /// It arrived while another banner with its id was showing or waiting, and
    /// never showed: it was dropped (``BannerIDPolicy/ignore``), merged into
    /// that banner (``BannerIDPolicy/updateInPlace``) or counted by it
    /// (``BannerIDPolicy/count``).
    case sameID
    /// Too many banners were waiting (``BannerQueue/queueLimit``) and the
    /// queue's ``BannerOverflowPolicy/dropOldest`` dropped it, the oldest waiting.
    case dropped
    /// The window holding the queue went away (``BannerQueue/hostDestroyed()``).
    case hostDestroyed
    /// The banner is not on screen or waiting: it was never shown, or showing
    /// it was refused (no window, GTK not initialised). Awaiting its end
    /// returns this at once instead of waiting for ever.
    case notShown
}

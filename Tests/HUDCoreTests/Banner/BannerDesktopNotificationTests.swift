import Testing
@testable import HUDCore

/// Records what the queue asks of the desktop, by banner title.
@MainActor
final class RecordingNotifier: DesktopNotificationPresenter {
    private(set) var events: [String] = []
    /// Whether there is an application to send through.
    var canSend = true
    private var titles: [String: String] = [:]

    func sendDesktopNotification(for banner: Banner, id: String) -> Bool {
        guard canSend else {
            events.append("refused \(banner.name)")
            return false
        }
        titles[id] = banner.name
        events.append("send \(banner.name)")
        return true
    }

    func withdrawDesktopNotification(id: String) {
        events.append("withdraw \(titles[id] ?? id)")
    }

    func updateDesktopNotification(for banner: Banner, id: String) {
        events.append("update \(titles[id] ?? id) to \(banner.name)")
        titles[id] = banner.name
    }
}

/// When a banner's desktop notification goes out and comes back, on virtual
/// time: each is sent at most once, withdrawn at most once and only after its send.
@MainActor
@Suite struct BannerDesktopNotificationTests {
    private let fixture = BannerFixture()
    private let notifier = RecordingNotifier()

    init() {
        fixture.queue.desktopNotifier = notifier
    }

    private func banner(_ name: String, _ policy: DesktopNotificationPolicy,
                        configure: (inout BannerContent) -> Void = { _ in }) throws -> Banner {
        try makeBanner(name) {
            $0.desktopNotification = policy
            configure(&$0)
        }
    }

    private func leaveTheWindow() {
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.windowAttentionChanged(isAttended: false)
    }

    @Test func theDefaultIsNever() throws {
        #expect(try BannerContent(title: "A").desktopNotification == .never)
        leaveTheWindow()
        fixture.queue.enqueue(try makeBanner("A"), duration: 2)
        #expect(notifier.events.isEmpty)
    }

    @Test func aBannerArrivingWhileTheUserIsAwayIsSentAndWithdrawnWhenTheyComeBack() throws {
        leaveTheWindow()
        let saved = try banner("Saved", .whenUnattended)
        fixture.queue.enqueue(saved, duration: 2)
        #expect(notifier.events == ["send Saved"])
        fixture.advance(60)
        #expect(notifier.events == ["send Saved"], "no second send while it waits")
        fixture.queue.windowAttentionChanged(isAttended: true)
        #expect(notifier.events == ["send Saved", "withdraw Saved"], "seen: the banner is on screen")
        fixture.advance(2)
        #expect(saved.state == .gone(.timeout))
        #expect(notifier.events == ["send Saved", "withdraw Saved"], "no second withdraw at the end")
    }

    @Test func aBannerWaitingItsTurnGoesOutWhenTheUserLeaves() throws {
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.enqueue(try makeBanner("First"), duration: 5)
        let waiting = try banner("Waiting", .whenUnattended)
        fixture.queue.enqueue(waiting, duration: 5)
        #expect(waiting.state == .queued)
        #expect(notifier.events.isEmpty)
        fixture.queue.windowAttentionChanged(isAttended: false)
        #expect(notifier.events == ["send Waiting"])
    }

    @Test func settingNeverOnABannerNotSentKeepsItsChanceForALaterPolicy() throws {
        fixture.queue.windowAttentionChanged(isAttended: true)
        let later = try banner("Later", .never)
        fixture.queue.enqueue(later, duration: nil)
        later.content.action = BannerAction(label: "Open", identifier: "open")
        later.content.desktopNotification = .always
        #expect(notifier.events == ["send Later"])
    }

    @Test func aBannerSeenAndPushedBackIsNotSentWhenItReturnsWhileTheUserIsAway() throws {
        fixture.queue.windowAttentionChanged(isAttended: true)
        let saved = try banner("Saved", .whenUnattended)
        fixture.queue.enqueue(saved, duration: nil)
        let urgent = try makeBanner("Urgent", priority: .high)
        fixture.queue.enqueue(urgent, duration: nil)
        #expect(saved.state == .queued, "pushed back after the user saw it")
        fixture.queue.windowAttentionChanged(isAttended: false)
        urgent.dismiss()
        fixture.advance(1)
        #expect(saved.state == .showing, "back on screen while the user is away")
        #expect(notifier.events.isEmpty, "the user already saw it")
    }

    @Test func theNotificationsButtonActsBeforeAWaitingBannersEndIsReported() throws {
        // The view looks its GAction up among the window's banners; the end would clear it.
        let first = try makeBanner("First")
        fixture.queue.enqueue(first, duration: nil)
        let waiting = try banner("Deleted", .always) { $0.action = BannerAction(label: "Undo", identifier: "undo") }
        fixture.queue.enqueue(waiting, duration: nil)
        #expect(waiting.state == .queued)
        var order: [String] = []
        waiting.onAction = { _ in order.append("action") }
        waiting.onDismissed = { _ in order.append("ended") }
        fixture.queue.desktopNotificationActionInvoked(waiting)
        #expect(order == ["action", "ended"])
    }

    @Test func aBannerShownWhileTheUserIsInTheWindowIsNeverSent() throws {
        fixture.queue.windowAttentionChanged(isAttended: true)
        let saved = try banner("Saved", .whenUnattended)
        fixture.queue.enqueue(saved, duration: nil)
        fixture.queue.windowAttentionChanged(isAttended: false)
        fixture.advance(10)
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.windowAttentionChanged(isAttended: false)
        saved.dismiss()
        #expect(notifier.events.isEmpty, "they saw it before they left")
    }

    @Test func aWindowNeverAttendedIsNotAwaySoNothingIsSent() throws {
        // Headless compositors never make a window active: that is not "the user left".
        fixture.queue.windowAttentionChanged(isAttended: false)
        fixture.queue.enqueue(try banner("Saved", .whenUnattended), duration: 2)
        #expect(notifier.events.isEmpty)
    }

    @Test func dismissingWithdrawsOnce() throws {
        leaveTheWindow()
        let saved = try banner("Saved", .whenUnattended)
        fixture.queue.enqueue(saved, duration: 2)
        saved.dismiss()
        saved.dismiss()
        fixture.advance(1)
        #expect(notifier.events == ["send Saved", "withdraw Saved"])
    }

    @Test func aWaitingBannerIsSentWhenItArrivesAndWithdrawnWhenItComesOnScreenInFrontOfTheUser() throws {
        leaveTheWindow()
        let first = try banner("First", .never), second = try banner("Second", .whenUnattended)
        fixture.queue.enqueue(first, duration: 2)
        fixture.queue.enqueue(second, duration: 2)
        #expect(second.state == .queued)
        #expect(notifier.events == ["send Second"], "a message waiting its turn is not lost either")
        fixture.queue.windowAttentionChanged(isAttended: true)
        #expect(notifier.events == ["send Second"], "not seen yet: it is still waiting")
        fixture.advance(2)
        #expect(second.state == .showing)
        #expect(notifier.events == ["send Second", "withdraw Second"])
    }

    @Test func aBannerWaitingWhenTheUserLeavesIsSentOnceAndNotAgainWhenItComesOnScreen() throws {
        fixture.queue.windowAttentionChanged(isAttended: true)
        let first = try banner("First", .never), second = try banner("Second", .whenUnattended)
        fixture.queue.enqueue(first, duration: nil)
        fixture.queue.enqueue(second, duration: nil)
        fixture.queue.windowAttentionChanged(isAttended: false)
        #expect(notifier.events == ["send Second"], "the user has not seen it: the first banner holds the window")
        first.dismiss()
        fixture.advance(1)
        #expect(second.state == .showing)
        #expect(notifier.events == ["send Second"])
    }

    @Test func alwaysMirrorsTheBannerForItsWholeLife() throws {
        fixture.queue.windowAttentionChanged(isAttended: true)
        let saved = try banner("Saved", .always)
        fixture.queue.enqueue(saved, duration: 2)
        #expect(notifier.events == ["send Saved"])
        fixture.queue.windowAttentionChanged(isAttended: false)
        fixture.queue.windowAttentionChanged(isAttended: true)
        #expect(notifier.events == ["send Saved"], "seeing it does not withdraw a mirror")
        fixture.advance(2)
        #expect(saved.state == .gone(.timeout))
        #expect(notifier.events == ["send Saved", "withdraw Saved"])
    }

    @Test func activatingTheNotificationCountsAsSeen() throws {
        leaveTheWindow()
        let saved = try banner("Saved", .always)
        fixture.queue.enqueue(saved, duration: 2)
        fixture.queue.desktopNotificationActivated(saved)
        fixture.queue.desktopNotificationActivated(saved)
        #expect(notifier.events == ["send Saved", "withdraw Saved"])
        saved.dismiss()
        #expect(notifier.events == ["send Saved", "withdraw Saved"])
    }

    @Test func theNotificationsButtonActsOnceAndDismissesWithAction() throws {
        leaveTheWindow()
        let counter = ClosureCounter()
        let undo = try banner("Deleted", .whenUnattended) { $0.action = BannerAction(label: "Undo", identifier: "undo") }
        counter.watch(undo)
        fixture.queue.enqueue(undo, duration: 5)
        fixture.queue.desktopNotificationActionInvoked(undo)
        fixture.queue.desktopNotificationActionInvoked(undo)
        fixture.queue.activateAction(undo)
        fixture.advance(1)
        #expect(counter.actions == ["undo"])
        #expect(counter.dismissals == [.action])
        #expect(notifier.events == ["send Deleted", "withdraw Deleted"])
    }

    @Test func theButtonOfAWaitingBannersNotificationActsToo() throws {
        leaveTheWindow()
        let counter = ClosureCounter()
        let first = try banner("First", .never)
        let undo = try banner("Deleted", .whenUnattended) { $0.action = BannerAction(label: "Undo", identifier: "undo") }
        counter.watch(undo)
        fixture.queue.enqueue(first, duration: nil)
        fixture.queue.enqueue(undo, duration: nil)
        fixture.queue.desktopNotificationActionInvoked(undo)
        #expect(counter.actions == ["undo"])
        #expect(counter.dismissals == [.action])
        #expect(notifier.events == ["send Deleted", "withdraw Deleted"])
    }

    @Test func aButtonWithoutAnActionDoesNothing() throws {
        leaveTheWindow()
        let saved = try banner("Saved", .whenUnattended)
        fixture.queue.enqueue(saved, duration: nil)
        fixture.queue.desktopNotificationActionInvoked(saved)
        #expect(saved.state == .showing)
    }

    @Test func theWindowGoingAwayWithdraws() throws {
        leaveTheWindow()
        let saved = try banner("Saved", .whenUnattended)
        fixture.queue.enqueue(saved, duration: nil)
        fixture.queue.hostDestroyed()
        #expect(notifier.events == ["send Saved", "withdraw Saved"])
    }

    @Test func withoutAnApplicationTheBannerStillShowsAndIsNotTriedAgain() throws {
        notifier.canSend = false
        leaveTheWindow()
        let saved = try banner("Saved", .whenUnattended)
        fixture.queue.enqueue(saved, duration: 2)
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.windowAttentionChanged(isAttended: false)
        fixture.advance(2)
        saved.dismiss()
        #expect(saved.state == .gone(.programmatic))
        #expect(notifier.events == ["refused Saved"])
    }

    @Test func turningThePolicyToNeverWithdrawsAndAnotherPolicyIsFollowedAtOnce() throws {
        leaveTheWindow()
        let saved = try banner("Saved", .never)
        fixture.queue.enqueue(saved, duration: nil)
        #expect(notifier.events.isEmpty)
        saved.content.desktopNotification = .whenUnattended
        #expect(notifier.events == ["send Saved"])
        saved.content.desktopNotification = .never
        #expect(notifier.events == ["send Saved", "withdraw Saved"])
        saved.content.desktopNotification = .always
        #expect(notifier.events == ["send Saved", "withdraw Saved"], "once settled, never again")
    }

    @Test func aPreemptedBannerIsNotSentTwice() throws {
        leaveTheWindow()
        let low = try banner("Low", .whenUnattended)
        fixture.queue.enqueue(low, duration: nil)
        let high = try banner("High", .never) { $0.priority = .high }
        fixture.queue.enqueue(high, duration: nil)
        #expect(low.state == .queued)
        high.dismiss()
        fixture.advance(1)
        #expect(low.state == .showing)
        #expect(notifier.events == ["send Low"])
    }

    @Test func newWordsOnABannerReplaceItsNotificationThatIsOut() throws {
        leaveTheWindow()
        let export = try banner("Exporting", .always)
        fixture.queue.enqueue(export, duration: nil)
        try export.content.replaceMessage(title: "Exported", subtitle: "3 files", image: nil)
        #expect(notifier.events == ["send Exporting", "update Exporting to Exported"], "same id, new text")
        try export.content.replaceMessage(title: "Exported", subtitle: "4 files", image: nil)
        export.content.action = BannerAction(label: "Open", identifier: "open")
        export.content.usesMarkup = true
        #expect(notifier.events.count == 5, "subtitle, button and markup are what the notification shows")
        export.content.backgroundColor = .white
        try export.content.replaceMessage(title: "Exported", subtitle: "4 files", image: nil)
        #expect(notifier.events.count == 5, "nothing it shows changed")
        export.dismiss()
        #expect(notifier.events.last == "withdraw Exported")
        try export.content.replaceMessage(title: "Late", subtitle: nil, image: nil)
        #expect(notifier.events.count == 6, "a banner that ended updates nothing")
    }

    @Test func newWordsUpdateOnlyANotificationThatIsOut() throws {
        fixture.queue.windowAttentionChanged(isAttended: true)
        let waiting = try banner("Waiting", .whenUnattended)
        fixture.queue.enqueue(waiting, duration: nil)
        try waiting.content.replaceMessage(title: "Seen", subtitle: nil, image: nil)
        #expect(notifier.events.isEmpty, "seen in the window: never sent, nothing to update")
        waiting.dismiss()
        fixture.advance(1)
        fixture.queue.windowAttentionChanged(isAttended: false)
        let later = try banner("Later", .whenUnattended)
        fixture.queue.enqueue(later, duration: nil)
        #expect(notifier.events == ["send Later"])
        fixture.queue.windowAttentionChanged(isAttended: true)
        try later.content.replaceMessage(title: "Later still", subtitle: nil, image: nil)
        #expect(notifier.events == ["send Later", "withdraw Later"], "withdrawn when seen: not sent again by new words")
    }

    @Test func newWordsAndANeverPolicyTogetherWithdraw() throws {
        leaveTheWindow()
        let export = try banner("Exporting", .always)
        fixture.queue.enqueue(export, duration: nil)
        export.content = {
            var content = export.content
            try? content.replaceMessage(title: "Exported", subtitle: nil, image: nil)
            content.desktopNotification = .never
            return content
        }()
        #expect(notifier.events == ["send Exporting", "withdraw Exporting"])
    }

    @Test func eachBannerHasItsOwnID() throws {
        let a = try makeBanner("A"), b = try makeBanner("B")
        #expect(a.desktopNotificationID != b.desktopNotificationID)
        #expect(a.desktopNotificationID.hasPrefix("gtkhud-"))
    }
}

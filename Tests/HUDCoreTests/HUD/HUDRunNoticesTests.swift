import Testing
@testable import HUDCore

/// Records what the run-notice ledger asks of the desktop, by notice title.
@MainActor
final class RecordingRunNoticePresenter: HUDRunNoticePresenter {
    private(set) var events: [String] = []
    /// Whether there is an application to send through.
    var canSend = true
    private(set) var sent: [HUDRunNotices.Notice] = []
    private var titles: [String: String] = [:]

    func sendRunNotice(_ notice: HUDRunNotices.Notice) -> Bool {
        guard canSend else {
            events.append("refused \(notice.title)")
            return false
        }
        sent.append(notice)
        titles[notice.id] = notice.title
        events.append("send \(notice.title)")
        return true
    }

    func withdrawRunNotice(id: String) { events.append("withdraw \(titles[id] ?? id)") }
    func setWindowUrgent(_ urgent: Bool) { events.append(urgent ? "urgent" : "not urgent") }
}

/// `HUD.notifiesWhenUnattended`'s notices, decided on virtual time: sent only
/// while the window is away by WindowFacts' rule, withdrawn once, with the
/// window's urgency following them.
@MainActor
@Suite struct HUDRunNoticesTests {
    private let scheduler = ManualScheduler()
    private let notices = HUDRunNotices()
    private let desktop = RecordingRunNoticePresenter()
    private let strings = HUDStrings.english

    init() {
        notices.presenter = desktop
    }

    private static var active: WindowFacts {
        var facts = WindowFacts()
        facts.isActive = true
        facts.hasBeenActive = true
        return facts
    }

    /// Another window has the focus, after this one had it.
    private static var left: WindowFacts {
        var facts = WindowFacts()
        facts.hasBeenActive = true
        return facts
    }

    private func end(_ source: HUDRunNotices.Source, _ outcome: HUDMode = .success, working: String? = "Exporting",
                     result: String? = "Exported", notifies: Bool = true) {
        notices.runEnded(by: source, outcome: outcome, working: working, result: result,
                         notifiesWhenUnattended: notifies, strings: strings)
    }

    private func leaveTheWindow() {
        notices.windowChanged(Self.active)
        notices.windowChanged(Self.left)
    }

    @Test func aRunEndingWhileTheUserIsInTheWindowSendsNothing() {
        let hud = notices.makeSource()
        notices.windowChanged(Self.active)
        end(hud)
        scheduler.advance(by: .seconds(60))
        #expect(desktop.events.isEmpty)
        #expect(!notices.isWindowUrgent)
    }

    @Test func aRunEndingWhileTheUserIsAwaySendsAndComingBackWithdrawsOnce() {
        let hud = notices.makeSource()
        leaveTheWindow()
        end(hud)
        #expect(desktop.events == ["send Exporting", "urgent"])
        #expect(desktop.sent.first?.body == "Exported")
        scheduler.advance(by: .seconds(600))
        #expect(desktop.events == ["send Exporting", "urgent"], "waits for the user, however long")
        notices.windowChanged(Self.active)
        #expect(desktop.events == ["send Exporting", "urgent", "withdraw Exporting", "not urgent"])
        notices.windowChanged(Self.left)
        notices.windowChanged(Self.active)
        notices.activated(id: desktop.sent[0].id)
        notices.hostDestroyed()
        #expect(desktop.events.count == 4, "a notice withdrawn is never withdrawn again")
        #expect(notices.noticesOut.isEmpty)
    }

    @Test func withoutTheOptInNothingGoesOut() {
        let hud = notices.makeSource()
        leaveTheWindow()
        end(hud, notifies: false)
        #expect(desktop.events.isEmpty)
    }

    @Test func aWindowNeverAttendedIsNotAway() {
        // Headless compositors and kiosks never make a window active.
        let hud = notices.makeSource()
        notices.windowChanged(WindowFacts())
        end(hud)
        #expect(desktop.events.isEmpty)
        #expect(!notices.isWindowAway)
    }

    @Test func activeBeforeTheLedgerExistedCounts() {
        // The window was active earlier, while the app used GtkHUD: the latch comes with the facts.
        let hud = notices.makeSource()
        notices.windowChanged(Self.left)
        #expect(notices.isWindowAway)
        end(hud)
        #expect(desktop.events == ["send Exporting", "urgent"])
    }

    @Test func onX11AStaleFocusedStateIsNotTheUserComingBack() {
        // openbox sets _NET_WM_STATE_FOCUSED at map and never clears it.
        let hud = notices.makeSource()
        var stale = Self.left
        stale.isFocusedState = true
        notices.windowChanged(Self.active)
        notices.windowChanged(stale)
        #expect(notices.isWindowAway, "only is-active counts on X11")
        end(hud)
        #expect(desktop.events == ["send Exporting", "urgent"])
        notices.windowChanged(stale)
        #expect(desktop.events == ["send Exporting", "urgent"], "still away")
        var back = stale
        back.isActive = true
        notices.windowChanged(back)
        #expect(desktop.events == ["send Exporting", "urgent", "withdraw Exporting", "not urgent"])
    }

    @Test func onWaylandTheFocusedStateIsTheUserComingBack() {
        let hud = notices.makeSource()
        leaveTheWindow()
        end(hud)
        var focused = Self.left
        focused.isFocusedState = true
        focused.focusedStateIsReliable = true
        notices.windowChanged(focused)
        #expect(desktop.events == ["send Exporting", "urgent", "withdraw Exporting", "not urgent"])
    }

    @Test func aMinimisedWindowThatIsStillActiveIsAway() {
        let hud = notices.makeSource()
        notices.windowChanged(Self.active)
        var minimised = Self.active
        minimised.isMinimized = true
        notices.windowChanged(minimised)
        end(hud)
        #expect(desktop.events == ["send Exporting", "urgent"])
        notices.windowChanged(Self.active)
        #expect(desktop.events.suffix(2) == ["withdraw Exporting", "not urgent"])
    }

    @Test func theSameHUDsNextRunReplacesItsNotice() {
        let hud = notices.makeSource()
        leaveTheWindow()
        end(hud, working: "First")
        end(hud, .error, working: "Second", result: nil)
        #expect(desktop.events == ["send First", "urgent", "withdraw First", "send Second"],
                "replaced, and the window stays urgent without a blink")
        #expect(desktop.sent.last?.body == "Failed")
        #expect(notices.noticesOut.map(\.title) == ["Second"])
    }

    @Test func theNextRunEndingInTheWindowStillWithdrawsTheLastNotice() {
        let hud = notices.makeSource()
        leaveTheWindow()
        end(hud, working: "First")
        // The user came back by a road the facts did not report yet; the next run ends unopted.
        end(hud, working: "Second", notifies: false)
        #expect(desktop.events == ["send First", "urgent", "withdraw First", "not urgent"])
    }

    @Test func anotherHUDsRunDoesNotTouchThisNotice() {
        let first = notices.makeSource(), second = notices.makeSource()
        leaveTheWindow()
        end(first, working: "First")
        end(second, working: "Second")
        #expect(desktop.events == ["send First", "urgent", "send Second"])
        notices.activated(id: desktop.sent[0].id)
        #expect(desktop.events == ["send First", "urgent", "send Second", "withdraw First"],
                "still urgent: the second is out")
        notices.activated(id: desktop.sent[0].id)
        #expect(desktop.events.count == 4, "activated twice, withdrawn once")
        notices.activated(id: desktop.sent[1].id)
        #expect(desktop.events.suffix(2) == ["withdraw Second", "not urgent"])
    }

    @Test func theWindowGoingWithdrawsEverythingAndSendsNoMore() {
        let hud = notices.makeSource()
        leaveTheWindow()
        end(hud)
        notices.hostDestroyed()
        #expect(desktop.events == ["send Exporting", "urgent", "withdraw Exporting", "not urgent"])
        end(hud, working: "Late")
        notices.hostDestroyed()
        #expect(desktop.events.count == 4)
    }

    @Test func aNoticeTheDesktopRefusedIsNotWithdrawnButTheWindowIsStillUrgent() {
        desktop.canSend = false
        let hud = notices.makeSource()
        leaveTheWindow()
        end(hud)
        #expect(desktop.events == ["refused Exporting", "urgent"])
        #expect(notices.noticesOut.isEmpty)
        notices.windowChanged(Self.active)
        #expect(desktop.events == ["refused Exporting", "urgent", "not urgent"], "nothing out to withdraw")
    }

    @Test func theWordsFollowTheOutcome() {
        leaveTheWindow()
        let hud = notices.makeSource()
        end(hud, .success, working: nil, result: nil)
        end(hud, .info, working: "Importing", result: "  ")
        end(hud, .error, working: "Same", result: "Same")
        #expect(desktop.sent.map(\.title) == ["Success", "Importing", "Same"])
        #expect(desktop.sent.map(\.body) == [nil, "Cancelled", nil])
        #expect(Set(desktop.sent.map(\.id)).count == 3, "each notice its own id")
    }
}

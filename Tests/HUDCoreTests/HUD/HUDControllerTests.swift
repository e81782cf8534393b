import Testing
@testable import HUDCore

/// The decisions HUDController makes for both front-ends (issue #19), on virtual time.
@MainActor
@Suite struct HUDControllerTests {
    private let scheduler = ManualScheduler()

    /// An instance HUD's controller with a recording view.
    private func instance() -> (HUDController, HUDRecordingPresenter) {
        let controller = HUDController(scheduler: scheduler)
        let view = HUDRecordingPresenter(scheduler: scheduler)
        controller.attach(view)
        return (controller, view)
    }

    private func shared() -> (SharedHUDController, HUDRecordingPresenter) {
        let hud = SharedHUDController(scheduler: scheduler)
        let view = HUDRecordingPresenter(scheduler: scheduler)
        hud.attach(view)
        return (hud, view)
    }

    // MARK: Late progress (bugs 1 and 2)

    @Test func progressPostedBeforeAResultAndAppliedAfterItIsDropped() {
        let (hud, _) = shared()
        hud.showProgress(0.5, status: "Copying")
        hud.showSuccess(status: "Done")
        #expect(!hud.postAndDeliver(1), "the worker's last value arrives after the result")
        #expect(hud.content == HUDContent(status: "Done", indicator: .success))
        scheduler.advance(to: .seconds(6))
        #expect(!hud.isVisible, "the result left on its own")
    }

    @Test func progressAfterADismissalOrTheHostsEndIsDroppedUntilTheNextShowOfWork() {
        let (hud, _) = shared()
        hud.showProgress(0.2)
        hud.dismiss()
        #expect(!hud.core.acceptsPostedProgress)
        #expect(!hud.postAndDeliver(0.4))
        hud.show(status: "Again")
        #expect(hud.postAndDeliver(0.4), "a show of work accepts progress again")
        hud.hostDestroyed()
        #expect(!hud.postAndDeliver(0.6))
        #expect(!hud.isVisible)
        #expect(hud.core.view == nil, "the view went with its window")
    }

    @Test func theGateTellsTheThreadSideEachChange() {
        let (hud, _) = shared()
        var states: [Bool] = []
        let calls: [() -> Void] = [{ hud.show() }, { hud.showError(status: "No") }, { hud.showProgress(0) }, { hud.popActivity() }]
        for call in calls {
            call()
            states.append(hud.core.postedProgress.isOpen)
        }
        #expect(states == [true, false, true, false])
    }

    /// The gate follows the content, whichever road it came by: an instance HUD
    /// whose mode is a result is presented with `present`, not `showResult`.
    @Test func aResultPresentedDirectlyRefusesPostedProgress() {
        let controller = HUDController(scheduler: scheduler)
        controller.attach(HUDRecordingPresenter(scheduler: scheduler))
        controller.present(HUDContent(status: "Working"))
        #expect(controller.acceptsPostedProgress)
        controller.present(HUDContent(status: "Saved", indicator: .success))
        #expect(!controller.acceptsPostedProgress, "a result is the end of the work")
        #expect(!controller.postAndDeliver(0.9, showsIfHidden: false))
        #expect(controller.content.indicator == .success)
    }

    @Test func theFirstPostedValueShowsTheHUDAndCountsOneActivity() {
        let (hud, view) = shared()
        #expect(hud.postAndDeliver(0.3))
        #expect(hud.activityCount == 1)
        #expect(hud.content.indicator == .progress(0.3))
        #expect(view.callList == [.beginAppear(.milliseconds(150))])
    }

    // MARK: Host changes (bugs 2 and 8)

    @Test func movingToAnotherViewKeepsActivitiesTimersAndContent() {
        let (hud, first) = shared()
        hud.show(status: "One")
        scheduler.advance(to: .seconds(1))
        let second = HUDRecordingPresenter(scheduler: scheduler)
        hud.attach(second)
        hud.show(status: "Two")
        hud.popActivity()
        scheduler.advance(to: .seconds(3))
        #expect(hud.isVisible, "one activity is left")
        #expect(first.callList.last == .finishDisappear, "the old view was cleared")
        #expect(second.callList == [.beginAppear(.zero)], "the new view shows it at once")
        #expect(second.displayed.last == HUDContent(status: "Two"))
        hud.popActivity()
        scheduler.advance(to: .seconds(4))
        #expect(!hud.isVisible)
        #expect(second.callList.last == .finishDisappear)
        // Issue #29: the move itself said nothing; the new status was said once, where the HUD is now.
        #expect(first.announced.map(\.text) == ["One"])
        #expect(second.announced.map(\.text) == ["Two"])
    }

    /// A HUD moved during its fade-out goes on leaving on the new view: it is
    /// put there as it is (shown, then leaving at once), not fully shown again.
    @Test func movingDuringTheFadeOutKeepsTheHUDLeaving() {
        let (hud, first) = shared()
        hud.show(status: "One")
        scheduler.advance(to: .seconds(1))
        hud.dismiss()
        scheduler.advance(by: .milliseconds(50))
        let second = HUDRecordingPresenter(scheduler: scheduler)
        hud.attach(second)
        #expect(first.callList.last == .finishDisappear)
        #expect(second.callList == [.beginAppear(.zero), .beginDisappear(.zero)], "it arrives leaving")
        scheduler.advance(by: .seconds(1))
        #expect(!hud.isVisible)
        #expect(second.callList.last == .finishDisappear)
    }

    @Test func afterTheHostsEndANewViewAppearsOnTheNextShow() {
        let (hud, _) = shared()
        hud.showProgress(0.2)
        scheduler.advance(to: .seconds(1))
        hud.hostDestroyed()
        let next = HUDRecordingPresenter(scheduler: scheduler)
        hud.attach(next)
        hud.show(status: "B")
        #expect(next.callList == [.beginAppear(.milliseconds(150))])
        #expect(hud.activityCount == 1)
    }

    /// Attaching the view the HUD is already on is no move: nothing is cleared,
    /// shown again or said again (a front end may attach its view on every call).
    @Test func attachingTheSameViewAgainChangesNothing() {
        let (hud, view) = shared()
        hud.show(status: "Working")
        scheduler.advance(to: .seconds(1))
        let calls = view.callList, displayed = view.displayed.count, announced = view.announced.count
        hud.attach(view)
        #expect(view.callList == calls)
        #expect(view.displayed.count == displayed)
        #expect(view.announced.count == announced)
        #expect(hud.isVisible)
    }

    /// A HUD moved while it waits for its grace time keeps waiting: it appears
    /// on the new view when the grace time is up, not at the move, and never on the old one.
    @Test func aHUDMovedDuringItsGraceTimeAppearsOnTheNewViewWhenItIsUp() {
        let (controller, first) = instance()
        controller.timing.graceTime = 1
        controller.present(HUDContent(status: "Saving"))
        scheduler.advance(to: .milliseconds(500))
        let second = HUDRecordingPresenter(scheduler: scheduler)
        controller.attach(second)
        #expect(second.callList.isEmpty, "still in the grace time")
        #expect(second.announced.isEmpty)
        #expect(!controller.isVisible)
        scheduler.advance(to: .seconds(2))
        #expect(first.callList.isEmpty, "the old view never showed it")
        #expect(second.calls.map(\.call) == [.beginAppear(.milliseconds(150))])
        #expect(second.time(of: .beginAppear(.milliseconds(150))) == .seconds(1), "when the grace time was up")
        #expect(second.announced.map(\.text) == ["Saving"])
    }

    // MARK: Announcements (bug 3; issue #29: once-only across moves)

    /// Issue #29: a move reset the announcement policy, so the new window heard
    /// "Uploading, 10%" again. A move is silent; what changes after it is said once.
    @Test func movingToAnotherViewAnnouncesNothingAgain() {
        let (hud, first) = shared()
        hud.showProgress(0.1, status: "Uploading")
        scheduler.advance(to: .seconds(1))
        #expect(first.announced.map(\.text) == ["Uploading, 10%"])
        let second = HUDRecordingPresenter(scheduler: scheduler)
        hud.attach(second)
        hud.showProgress(0.1, status: "Uploading") // the app's next call, now in the other window
        scheduler.advance(to: .seconds(2))
        #expect(second.announced.isEmpty, "the move repeated \(second.announced.map(\.text))")
        let third = HUDRecordingPresenter(scheduler: scheduler)
        hud.attach(third)
        hud.updateProgress(0.2)
        hud.attach(second)
        #expect(third.announced.isEmpty && second.announced.isEmpty, "no crossing, no words, however often it moves")
        scheduler.advance(to: .seconds(4))
        hud.updateProgress(0.3)
        #expect(second.announced.map(\.text) == ["Uploading, 30%"], "the next crossing is said once, with the current value")
        #expect(first.announced.count == 1)
    }

    @Test func aResultIsAnnouncedWithWhatItMeansEvenWithTheWorkingLabel() {
        let (controller, view) = instance()
        controller.present(HUDContent(status: "Uploading"))
        controller.setContent(HUDContent(status: "Uploading", indicator: .success))
        controller.setContent(HUDContent(status: "Uploading", indicator: .error))
        #expect(view.announced.map(\.text) == ["Uploading", "Success: Uploading", "Error: Uploading"])
        #expect(view.announced.map(\.isUrgent) == [false, false, true])
    }

    @Test func nothingIsAnnouncedBeforeTheHUDIsOnScreenAndItIsAnnouncedAfreshNextTime() {
        let (controller, view) = instance()
        controller.timing.graceTime = 1
        controller.present(HUDContent(status: "Saving"))
        #expect(view.announced.isEmpty, "still in the grace time")
        scheduler.advance(to: .seconds(2))
        controller.dismiss()
        scheduler.advance(to: .seconds(3))
        controller.present(HUDContent(status: "Saving"))
        scheduler.advance(to: .seconds(5))
        #expect(view.announced.map(\.text) == ["Saving", "Saving"])
    }

    // MARK: Timing

    @Test func noFadesWhenAnimationsAreOffOrATransitionIsNotAnimated() {
        let (controller, view) = instance()
        controller.animationsEnabled = false
        controller.present(HUDContent())
        controller.animationsEnabled = true
        controller.dismiss(animated: false)
        controller.present(HUDContent(), animated: true)
        #expect(view.callList == [.beginAppear(.zero), .beginDisappear(.zero), .finishDisappear, .beginAppear(.milliseconds(150))])
    }

    // MARK: Runs (bug 5)

    @Test func aRunAfterAResultComesBackToTheWorkAndOnlyTheLastRunShowsItsResult() {
        typealias Working = HUDRunLedger.Working
        var ledger = HUDRunLedger()
        ledger.appSet(label: "Syncing")
        let (first, showFirst) = ledger.begin(showing: Working(mode: .indeterminate, label: "Syncing"))
        #expect(showFirst == nil, "the HUD already shows the app's work")
        let firstIsLast = ledger.end(first)
        #expect(firstIsLast, "the only run shows its result")
        // The result replaced the HUD's mode and label; they are not the app's.
        let (second, show) = ledger.begin(showing: Working(mode: .info, label: "Cancelled"))
        #expect(show == Working(mode: .indeterminate, label: "Syncing"), "the new run shows the work, not the old result")
        let (third, showThird) = ledger.begin(showing: Working(mode: .indeterminate, label: "Syncing"))
        #expect(showThird == nil, "a run joining working runs changes nothing")
        let secondIsLast = ledger.end(second)
        #expect(!secondIsLast, "another run still works")
        #expect(ledger.isRunning)
        let thirdIsLast = ledger.end(third)
        #expect(thirdIsLast)
        let again = ledger.end(third)
        #expect(!again, "a run ends once")
    }

    @Test func theAppsOwnChangeBetweenRunsIsTheNewWork() {
        typealias Working = HUDRunLedger.Working
        var ledger = HUDRunLedger()
        ledger.appSet(label: "Syncing")
        let (first, _) = ledger.begin(showing: Working(mode: .indeterminate, label: "Syncing"))
        _ = ledger.end(first)
        ledger.appSet(label: "Importing")
        let (_, show) = ledger.begin(showing: Working(mode: .success, label: "Importing"))
        #expect(show == Working(mode: .indeterminate, label: "Importing"))
    }

    /// A mode the app sets after a result keeps the app's label: the result's text is no working label.
    @Test func theAppsModeAloneKeepsItsLabel() {
        typealias Working = HUDRunLedger.Working
        var ledger = HUDRunLedger()
        ledger.appSet(label: "Syncing")
        let (first, _) = ledger.begin(showing: Working(mode: .indeterminate, label: "Syncing"))
        _ = ledger.end(first)
        ledger.appSet(mode: .annularDeterminate)
        let (_, show) = ledger.begin(showing: Working(mode: .annularDeterminate, label: "Cancelled"))
        #expect(show == Working(mode: .annularDeterminate, label: "Syncing"))
    }

    /// Work is never shown as an outcome: a result mode the app set becomes the spinner.
    @Test(arguments: [HUDMode.success, .error, .info])
    func aResultModeTheAppSetIsShownAsTheSpinnerWhileWorking(result: HUDMode) {
        typealias Working = HUDRunLedger.Working
        var ledger = HUDRunLedger()
        ledger.appSet(mode: result)
        ledger.appSet(label: "Saving")
        let (_, show) = ledger.begin(showing: Working(mode: result, label: "Saving"))
        #expect(show == Working(mode: .indeterminate, label: "Saving"))
    }

    /// `observe` and `track` switch the modes that show no amount (a spinner,
    /// text only) to a ring; the modes that draw an amount, and a custom
    /// widget or a result the app chose, are kept.
    @Test func theModesWithoutAnAmountAreTheSpinnerAndTextOnly() {
        let all: [HUDMode] = [.indeterminate, .determinate, .annularDeterminate, .determinateHorizontalBar,
                              .customView, .text, .success, .error, .info]
        #expect(all.filter(\.isIndefinite) == [.indeterminate, .text])
        #expect(all.filter(\.isResult) == [.success, .error, .info])
    }
}

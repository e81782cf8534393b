import Testing
@testable import HUDCore

/// The shared HUD wired to recorders on virtual time.
@MainActor
private struct Fixture {
    let scheduler = ManualScheduler()
    let hud: SharedHUDController
    let presenter: HUDRecordingPresenter
    let recorder: HUDEventRecorder
    let probe = HUDCompletionProbe()

    init() {
        hud = SharedHUDController(scheduler: scheduler)
        presenter = HUDRecordingPresenter(scheduler: scheduler)
        hud.attach(presenter)
        presenter.forgetDisplayed() // attaching shows the (empty) content on the new view
        recorder = HUDEventRecorder(observing: hud.lifecycle, scheduler: scheduler)
    }

    var appearCount: Int { presenter.callList.filter { if case .beginAppear = $0 { true } else { false } }.count }
    var fadeOutStart: Duration? { recorder.time(of: .willDisappear) }
}

@MainActor
@Suite struct SharedHUDControllerTests {
    // MARK: Activity counting (SVProgressHUD #623, #1082)

    @Test func showShowPopStaysVisibleAndASecondPopDismisses() {
        let f = Fixture()
        f.hud.show(status: "A")
        f.hud.show(status: "B")
        f.hud.popActivity()
        #expect(f.hud.activityCount == 1)
        f.scheduler.advance(to: .seconds(10))
        #expect(f.hud.isVisible)
        f.hud.popActivity()
        #expect(f.hud.activityCount == 0)
        f.scheduler.advance(to: .seconds(11))
        #expect(!f.hud.isVisible)
        #expect(f.fadeOutStart == .seconds(10))
    }

    @Test func progressCountsOneActivityWhenItStarts() {
        let f = Fixture()
        for step in 0...10 { f.hud.showProgress(Double(step) / 10, status: "Uploading") }
        #expect(f.hud.activityCount == 1)
        #expect(f.hud.content == HUDContent(status: "Uploading", indicator: .progress(1)))
        f.hud.popActivity()
        f.scheduler.advance(to: .seconds(1))
        #expect(!f.hud.isVisible)
    }

    @Test func progressAfterADismissalStartsANewActivity() {
        let f = Fixture()
        f.hud.showProgress(0.5)
        f.hud.dismiss()
        f.hud.showProgress(0)
        #expect(f.hud.activityCount == 1)
        f.scheduler.advance(to: .seconds(1))
        #expect(f.hud.isVisible)
    }

    @Test func popActivityWithNothingCountedDismisses() {
        let f = Fixture()
        f.hud.show()
        f.hud.dismiss(withDelay: 60)
        f.hud.showProgress(0.2)
        f.hud.popActivity()
        f.hud.popActivity()
        #expect(f.hud.activityCount == 0)
        f.scheduler.advance(to: .seconds(1))
        #expect(!f.hud.isVisible)
    }

    @Test func activityCountNeverGoesNegative() {
        let f = Fixture()
        f.hud.popActivity()
        f.hud.popActivity()
        #expect(f.hud.activityCount == 0)
        f.hud.show()
        #expect(f.hud.activityCount == 1)
    }

    // MARK: Show/dismiss races (SVProgressHUD #229, #687, #591)

    @Test func showDismissShowSuccessInOneTurnShowsTheSuccessHUD() {
        let f = Fixture()
        f.hud.show(status: "Working")
        f.hud.dismiss()
        f.hud.showSuccess(status: "Done")
        #expect(f.hud.content == HUDContent(status: "Done", indicator: .success))
        f.scheduler.advance(to: .seconds(5))
        #expect(f.hud.isVisible)
        #expect(f.hud.lifecycle.phase == .visible)
        f.scheduler.advance(to: .seconds(6))
        #expect(!f.hud.isVisible)
        #expect(f.recorder.violations.isEmpty)
    }

    @Test func showDuringFadeOutCancelsTheDismissal() {
        let f = Fixture()
        f.hud.show()
        f.scheduler.advance(to: .seconds(1))
        f.hud.dismiss(completion: f.probe.make())
        f.scheduler.advance(by: .ms(100))
        f.hud.show(status: "Again")
        #expect(f.probe.outcomes(of: 0) == [.superseded])
        f.scheduler.advance(to: .seconds(30))
        #expect(f.hud.lifecycle.phase == .visible)
        #expect(!f.presenter.callList.contains(.finishDisappear))
    }

    // MARK: Status HUDs

    @Test func autoDismissCountsFromTheEndOfTheFadeIn() {
        let f = Fixture()
        f.hud.showSuccess(status: "Saved")
        f.scheduler.advance(to: .seconds(10))
        #expect(f.recorder.time(of: .didAppear) == .ms(150))
        #expect(f.fadeOutStart == .ms(5150))
        #expect(f.presenter.time(of: .finishDisappear) == .ms(5300))
    }

    @Test func autoDismissCountsFromNowWhenAlreadyVisible() {
        let f = Fixture()
        f.hud.show()
        f.scheduler.advance(to: .seconds(10))
        f.hud.showError(status: "Failed")
        f.scheduler.advance(to: .seconds(20))
        #expect(f.fadeOutStart == .seconds(15))
    }

    @Test func autoDismissDuringASpinnerFadeInWaitsForItsEnd() {
        let f = Fixture()
        f.hud.show()
        f.scheduler.advance(to: .ms(50))
        f.hud.showInfo(status: "Note")
        f.scheduler.advance(to: .seconds(10))
        #expect(f.fadeOutStart == .ms(5150))
    }

    @Test func autoDismissUsesTheDisplayDurationOfTheStatus() {
        let f = Fixture()
        f.hud.core.timing.minimumDismissTime = 0
        f.hud.showSuccess(status: "Saved")
        f.scheduler.advance(to: .seconds(10))
        #expect(f.fadeOutStart == .ms(950))

        let long = Fixture()
        long.hud.showImage(.iconName("mail-send-symbolic"), status: String(repeating: "a", count: 100))
        long.scheduler.advance(to: .seconds(20))
        #expect(long.fadeOutStart == .ms(6650))
    }

    @Test func maximumDismissTimeCapsTheDisplayTime() {
        let f = Fixture()
        f.hud.core.timing.maximumDismissTime = 2
        f.hud.showSuccess(status: String(repeating: "a", count: 200))
        f.scheduler.advance(to: .seconds(20))
        #expect(f.fadeOutStart == .ms(2150))
    }

    @Test func infiniteMinimumDismissTimeKeepsStatusHUDsUp() {
        let f = Fixture()
        f.hud.core.timing.minimumDismissTime = .infinity
        f.hud.showSuccess(status: "Pinned")
        f.scheduler.advance(to: .seconds(100_000))
        #expect(f.hud.lifecycle.phase == .visible)
    }

    @Test func successOverASpinnerReplacesContentWithoutAFadeAndResetsTheCount() {
        let f = Fixture()
        f.hud.show(status: "Saving")
        f.hud.show(status: "Saving")
        f.scheduler.advance(to: .seconds(1))
        f.hud.showSuccess(status: "Saved")
        #expect(f.hud.activityCount == 0)
        #expect(f.appearCount == 1)
        #expect(f.hud.lifecycle.phase == .visible)
        #expect(f.presenter.displayed == [HUDContent(status: "Saving"), HUDContent(status: "Saved", indicator: .success)])
    }

    @Test func progressStepsTakeTheFastRoadAndAnyOtherChangeTheFullOne() {
        let f = Fixture()
        f.hud.showProgress(0.1, status: "Copying")
        f.hud.showProgress(0.2, status: "Copying")
        f.hud.updateProgress(0.3)
        f.hud.updateProgress(0.3)
        f.hud.showProgress(0.4, status: "Copying 2")
        f.hud.updateProgress(.nan)
        #expect(f.presenter.displayed == [
            HUDContent(status: "Copying", indicator: .progress(0.1)),
            HUDContent(status: "Copying 2", indicator: .progress(0.4)),
            HUDContent(status: "Copying 2", indicator: .indeterminate),
        ])
        #expect(f.presenter.progressSteps == [0.2, 0.3])
    }

    @Test func showWhileAStatusHUDCountsDownCancelsTheAutoDismiss() {
        let f = Fixture()
        f.hud.showImage(.iconName("app-logo"), status: "Hello")
        f.scheduler.advance(to: .seconds(2))
        f.hud.show(status: "Loading more")
        #expect(f.hud.activityCount == 1)
        f.scheduler.advance(to: .seconds(60))
        #expect(f.hud.lifecycle.phase == .visible)
        #expect(f.fadeOutStart == nil)
    }

    @Test func aNewStatusHUDRestartsTheCountdown() {
        let f = Fixture()
        f.hud.showSuccess(status: "One")
        f.scheduler.advance(to: .seconds(3))
        f.hud.showSuccess(status: "Two")
        f.scheduler.advance(to: .seconds(20))
        #expect(f.fadeOutStart == .seconds(8))
    }

    @Test func popActivityDoesNotCutAStatusHUDShort() {
        let f = Fixture()
        f.hud.show()
        f.hud.showSuccess(status: "Done")
        f.hud.popActivity()
        f.scheduler.advance(to: .seconds(5))
        #expect(f.hud.isVisible)
        f.scheduler.advance(to: .seconds(6))
        #expect(!f.hud.isVisible)
    }

    // MARK: Dismissal

    @Test func dismissWithoutShowAndDoubleDismissRunCompletionsOnce() {
        let f = Fixture()
        f.hud.dismiss(completion: f.probe.make())
        #expect(f.probe.outcomes(of: 0) == [.dismissed])
        f.hud.show()
        f.scheduler.advance(to: .seconds(1))
        f.hud.dismiss(completion: f.probe.make())
        f.hud.dismiss(completion: f.probe.make())
        f.scheduler.advance(to: .seconds(5))
        f.hud.dismiss(completion: f.probe.make())
        #expect(f.probe.notRunExactlyOnce.isEmpty)
        #expect(f.recorder.events == [.willAppear, .didAppear, .willDisappear, .didDisappear])
    }

    @Test func dismissWithDelayWaitsThenFadesOut() {
        let f = Fixture()
        f.hud.show()
        f.scheduler.advance(to: .seconds(1))
        var runs = 0
        f.hud.dismiss(withDelay: 2.5) { runs += 1 }
        #expect(f.hud.activityCount == 0)
        f.scheduler.advance(to: .seconds(10))
        #expect(f.fadeOutStart == .ms(3500))
        #expect(runs == 1)
    }

    @Test func taskEndingInsideGraceShowsNothing() {
        let f = Fixture()
        f.hud.core.timing.graceTime = 0.5
        f.hud.show(status: "Quick")
        f.scheduler.advance(to: .ms(200))
        f.hud.popActivity()
        f.scheduler.advance(to: .seconds(10))
        #expect(f.presenter.calls.isEmpty)
        #expect(f.recorder.events.isEmpty)
    }

    @Test(arguments: [0, 1, 2])
    func hostDestroyedRunsCompletionsAndClosesPairs(stage: Int) {
        let f = Fixture()
        f.hud.core.timing.graceTime = 0.1
        f.hud.show()
        f.scheduler.advance(by: .ms([50, 400, 0][stage]))
        if stage == 2 {
            f.scheduler.advance(by: .ms(400))
            f.hud.dismiss(completion: f.probe.make())
        } else {
            f.hud.dismiss(withDelay: 30, completion: f.probe.make())
        }
        f.hud.cancelAll()
        #expect(f.probe.outcomes(of: 0) == [.cancelled])
        #expect(f.hud.activityCount == 0)
        #expect(!f.hud.isVisible)
        #expect(f.scheduler.pendingCount == 0)
        #expect(f.recorder.violations.isEmpty)
        #expect(f.recorder.events.last == (stage == 0 ? nil : .didDisappear))
    }

    // MARK: Content and input

    @Test func setStatusChangesOnlyTheText() {
        let f = Fixture()
        f.hud.showProgress(0.25, status: "Step 1")
        f.hud.setStatus("Step 2")
        #expect(f.hud.content == HUDContent(status: "Step 2", indicator: .progress(0.25)))
        f.hud.setStatus("")
        #expect(f.hud.content.status == nil)
        #expect(f.appearCount == 1)
    }

    @Test func updateProgressKeepsTheStatusAndNeverShows() {
        let f = Fixture()
        #expect(!f.hud.updateProgress(0.5))
        #expect(!f.hud.isVisible)
        f.hud.showProgress(0.1, status: "Copying")
        #expect(f.hud.updateProgress(0.7))
        #expect(f.hud.content == HUDContent(status: "Copying", indicator: .progress(0.7)))
        f.hud.dismiss()
        #expect(!f.hud.updateProgress(0.8))
        f.scheduler.advance(to: .seconds(1))
        #expect(!f.hud.isVisible)
    }

    @Test func badProgressIsClampedOrIndeterminate() {
        let f = Fixture()
        f.hud.showProgress(.nan)
        #expect(f.hud.content.indicator == .indeterminate)
        f.hud.showProgress(-3)
        #expect(f.hud.content.indicator == .progress(0))
        f.hud.updateProgress(.infinity)
        #expect(f.hud.content.indicator == .indeterminate)
        f.hud.updateProgress(7)
        #expect(f.hud.content.indicator == .progress(1))
        #expect(f.hud.activityCount == 1)
    }

    /// Settings are checked once, by the public API (`ProgressHUD.graceTime`…,
    /// reported under that name); whatever reaches the core never makes a
    /// negative or NaN duration, and the core reports nothing a second time.
    @Test func uncheckedSettingsNeverMakeBadDurationsAndAreNotReportedAgain() {
        let f = Fixture()
        let (_, messages) = capturingDiagnostics {
            f.hud.core.timing.graceTime = -1
            f.hud.core.timing.fadeInDuration = .nan
            f.hud.core.timing.fadeOutDuration = .infinity
            f.hud.core.timing.maximumDismissTime = .infinity
        }
        #expect(messages.isEmpty)
        #expect(f.hud.lifecycle.configuration == .init(fadeInDuration: .zero, fadeOutDuration: .zero))
    }

    @Test func negativeDismissDelayMeansNowAndIsReported() {
        let f = Fixture()
        f.hud.show()
        f.scheduler.advance(to: .seconds(1))
        let (_, messages) = capturingDiagnostics { f.hud.dismiss(withDelay: -4) }
        #expect(f.hud.lifecycle.phase == .fadingOut)
        #expect(messages.map(\.source) == ["SharedHUDController.dismiss(withDelay:completion:)"])
    }

    @Test func hugeStatusIsCappedAndEmptyStatusMeansNoLabel() {
        let f = Fixture()
        let (_, messages) = capturingDiagnostics {
            f.hud.show(status: String(repeating: "z", count: 1_000_000))
        }
        #expect(f.hud.content.status?.count == HUDValues.maximumStatusLength + 1)
        #expect(messages.count == 1)
        f.hud.show(status: "")
        #expect(f.hud.content.status == nil)
        #expect(f.hud.content.accessibleName == "Loading")
    }

    @Test func defaultsMatchSVProgressHUD() {
        let f = Fixture()
        #expect(f.hud.core.timing.graceTime == 0)
        #expect(f.hud.core.timing.minimumDismissTime == 5)
        #expect(f.hud.core.timing.maximumDismissTime == .infinity)
        #expect(f.hud.core.timing.fadeInDuration == 0.15)
        #expect(f.hud.core.timing.fadeOutDuration == 0.15)
        #expect(f.hud.displayDuration(for: "Saved") == 5)
    }
}

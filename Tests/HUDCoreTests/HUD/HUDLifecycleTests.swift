import Testing
@testable import HUDCore

/// One lifecycle wired to recorders on virtual time.
@MainActor
private struct Fixture {
    let scheduler = ManualScheduler()
    let lifecycle: HUDLifecycle
    let presenter: HUDRecordingPresenter
    let recorder: HUDEventRecorder
    let probe = HUDCompletionProbe()

    init(_ configuration: HUDLifecycle.Configuration = .init()) {
        lifecycle = HUDLifecycle(scheduler: scheduler, configuration: configuration)
        presenter = HUDRecordingPresenter(scheduler: scheduler)
        lifecycle.presenter = presenter
        recorder = HUDEventRecorder(observing: lifecycle, scheduler: scheduler)
    }

    var events: [HUDLifecycleEvent] { recorder.events }

    /// Shows and lets the fade-in finish.
    func showFully() {
        lifecycle.show()
        scheduler.advance(by: lifecycle.configuration.fadeInDuration)
    }
}

@MainActor
@Suite struct HUDLifecycleTests {
    // MARK: Basic timeline

    @Test func showAndHideFollowTheFadeTimeline() {
        let f = Fixture(.init(fadeInDuration: .ms(150), fadeOutDuration: .ms(200)))
        f.lifecycle.show()
        #expect(f.presenter.callList == [.beginAppear(.ms(150))])
        #expect(f.events == [.willAppear])
        #expect(f.lifecycle.phase == .fadingIn)

        f.scheduler.advance(by: .ms(150))
        #expect(f.recorder.time(of: .didAppear) == .ms(150))
        #expect(f.lifecycle.phase == .visible)

        f.scheduler.advance(to: .ms(1000))
        f.lifecycle.hide(completion: f.probe.make())
        #expect(f.presenter.time(of: .beginDisappear(.ms(200))) == .ms(1000))
        #expect(f.probe.outcomes(of: 0).isEmpty)

        f.scheduler.advance(to: .ms(1200))
        #expect(f.presenter.time(of: .finishDisappear) == .ms(1200))
        #expect(f.events == [.willAppear, .didAppear, .willDisappear, .didDisappear])
        #expect(f.probe.outcomes(of: 0) == [.dismissed])
        #expect(f.lifecycle.phase == .hidden)
        #expect(f.scheduler.pendingCount == 0)
    }

    @Test func zeroFadesChangeStateWithinTheCall() {
        let f = Fixture(.init(fadeInDuration: .zero, fadeOutDuration: .zero))
        f.lifecycle.show()
        #expect(f.lifecycle.phase == .visible)
        #expect(f.events == [.willAppear, .didAppear])
        f.lifecycle.hide(completion: f.probe.make())
        #expect(f.lifecycle.phase == .hidden)
        #expect(f.events == [.willAppear, .didAppear, .willDisappear, .didDisappear])
        #expect(f.presenter.callList == [.beginAppear(.zero), .beginDisappear(.zero), .finishDisappear])
        #expect(f.probe.outcomes(of: 0) == [.dismissed])
        #expect(f.scheduler.pendingCount == 0)
    }

    // MARK: Grace time

    @Test func taskEndingInsideGraceShowsNothing() {
        let f = Fixture(.init(graceTime: .ms(500)))
        f.lifecycle.show()
        f.scheduler.advance(by: .ms(300))
        f.lifecycle.hide(completion: f.probe.make())
        #expect(f.probe.outcomes(of: 0) == [.dismissed])
        f.scheduler.advance(by: .seconds(10))
        #expect(f.presenter.calls.isEmpty)
        #expect(f.events.isEmpty)
        #expect(f.lifecycle.phase == .hidden)
        #expect(f.scheduler.pendingCount == 0)
    }

    @Test func hudAppearsWhenGraceEnds() {
        let f = Fixture(.init(graceTime: .ms(500)))
        f.lifecycle.show()
        #expect(f.lifecycle.phase == .gracePending)
        #expect(!f.lifecycle.isVisible)
        f.scheduler.advance(by: .ms(499))
        #expect(f.presenter.calls.isEmpty)
        f.scheduler.advance(by: .ms(1))
        #expect(f.presenter.time(of: .beginAppear(.ms(150))) == .ms(500))
        #expect(f.recorder.time(of: .willAppear) == .ms(500))
    }

    @Test func showDuringGraceDoesNotRestartIt() {
        let f = Fixture(.init(graceTime: .ms(500)))
        f.lifecycle.show()
        f.scheduler.advance(by: .ms(300))
        f.lifecycle.show()
        f.scheduler.advance(by: .ms(200))
        #expect(f.lifecycle.phase == .fadingIn)
        #expect(f.recorder.time(of: .willAppear) == .ms(500))
    }

    @Test func delayedHideDuringGraceLetsTheHUDShowFirst() {
        let f = Fixture(.init(graceTime: .ms(500)))
        f.lifecycle.show()
        f.lifecycle.hide(afterDelay: .seconds(2), completion: f.probe.make())
        f.scheduler.advance(to: .seconds(3))
        #expect(f.recorder.time(of: .willAppear) == .ms(500))
        #expect(f.recorder.time(of: .willDisappear) == .seconds(2))
        #expect(f.probe.outcomes(of: 0) == [.dismissed])
    }

    // MARK: Minimum show time

    @Test func hideBeforeMinimumShowTimeIsPostponed() {
        let f = Fixture(.init(minimumShowTime: .seconds(2)))
        f.lifecycle.show()
        f.scheduler.advance(to: .ms(500))
        f.lifecycle.hide(completion: f.probe.make())
        #expect(f.lifecycle.phase == .visible)
        #expect(f.lifecycle.isFinished)
        f.scheduler.advance(to: .ms(1999))
        #expect(f.recorder.time(of: .willDisappear) == nil)
        f.scheduler.advance(to: .ms(2000))
        #expect(f.presenter.time(of: .beginDisappear(.ms(150))) == .seconds(2))
        f.scheduler.advance(to: .ms(2150))
        #expect(f.probe.outcomes(of: 0) == [.dismissed])
    }

    @Test func minimumShowTimeCountsFromTheStartOfTheFadeIn() {
        let f = Fixture(.init(graceTime: .seconds(1), minimumShowTime: .seconds(2)))
        f.lifecycle.show()
        f.scheduler.advance(to: .ms(1500))
        f.lifecycle.hide()
        f.scheduler.advance(to: .seconds(5))
        #expect(f.recorder.time(of: .willAppear) == .seconds(1))
        #expect(f.recorder.time(of: .willDisappear) == .seconds(3))
    }

    @Test func hideAfterMinimumShowTimeIsImmediate() {
        let f = Fixture(.init(minimumShowTime: .seconds(2)))
        f.lifecycle.show()
        f.scheduler.advance(to: .seconds(2))
        f.lifecycle.hide()
        #expect(f.lifecycle.phase == .fadingOut)
    }

    @Test func showCancelsAPostponedHide() {
        let f = Fixture(.init(minimumShowTime: .seconds(2)))
        f.lifecycle.show()
        f.lifecycle.hide(completion: f.probe.make())
        f.scheduler.advance(to: .seconds(1))
        f.lifecycle.show()
        #expect(f.probe.outcomes(of: 0) == [.superseded])
        #expect(!f.lifecycle.isFinished)
        f.scheduler.advance(to: .seconds(10))
        #expect(f.lifecycle.phase == .visible)
    }

    // MARK: Delayed hides

    @Test func delayedHideFiresAfterItsDelay() {
        let f = Fixture()
        f.showFully()
        f.scheduler.advance(to: .seconds(1))
        f.lifecycle.hide(afterDelay: .seconds(3), completion: f.probe.make())
        #expect(f.lifecycle.hasPendingHide)
        #expect(!f.lifecycle.isFinished)
        f.scheduler.advance(to: .ms(3999))
        #expect(f.lifecycle.phase == .visible)
        f.scheduler.advance(to: .seconds(4))
        #expect(f.lifecycle.phase == .fadingOut)
        f.scheduler.advance(to: .seconds(5))
        #expect(f.probe.outcomes(of: 0) == [.dismissed])
    }

    @Test func newerDelayedHideReplacesAnEarlierOne() {
        let f = Fixture()
        f.showFully()
        f.lifecycle.hide(afterDelay: .seconds(1), completion: f.probe.make())
        f.scheduler.advance(to: .ms(500))
        f.lifecycle.hide(afterDelay: .seconds(5), completion: f.probe.make())
        f.scheduler.advance(to: .seconds(20))
        #expect(f.recorder.time(of: .willDisappear) == .ms(5500))
        #expect(f.probe.outcomes(of: 0) == [.dismissed])
        #expect(f.probe.outcomes(of: 1) == [.dismissed])
    }

    @Test func immediateHideReplacesAPendingDelayedOne() {
        let f = Fixture()
        f.showFully()
        f.lifecycle.hide(afterDelay: .seconds(5), completion: f.probe.make())
        f.scheduler.advance(to: .seconds(1))
        f.lifecycle.hide(completion: f.probe.make())
        #expect(f.recorder.time(of: .willDisappear) == .seconds(1))
        f.scheduler.advance(to: .seconds(20))
        #expect(f.recorder.events.filter { $0 == .willDisappear }.count == 1)
        #expect(f.probe.notRunExactlyOnce.isEmpty)
    }

    @Test func laterShowCancelsAPendingDelayedHide() {
        let f = Fixture()
        f.showFully()
        f.lifecycle.hide(afterDelay: .seconds(2), completion: f.probe.make())
        f.scheduler.advance(to: .seconds(1))
        f.lifecycle.show()
        #expect(f.probe.outcomes(of: 0) == [.superseded])
        f.scheduler.advance(to: .seconds(10))
        #expect(f.lifecycle.phase == .visible)
        #expect(f.presenter.callList == [.beginAppear(.ms(150))])
    }

    @Test func hideAfterShownForCountsFromTheEndOfTheFadeIn() {
        let f = Fixture()
        f.lifecycle.show()
        f.lifecycle.hide(afterShownFor: .seconds(5))
        f.scheduler.advance(to: .seconds(10))
        #expect(f.recorder.time(of: .willDisappear) == .ms(5150))
    }

    @Test func hideAfterShownForCountsFromNowWhenAlreadyVisible() {
        let f = Fixture()
        f.showFully()
        f.scheduler.advance(to: .seconds(1))
        f.lifecycle.hide(afterShownFor: .seconds(5))
        f.scheduler.advance(to: .seconds(10))
        #expect(f.recorder.time(of: .willDisappear) == .seconds(6))
    }

    @Test func hideAfterShownForWaitsForGraceAndFadeIn() {
        let f = Fixture(.init(graceTime: .ms(500)))
        f.lifecycle.show()
        f.lifecycle.hide(afterShownFor: .seconds(1), completion: f.probe.make())
        f.scheduler.advance(to: .seconds(10))
        #expect(f.recorder.time(of: .didAppear) == .ms(650))
        #expect(f.recorder.time(of: .willDisappear) == .ms(1650))
        #expect(f.probe.outcomes(of: 0) == [.dismissed])
    }

    // MARK: Reversed transitions

    @Test func showDuringFadeOutFadesBackInAndSupersedesTheDismissal() {
        let f = Fixture(.init(fadeOutDuration: .ms(200)))
        f.showFully()
        f.scheduler.advance(to: .seconds(1))
        f.lifecycle.hide(completion: f.probe.make())
        f.scheduler.advance(by: .ms(100))
        f.lifecycle.show()
        #expect(f.probe.outcomes(of: 0) == [.superseded])
        #expect(f.events == [.willAppear, .didAppear, .willDisappear, .didDisappear, .willAppear])
        #expect(f.presenter.callList == [.beginAppear(.ms(150)), .beginDisappear(.ms(200)), .beginAppear(.ms(150))])
        #expect(f.lifecycle.phase == .fadingIn)

        f.scheduler.advance(to: .seconds(10))
        #expect(f.lifecycle.phase == .visible)
        #expect(f.recorder.time(of: .didAppear, occurrence: 2) == .ms(1250))
        #expect(f.presenter.calls.count == 3)
        #expect(f.recorder.violations.isEmpty)
    }

    /// Issue #11 (5): `willAppear` is always followed by `didAppear`, also when
    /// a hide cuts the fade-in short (then `didAppear` comes right before `willDisappear`).
    @Test func hideDuringFadeInClosesTheAppearanceFirst() {
        let f = Fixture()
        f.lifecycle.show()
        f.scheduler.advance(by: .ms(50))
        f.lifecycle.hide()
        #expect(f.presenter.time(of: .beginDisappear(.ms(150))) == .ms(50))
        #expect(f.recorder.time(of: .didAppear) == .ms(50))
        f.scheduler.advance(to: .seconds(5))
        #expect(f.events == [.willAppear, .didAppear, .willDisappear, .didDisappear])
        #expect(f.recorder.time(of: .didDisappear) == .ms(200))
        #expect(f.recorder.violations.isEmpty)
    }

    @Test func hostGoingAwayDuringFadeInClosesTheAppearanceFirst() {
        let f = Fixture()
        f.lifecycle.show()
        f.scheduler.advance(by: .ms(50))
        f.lifecycle.cancelAll()
        #expect(f.events == [.willAppear, .didAppear, .willDisappear, .didDisappear])
        f.scheduler.advance(to: .seconds(5))
        #expect(f.events.count == 4, "the cancelled fade-in sends no second didAppear")
        #expect(f.recorder.violations.isEmpty)
    }

    // MARK: Completions exactly once

    @Test func doubleHideRunsEachCompletionOnceWhenTheFadeOutEnds() {
        let f = Fixture()
        f.showFully()
        f.lifecycle.hide(completion: f.probe.make())
        f.scheduler.advance(by: .ms(50))
        f.lifecycle.hide(completion: f.probe.make())
        #expect(f.probe.outcomes(of: 1).isEmpty)
        f.scheduler.advance(to: .seconds(5))
        #expect(f.probe.outcomes(of: 0) == [.dismissed])
        #expect(f.probe.outcomes(of: 1) == [.dismissed])
        #expect(f.events.filter { $0 == .willDisappear }.count == 1)
    }

    @Test func hideWithoutShowRunsTheCompletionAtOnce() {
        let f = Fixture()
        f.lifecycle.hide(completion: f.probe.make())
        f.lifecycle.hide(afterDelay: .seconds(3), completion: f.probe.make())
        #expect(f.probe.outcomes(of: 0) == [.dismissed])
        #expect(f.probe.outcomes(of: 1) == [.dismissed])
        f.scheduler.advance(to: .seconds(10))
        #expect(f.presenter.calls.isEmpty)
        #expect(f.events.isEmpty)
        #expect(f.probe.notRunExactlyOnce.isEmpty)
    }

    @Test func convenienceCompletionRunsOnceWhateverTheOutcome() {
        let f = Fixture()
        var runs = 0
        f.lifecycle.hide { runs += 1 }
        #expect(runs == 1)
        f.showFully()
        f.lifecycle.hide(afterDelay: .seconds(1)) { runs += 1 }
        f.lifecycle.show()
        #expect(runs == 2)
        f.scheduler.advance(to: .seconds(10))
        #expect(runs == 2)
    }

    // MARK: State queries

    @Test func visibilityAndFinishedFollowThePhase() {
        let f = Fixture(.init(graceTime: .ms(100)))
        var seen: [(HUDPhase, Bool, Bool)] = []
        func note() { seen.append((f.lifecycle.phase, f.lifecycle.isVisible, f.lifecycle.isFinished)) }
        note()
        f.lifecycle.show(); note()
        f.scheduler.advance(by: .ms(100)); note()
        f.scheduler.advance(by: .ms(150)); note()
        f.lifecycle.hide(); note()
        f.scheduler.advance(by: .ms(150)); note()
        let expected: [(HUDPhase, Bool, Bool)] = [
            (.hidden, false, true), (.gracePending, false, false), (.fadingIn, true, false),
            (.visible, true, false), (.fadingOut, true, true), (.hidden, false, true),
        ]
        #expect(seen.map(\.0) == expected.map(\.0))
        #expect(seen.map(\.1) == expected.map(\.1))
        #expect(seen.map(\.2) == expected.map(\.2))
    }

    // MARK: Host destroyed

    @Test(arguments: [HUDPhase.hidden, .gracePending, .fadingIn, .visible, .fadingOut])
    func cancelAllStopsEverythingAndClosesThePairs(phase: HUDPhase) {
        let f = Fixture(.init(graceTime: .ms(100)))
        switch phase {
        case .hidden: break
        case .gracePending: f.lifecycle.show()
        case .fadingIn: f.lifecycle.show(); f.scheduler.advance(by: .ms(150))
        case .visible: f.lifecycle.show(); f.scheduler.advance(by: .ms(250))
        case .fadingOut: f.lifecycle.show(); f.scheduler.advance(by: .ms(250)); f.lifecycle.hide()
        }
        #expect(f.lifecycle.phase == phase)
        let didAppear = phase.isOnScreen
        f.lifecycle.hide(afterDelay: .seconds(5), completion: f.probe.make())

        f.lifecycle.cancelAll()

        #expect(f.lifecycle.phase == .hidden)
        #expect(f.scheduler.pendingCount == 0)
        #expect(f.probe.outcomes(of: 0) == (phase == .hidden ? [.dismissed] : [.cancelled]))
        #expect(f.presenter.callList.last == (didAppear ? .finishDisappear : nil))
        #expect(f.events.last == (didAppear ? .didDisappear : nil))
        #expect(f.recorder.violations.isEmpty)
        f.scheduler.advance(to: .seconds(20))
        #expect(f.probe.notRunExactlyOnce.isEmpty)
        f.lifecycle.show()
        #expect(f.lifecycle.phase == .gracePending)
    }

    // MARK: Re-entrancy

    @Test func completionMayShowAgain() {
        let f = Fixture(.init(fadeInDuration: .zero, fadeOutDuration: .zero))
        f.lifecycle.show()
        f.lifecycle.hide { [lifecycle = f.lifecycle] (_: HUDDismissOutcome) in lifecycle.show() }
        #expect(f.lifecycle.phase == .visible)
        #expect(f.events == [.willAppear, .didAppear, .willDisappear, .didDisappear, .willAppear, .didAppear])
        #expect(f.recorder.violations.isEmpty)
    }

    @Test func observerMayHideWhileAppearing() {
        let f = Fixture()
        f.lifecycle.addObserver { [lifecycle = f.lifecycle] event in
            if event == .willAppear { lifecycle.hide() }
        }
        f.lifecycle.show()
        f.scheduler.advance(to: .seconds(1))
        #expect(f.events == [.willAppear, .didAppear, .willDisappear, .didDisappear])
        #expect(f.presenter.callList == [.beginAppear(.ms(150)), .beginDisappear(.ms(150)), .finishDisappear])
        #expect(f.recorder.violations.isEmpty)
    }

    // MARK: Configuration and observers

    @Test func negativeConfigurationIsCorrectedAndReported() {
        let scheduler = ManualScheduler()
        let (lifecycle, messages) = capturingDiagnostics {
            let lifecycle = HUDLifecycle(scheduler: scheduler, configuration: .init(graceTime: .seconds(-1)))
            lifecycle.configuration.fadeOutDuration = .ms(-5)
            return lifecycle
        }
        #expect(lifecycle.configuration.graceTime == .zero)
        #expect(lifecycle.configuration.fadeOutDuration == .zero)
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { $0.source == "HUDLifecycle.configuration" })
    }

    @Test func removedObserverHearsNothing() {
        let f = Fixture()
        var heard: [HUDLifecycleEvent] = []
        let id = f.lifecycle.addObserver { heard.append($0) }
        f.lifecycle.show()
        f.lifecycle.removeObserver(id)
        f.scheduler.advance(to: .seconds(1))
        #expect(heard == [.willAppear])
        #expect(f.events == [.willAppear, .didAppear])
    }
}

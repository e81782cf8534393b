import Testing
@testable import HUDCore

/// The desktop's inputs to a window's banners, on virtual time: the window's
/// activity, focus inside the banners, app holds, a screen reader, the multiplier.
@MainActor
@Suite struct BannerQueueAttentionTests {
    // MARK: Window activity

    @Test func leavingTheWindowPausesAndComingBackResumesWithTheTimeLeft() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.enqueue(banner, duration: 4)
        fixture.advance(1)
        fixture.queue.windowAttentionChanged(isAttended: false)
        #expect(banner.isTimeoutPaused)
        #expect(fixture.queue.holds == [.windowInactive])
        fixture.advance(600)
        #expect(banner.state == .showing)
        fixture.queue.windowAttentionChanged(isAttended: true)
        #expect(banner.remainingTime == .seconds(3))
        fixture.advance(2.9)
        #expect(banner.state == .showing)
        fixture.advance(0.1)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func aBannerThatAppearedWhileTheUserWasAwayGetsItsWholeTime() throws {
        let fixture = BannerFixture(animated: true)
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.windowAttentionChanged(isAttended: false)
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 4)
        fixture.advance(300)
        #expect(banner.state == .showing)
        #expect(banner.remainingTime == .seconds(4))
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.advance(3.9)
        #expect(banner.state == .showing)
        fixture.advance(0.1)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func aWindowThatWasNeverActiveDoesNotFreezeItsBanners() throws {
        // Headless weston and mutter never make a window active.
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.windowAttentionChanged(isAttended: false)
        fixture.queue.enqueue(banner, duration: 2)
        #expect(fixture.queue.holds.isEmpty)
        fixture.advance(2)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func aWindowLeftBeforeItsFirstBannerCountsAsLeft() throws {
        // The view saw the window active before the queue existed.
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.windowAttentionChanged(isAttended: false, wasAttendedBefore: true)
        fixture.queue.enqueue(banner, duration: 2)
        #expect(fixture.queue.isWindowAway)
        fixture.advance(30)
        #expect(banner.state == .showing)
        #expect(banner.remainingTime == .seconds(2))
    }

    @Test func aBannerCanOptOutOfTheWindowPause() throws {
        let fixture = BannerFixture()
        let stale = try makeBanner("Stale") { $0.pausesWhileWindowInactive = false }
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.enqueue(stale, duration: 2)
        fixture.queue.windowAttentionChanged(isAttended: false)
        #expect(!stale.isTimeoutPaused)
        fixture.advance(2)
        #expect(stale.state == .gone(.timeout))
    }

    @Test func theAppWideSwitchTurnsThePauseOffLive() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.enqueue(banner, duration: 2)
        fixture.advance(1)
        fixture.queue.windowAttentionChanged(isAttended: false)
        #expect(banner.isTimeoutPaused)
        fixture.attention.setPausesWhileWindowInactive(false)
        #expect(!banner.isTimeoutPaused)
        fixture.advance(1)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func theWindowPauseAndTheBannersOwnReasonsAreSeparate() throws {
        // Switching windows also sends focus-leave to a focused banner (measured on GTK 4.8):
        // the pause must hold on the window, not on the banner's focus.
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.enqueue(banner, duration: 2)
        fixture.queue.inhibit(banner, .focus)
        fixture.queue.windowAttentionChanged(isAttended: false)
        fixture.queue.release(banner, .focus)
        fixture.advance(10)
        #expect(banner.state == .showing)
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.inhibit(banner, .hover)
        fixture.advance(10)
        #expect(banner.state == .showing, "still under the pointer")
        fixture.queue.release(banner, .hover)
        fixture.advance(2)
        #expect(banner.state == .gone(.timeout))
    }

    // MARK: Holds on every banner

    @Test func focusInsideTheBannersPausesEveryOneAndTheyResumeWithTheirTimeLeft() throws {
        let fixture = BannerFixture(maxVisible: 2)
        let first = try makeBanner("A"), second = try makeBanner("B")
        fixture.queue.enqueue(first, duration: 3)
        fixture.queue.enqueue(second, duration: 5)
        fixture.advance(1)
        fixture.queue.hold(.focusInside)
        #expect(first.isTimeoutPaused && second.isTimeoutPaused)
        fixture.advance(100)
        fixture.queue.release(hold: .focusInside)
        #expect(first.remainingTime == .seconds(2))
        #expect(second.remainingTime == .seconds(4))
        fixture.advance(2)
        #expect(first.state == .gone(.timeout))
        #expect(second.state == .showing)
    }

    @Test func aBannerThatAppearsDuringAHoldStartsHeld() throws {
        let fixture = BannerFixture()
        fixture.queue.hold(.app("dialog"))
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 1)
        fixture.advance(50)
        #expect(banner.state == .showing)
        #expect(banner.isTimeoutPaused)
        fixture.queue.release(hold: .app("dialog"))
        fixture.advance(1)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func aBannerPushedBackAndShownAgainIsStillHeld() throws {
        let fixture = BannerFixture()
        let normal = try makeBanner("Normal")
        fixture.queue.enqueue(normal, duration: 2)
        fixture.queue.hold(.focusInside)
        let urgent = try makeBanner("Urgent", priority: .high)
        fixture.queue.enqueue(urgent, duration: 1)
        urgent.dismiss()
        #expect(normal.state == .showing)
        fixture.advance(30)
        #expect(normal.state == .showing, "the hold outlived the push-back")
    }

    @Test func holdsEndIndependently() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 1)
        fixture.queue.hold(.focusInside)
        fixture.queue.hold(.app("popover"))
        fixture.queue.hold(.focusInside)
        fixture.queue.release(hold: .focusInside)
        fixture.advance(10)
        #expect(banner.state == .showing)
        fixture.queue.release(hold: .app("popover"))
        fixture.queue.release(hold: .app("popover"))
        fixture.advance(1)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func aDestroyedWindowTakesNoHolds() throws {
        let fixture = BannerFixture()
        fixture.queue.hostDestroyed()
        fixture.queue.hold(.focusInside)
        #expect(fixture.queue.holds.isEmpty)
    }

    // MARK: Screen reader

    @Test func underAScreenReaderABannerWithAnActionStaysUntilActedOn() throws {
        let fixture = BannerFixture()
        fixture.attention.setScreenReaderRunning(true)
        let actionable = try makeBanner("Deleted") { $0.action = BannerAction(label: "Undo", identifier: "undo") }
        fixture.queue.enqueue(actionable, duration: 3)
        #expect(fixture.queue.effectiveTimeout(for: actionable) == .untilDismissed)
        fixture.advance(3600)
        #expect(actionable.state == .showing)
        fixture.queue.activateAction(actionable)
        #expect(actionable.state == .gone(.action))
    }

    @Test func underAScreenReaderAPlainBannerStillTimesOut() throws {
        let fixture = BannerFixture()
        fixture.attention.setScreenReaderRunning(true)
        let plain = try makeBanner("Saved")
        fixture.queue.enqueue(plain, duration: 3)
        fixture.advance(3)
        #expect(plain.state == .gone(.timeout))
    }

    @Test func aBannerCanAskToExpireUnderAScreenReader() throws {
        let fixture = BannerFixture()
        fixture.attention.setScreenReaderRunning(true)
        let banner = try makeBanner("Retry?") {
            $0.action = BannerAction(label: "Retry", identifier: "retry")
            $0.expiresUnderScreenReader = true
        }
        fixture.queue.enqueue(banner, duration: 3)
        fixture.advance(3)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func aScreenReaderStartedMidCountdownStopsItAndStoppingGivesTheWholeTime() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("Deleted") { $0.action = BannerAction(label: "Undo", identifier: "undo") }
        fixture.queue.enqueue(banner, duration: 4)
        fixture.advance(3)
        fixture.attention.setScreenReaderRunning(true)
        fixture.advance(100)
        #expect(banner.state == .showing)
        #expect(banner.remainingTime == nil)
        fixture.attention.setScreenReaderRunning(false)
        fixture.advance(3.9)
        #expect(banner.state == .showing)
        fixture.advance(0.1)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func anActionAddedUnderAScreenReaderStopsTheCountdown() throws {
        let fixture = BannerFixture()
        fixture.attention.setScreenReaderRunning(true)
        let banner = try makeBanner("Deleted")
        fixture.queue.enqueue(banner, duration: 2)
        fixture.advance(1)
        banner.content.action = BannerAction(label: "Undo", identifier: "undo")
        fixture.advance(60)
        #expect(banner.state == .showing)
    }

    // MARK: Multiplier

    @Test func theMultiplierLengthensEveryBanner() throws {
        let fixture = BannerFixture()
        fixture.attention.setTimeoutMultiplier(2.5, source: "test")
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 2)
        fixture.advance(4.9)
        #expect(banner.state == .showing)
        fixture.advance(0.1)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func changingTheMultiplierKeepsTheShareOfTimeLeft() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 4)
        fixture.advance(2)
        fixture.attention.setTimeoutMultiplier(3, source: "test")
        #expect(banner.remainingTime == .seconds(6), "half of 12 s")
        fixture.advance(6)
        #expect(banner.state == .gone(.timeout))
    }

    @Test(arguments: [(0.0, 1.0), (-2, 1), (.nan, 1), (0.5, 1), (25, 10), (.infinity, 10), (3, 3)])
    func badMultipliersAreRefusedOrClampedWithAMessage(value: Double, expected: Double) {
        let attention = AppAttention()
        let (_, messages) = capturingDiagnostics { attention.setTimeoutMultiplier(value, source: "GtkHUDAttention.timeoutMultiplier") }
        #expect(attention.timeoutMultiplier == expected)
        #expect(messages.count == (value == 3 ? 0 : 1))
        #expect(messages.allSatisfy { $0.source == "GtkHUDAttention.timeoutMultiplier" })
    }

    @Test func theMultiplierLengthensHUDResultsAndDelayedHides() {
        let attention = AppAttention()
        let scheduler = ManualScheduler()
        let controller = HUDController(scheduler: scheduler, attention: attention)
        let before = controller.displayDuration(for: "Saved")
        attention.setTimeoutMultiplier(4, source: "test")
        #expect(controller.displayDuration(for: "Saved") == before * 4)
        var timing = HUDController.Timing()
        timing.minimumDismissTime = 1
        #expect(timing.displayDuration(for: nil, attention: attention) == 4)
        controller.timing.fadeInDuration = 0
        controller.timing.fadeOutDuration = 0
        controller.present(HUDContent())
        var outcome: HUDDismissOutcome?
        controller.dismiss(afterDelay: .seconds(1)) { outcome = $0 }
        scheduler.advance(by: .milliseconds(3999))
        #expect(outcome == nil)
        scheduler.advance(by: .milliseconds(1))
        #expect(outcome == .dismissed)
    }
}

@Suite struct WindowFactsTests {
    @Test func aWindowIsAttendedWhenActiveAndNeitherMinimisedNorSuspended() {
        var facts = WindowFacts()
        #expect(!facts.isAttended)
        facts.isActive = true
        #expect(facts.isAttended)
        facts.isMinimized = true
        #expect(!facts.isAttended)
        facts.isMinimized = false
        facts.isSuspended = true
        #expect(!facts.isAttended)
    }

    @Test func theFocusedStateCountsOnlyWhereItIsReliable() {
        var facts = WindowFacts()
        facts.isFocusedState = true
        #expect(!facts.isAttended, "X11: openbox leaves FOCUSED set on every window")
        facts.focusedStateIsReliable = true
        #expect(facts.isAttended, "Wayland: the compositor's activated state")
    }
}

@Suite struct WindowHistoryTests {
    @Test func aWindowShownAsFocusedOnceHasBeenAttended() {
        var facts = WindowFacts()
        #expect(!facts.hasBeenAttended)
        facts.isFocusedState = true
        #expect(facts.hasBeenAttended, "openbox's stale FOCUSED: the manager focused it at map")
        #expect(facts.isAway(wasAttendedBefore: facts.hasBeenAttended), "but it is not attended now on X11")
        facts = WindowFacts()
        facts.hasBeenActive = true
        #expect(facts.hasBeenAttended)
    }
}

@Suite struct ScreenReaderSignalsTests {
    @Test func gnomesSwitchAndOrcasServiceCountAlone() {
        var signals = ScreenReaderSignals()
        #expect(!signals.isRunning)
        signals.screenReaderEnabled = true
        #expect(signals.isRunning)
        signals = ScreenReaderSignals()
        signals.screenReaderServiceOwned = true
        #expect(signals.isRunning)
    }

    @Test func aSavedAccessibilitySettingNeedsARunningReader() {
        // at-spi2-core 2.46 to 2.56: IsEnabled stays on after Orca or the on-screen keyboard.
        var signals = ScreenReaderSignals()
        signals.screenReaderEnabled = false
        signals.accessibilityEnabled = true
        #expect(!signals.isRunning)
        #expect(signals.dependsOnTheProcess)
        signals.screenReaderProcessRuns = true
        #expect(signals.isRunning, "a hand-started Orca 43 or 48")
    }

    @Test func fromAtSpi261IsEnabledIsLive() {
        var signals = ScreenReaderSignals()
        signals.screenReaderEnabled = nil
        signals.accessibilityEnabled = true
        #expect(signals.isRunning)
        #expect(!signals.dependsOnTheProcess)
    }
}

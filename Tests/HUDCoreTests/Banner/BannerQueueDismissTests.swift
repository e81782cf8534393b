import Testing
@testable import HUDCore

@MainActor
@Suite struct BannerQueueDismissTests {
    @Test func dismissAllEndsQueuedBannersAtOnceAndShowingOnesAfterTheirExit() throws {
        let fixture = BannerFixture(maxVisible: 2, animated: true)
        let counter = ClosureCounter()
        let banners = try ["A", "B", "C", "D"].map { try makeBanner($0) }
        banners.forEach(counter.watch)
        fixture.queue.enqueue(banners)
        fixture.queue.dismissAll()
        #expect(counter.dismissals == [.dismissAll, .dismissAll], "C and D never showed")
        #expect(fixture.queue.visibleBanners.isEmpty)
        #expect(fixture.queue.queuedBanners.isEmpty)
        #expect(banners.allSatisfy { $0.state == .gone(.dismissAll) })
        fixture.scheduler.runUntilIdle()
        #expect(counter.dismissals == Array(repeating: .dismissAll, count: 4))
        #expect(fixture.presenter.presented == ["A", "B"])
        fixture.queue.dismissAll()
        fixture.scheduler.runUntilIdle()
        #expect(counter.dismissals.count == 4)
    }

    @Test func dismissFrontTakesTheNewestBannerWhenNoneHasFocus() throws {
        let fixture = BannerFixture(maxVisible: 2)
        let older = try makeBanner("A")
        let newer = try makeBanner("B")
        fixture.queue.enqueue([older, newer])
        #expect(fixture.queue.dismissFront())
        #expect(newer.state == .gone(.escape))
        #expect(older.state == .showing)
    }

    @Test func dismissFrontWithNothingOnScreenReportsNotHandled() throws {
        let fixture = BannerFixture()
        #expect(!fixture.queue.dismissFront())
    }

    @Test func tapRunsTheTapClosureOnceAndDismisses() throws {
        let fixture = BannerFixture(animated: true)
        let counter = ClosureCounter()
        let banner = try makeBanner("A")
        counter.watch(banner)
        fixture.queue.show(banner, duration: 5)
        fixture.queue.tap(banner)
        fixture.queue.tap(banner)
        #expect(counter.taps == 1, "a tap during the exit is ignored")
        #expect(banner.state == .gone(.tap))
        fixture.scheduler.runUntilIdle()
        #expect(counter.dismissals == [.tap])
    }

    @Test func tapWithoutDismissingRunsOncePerTap() throws {
        let fixture = BannerFixture()
        let counter = ClosureCounter()
        let banner = try makeBanner("A") { $0.dismissesOnTap = false }
        counter.watch(banner)
        fixture.queue.show(banner)
        fixture.queue.tap(banner)
        fixture.queue.tap(banner)
        #expect(counter.taps == 2)
        #expect(banner.state == .showing)
        #expect(counter.dismissals.isEmpty)
    }

    @Test func actionButtonReportsItsIdentifierOnceAndDismisses() throws {
        let fixture = BannerFixture()
        let counter = ClosureCounter()
        let banner = try makeBanner("Deleted") { $0.action = BannerAction(label: "Undo", identifier: "app.undo") }
        counter.watch(banner)
        fixture.queue.show(banner)
        fixture.queue.activateAction(banner)
        fixture.queue.activateAction(banner)
        fixture.scheduler.runUntilIdle()
        #expect(counter.actions == ["app.undo"])
        #expect(counter.dismissals == [.action])
    }

    @Test func swipeAndCloseButtonDismissWithTheirReasons() throws {
        let fixture = BannerFixture(maxVisible: 2)
        let counter = ClosureCounter()
        let swiped = try makeBanner("A")
        let closed = try makeBanner("B")
        counter.watch(swiped)
        counter.watch(closed)
        fixture.queue.enqueue([swiped, closed])
        #expect(fixture.queue.swipe(swiped))
        fixture.queue.closeButtonClicked(closed)
        fixture.scheduler.runUntilIdle()
        #expect(counter.dismissals == [.swipe, .closeButton])
    }

    @Test func swipeIsRefusedWhenTheBannerDoesNotDismissOnSwipe() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A") { $0.dismissesOnSwipe = false }
        fixture.queue.show(banner)
        #expect(!fixture.queue.swipe(banner))
        #expect(banner.state == .showing)
    }

    @Test func dismissingANeverShownBannerDoesNothing() throws {
        let fixture = BannerFixture()
        let counter = ClosureCounter()
        let banner = try makeBanner("A")
        counter.watch(banner)
        fixture.queue.dismiss(banner)
        banner.dismiss()
        #expect(banner.state == .hidden)
        #expect(fixture.presenter.events.isEmpty)
        #expect(counter.dismissals.isEmpty)
        fixture.queue.show(banner)
        #expect(banner.state == .showing, "it can still be shown")
    }

    @Test func dismissingTwiceRunsTheClosureOnce() throws {
        let fixture = BannerFixture()
        let counter = ClosureCounter()
        let banner = try makeBanner("A")
        counter.watch(banner)
        fixture.queue.show(banner, duration: 1)
        banner.dismiss()
        fixture.queue.dismiss(banner)
        fixture.queue.dismissAll()
        fixture.scheduler.runUntilIdle()
        #expect(counter.dismissals == [.programmatic])
    }

    @Test func dismissingAQueuedBannerEndsItAtOnce() throws {
        let fixture = BannerFixture()
        let counter = ClosureCounter()
        let waiting = try makeBanner("B")
        counter.watch(waiting)
        fixture.queue.enqueue([try makeBanner("A"), waiting])
        fixture.queue.dismiss(waiting)
        #expect(counter.dismissals == [.programmatic])
        #expect(fixture.queue.queuedBanners.isEmpty)
        #expect(!fixture.presenter.events.contains(.beginHide("B", .dismissed(.programmatic))))
    }

    @Test func dismissingAPreemptedBannerDuringItsExitEndsItWhenTheExitEnds() throws {
        let fixture = BannerFixture(animated: true)
        let counter = ClosureCounter()
        let banner = try makeBanner("A")
        counter.watch(banner)
        fixture.queue.enqueue(banner)
        fixture.queue.enqueue(try makeBanner("H", priority: .high))
        fixture.queue.dismiss(banner)
        #expect(counter.dismissals.isEmpty, "it is still sliding out")
        fixture.scheduler.runUntilIdle()
        #expect(counter.dismissals == [.programmatic])
        #expect(fixture.presenter.events.filter { $0 == .finishHide("A") }.count == 1)
    }

    @Test func hostDestroyedEndsEveryBannerOnceWithoutTouchingTheView() throws {
        let fixture = BannerFixture(animated: true)
        let counter = ClosureCounter()
        let leaving = try makeBanner("L")
        let showing = try makeBanner("S")
        let waiting = try makeBanner("W")
        [leaving, showing, waiting].forEach(counter.watch)
        fixture.queue.enqueue(leaving, duration: 1)
        fixture.queue.enqueue([showing, waiting], duration: 1)
        fixture.scheduler.advance(by: fixture.queue.transition(for: leaving).duration + .seconds(1))
        #expect(leaving.state == .gone(.timeout))
        #expect(showing.state == .showing)
        fixture.presenter.clear()

        fixture.queue.hostDestroyed()
        #expect(counter.dismissals.sorted { "\($0)" < "\($1)" } == [.hostDestroyed, .hostDestroyed, .timeout])
        #expect(fixture.presenter.events.isEmpty)
        fixture.scheduler.runUntilIdle()
        #expect(counter.dismissals.count == 3)
        #expect(fixture.presenter.events.isEmpty, "no timer outlives the host")

        let late = try makeBanner("X")
        let (_, messages) = capturingDiagnostics { fixture.queue.enqueue(late) }
        #expect(messages.first?.text.contains("destroyed") == true)
        #expect(fixture.presenter.events.isEmpty)
    }

    enum Path: CaseIterable {
        case timeout, tap, swipe, action, closeButton, escape, programmatic, dismissAll, hostDestroyed
    }

    /// Ends a banner one way, then tries every other way too: the dismissed
    /// closure must still have run exactly once, with the first reason.
    @Test(arguments: Path.allCases)
    func dismissedClosureRunsExactlyOnceOnEveryPath(path: Path) throws {
        let fixture = BannerFixture(animated: true)
        let counter = ClosureCounter()
        let banner = try makeBanner("A") { $0.action = BannerAction(label: "Undo", identifier: "undo") }
        counter.watch(banner)
        fixture.queue.show(banner, duration: 2)
        fixture.advance(0.5)
        let expected: BannerDismissReason
        switch path {
        case .timeout: fixture.advance(2); expected = .timeout
        case .tap: fixture.queue.tap(banner); expected = .tap
        case .swipe: fixture.queue.swipe(banner); expected = .swipe
        case .action: fixture.queue.activateAction(banner); expected = .action
        case .closeButton: fixture.queue.closeButtonClicked(banner); expected = .closeButton
        case .escape: fixture.queue.dismissFront(); expected = .escape
        case .programmatic: banner.dismiss(); expected = .programmatic
        case .dismissAll: fixture.queue.dismissAll(); expected = .dismissAll
        case .hostDestroyed: fixture.queue.hostDestroyed(); expected = .hostDestroyed
        }
        #expect(banner.state == .gone(expected))

        fixture.queue.tap(banner)
        fixture.queue.swipe(banner)
        fixture.queue.activateAction(banner)
        fixture.queue.dismiss(banner)
        fixture.queue.dismissFront()
        fixture.queue.dismissAll()
        fixture.scheduler.runUntilIdle()
        fixture.queue.hostDestroyed()
        fixture.scheduler.runUntilIdle()
        #expect(counter.dismissals == [expected])
        #expect(counter.taps == (path == .tap ? 1 : 0))
        #expect(counter.actions == (path == .action ? ["undo"] : []))
    }

    @Test func aDismissedClosureMayUseTheQueue() throws {
        let fixture = BannerFixture()
        let first = try makeBanner("A")
        let follower = try makeBanner("F")
        var followerDismissals = 0
        follower.onDismissed = { _ in followerDismissals += 1 }
        first.onDismissed = { [queue = fixture.queue] _ in
            queue.enqueue(follower, duration: 1)
            queue.dismissAll()
        }
        fixture.queue.enqueue(first, duration: 1)
        fixture.scheduler.runUntilIdle()
        #expect(follower.state == .gone(.dismissAll))
        #expect(followerDismissals == 1)
    }

    @Test func aFinishedBannerIsReleasedEvenIfItsClosuresCaptureIt() throws {
        let fixture = BannerFixture()
        weak var weakBanner: Banner?
        do {
            let banner = try makeBanner("A")
            banner.onTap = { banner.dismiss() }
            weakBanner = banner
            fixture.queue.show(banner, duration: 1)
        }
        #expect(weakBanner != nil)
        fixture.scheduler.runUntilIdle()
        #expect(weakBanner == nil)
    }
}

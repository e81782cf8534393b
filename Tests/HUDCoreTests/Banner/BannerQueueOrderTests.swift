import Testing
@testable import HUDCore

@MainActor
@Suite struct BannerQueueOrderTests {
    @Test func normalBannersShowOneAtATimeInOrder() throws {
        let fixture = BannerFixture()
        let banners = try ["A", "B", "C"].map { try makeBanner($0) }
        for banner in banners { fixture.queue.enqueue(banner, duration: 1) }
        #expect(fixture.presenter.presented == ["A"])
        #expect(fixture.queue.queuedBanners.map(\.name) == ["B", "C"])
        #expect(banners.map(\.state) == [.showing, .queued, .queued])
        fixture.advance(1)
        #expect(fixture.presenter.presented == ["A", "B"])
        fixture.advance(1)
        #expect(fixture.presenter.presented == ["A", "B", "C"])
        fixture.advance(1)
        #expect(banners.allSatisfy { $0.state == .gone(.timeout) })
    }

    @Test func highPriorityPreemptsAndThePreemptedBannerReturnsWithAFreshTimeout() throws {
        let fixture = BannerFixture()
        let counter = ClosureCounter()
        let normal = try makeBanner("A")
        let urgent = try makeBanner("H", priority: .high)
        counter.watch(normal)
        fixture.queue.enqueue(normal, duration: 5)
        fixture.advance(1)
        fixture.queue.enqueue(urgent, duration: 2)
        #expect(normal.state == .queued)
        #expect(urgent.state == .showing)
        #expect(fixture.queue.queuedBanners == [normal])
        #expect(Array(fixture.presenter.events.suffix(2)) == [.beginHide("A", .preempted), .present("H", slot: 0)])
        fixture.advance(2)
        #expect(urgent.state == .gone(.timeout))
        #expect(normal.state == .showing)
        #expect(counter.dismissals.isEmpty, "pre-emption is not a dismissal")
        fixture.advance(4.9)
        #expect(normal.state == .showing, "its 5 s started again when it came back")
        fixture.advance(0.1)
        #expect(normal.state == .gone(.timeout))
        #expect(counter.dismissals == [.timeout])
    }

    /// With animations on, a banner pushed out during its entrance and back soon
    /// after gets a whole new entrance and then its full time: the first
    /// entrance's timer must not start the new countdown early.
    @Test func aBannerPreemptedDuringItsEntranceCountsFromItsNextEntrance() throws {
        let fixture = BannerFixture(animated: true)
        let normal = try makeBanner("A")
        let urgent = try makeBanner("H", priority: .high)
        fixture.queue.enqueue(normal, duration: 2)
        let entrance = fixture.queue.transition(for: normal).duration
        #expect(entrance > .milliseconds(300), "the test needs a real entrance")
        fixture.advance(0.1)
        fixture.queue.enqueue(urgent)
        fixture.advance(0.1)
        fixture.queue.dismiss(urgent)
        #expect(normal.state == .showing, "back at once, entering again")
        fixture.scheduler.advance(by: entrance - .milliseconds(150)) // past the end of the first entrance
        #expect(normal.remainingTime == .seconds(2), "the clock waits for the second entrance")
        fixture.scheduler.advance(by: .milliseconds(150)) // the second entrance ends
        fixture.advance(1.999)
        #expect(normal.state == .showing)
        fixture.advance(0.001)
        #expect(normal.state == .gone(.timeout))
    }

    @Test func preemptedBannerGoesToTheHeadOfTheQueue() throws {
        let fixture = BannerFixture()
        let first = try makeBanner("A")
        let second = try makeBanner("B")
        fixture.queue.enqueue([first, second])
        fixture.queue.enqueue(try makeBanner("H", priority: .high))
        #expect(fixture.queue.queuedBanners.map(\.name) == ["A", "B"])
    }

    @Test func preemptedBannerComingBackDuringItsExitTurnsAround() throws {
        let fixture = BannerFixture(animated: true)
        let normal = try makeBanner("A")
        let urgent = try makeBanner("H", priority: .high)
        fixture.queue.enqueue(normal)
        fixture.queue.enqueue(urgent)
        fixture.advance(0.1)
        fixture.queue.dismiss(urgent)
        #expect(normal.state == .showing)
        fixture.scheduler.runUntilIdle()
        #expect(!fixture.presenter.events.contains(.finishHide("A")))
        #expect(fixture.presenter.events.filter { $0 == .present("A", slot: 0) }.count == 2)
    }

    @Test func addingTheShowingBannerAgainRestartsItsTimeout() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 3)
        fixture.advance(2)
        fixture.queue.enqueue(banner, duration: 3)
        fixture.advance(2.9)
        #expect(banner.state == .showing)
        fixture.advance(0.1)
        #expect(banner.state == .gone(.timeout))
        #expect(fixture.presenter.presented == ["A"], "restarting does not present twice")
    }

    @Test func addingTheShowingBannerAgainTakesTheNewDuration() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 3)
        fixture.advance(1)
        fixture.queue.enqueue(banner, duration: 10)
        #expect(banner.timeout == .after(.seconds(10)))
        #expect(banner.remainingTime == .seconds(10))
    }

    @Test func addingAQueuedBannerAgainBumpsIt() throws {
        let fixture = BannerFixture()
        let first = try makeBanner("H1", priority: .high)
        fixture.queue.enqueue(first)
        let normals = try ["B", "C", "D"].map { try makeBanner($0) }
        fixture.queue.enqueue(normals)
        fixture.queue.enqueue(try makeBanner("H2", priority: .high))
        #expect(fixture.queue.queuedBanners.map(\.name) == ["H1", "B", "C", "D"])

        fixture.queue.enqueue(normals[2])
        #expect(fixture.queue.queuedBanners.map(\.name) == ["H1", "D", "B", "C"], "normal goes behind the high ones")

        normals[1].content.priority = .high
        fixture.queue.enqueue(normals[1])
        #expect(fixture.queue.queuedBanners.map(\.name) == ["C", "H1", "D", "B"], "high goes to the head")
        #expect(fixture.presenter.presented == ["H1", "H2"], "bumping never pre-empts")
    }

    @Test func showingAShowingOrQueuedBannerAgainChangesNothing() throws {
        let fixture = BannerFixture()
        let first = try makeBanner("A")
        let second = try makeBanner("B")
        let third = try makeBanner("C")
        fixture.queue.show(first, duration: 3)
        fixture.queue.show(second)
        fixture.queue.show(third)
        fixture.advance(2)
        let eventsBefore = fixture.presenter.events
        fixture.queue.show(first, duration: 3)
        fixture.queue.show(third)
        #expect(fixture.presenter.events == eventsBefore)
        #expect(fixture.queue.queuedBanners.map(\.name) == ["B", "C"])
        fixture.advance(1)
        #expect(first.state == .gone(.timeout), "the second show did not restart the timeout")
    }

    @Test func aHundredBannersInOneCallAreAllShownInOrderWhenTheQueueKeepsEverything() throws {
        let fixture = BannerFixture()
        fixture.queue.overflowPolicy = .queue
        let counter = ClosureCounter()
        let banners = try (0..<100).map { try makeBanner("B\($0)") }
        banners.forEach(counter.watch)
        fixture.queue.enqueue(banners, duration: 1)
        fixture.scheduler.runUntilIdle()
        #expect(fixture.presenter.presented == banners.map(\.name))
        #expect(counter.dismissals == Array(repeating: .timeout, count: 100))
        #expect(fixture.scheduler.now == .seconds(100))
    }

    @Test func stackShowsUpToMaxVisibleNewestAtTheEdge() throws {
        let fixture = BannerFixture(maxVisible: 3)
        let banners = try ["A", "B", "C", "D", "E"].map { try makeBanner($0) }
        fixture.queue.enqueue(banners)
        #expect(fixture.queue.visibleBanners.map(\.name) == ["C", "B", "A"])
        #expect(fixture.queue.queuedBanners.map(\.name) == ["D", "E"])
        // One call, so the older banners are restacked once, at the end.
        #expect(fixture.presenter.events == [
            .present("A", slot: 0), .present("B", slot: 0), .present("C", slot: 0),
            .restack("B", slot: 1), .restack("A", slot: 2),
        ])

        fixture.presenter.clear()
        fixture.queue.dismiss(banners[1])
        #expect(fixture.queue.visibleBanners.map(\.name) == ["D", "C", "A"])
        #expect(fixture.presenter.events == [
            .beginHide("B", .dismissed(.programmatic)),
            .present("D", slot: 0), .restack("C", slot: 1),
        ])
    }

    @Test func stackCountsSlotsPerEdge() throws {
        let fixture = BannerFixture(maxVisible: 3)
        let top = try makeBanner("T")
        let bottom = try makeBanner("U") { $0.position = .bottom }
        fixture.queue.enqueue([top, bottom])
        #expect(fixture.queue.slot(of: top) == 0)
        #expect(fixture.queue.slot(of: bottom) == 0)
        #expect(fixture.presenter.events == [.present("T", slot: 0), .present("U", slot: 0)])
    }

    @Test func highBannerInAFullStackPreemptsTheOldestNormalOne() throws {
        let fixture = BannerFixture(maxVisible: 3)
        let banners = [try makeBanner("A"), try makeBanner("X", priority: .high), try makeBanner("C")]
        fixture.queue.enqueue(banners)
        fixture.queue.enqueue(try makeBanner("H", priority: .high))
        #expect(fixture.queue.visibleBanners.map(\.name) == ["H", "C", "X"])
        #expect(fixture.queue.queuedBanners.map(\.name) == ["A"])
        #expect(fixture.presenter.events.contains(.beginHide("A", .preempted)))
    }

    @Test func raisingMaxVisibleShowsWaitingBanners() throws {
        let fixture = BannerFixture()
        fixture.queue.enqueue(try ["A", "B", "C"].map { try makeBanner($0) })
        fixture.queue.maxVisible = 2
        #expect(fixture.queue.visibleBanners.map(\.name) == ["B", "A"])
        #expect(fixture.queue.queuedBanners.map(\.name) == ["C"])
    }

    @Test func maxVisibleBelowOneIsCorrected() {
        let (queue, messages) = capturingDiagnostics {
            BannerQueue(scheduler: ManualScheduler(), maxVisible: 0)
        }
        #expect(queue.maxVisible == 1)
        #expect(messages.map(\.text) == ["maxVisible 0 is below 1; using 1."])
        let (_, later) = capturingDiagnostics { queue.maxVisible = -2 }
        #expect(queue.maxVisible == 1)
        #expect(later.map(\.source) == ["BannerQueue.maxVisible"])
    }

    /// A front end's setting (BannerCenter.maxVisible) is corrected under its own name, not the queue's.
    @Test func maxVisibleBelowOneIsReportedUnderTheNameTheAppUsed() throws {
        let fixture = BannerFixture()
        fixture.queue.enqueue(try ["A", "B"].map { try makeBanner($0) })
        let (_, messages) = capturingDiagnostics { fixture.queue.setMaxVisible(0, source: "BannerCenter.maxVisible") }
        #expect(messages.map(\.source) == ["BannerCenter.maxVisible"])
        #expect(fixture.queue.maxVisible == 1)
        fixture.queue.setMaxVisible(2, source: "BannerCenter.maxVisible")
        #expect(fixture.queue.visibleBanners.map(\.name) == ["B", "A"])
    }

    @Test func goneBannerCannotBeShownAgain() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.show(banner)
        fixture.queue.dismiss(banner)
        fixture.scheduler.runUntilIdle()
        fixture.presenter.clear()
        let (_, messages) = capturingDiagnostics { fixture.queue.show(banner, duration: 2) }
        #expect(fixture.presenter.events.isEmpty)
        #expect(banner.state == .gone(.programmatic))
        #expect(messages.first?.text.contains("already dismissed and cannot be shown again") == true)
    }

    @Test func bannerOfAnotherQueueIsRefused() throws {
        let first = BannerFixture()
        let second = BannerFixture()
        let banner = try makeBanner("A")
        first.queue.show(banner)
        let (_, messages) = capturingDiagnostics { second.queue.enqueue(banner) }
        #expect(second.presenter.events.isEmpty)
        #expect(messages.first?.text.contains("belongs to another window's queue") == true)
        second.queue.dismiss(banner)
        #expect(banner.state == .showing, "another queue cannot dismiss it either")
    }

    @Test func contentChangesOnScreenReachThePresenter() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        let waiting = try makeBanner("B")
        fixture.queue.enqueue([banner, waiting])
        try banner.content.replaceMessage(title: "A2", subtitle: nil, image: nil)
        waiting.content.hasShadows = false
        #expect(fixture.presenter.events.last == .update("A2"))
        #expect(fixture.presenter.events.filter { $0 == .update("B") }.isEmpty)
    }
}

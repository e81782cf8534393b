import Testing
@testable import HUDCore

/// Issue #26's calm stack, on virtual time: what is in the deck, its count,
/// what a full queue drops, and what screen readers hear in a burst.
@MainActor
@Suite struct BannerDeckTests {
    @Test func theDeckCountsTheWaitingBannersAndListsTheNextOnes() throws {
        let fixture = BannerFixture(maxVisible: 2)
        fixture.queue.enqueue(try ["A", "B", "C", "D", "E", "F"].map { try makeBanner($0) }, duration: 5)
        let deck = fixture.queue.deck
        #expect(deck.waitingCount == 4)
        #expect(deck.upcoming == [], "listed only while open")
        #expect(deck.isCollapsed, "B sits behind A")
        #expect(!deck.isExpanded)
        #expect(fixture.presenter.decks.last == deck, "the view was told")
        fixture.queue.deckInput(.hover, true)
        #expect(fixture.queue.deck.upcoming == ["C", "D", "E"], "the next ones, at most deckPreviewLimit")
        // A closed deck in a burst (the count at its limit) tells the view nothing new.
        fixture.queue.deckInput(.hover, false)
        fixture.queue.queueLimit = 4
        let told = fixture.presenter.decks.count
        fixture.queue.enqueue(try makeBanner("G"), duration: 5)
        #expect(fixture.queue.queuedBanners.map(\.name) == ["D", "E", "F", "G"])
        #expect(fixture.presenter.decks.count == told)
    }

    @Test func hoverOrFocusOnTheBannersOrTheBadgeOpensTheDeck() throws {
        let fixture = BannerFixture(maxVisible: 2)
        let banners = try ["A", "B", "C"].map { try makeBanner($0) }
        fixture.queue.enqueue(banners, duration: 5)
        fixture.queue.inhibit(banners[1], .hover)
        #expect(fixture.queue.deck.isExpanded)
        #expect(!fixture.queue.deck.isCollapsed)
        fixture.queue.release(banners[1], .hover)
        #expect(fixture.queue.deck.isCollapsed)
        fixture.queue.deckInput(.focus, true)
        #expect(fixture.queue.deck.isExpanded, "the keyboard on the badge (Ctrl+F6, Tab)")
        fixture.queue.deckInput(.hover, true)
        fixture.queue.deckInput(.focus, false)
        #expect(fixture.queue.deck.isExpanded, "the pointer still there")
        fixture.queue.deckInput(.hover, false)
        #expect(!fixture.queue.deck.isExpanded)
        fixture.queue.inhibit(banners[0], .focus)
        #expect(fixture.queue.deck.isExpanded, "focus inside a banner")
    }

    @Test func expandedStackingNeverCollapsesAndOneBannerHasNothingToCollapse() throws {
        let fixture = BannerFixture(maxVisible: 3)
        fixture.queue.stacking = .expanded
        fixture.queue.enqueue(try ["A", "B", "C"].map { try makeBanner($0) })
        #expect(!fixture.queue.deck.isCollapsed)
        fixture.queue.stacking = .deck
        #expect(fixture.queue.deck.isCollapsed)
        let single = BannerFixture()
        single.queue.enqueue(try ["A", "B"].map { try makeBanner($0) })
        #expect(!single.queue.deck.isCollapsed)
        #expect(single.queue.deck.waitingCount == 1)
    }

    /// Opening and closing the deck moves the banners behind the front one on
    /// their own springs (the view has no other reason to move them), at once
    /// with animations off, and nothing moves when the deck stays as it is.
    @Test func collapsingAndSpreadingMoveTheBannersBehindOnTheirOwnSprings() throws {
        let fixture = BannerFixture(maxVisible: 3, animated: true)
        let banners = try ["A", "B", "C", "D"].map { name in
            try makeBanner(name) { $0.springiness = name == "A" ? .heavy : .slight }
        }
        fixture.queue.enqueue(banners, duration: 30)
        fixture.advance(1)
        #expect(fixture.queue.deck.isCollapsed)
        fixture.presenter.clear()
        fixture.queue.deckInput(.hover, true)
        #expect(fixture.presenter.events == [.restack("B", slot: 1), .restack("A", slot: 2)], "spread: the two behind C move")
        for banner in banners[0...1] {
            let moved = try #require(fixture.presenter.restackTransitions[banner.name])
            let spring = try #require(moved.spring, "\(banner.name) springs to its place")
            #expect(moved == fixture.queue.transition(for: banner), "\(banner.name) moves on the spring it entered with")
            #expect(moved.duration == .seconds(spring.settlingTime))
        }
        #expect(fixture.presenter.restackTransitions["A"]?.spring?.dampingRatio == 0.6, "A's own (heavy) spring")

        fixture.presenter.clear()
        fixture.queue.deckInput(.focus, true)
        fixture.queue.deckInput(.hover, false)
        #expect(fixture.presenter.events.isEmpty, "still open: nothing moves")
        fixture.queue.deckInput(.focus, false)
        #expect(fixture.presenter.events == [.restack("B", slot: 1), .restack("A", slot: 2)], "collapsed again")

        fixture.presenter.clear()
        fixture.queue.animationsEnabled = false
        fixture.queue.deckInput(.hover, true)
        #expect(fixture.presenter.events == [.restack("B", slot: 1), .restack("A", slot: 2)])
        #expect(fixture.presenter.restackTransitions.values.allSatisfy { $0 == .immediate }, "animations off: at once")
    }

    @Test func expandedStackingMovesNothingWhenTheDeckOpens() throws {
        let fixture = BannerFixture(maxVisible: 3, animated: true)
        fixture.queue.stacking = .expanded
        fixture.queue.enqueue(try ["A", "B", "C", "D"].map { try makeBanner($0) }, duration: 30)
        fixture.presenter.clear()
        fixture.queue.deckInput(.hover, true)
        #expect(fixture.queue.deck.isExpanded, "the badge lists the waiting one")
        #expect(fixture.presenter.events.isEmpty, "every banner is in full already")
    }

    @Test func aFullQueueDropsTheOldestWaitingNormalBannerByDefault() throws {
        let fixture = BannerFixture()
        #expect(fixture.queue.queueLimit == 20)
        #expect(fixture.queue.overflowPolicy == .dropOldest)
        fixture.queue.queueLimit = 2
        let counter = ClosureCounter()
        let urgent = try makeBanner("Urgent", priority: .high)
        let banners = try ["A", "B", "C"].map { try makeBanner($0) } + [urgent]
        banners.forEach(counter.watch)
        let more = try ["D", "E"].map { try makeBanner($0) }
        more.forEach(counter.watch)
        fixture.queue.enqueue(banners[0])
        fixture.queue.enqueue([banners[1], banners[2]])
        #expect(fixture.queue.queuedBanners.map(\.name) == ["B", "C"])
        // The high banner pre-empts A (A back at the head): three wait, the oldest normal (A) goes.
        fixture.queue.enqueue(urgent)
        #expect(fixture.queue.queuedBanners.map(\.name) == ["B", "C"])
        #expect(banners[0].state == .gone(.dropped))
        fixture.queue.enqueue(more)
        #expect(fixture.queue.queuedBanners.map(\.name) == ["D", "E"])
        #expect(banners[1].state == .gone(.dropped))
        #expect(banners[2].state == .gone(.dropped))
        fixture.scheduler.runUntilIdle()
        #expect(counter.dismissals.filter { $0 == .dropped }.count == 3)
    }

    @Test func theQueuePolicyKeepsEveryBannerAndLoweringTheLimitDropsAtOnce() throws {
        let fixture = BannerFixture()
        fixture.queue.overflowPolicy = .queue
        fixture.queue.queueLimit = 1
        let banners = try (0..<5).map { try makeBanner("B\($0)") }
        fixture.queue.enqueue(banners)
        #expect(fixture.queue.queuedBanners.count == 4)
        fixture.queue.overflowPolicy = .dropOldest
        #expect(fixture.queue.queuedBanners.map(\.name) == ["B4"])
        let (_, messages) = capturingDiagnostics { fixture.queue.queueLimit = -3 }
        #expect(messages.map(\.source) == ["BannerQueue.queueLimit"])
        #expect(fixture.queue.queueLimit == 0)
        #expect(fixture.queue.queuedBanners.isEmpty)
    }

    /// A front end's setting (BannerCenter.queueLimit) is corrected under its own name, not the queue's.
    @Test func aNegativeLimitIsReportedUnderTheNameTheAppUsed() throws {
        let fixture = BannerFixture()
        fixture.queue.enqueue(try (0..<3).map { try makeBanner("B\($0)") })
        let (_, messages) = capturingDiagnostics { fixture.queue.setQueueLimit(-1, source: "BannerCenter.queueLimit") }
        #expect(messages.map(\.source) == ["BannerCenter.queueLimit"])
        #expect(fixture.queue.queueLimit == 0)
        #expect(fixture.queue.queuedBanners.isEmpty)
    }

    @Test func aDroppedUndoBannerCommits() throws {
        let fixture = BannerFixture()
        fixture.queue.queueLimit = 0
        let counter = UndoCounter()
        fixture.queue.show(try makeBanner("Front"))
        let undo = try makeUndoBanner("Deleted", counter: counter)
        fixture.queue.show(undo)
        #expect(undo.state == .gone(.dropped))
        fixture.scheduler.runUntilIdle()
        #expect(counter.commits == 1)
    }

    @Test func aBurstOfAHundredInOneSecondIsSpokenAsOneCount() throws {
        let fixture = BannerFixture(maxVisible: 3)
        for index in 0..<100 {
            fixture.queue.show(try makeBanner("B\(index)"), duration: 4)
            fixture.advance(0.01)
        }
        #expect(fixture.queue.visibleBanners.count == 3)
        #expect(fixture.queue.queuedBanners.count == 20, "the default limit: the oldest were dropped")
        #expect(fixture.presenter.announcements == ["B0", "B1", "B2"], "only the banners on screen")
        #expect(fixture.presenter.deckAnnouncements.isEmpty, "nothing while the burst goes on")
        fixture.advance(1)
        #expect(fixture.presenter.deckAnnouncements == [20], "once, as a count, when the burst pauses")
        fixture.advance(1)
        #expect(fixture.presenter.deckAnnouncements == [20])
    }

    @Test func aLongBurstSpeaksItsCountAtMostEveryFiveSeconds() throws {
        let fixture = BannerFixture()
        fixture.queue.overflowPolicy = .queue
        for index in 0..<700 {
            fixture.queue.show(try makeBanner("B\(index)"), duration: 60)
            fixture.advance(0.01)
        }
        // 7 s of arrivals: the count is spoken once, 5 s in, not once a second.
        #expect(fixture.presenter.deckAnnouncements.count == 1)
        #expect((490...510).contains(fixture.presenter.deckAnnouncements.first ?? 0))
        fixture.advance(1)
        #expect(fixture.presenter.deckAnnouncements.count == 2)
        #expect(fixture.presenter.deckAnnouncements.last == 699, "and the last count when it pauses")
        #expect(fixture.presenter.announcements == ["B0"])
    }

    @Test func theCountIsNotSpokenWhileTheUserIsOnTheBadge() throws {
        let fixture = BannerFixture()
        fixture.queue.show(try makeBanner("Front"), duration: 60)
        fixture.queue.show(try makeBanner("Waiting 1"))
        fixture.queue.deckInput(.focus, true)
        fixture.queue.show(try makeBanner("Waiting 2"))
        fixture.advance(1.5)
        #expect(fixture.presenter.deckAnnouncements.isEmpty, "the focused badge's name says it")
        fixture.queue.deckInput(.focus, false)
        fixture.advance(1.5)
        #expect(fixture.presenter.deckAnnouncements.isEmpty, "and it was heard: not said again")
        fixture.queue.show(try makeBanner("Waiting 3"))
        fixture.advance(1.5)
        #expect(fixture.presenter.deckAnnouncements == [3])
    }

    @Test func anEmptiedDeckSaysNothingAndTheSameCountIsNotRepeated() throws {
        let fixture = BannerFixture()
        let front = try makeBanner("Front")
        fixture.queue.show(front, duration: 60)
        let waiting = try makeBanner("Waiting")
        fixture.queue.show(waiting)
        fixture.advance(1.5)
        #expect(fixture.presenter.deckAnnouncements == [1])
        fixture.queue.dismiss(waiting)
        fixture.queue.show(try makeBanner("Another"))
        fixture.advance(1.5)
        #expect(fixture.presenter.deckAnnouncements == [1], "still one waiting: nothing new to say")
        fixture.queue.dismissAll()
        fixture.advance(1.5)
        #expect(fixture.presenter.deckAnnouncements == [1], "an empty deck says nothing")
    }
}

import Testing
@testable import HUDCore

/// Issue #27 after review: an anchor takes every banner of its window,
/// whatever its own position. The queue decides each banner's edge
/// (`edge(of:)`): slots, the deck and the view's moves follow it, on virtual time.
@MainActor
@Suite struct BannerAnchoredEdgeTests {
    @Test func anAnchoredEdgeTakesEveryBannerAndKeepsTheirOwnPositions() throws {
        let fixture = BannerFixture(maxVisible: 3)
        fixture.queue.anchoredEdge = .bottom
        let plain = try makeBanner("Plain")
        let top = try makeBanner("Top") { $0.position = .top }
        let bottom = try makeBanner("Bottom") { $0.position = .bottom }
        fixture.queue.enqueue([plain, top, bottom])
        #expect([plain, top, bottom].map { fixture.queue.edge(of: $0) } == [.bottom, .bottom, .bottom])
        #expect([plain, top, bottom].map(\.edge) == [.bottom, .bottom, .bottom], "what the view was told")
        #expect(plain.content.position == .top, "the app's position reads back as set")
        #expect(top.content.position == .top)
        // One stack at one edge: slots count every banner, newest nearest the anchor.
        #expect([bottom, top, plain].map { fixture.queue.slot(of: $0) } == [0, 1, 2])
        #expect(fixture.presenter.events == [.present("Plain", slot: 0), .present("Top", slot: 0), .present("Bottom", slot: 0),
                                             .restack("Top", slot: 1), .restack("Plain", slot: 2)])
    }

    @Test func withoutAnAnchorEachBannerKeepsItsOwnEdge() throws {
        let fixture = BannerFixture(maxVisible: 3)
        let top = try makeBanner("Top")
        let bottom = try makeBanner("Bottom") { $0.position = .bottom }
        fixture.queue.enqueue([top, bottom])
        #expect(fixture.queue.edge(of: top) == .top)
        #expect(fixture.queue.edge(of: bottom) == .bottom)
        #expect(fixture.queue.slot(of: top) == 0)
        #expect(fixture.queue.slot(of: bottom) == 0)
    }

    @Test func settingTheAnchorMovesTheBannersOnScreenToItsEdge() throws {
        let fixture = BannerFixture(maxVisible: 3)
        let older = try makeBanner("Older")
        let newer = try makeBanner("Newer")
        let bottom = try makeBanner("Bottom") { $0.position = .bottom }
        fixture.queue.enqueue([older, newer, bottom])
        #expect(fixture.queue.slot(of: older) == 1)
        fixture.presenter.clear()
        fixture.queue.anchoredEdge = .bottom
        // Newest first: Bottom stays in slot 0, Newer and Older move behind it.
        #expect(fixture.presenter.events == [.move("Newer", to: .bottom, slot: 1), .move("Older", to: .bottom, slot: 2)])
        #expect([bottom, newer, older].map { fixture.queue.slot(of: $0) } == [0, 1, 2])
        #expect(older.edge == .bottom)
        fixture.presenter.clear()
        fixture.queue.anchoredEdge = .bottom
        #expect(fixture.presenter.events.isEmpty, "the same edge again moves nothing")
    }

    @Test func clearingTheAnchorSendsEachBannerBackToItsOwnEdge() throws {
        let fixture = BannerFixture(maxVisible: 3)
        fixture.queue.anchoredEdge = .top
        let first = try makeBanner("First") { $0.position = .bottom }
        let second = try makeBanner("Second")
        let third = try makeBanner("Third") { $0.position = .bottom }
        fixture.queue.enqueue([first, second, third])
        #expect([third, second, first].map { fixture.queue.slot(of: $0) } == [0, 1, 2])
        fixture.presenter.clear()
        fixture.queue.anchoredEdge = nil
        #expect(fixture.presenter.events == [.move("Third", to: .bottom, slot: 0), .move("First", to: .bottom, slot: 1),
                                             .restack("Second", slot: 0)])
        #expect([first, second, third].map(\.edge) == [.bottom, .top, .bottom])
    }

    @Test func switchingTheAnchorsSideMovesEveryBanner() throws {
        let fixture = BannerFixture(maxVisible: 2)
        fixture.queue.anchoredEdge = .bottom
        let banners = try ["A", "B"].map { try makeBanner($0) }
        fixture.queue.enqueue(banners)
        fixture.presenter.clear()
        fixture.queue.anchoredEdge = .top
        #expect(fixture.presenter.events == [.move("B", to: .top, slot: 0), .move("A", to: .top, slot: 1)])
    }

    @Test func aBannerPresentedLaterStandsOnTheAnchoredEdgeAndOneLeavingStaysWhereItWas() throws {
        let fixture = BannerFixture(maxVisible: 2, animated: true)
        let leaving = try makeBanner("Leaving")
        fixture.queue.show(leaving, duration: 5)
        fixture.queue.dismiss(leaving)
        fixture.presenter.clear()
        fixture.queue.anchoredEdge = .bottom
        #expect(fixture.presenter.events.isEmpty, "a banner sliding out is not moved")
        #expect(leaving.edge == .top)
        let waiting = try makeBanner("Waiting")
        fixture.queue.show(waiting, duration: 5)
        #expect(waiting.edge == .bottom)
        fixture.advance(2)
        #expect(fixture.presenter.events.contains(.finishHide("Leaving")))
    }

    @Test func aPositionChangedOnScreenMovesTheBannerOnlyWithoutAnAnchor() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("Saved")
        fixture.queue.show(banner)
        fixture.presenter.clear()
        banner.content.position = .bottom
        #expect(fixture.presenter.events == [.update("Saved"), .move("Saved", to: .bottom, slot: 0)])
        fixture.queue.anchoredEdge = .bottom
        fixture.presenter.clear()
        banner.content.position = .top
        #expect(fixture.presenter.events == [.update("Saved")], "the anchor holds it where it is")
        #expect(banner.edge == .bottom)
    }

    @Test func theDeckCollapsesOnlyWhereAnEdgeHoldsSeveralBanners() throws {
        let fixture = BannerFixture(maxVisible: 2)
        let top = try makeBanner("Top")
        let bottom = try makeBanner("Bottom") { $0.position = .bottom }
        fixture.queue.enqueue([top, bottom, try makeBanner("Waiting")], duration: 5)
        #expect(!fixture.queue.deck.isCollapsed, "one banner at each edge: none is behind another")
        #expect(fixture.queue.deck.waitingCount == 1)
        fixture.queue.anchoredEdge = .bottom
        #expect(fixture.queue.deck.isCollapsed, "both at the anchor's edge: the older sits behind the newer")
        #expect(fixture.presenter.decks.last?.isCollapsed == true, "the view was told")
        fixture.queue.deckInput(.hover, true)
        #expect(fixture.queue.deck.isExpanded)
        #expect(fixture.queue.deck.upcoming == ["Waiting"])
        fixture.queue.deckInput(.hover, false)
        fixture.queue.anchoredEdge = nil
        #expect(!fixture.queue.deck.isCollapsed)
        #expect(fixture.queue.deck.waitingCount == 1)
    }
}

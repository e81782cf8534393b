import Testing
@testable import HUDCore

/// Where anchored banners stand (issue #27), from the facts the GTK layer measures.
@Suite struct BannerAnchorPlacementTests {
    /// A bar 48 px high at the bottom of a 600 px layer.
    let bottomBar = BannerAnchorFacts(isAlive: true, top: 552, bottom: 600)
    /// A toolbar 40 px high, 100 px down the layer.
    let toolbar = BannerAnchorFacts(isAlive: true, top: 100, bottom: 140)

    @Test func withoutAnAnchorBothEdgesAreTheLayers() {
        let decision = BannerAnchorPlacement.decide(side: nil, facts: bottomBar, layerHeight: 600)
        #expect(decision == .noAnchor)
        #expect(decision.edgeLines(layerHeight: 600) == (0, 600))
        #expect(decision.anchoredEdge == nil)
    }

    @Test func aboveAnAnchorTheBottomBannersStandOnItsTop() {
        let decision = BannerAnchorPlacement.decide(side: .above, facts: bottomBar, layerHeight: 600)
        #expect(decision == .anchored(edge: .bottom, line: 552))
        #expect(decision.edgeLines(layerHeight: 600) == (0, 552), "the top edge stays the layer's")
    }

    @Test func belowAnAnchorTheTopBannersHangFromItsBottom() {
        let decision = BannerAnchorPlacement.decide(side: .below, facts: toolbar, layerHeight: 600)
        #expect(decision == .anchored(edge: .top, line: 140))
        #expect(decision.edgeLines(layerHeight: 600) == (140, 600), "the bottom edge stays the layer's")
    }

    @Test func eachSideTakesTheBannersOfOneEdge() {
        #expect(BannerAnchorSide.above.edge == .bottom)
        #expect(BannerAnchorSide.below.edge == .top)
    }

    /// The anchor moved (the window grew, a revealer opened above it): the line follows.
    @Test func theLineFollowsTheAnchor() {
        var moved = bottomBar
        moved.top = 752
        moved.bottom = 800
        #expect(BannerAnchorPlacement.decide(side: .above, facts: moved, layerHeight: 800) == .anchored(edge: .bottom, line: 752))
    }

    @Test func aHiddenAnchorFallsBackAndComesBackWhenShown() {
        var hidden = bottomBar
        hidden.isMapped = false
        #expect(BannerAnchorPlacement.decide(side: .above, facts: hidden, layerHeight: 600) == .fallback(.hidden))
        #expect(BannerAnchorDecision.fallback(.hidden).edgeLines(layerHeight: 600) == (0, 600))
        #expect(BannerAnchorPlacement.decide(side: .above, facts: bottomBar, layerHeight: 600) == .anchored(edge: .bottom, line: 552))
    }

    @Test func aDestroyedAnchorFallsBack() {
        #expect(BannerAnchorPlacement.decide(side: .above, facts: .destroyed, layerHeight: 600) == .fallback(.destroyed))
        #expect(BannerAnchorPlacement.decide(side: .below, facts: nil, layerHeight: 600) == .fallback(.destroyed))
    }

    @Test func anAnchorOutsideTheContentOrInAnotherWindowFallsBack() {
        var outside = bottomBar
        outside.whereabouts = .outside
        #expect(BannerAnchorPlacement.decide(side: .above, facts: outside, layerHeight: 600) == .fallback(.outside))
        var elsewhere = bottomBar
        elsewhere.whereabouts = .otherWindow
        #expect(BannerAnchorPlacement.decide(side: .above, facts: elsewhere, layerHeight: 600) == .fallback(.otherWindow))
    }

    /// Whereabouts are checked before visibility: a hidden widget in another window is still the app's mistake.
    @Test func aMistakeOutranksAHiddenAnchor() {
        let hiddenElsewhere = BannerAnchorFacts(isAlive: true, whereabouts: .otherWindow, isMapped: false, top: 0, bottom: 10)
        #expect(BannerAnchorPlacement.decide(side: .above, facts: hiddenElsewhere, layerHeight: 600) == .fallback(.otherWindow))
    }

    @Test func anAnchorNotLaidOutYetFallsBack() {
        let unmeasured = BannerAnchorFacts(isAlive: true)
        #expect(BannerAnchorPlacement.decide(side: .above, facts: unmeasured, layerHeight: 600) == .fallback(.offLayer))
        let nonsense = BannerAnchorFacts(isAlive: true, top: .nan, bottom: 10)
        #expect(BannerAnchorPlacement.decide(side: .above, facts: nonsense, layerHeight: 600) == .fallback(.offLayer))
        let upsideDown = BannerAnchorFacts(isAlive: true, top: 300, bottom: 200)
        #expect(BannerAnchorPlacement.decide(side: .above, facts: upsideDown, layerHeight: 600) == .fallback(.offLayer))
    }

    /// A line on or past the far edge leaves the banners no room: scrolled away, or under the header bar.
    @Test func aLineThatLeavesNoRoomFallsBack() {
        let scrolledUp = BannerAnchorFacts(isAlive: true, top: -80, bottom: -40)
        #expect(BannerAnchorPlacement.decide(side: .above, facts: scrolledUp, layerHeight: 600) == .fallback(.offLayer))
        #expect(BannerAnchorPlacement.decide(side: .below, facts: scrolledUp, layerHeight: 600) == .fallback(.offLayer))
        let atTheTop = BannerAnchorFacts(isAlive: true, top: 0, bottom: 40)
        #expect(BannerAnchorPlacement.decide(side: .above, facts: atTheTop, layerHeight: 600) == .fallback(.offLayer))
        #expect(BannerAnchorPlacement.decide(side: .below, facts: atTheTop, layerHeight: 600) == .anchored(edge: .top, line: 40))
        let scrolledDown = BannerAnchorFacts(isAlive: true, top: 620, bottom: 660)
        #expect(BannerAnchorPlacement.decide(side: .above, facts: scrolledDown, layerHeight: 600) == .fallback(.offLayer))
        let atTheBottom = BannerAnchorFacts(isAlive: true, top: 560, bottom: 600)
        #expect(BannerAnchorPlacement.decide(side: .below, facts: atTheBottom, layerHeight: 600) == .fallback(.offLayer))
        #expect(BannerAnchorPlacement.decide(side: .above, facts: bottomBar, layerHeight: 0) == .fallback(.offLayer))
        #expect(BannerAnchorPlacement.decide(side: .above, facts: bottomBar, layerHeight: .infinity) == .fallback(.offLayer))
    }

    /// Straddling an edge is fine as long as the line is inside: a bar half under the bottom edge.
    @Test func anAnchorPartlyOutsideTheLayerStillAnchors() {
        let straddling = BannerAnchorFacts(isAlive: true, top: 580, bottom: 640)
        #expect(BannerAnchorPlacement.decide(side: .above, facts: straddling, layerHeight: 600) == .anchored(edge: .bottom, line: 580))
    }

    @Test func onlyMistakesAreSaid() {
        #expect(BannerAnchorFallback.destroyed.isMistake)
        #expect(BannerAnchorFallback.outside.isMistake)
        #expect(BannerAnchorFallback.otherWindow.isMistake)
        #expect(!BannerAnchorFallback.hidden.isMistake)
        #expect(!BannerAnchorFallback.offLayer.isMistake)
    }

    @Test func aMistakeIsSaidOnceUntilItEnds() {
        var reporter = BannerAnchorReporter()
        let outside = BannerAnchorDecision.fallback(.outside)
        #expect(reporter.message(for: outside) == BannerAnchorFallback.outside.message)
        #expect(reporter.message(for: outside) == nil, "the next layout says nothing new")
        #expect(reporter.message(for: .fallback(.otherWindow)) == BannerAnchorFallback.otherWindow.message)
        #expect(reporter.message(for: .fallback(.hidden)) == nil)
        #expect(reporter.message(for: .anchored(edge: .bottom, line: 10)) == nil)
        #expect(reporter.message(for: .fallback(.otherWindow)) != nil, "made again after it was fixed: said again")
    }

    /// The storm's find (issue #27): closing a window with an anchored center said
    /// "the anchor widget was destroyed", as if the app had made a mistake.
    @Test func anAnchorGoingWithItsWindowIsNoMistake() {
        var reporter = BannerAnchorReporter()
        #expect(reporter.message(for: .fallback(.destroyed), windowClosing: true) == nil)
        var other = BannerAnchorReporter()
        #expect(other.message(for: .fallback(.destroyed), windowClosing: false) == BannerAnchorFallback.destroyed.message,
                "destroyed while its window stays: said")
    }

    @Test func theMessagesNameWhatWentWrong() {
        #expect(BannerAnchorFallback.destroyed.message.contains("destroyed"))
        #expect(BannerAnchorFallback.outside.message.contains("not inside"))
        #expect(BannerAnchorFallback.otherWindow.message.contains("another window"))
    }
}

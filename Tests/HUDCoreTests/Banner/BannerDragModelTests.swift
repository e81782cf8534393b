import Testing
@testable import HUDCore

@Suite struct BannerDragModelTests {
    let top = BannerDragModel(position: .top, bannerHeight: 80)
    let bottom = BannerDragModel(position: .bottom, bannerHeight: 80)

    @Test func followsTheFingerTowardsItsEdge() {
        #expect(top.followedOffset(forDrag: -30) == -30)
        #expect(bottom.followedOffset(forDrag: 30) == 30)
    }

    @Test func isRubberBandedAwayFromItsEdge() {
        let limit = BannerDragModel.rubberBandLimit
        #expect(top.followedOffset(forDrag: 100) == 100 * limit / (100 + limit))
        #expect(bottom.followedOffset(forDrag: -100) == -(100 * limit / (100 + limit)))
        #expect(top.followedOffset(forDrag: 1_000_000) < limit)
        #expect(abs(top.followedOffset(forDrag: 0.01) - 0.01) < 0.0001, "starts at the finger's pace")
    }

    @Test func draggedPastHalfItsHeightTowardsTheEdgeIsDismissed() {
        #expect(top.releaseOutcome(dragOffset: -41, velocity: 0) == .dismiss(targetOffset: -87, initialVelocity: 0))
        #expect(top.releaseOutcome(dragOffset: -39, velocity: 0) == .springBack(initialVelocity: 0))
    }

    /// "At least half its height": exactly half is enough, a hair less is not.
    @Test func draggedExactlyHalfItsHeightIsDismissed() {
        #expect(top.releaseOutcome(dragOffset: -40, velocity: 0) == .dismiss(targetOffset: -87, initialVelocity: 0))
        #expect(bottom.releaseOutcome(dragOffset: 40, velocity: 0) == .dismiss(targetOffset: 87, initialVelocity: 0))
        #expect(top.releaseOutcome(dragOffset: -39.999, velocity: 0) == .springBack(initialVelocity: 0))
    }

    @Test func aFastFlingTowardsTheEdgeIsDismissedFromAnywhere() {
        #expect(top.releaseOutcome(dragOffset: -5, velocity: -800) == .dismiss(targetOffset: -87, initialVelocity: -800))
        #expect(top.releaseOutcome(dragOffset: -5, velocity: -499) == .springBack(initialVelocity: -499))
    }

    @Test func bottomBannersAreSwipedDownNotUp() {
        #expect(bottom.releaseOutcome(dragOffset: 10, velocity: 900) == .dismiss(targetOffset: 87, initialVelocity: 900))
        #expect(bottom.releaseOutcome(dragOffset: 50, velocity: 0) == .dismiss(targetOffset: 87, initialVelocity: 0))
        guard case .springBack = bottom.releaseOutcome(dragOffset: -60, velocity: -900) else {
            Issue.record("an upward swipe must not dismiss a bottom banner")
            return
        }
    }

    @Test func aFlingBackTowardsTheScreenKeepsTheBanner() {
        #expect(top.releaseOutcome(dragOffset: -70, velocity: 600) == .springBack(initialVelocity: 600))
    }

    @Test func dismissalNeverStartsByMovingBackwards() {
        #expect(top.releaseOutcome(dragOffset: -70, velocity: 100) == .dismiss(targetOffset: -87, initialVelocity: 0))
    }

    @Test func springBackFromARubberBandUsesTheBannersSlowerVelocity() {
        let limit = BannerDragModel.rubberBandLimit
        // At d = c the rubber band's slope is c²/(2c)² = 1/4.
        #expect(top.releaseOutcome(dragOffset: limit, velocity: 100) == .springBack(initialVelocity: 25))
    }

    @Test func withoutSwipeDismissalBothWaysAreRubberBandedAndItAlwaysStays() {
        let fixed = BannerDragModel(position: .top, bannerHeight: 80, allowsDismissal: false)
        let limit = BannerDragModel.rubberBandLimit
        #expect(fixed.followedOffset(forDrag: -100) == -(100 * limit / (100 + limit)))
        guard case .springBack = fixed.releaseOutcome(dragOffset: -300, velocity: -3000) else {
            Issue.record("a banner that does not dismiss on swipe must spring back")
            return
        }
    }

    @Test func nonFiniteInputIsTreatedAsZero() {
        #expect(top.followedOffset(forDrag: .nan) == 0)
        #expect(top.releaseOutcome(dragOffset: .nan, velocity: .infinity) == .springBack(initialVelocity: 0))
        let flat = BannerDragModel(position: .top, bannerHeight: .nan)
        #expect(flat.releaseOutcome(dragOffset: -10, velocity: -900) == .springBack(initialVelocity: -900))
        #expect(flat.hiddenOffset == -BannerLayout.offscreenMargin)
    }
}

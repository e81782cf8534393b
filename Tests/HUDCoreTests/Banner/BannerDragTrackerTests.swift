import Testing
@testable import HUDCore

/// A press that moves is a drag, never a tap, whichever way it moves: sideways
/// too (towards either side, so in either text direction), though only the
/// vertical offset moves the banner and counts for its velocity.
@Suite struct BannerDragTrackerTests {
    @Test func aPressThatMovesSidewaysIsADragNotATap() {
        for sideways in [-12.0, 12.0] {
            var tracker = BannerDragTracker()
            tracker.record(offset: 0.5, sideways: sideways, time: 10)
            #expect(tracker.moved)
            #expect(tracker.lastOffset == 0.5)
        }
    }

    @Test func aPressThatStaysWithinTheThresholdIsStillATap() {
        var tracker = BannerDragTracker()
        tracker.record(offset: 2, sideways: 2, time: 10)
        #expect(!tracker.moved)
    }

    @Test func theVelocityIsVerticalOnly() {
        var tracker = BannerDragTracker()
        tracker.record(offset: 0, sideways: 0, time: 0)
        tracker.record(offset: -10, sideways: 200, time: 50)
        #expect(tracker.releaseVelocity == -200)
    }
}

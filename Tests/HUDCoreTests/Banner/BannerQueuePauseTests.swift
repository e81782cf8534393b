import Testing
@testable import HUDCore

@MainActor
@Suite struct BannerQueuePauseTests {
    @Test(arguments: [BannerInhibitReason.hover, .press, .focus, .drag, .other("menu")])
    func inhibitingPausesAndReleasingResumesTheRemainingTime(reason: BannerInhibitReason) throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 4)
        fixture.advance(1)
        fixture.queue.inhibit(banner, reason)
        #expect(banner.isTimeoutPaused)
        fixture.advance(60)
        #expect(banner.state == .showing)
        #expect(banner.remainingTime == .seconds(3))
        fixture.queue.release(banner, reason)
        #expect(!banner.isTimeoutPaused)
        fixture.advance(2.9)
        #expect(banner.state == .showing)
        fixture.advance(0.1)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func staysPausedUntilEveryReasonIsReleased() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 2)
        fixture.queue.inhibit(banner, .hover)
        fixture.queue.inhibit(banner, .focus)
        fixture.queue.release(banner, .hover)
        fixture.advance(10)
        #expect(banner.state == .showing)
        fixture.queue.release(banner, .focus)
        fixture.advance(2)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func aDuplicateLeaveDoesNotGoNegative() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 2)
        fixture.queue.inhibit(banner, .hover)
        fixture.queue.release(banner, .hover)
        fixture.queue.release(banner, .hover)
        fixture.queue.inhibit(banner, .hover)
        fixture.advance(10)
        #expect(banner.state == .showing, "one enter after two leaves still pauses")
        #expect(banner.isTimeoutPaused)
    }

    @Test func aDuplicateEnterDoesNotHoldTheTimeoutForever() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 2)
        fixture.queue.inhibit(banner, .press)
        fixture.queue.inhibit(banner, .press)
        fixture.queue.release(banner, .press)
        fixture.advance(2)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func inhibitingDuringTheEntranceStartsTheTimeoutPaused() throws {
        let fixture = BannerFixture(animated: true)
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 1)
        fixture.advance(0.1)
        fixture.queue.inhibit(banner, .hover)
        fixture.advance(5)
        #expect(banner.state == .showing)
        #expect(banner.remainingTime == .seconds(1))
        fixture.queue.release(banner, .hover)
        fixture.advance(1)
        #expect(banner.state == .gone(.timeout))
    }

    /// A pointer that passes over a banner while it slides in must not start the
    /// clock early: the timeout counts from the end of the entrance, whatever came before.
    @Test func aHoverThatEndsDuringTheEntranceWaitsForTheEntranceToEnd() throws {
        let fixture = BannerFixture(animated: true)
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 1)
        let entrance = fixture.queue.transition(for: banner).duration
        #expect(entrance > .milliseconds(200), "the test needs a real entrance")
        fixture.advance(0.1)
        fixture.queue.inhibit(banner, .hover)
        fixture.queue.release(banner, .hover)
        fixture.scheduler.advance(by: entrance - .milliseconds(100))
        #expect(banner.remainingTime == .seconds(1), "nothing counted during the entrance")
        fixture.advance(0.999)
        #expect(banner.state == .showing, "the full second is counted from the end of the entrance")
        fixture.advance(0.001)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func inhibitingABannerThatIsNotShowingIsIgnored() throws {
        let fixture = BannerFixture()
        let showing = try makeBanner("A")
        let waiting = try makeBanner("B")
        fixture.queue.enqueue([showing, waiting], duration: 1)
        fixture.queue.inhibit(waiting, .hover)
        fixture.advance(1)
        #expect(waiting.state == .showing)
        #expect(!waiting.isTimeoutPaused)
        fixture.advance(1)
        #expect(waiting.state == .gone(.timeout))
    }

    /// Input routed to the wrong window's queue (a banner of another window)
    /// must not hold that banner: only the queue that shows it decides.
    @Test func anotherQueueCannotPauseABanner() throws {
        let fixture = BannerFixture(), other = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 1)
        other.queue.inhibit(banner, .hover)
        #expect(!banner.isTimeoutPaused)
        fixture.advance(1)
        #expect(banner.state == .gone(.timeout))
    }

    /// Issue #19 bug 7: a pushed-back banner came back without its pauses, and
    /// timed out under the resting pointer (the view reports no new enter).
    @Test(arguments: [BannerInhibitReason.hover, .press, .focus, .drag], [false, true])
    func aPushedBackBannerComesBackStillHeldAndWithItsFullTime(reason: BannerInhibitReason, animated: Bool) throws {
        let fixture = BannerFixture(animated: animated)
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 3)
        fixture.advance(1)
        fixture.queue.inhibit(banner, reason)
        let urgent = try makeBanner("H", priority: .high)
        fixture.queue.enqueue(urgent, duration: 1)
        #expect(banner.state == .queued)
        fixture.advance(2)
        #expect(banner.state == .showing)
        #expect(banner.isTimeoutPaused, "\(reason) still holds it: the view never said it let go")
        fixture.advance(60)
        #expect(banner.state == .showing)
        #expect(banner.remainingTime == .seconds(3), "its timeout started afresh")
        fixture.queue.release(banner, reason)
        fixture.advance(3)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func aLeaveWhileThePushedBackBannerWaitsIsRemembered() throws {
        let fixture = BannerFixture(animated: true)
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 3)
        fixture.advance(1)
        fixture.queue.inhibit(banner, .hover)
        let urgent = try makeBanner("H", priority: .high)
        fixture.queue.enqueue(urgent, duration: 1)
        fixture.queue.release(banner, .hover) // its widget left from under the pointer
        fixture.advance(2)
        #expect(banner.state == .showing)
        #expect(!banner.isTimeoutPaused)
        fixture.advance(4)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func untilDismissedBannerIgnoresTheClockButTracksFocus() throws {
        let fixture = BannerFixture(maxVisible: 2)
        let focused = try makeBanner("A")
        let front = try makeBanner("B")
        fixture.queue.enqueue([focused, front])
        fixture.queue.inhibit(focused, .focus)
        #expect(focused.remainingTime == nil)
        #expect(!focused.isTimeoutPaused, "nothing to pause without a timeout")
        #expect(fixture.queue.dismissFront())
        #expect(focused.state == .gone(.escape), "Escape goes to the focused banner first")
        #expect(front.state == .showing)
    }
}

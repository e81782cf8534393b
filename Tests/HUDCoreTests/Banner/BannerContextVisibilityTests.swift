import Testing
@testable import HUDCore

/// Issue #27: a context (a pane, a stack page) hidden inside its window holds
/// its banners as an inactive window does; one input merged with the window's attention.
@MainActor
@Suite struct BannerContextVisibilityTests {
    private static let shown = ContextVisibility(isMapped: true, isWindowMapped: true)
    private static let hidden = ContextVisibility(isMapped: false, isWindowMapped: true)

    @Test func aHiddenContextPausesAndShowingItResumesWithTheTimeLeft() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.contextVisibilityChanged(Self.shown)
        fixture.queue.enqueue(banner, duration: 4)
        fixture.advance(1)
        fixture.queue.contextVisibilityChanged(Self.hidden)
        #expect(banner.isTimeoutPaused)
        #expect(fixture.queue.holds == [.windowInactive])
        fixture.advance(600)
        #expect(banner.state == .showing)
        fixture.queue.contextVisibilityChanged(Self.shown)
        #expect(banner.remainingTime == .seconds(3))
        fixture.advance(3)
        #expect(banner.state == .gone(.timeout))
    }

    /// No "attended once" latch is needed: the toolkit reports mapping reliably,
    /// so a page switched away before it was ever seen holds its banners too.
    @Test func aBannerShownIntoAHiddenContextWaitsForItWithItsWholeTime() throws {
        let fixture = BannerFixture()
        fixture.queue.contextVisibilityChanged(Self.hidden)
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 2)
        fixture.advance(100)
        #expect(banner.state == .showing)
        fixture.queue.contextVisibilityChanged(Self.shown)
        #expect(banner.remainingTime == .seconds(2))
    }

    /// A window not up yet (the app builds its panes before presenting it) hides no context.
    @Test func anUnmappedWindowDoesNotCountAsAHiddenContext() throws {
        let fixture = BannerFixture()
        fixture.queue.contextVisibilityChanged(ContextVisibility(isMapped: false, isWindowMapped: false))
        let banner = try makeBanner("A")
        fixture.queue.enqueue(banner, duration: 2)
        #expect(fixture.queue.holds.isEmpty)
        fixture.advance(2)
        #expect(banner.state == .gone(.timeout))
    }

    /// The two inputs merge: the banners run only while the window is attended and the context shown.
    @Test func theWindowAndTheContextHoldTogetherAndReleaseOnlyWhenBothAllow() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.enqueue(banner, duration: 4)
        fixture.advance(1)
        fixture.queue.windowAttentionChanged(isAttended: false)
        fixture.queue.contextVisibilityChanged(Self.hidden)
        fixture.queue.windowAttentionChanged(isAttended: true)
        #expect(banner.isTimeoutPaused, "the context is still hidden")
        fixture.queue.windowAttentionChanged(isAttended: false)
        fixture.queue.contextVisibilityChanged(Self.shown)
        #expect(banner.isTimeoutPaused, "the window is still left")
        fixture.queue.windowAttentionChanged(isAttended: true)
        #expect(!banner.isTimeoutPaused)
        fixture.advance(3)
        #expect(banner.state == .gone(.timeout))
    }

    /// The window's opt-outs apply to the context too (one hold, one rule).
    @Test func aBannerThatDoesNotPauseForTheWindowDoesNotPauseForItsContext() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("Stale soon") { $0.pausesWhileWindowInactive = false }
        fixture.queue.enqueue(banner, duration: 2)
        fixture.queue.contextVisibilityChanged(Self.hidden)
        fixture.advance(2)
        #expect(banner.state == .gone(.timeout))
    }

    /// A hidden context in an attended window sends no desktop notification
    /// (the user is in the app), and a banner there is seen only once its
    /// context shows: then its notification is withdrawn.
    @Test func aBannerInAHiddenContextIsSeenOnlyWhenItShows() throws {
        let fixture = BannerFixture()
        let notifier = RecordingNotifier()
        fixture.queue.desktopNotifier = notifier
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.contextVisibilityChanged(Self.hidden)
        let quiet = try makeBanner("Quiet") { $0.desktopNotification = .whenUnattended }
        fixture.queue.enqueue(quiet, duration: 2)
        #expect(notifier.events.isEmpty, "the window is attended: the user is in the app")
        fixture.queue.dismissAll()
        fixture.advance(1)
        fixture.queue.windowAttentionChanged(isAttended: false)
        let saved = try makeBanner("Saved") { $0.desktopNotification = .whenUnattended }
        fixture.queue.enqueue(saved, duration: 2)
        #expect(notifier.events == ["send Saved"])
        fixture.queue.windowAttentionChanged(isAttended: true)
        #expect(notifier.events == ["send Saved"], "back in the window, but the banner's pane is hidden")
        fixture.queue.contextVisibilityChanged(Self.shown)
        #expect(notifier.events == ["send Saved", "withdraw Saved"], "seen once its pane shows")
    }
}

/// Issue #27: a banner shown while the user is in another window (or on
/// another page) is spoken when they come back, once; screen readers drop
/// what a window the user left says.
@MainActor
@Suite struct BannerUnattendedAnnouncementTests {
    @Test func aBannerShownInAWindowTheUserLeftIsSpokenWhenTheyComeBack() throws {
        let fixture = BannerFixture()
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.windowAttentionChanged(isAttended: false)
        fixture.queue.enqueue(try makeBanner("Exported"), duration: 2)
        fixture.advance(30)
        #expect(fixture.presenter.announcements.isEmpty, "nothing said into a window the user left")
        fixture.queue.windowAttentionChanged(isAttended: true)
        #expect(fixture.presenter.announcements == ["Exported"])
        fixture.queue.windowAttentionChanged(isAttended: false)
        fixture.queue.windowAttentionChanged(isAttended: true)
        #expect(fixture.presenter.announcements == ["Exported"], "once")
    }

    @Test func aHiddenPagesBannerIsSpokenWhenThePageShowsAndAWindowNeverActiveSpeaksAtOnce() throws {
        let fixture = BannerFixture()
        fixture.queue.contextVisibilityChanged(ContextVisibility(isMapped: false, isWindowMapped: true))
        fixture.queue.enqueue(try makeBanner("On page one"), duration: 2)
        #expect(fixture.presenter.announcements.isEmpty)
        fixture.queue.contextVisibilityChanged(ContextVisibility(isMapped: true, isWindowMapped: true))
        #expect(fixture.presenter.announcements == ["On page one"])
        let headless = BannerFixture()
        headless.queue.enqueue(try makeBanner("Kiosk"), duration: 2)
        #expect(headless.presenter.announcements == ["Kiosk"], "a window never active is not away")
    }

    @Test func aBannerGoneBeforeTheUserIsBackSaysNothing() throws {
        let fixture = BannerFixture()
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.windowAttentionChanged(isAttended: false)
        let banner = try makeBanner("Typing…")
        banner.content.pausesWhileWindowInactive = false
        fixture.queue.enqueue(banner, duration: 1)
        fixture.advance(5)
        #expect(banner.state == .gone(.timeout))
        fixture.queue.windowAttentionChanged(isAttended: true)
        #expect(fixture.presenter.announcements.isEmpty)
    }
}

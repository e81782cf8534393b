import Testing
@testable import HUDCore

/// When the queue has a banner spoken: on every appearance, and when the
/// text it shows changes while it is on screen (issue #19 bug 6).
@MainActor
@Suite struct BannerAnnouncementTests {
    @Test func aBannerIsSpokenWhenItAppearsPolitelyOrUrgently() throws {
        let fixture = BannerFixture(maxVisible: 2)
        let normal = try Banner(title: "Saved", subtitle: "3 files")
        let urgent = try makeBanner("Disk full", priority: .high)
        fixture.queue.enqueue([normal, urgent])
        #expect(fixture.presenter.announcements == ["Saved. 3 files", "Disk full"])
        #expect(fixture.presenter.announcementDetails.map(\.isUrgent) == [false, true])
    }

    @Test(arguments: [false, true])
    func newTextOnAShownBannerIsSpokenAgain(animated: Bool) throws {
        let fixture = BannerFixture(animated: animated)
        let banner = try Banner(title: "Uploading", subtitle: "0 of 3 photos")
        fixture.queue.enqueue(banner, duration: 10)
        fixture.advance(1)
        try banner.content.replaceMessage(title: "Upload complete", subtitle: "3 of 3 photos", image: nil)
        #expect(fixture.presenter.announcements == ["Uploading. 0 of 3 photos", "Upload complete. 3 of 3 photos"])
        #expect(fixture.presenter.events.last == .update("Upload complete"), "the widget shows the words before they are spoken")
        try banner.content.replaceMessage(title: "Upload finished", subtitle: "3 of 3 photos", image: nil)
        #expect(fixture.presenter.announcements.last == "Upload finished. 3 of 3 photos", "a title change alone is spoken too")
        banner.content.usesMarkup = true
        #expect(fixture.presenter.announcements.count == 4, "markup on changes what the banner shows")
    }

    @Test func changesThatKeepTheWordsAreNotSpoken() throws {
        let fixture = BannerFixture()
        let banner = try Banner(title: "Saved")
        fixture.queue.enqueue(banner)
        banner.content.hasShadows.toggle()
        banner.content.priority = .high
        try banner.content.replaceMessage(title: "Saved", subtitle: nil, image: .iconName("emblem-ok-symbolic"))
        #expect(fixture.presenter.announcements == ["Saved"])
    }

    @Test func aWaitingOrLeavingBannerSaysNothingUntilItIsOnScreen() throws {
        let fixture = BannerFixture(animated: true)
        let front = try makeBanner("Front")
        let waiting = try makeBanner("Waiting")
        fixture.queue.enqueue([front, waiting], duration: 1)
        try waiting.content.replaceMessage(title: "Waiting, renamed", subtitle: nil, image: nil)
        #expect(fixture.presenter.announcements == ["Front"])
        fixture.queue.dismiss(front)
        try front.content.replaceMessage(title: "Front, leaving", subtitle: nil, image: nil)
        #expect(fixture.presenter.announcements == ["Front", "Waiting, renamed"], "only the banner that came on screen")
    }

    /// Settings "may be changed while the banner is on screen", and a banner
    /// sliding out is still on screen: the change reaches its widget, silently.
    @Test func aChangeDuringTheExitReachesTheWidgetWithoutBeingSpoken() throws {
        let fixture = BannerFixture(animated: true)
        let banner = try makeBanner("Saved")
        fixture.queue.enqueue(banner, duration: 1)
        fixture.queue.dismiss(banner)
        fixture.presenter.clear()
        try banner.content.replaceMessage(title: "Saved twice", subtitle: nil, image: nil)
        #expect(fixture.presenter.events == [.update("Saved twice")])
        #expect(fixture.presenter.announcements.isEmpty, "a leaving banner says nothing more")
        fixture.advance(2)
        #expect(fixture.presenter.events.last == .finishHide("Saved twice"))
    }

    @Test func aPushedBackBannerIsSpokenAgainWhenItReturns() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("Normal")
        fixture.queue.enqueue(banner, duration: 5)
        let urgent = try makeBanner("Urgent", priority: .high)
        fixture.queue.enqueue(urgent, duration: 1)
        fixture.advance(1)
        #expect(fixture.presenter.announcements == ["Normal", "Urgent", "Normal"])
    }

    @Test func anImageOnlyBannerHasNothingToSay() throws {
        let fixture = BannerFixture()
        let banner = try Banner(image: .iconName("emblem-ok-symbolic"))
        fixture.queue.enqueue(banner)
        #expect(fixture.presenter.announcements.isEmpty)
        try banner.content.replaceMessage(title: "Now with words", subtitle: nil, image: .iconName("emblem-ok-symbolic"))
        #expect(fixture.presenter.announcements == ["Now with words"])
    }
}

import Testing
@testable import HUDCore

/// Banner ids (issue #26): what a banner does when one with its id is already
/// showing or waiting, looking banners up and hiding them by id, and bad ids.
@MainActor
@Suite struct BannerIDTests {
    private func banner(_ title: String, id: String? = "sync", _ policy: BannerIDPolicy = .updateInPlace,
                        configure: (inout BannerContent) -> Void = { _ in }) throws -> Banner {
        try makeBanner(title) {
            $0.id = id
            $0.idPolicy = policy
            configure(&$0)
        }
    }

    // MARK: - The policies, on a banner on screen

    @Test func updateInPlaceChangesTheWordsOfTheBannerOnScreenRestartsItsTimerAndSpeaksOnce() throws {
        let fixture = BannerFixture()
        let counter = ClosureCounter()
        let first = try banner("Syncing")
        let second = try banner("Synced")
        counter.watch(second)
        fixture.queue.show(first, duration: 4)
        fixture.advance(3)
        fixture.presenter.clear()
        fixture.queue.show(second, duration: 4)
        #expect(fixture.queue.visibleBanners == [first], "one banner: the one on screen")
        #expect(first.content.title == "Synced")
        #expect(fixture.presenter.events == [.update("Synced")], "no second present, no slide")
        #expect(fixture.presenter.announcements == ["Synced"], "the change is spoken once")
        #expect(second.state == .gone(.sameID))
        #expect(counter.dismissals == [.sameID])
        fixture.advance(3.9)
        #expect(first.state == .showing, "the timer started again at the update")
        fixture.advance(0.1)
        #expect(first.state == .gone(.timeout))
    }

    @Test func updateInPlaceWithTheSameWordsSaysNothingNew() throws {
        let fixture = BannerFixture()
        fixture.queue.show(try banner("Saved"), duration: 4)
        fixture.presenter.clear()
        fixture.queue.show(try banner("Saved"), duration: 4)
        #expect(fixture.presenter.announcements.isEmpty)
    }

    @Test func updateInPlaceHandsTheNewBannersClosuresOverAndKeepsTheEdge() throws {
        let fixture = BannerFixture()
        let first = try banner("Syncing") { $0.position = .bottom }
        let second = try banner("Failed") {
            $0.position = .top
            $0.action = BannerAction(label: "Retry", effect: .gAction(name: "app.retry", target: nil))
        }
        var mergedInto: Banner?
        second.onMerged = { mergedInto = $0 }
        fixture.queue.show(first)
        fixture.queue.show(second)
        #expect(mergedInto === first)
        #expect(first.content.position == .bottom, "a banner on screen does not change edges")
        #expect(first.content.action == BannerAction(label: "Retry", effect: .gAction(name: "app.retry", target: nil)),
                "the action travels with the content, as one value")
    }

    @Test func ignoreDropsTheNewBannerAndLeavesTheTimerAlone() throws {
        let fixture = BannerFixture()
        let first = try banner("Syncing")
        let second = try banner("Synced", .ignore)
        fixture.queue.show(first, duration: 4)
        fixture.advance(3)
        fixture.presenter.clear()
        #expect(fixture.queue.show(second, duration: 4))
        #expect(first.content.title == "Syncing")
        #expect(fixture.presenter.events.isEmpty && fixture.presenter.announcements.isEmpty)
        #expect(second.state == .gone(.sameID))
        fixture.advance(1)
        #expect(first.state == .gone(.timeout))
    }

    @Test func replaceEndsTheOldBannerAndShowsTheNewOneInItsSlot() throws {
        let fixture = BannerFixture(maxVisible: 3)
        let counter = ClosureCounter()
        let other = try banner("Other", id: nil)
        let first = try banner("Syncing")
        let newest = try banner("Newest", id: nil)
        let second = try banner("Synced", .replace)
        counter.watch(first)
        fixture.queue.enqueue([other, first, newest])
        fixture.presenter.clear()
        fixture.queue.show(second, duration: 4)
        #expect(fixture.queue.visibleBanners == [newest, second, other], "the new one takes the old one's place")
        #expect(first.state == .gone(.replaced))
        #expect(fixture.presenter.events.prefix(2) == [.beginHide("Syncing", .dismissed(.replaced)), .present("Synced", slot: 1)])
        #expect(fixture.presenter.announcements == ["Synced"])
        fixture.scheduler.runUntilIdle()
        #expect(counter.dismissals == [.replaced])
        #expect(fixture.queue.banner(id: "sync") == nil, "the new one timed out")
    }

    @Test func countShowsTheCountRestartsTheTimerAndSpeaksTheCountOncePerBurst() throws {
        let fixture = BannerFixture()
        let first = try banner("Saved", .count)
        fixture.queue.show(first, duration: 5)
        #expect(fixture.presenter.announcements == ["Saved"])
        fixture.advance(2)
        fixture.presenter.clear()
        let more = try (0..<2).map { _ in try banner("Saved", .count) }
        for banner in more {
            fixture.queue.show(banner, duration: 5)
            fixture.advance(0.4)
        }
        #expect(first.content.repeatCount == 3)
        #expect(fixture.presenter.events == [.update("Saved"), .update("Saved")], "the badge changes on screen")
        #expect(fixture.presenter.announcements.isEmpty, "not yet: more may come")
        #expect(more.allSatisfy { $0.state == .gone(.sameID) })
        fixture.advance(BannerQueue.countAnnouncementDelay.seconds - 0.4)
        #expect(fixture.presenter.announcementDetails.map(\.count) == [3], "once, with the last count")
        #expect(fixture.presenter.announcementDetails.first?.spokenText(in: .english) == "Saved, 3 times")
        fixture.advance(3.9) // the last arrival was at 2.4 s, 5 s before 7.4 s
        #expect(first.state == .showing, "the timer started again at the last arrival")
        fixture.advance(0.1)
        #expect(first.state == .gone(.timeout))
        #expect(fixture.presenter.announcements.count == 1)
    }

    @Test func aCountedBannerThatWasPushedBackSaysItsCountWhenItReturns() throws {
        let fixture = BannerFixture()
        let first = try banner("Saved", .count)
        fixture.queue.show(first)
        fixture.queue.show(try banner("Saved", .count))
        let urgent = try makeBanner("Urgent", priority: .high)
        fixture.queue.show(urgent)
        fixture.advance(2)
        #expect(first.state == .queued)
        #expect(fixture.presenter.announcements == ["Saved", "Urgent"], "nothing from a banner pushed back")
        urgent.dismiss()
        fixture.scheduler.runUntilIdle()
        #expect(fixture.presenter.announcementDetails.dropFirst(2).map { $0.spokenText(in: .english) } == ["Saved, 2 times"])
    }

    // MARK: - The policies, on a banner waiting

    @Test func eachPolicyOnAWaitingBanner() throws {
        for policy in BannerIDPolicy.allCases {
            let fixture = BannerFixture()
            let front = try banner("Front", id: nil)
            let waiting = try banner("Old")
            fixture.queue.enqueue([front, waiting])
            let arriving = try banner("New", policy)
            fixture.queue.show(arriving)
            let expectedQueue: [Banner] = policy == .replace ? [arriving] : [waiting]
            #expect(fixture.queue.queuedBanners == expectedQueue, "\(policy)")
            #expect(fixture.queue.visibleBanners == [front], "\(policy)")
            #expect(waiting.content.title == (policy == .updateInPlace ? "New" : "Old"), "\(policy)")
            #expect(waiting.content.repeatCount == (policy == .count ? 2 : 1), "\(policy)")
            #expect(fixture.presenter.announcements == ["Front"], "a waiting banner says nothing yet (\(policy))")
            #expect(fixture.queue.banner(id: "sync") === expectedQueue[0], "\(policy)")
        }
    }

    @Test func anUrgentUpdateOrReplacementOfAWaitingBannerShowsAtOnce() throws {
        for policy in [BannerIDPolicy.updateInPlace, .replace] {
            let fixture = BannerFixture()
            let front = try banner("Front", id: nil)
            let other = try banner("Other", id: nil)
            let waiting = try banner("Old")
            fixture.queue.enqueue([front, other, waiting])
            let arriving = try banner("New", policy)
            arriving.content.priority = .high
            fixture.queue.show(arriving)
            let urgent = policy == .replace ? arriving : waiting
            #expect(fixture.queue.visibleBanners == [urgent], "\(policy)")
            #expect(fixture.queue.queuedBanners == [front, other], "the normal banner pushed back waits first (\(policy))")
            #expect(urgent.content.title == "New", "\(policy)")
            #expect(fixture.presenter.announcements == ["Front", "New"], "\(policy)")
        }
    }

    // MARK: - What counts as "there"

    @Test func aBannerSlidingOutIsNoLongerThereAndOneWithItsIDShowsAnew() throws {
        let fixture = BannerFixture(animated: true)
        let first = try banner("Syncing")
        fixture.queue.show(first)
        fixture.scheduler.runUntilIdle()
        first.dismiss()
        #expect(!fixture.queue.isShownOrQueued(id: "sync"))
        let second = try banner("Synced")
        fixture.queue.show(second)
        #expect(second.state == .showing)
        #expect(fixture.queue.banner(id: "sync") === second)
    }

    @Test func bannersWithoutAnIDOrWithOtherIDsNeverMeet() throws {
        let fixture = BannerFixture(maxVisible: 3)
        let banners = try [banner("A", id: nil), banner("B", id: nil), banner("C", id: "other")]
        fixture.queue.enqueue(banners)
        fixture.queue.show(try banner("D", id: "sync"))
        #expect(fixture.queue.visibleBanners.count == 3)
        #expect(fixture.queue.queuedBanners.count == 1)
    }

    @Test func theSameIDInTwoWindowsNamesTwoBanners() throws {
        let one = BannerFixture(), two = BannerFixture()
        let first = try banner("Here"), second = try banner("There")
        one.queue.show(first)
        two.queue.show(second)
        #expect(first.state == .showing && second.state == .showing)
        #expect(one.queue.banner(id: "sync") === first && two.queue.banner(id: "sync") === second)
    }

    @Test func theSameBannerShownAgainIsNotADuplicateOfItself() throws {
        let fixture = BannerFixture()
        let first = try banner("Saved", .count)
        fixture.queue.show(first)
        fixture.queue.show(first)
        fixture.queue.enqueue(first)
        #expect(first.content.repeatCount == 1)
        #expect(first.state == .showing)
    }

    // MARK: - Hiding by id

    @Test func dismissByIDEndsTheBannerWhateverItsCount() throws {
        let fixture = BannerFixture()
        let counter = ClosureCounter()
        let first = try banner("Saved", .count)
        counter.watch(first)
        fixture.queue.show(first)
        fixture.queue.show(try banner("Saved", .count))
        #expect(fixture.queue.dismiss(id: "sync"))
        fixture.scheduler.runUntilIdle()
        #expect(counter.dismissals == [.programmatic])
        #expect(!fixture.queue.isShownOrQueued(id: "sync"))
    }

    @Test func dismissCountedTakesOneArrivalBackAndEndsTheLast() throws {
        let fixture = BannerFixture()
        let first = try banner("Saved", .count)
        fixture.queue.show(first)
        fixture.queue.show(try banner("Saved", .count))
        #expect(fixture.queue.dismissCounted(id: "sync"))
        #expect(first.content.repeatCount == 1)
        #expect(first.state == .showing)
        #expect(fixture.queue.dismissCounted(id: "sync"))
        #expect(first.state == .gone(.programmatic))
    }

    @Test func aCountTakenBackAndReachedAgainIsSpokenAgain() throws {
        let fixture = BannerFixture()
        let first = try banner("Saved", .count)
        fixture.queue.show(first)
        fixture.queue.show(try banner("Saved", .count))
        fixture.advance(BannerQueue.countAnnouncementDelay.seconds)
        fixture.queue.dismissCounted(id: "sync")
        fixture.advance(BannerQueue.countAnnouncementDelay.seconds)
        fixture.queue.show(try banner("Saved", .count))
        fixture.advance(BannerQueue.countAnnouncementDelay.seconds)
        #expect(fixture.presenter.announcementDetails.map(\.count) == [1, 2, 2], "taken back silently, then 2 again")
    }

    @Test func dismissByAnUnknownOrBlankIDIsReportedAndChangesNothing() throws {
        let fixture = BannerFixture()
        let first = try banner("Saved")
        fixture.queue.show(first)
        let (results, messages) = capturingDiagnostics {
            [fixture.queue.dismiss(id: "nope", source: "BannerCenter.hide(id:)"),
             fixture.queue.dismissCounted(id: " ", source: "BannerCenter.hideCounted(id:)")]
        }
        #expect(results == [false, false])
        #expect(messages.map(\.source) == ["BannerCenter.hide(id:)", "BannerCenter.hideCounted(id:)"])
        #expect(messages.first?.text.contains("no banner with id “nope”") == true)
        #expect(first.state == .showing)
    }

    // MARK: - With issue #25's desktop notifications

    /// An update in place of a banner whose notification is out replaces it
    /// (same notification id, as any change of its words does), so the desktop
    /// never tells the old words; a replaced banner's notification is withdrawn.
    @Test func anUpdateInPlaceRefreshesANotificationThatIsOutAndAReplacementWithdrawsIt() throws {
        let fixture = BannerFixture()
        let notifier = RecordingNotifier()
        fixture.queue.desktopNotifier = notifier
        let first = try banner("Syncing") { $0.desktopNotification = .always }
        fixture.queue.show(first)
        fixture.queue.show(try banner("Synced") { $0.desktopNotification = .always })
        #expect(notifier.events == ["send Syncing", "update Syncing to Synced"])
        #expect(first.desktopNotificationID == first.key.description)
        fixture.queue.show(try banner("Quiet") { $0.desktopNotification = .never })
        #expect(notifier.events.last == "withdraw Synced", "the update turned it off")
        fixture.queue.show(try banner("Again") { $0.desktopNotification = .always })
        #expect(notifier.events.count == 3, "issue #25's rule holds: a banner's notification goes out once; once withdrawn it stays so")
        fixture.queue.show(try banner("Out", id: "other") { $0.desktopNotification = .always })
        fixture.queue.show(try banner("Replacing", id: "other", .replace) { $0.desktopNotification = .always })
        #expect(notifier.events.suffix(3) == ["send Out", "withdraw Out", "send Replacing"])
    }

    // MARK: - Bad ids

    @Test func aBlankIDIsRefusedWithAMessageAndTheBannerHasNone() throws {
        let (banner, messages) = try capturingDiagnostics { try makeBanner("A") { $0.id = "  " } }
        #expect(banner.content.id == nil)
        #expect(messages.count == 1)
        #expect(messages.first?.text.contains("an id needs text") == true)
    }

    @Test func theIDOfABannerShowingOrWaitingCannotChange() throws {
        let fixture = BannerFixture()
        let first = try banner("Saved")
        fixture.queue.show(first)
        let (_, messages) = capturingDiagnostics {
            first.update(source: "NotificationBanner.id") { $0.id = "other" }
        }
        #expect(first.content.id == "sync")
        #expect(messages.map(\.source) == ["NotificationBanner.id"])
        #expect(fixture.queue.banner(id: "sync") === first)
    }

    @Test func theHostGoingForgetsEveryID() throws {
        let fixture = BannerFixture()
        fixture.queue.show(try banner("Saved"))
        fixture.queue.hostDestroyed()
        #expect(!fixture.queue.isShownOrQueued(id: "sync"))
    }
}

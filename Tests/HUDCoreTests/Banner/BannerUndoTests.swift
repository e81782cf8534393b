import Testing
@testable import HUDCore

/// Counts an undo's two closures: exactly one of them must run, exactly once.
@MainActor
final class UndoCounter {
    private(set) var undos = 0
    private(set) var commits = 0
    var total: Int { undos + commits }

    func make() -> BannerUndo {
        BannerUndo(undo: { [weak self] in self?.undos += 1 }, commit: { [weak self] in self?.commits += 1 })
    }
}

@MainActor
func makeUndoBanner(_ name: String, counter: UndoCounter, priority: BannerPriority = .normal,
                    configure: (inout BannerContent) -> Void = { _ in }) throws -> Banner {
    let banner = try makeBanner(name, priority: priority, configure: configure)
    banner.offerUndo(counter.make())
    return banner
}

@MainActor
@Suite struct BannerUndoTests {
    @Test func offeringAnUndoGivesTheBannerATranslatedUndoButton() throws {
        let counter = UndoCounter()
        let banner = try makeUndoBanner("Deleted 3 files", counter: counter)
        #expect(banner.content.action?.label == HUDStrings.english.undo)
        #expect(banner.content.action?.identifier == BannerUndo.actionIdentifier)
        #expect(banner.content.action?.isSensitive == true)
        #expect(banner.undo?.outcome == .pending)
    }

    @Test(arguments: [BannerDismissReason.timeout, .closeButton, .swipe, .escape, .programmatic, .dismissAll, .hostDestroyed])
    func everyEndButUndoCommitsOnce(reason: BannerDismissReason) throws {
        let fixture = BannerFixture(animated: true)
        let counter = UndoCounter()
        let banner = try makeUndoBanner("Deleted", counter: counter)
        fixture.queue.show(banner, duration: 5)
        fixture.advance(1)
        switch reason {
        case .timeout: fixture.advance(10)
        case .closeButton: fixture.queue.closeButtonClicked(banner)
        case .swipe: fixture.queue.swipe(banner)
        case .escape: fixture.queue.dismissFront()
        case .programmatic: fixture.queue.dismiss(banner)
        case .dismissAll: fixture.queue.dismissAll()
        case .hostDestroyed: fixture.queue.hostDestroyed()
        default: Issue.record("not driven")
        }
        // Committed when the end is reported (after the exit), never before.
        fixture.scheduler.runUntilIdle()
        #expect(counter.commits == 1)
        #expect(counter.undos == 0)
        #expect(banner.undo?.outcome == .committed(.dismissed(reason)))
        // Undo afterwards: refused with a message, nothing runs again.
        let (ran, messages) = capturingDiagnostics { banner.undoChange(source: "NotificationBanner.undo()") }
        #expect(!ran)
        #expect(messages.map(\.source) == ["NotificationBanner.undo()"])
        #expect(messages.first?.text.contains("already gone") == true)
        fixture.queue.dismissAll()
        fixture.scheduler.runUntilIdle()
        #expect(counter.total == 1)
    }

    @Test func undoRunsOnceTheButtonTurnsInsensitiveAndTheOutcomeIsSpoken() throws {
        let fixture = BannerFixture(animated: true)
        let counter = UndoCounter()
        let banner = try makeUndoBanner("Deleted 3 files", counter: counter)
        let closures = ClosureCounter()
        closures.watch(banner)
        fixture.queue.show(banner, duration: 5)
        fixture.advance(1)
        fixture.presenter.clear()
        fixture.queue.activateAction(banner)
        #expect(counter.undos == 1)
        #expect(banner.content.action?.isSensitive == false, "insensitive from the first press")
        #expect(fixture.presenter.events.contains(.update("Deleted 3 files")), "the widget hears of it")
        #expect(fixture.presenter.announcementDetails.map(\.isUndone) == [true])
        #expect(fixture.presenter.announcementDetails.first?.spokenText(in: .english) == "Undone: Deleted 3 files")
        // A double click: the second press finds the banner leaving.
        fixture.queue.activateAction(banner)
        #expect(counter.undos == 1)
        fixture.scheduler.runUntilIdle()
        #expect(counter.commits == 0, "never committed after Undo")
        #expect(closures.dismissals == [.action])
        #expect(closures.actions.isEmpty, "Undo is not the app's action")
        #expect(banner.undo?.outcome == .undone)
        let (ran, messages) = capturingDiagnostics { banner.undoChange(source: "NotificationBanner.undo()") }
        #expect(!ran)
        #expect(messages.first?.text.contains("already undone") == true)
    }

    @Test func theAppsUndoOfAWaitingBannerEndsItUnseenAndSilent() throws {
        let fixture = BannerFixture()
        let counter = UndoCounter()
        let first = try makeBanner("First")
        let banner = try makeUndoBanner("Deleted", counter: counter)
        fixture.queue.enqueue([first, banner])
        fixture.presenter.clear()
        #expect(banner.undoChange())
        #expect(counter.undos == 1)
        #expect(banner.state == .gone(.programmatic))
        #expect(fixture.presenter.announcements.isEmpty, "a banner never seen says nothing")
        fixture.scheduler.runUntilIdle()
        #expect(counter.total == 1)
    }

    @Test func undoDuringTheExitIsRefusedAndTheChangeCommits() throws {
        let fixture = BannerFixture(animated: true)
        let counter = UndoCounter()
        let banner = try makeUndoBanner("Deleted", counter: counter)
        fixture.queue.show(banner, duration: 2)
        while banner.state == .showing { fixture.advance(0.01) }
        #expect(banner.state == .gone(.timeout))
        #expect(counter.commits == 0, "still sliding out")
        let (ran, messages) = capturingDiagnostics { banner.undoChange(source: "NotificationBanner.undo()") }
        #expect(!ran)
        #expect(messages.first?.text.contains("already leaving") == true)
        fixture.queue.activateAction(banner)
        fixture.scheduler.runUntilIdle()
        #expect(counter.commits == 1)
        #expect(counter.undos == 0)
    }

    @Test func aHighPriorityBannerEndsAnUndoBannerInsteadOfPuttingItBack() throws {
        let fixture = BannerFixture()
        let counter = UndoCounter()
        let banner = try makeUndoBanner("Deleted", counter: counter)
        let plain = try makeBanner("Plain")
        fixture.queue.show(banner, duration: 5)
        fixture.queue.show(try makeBanner("Urgent", priority: .high))
        #expect(banner.state == .gone(.replaced))
        #expect(!fixture.queue.queuedBanners.contains(banner))
        fixture.scheduler.runUntilIdle()
        #expect(counter.commits == 1)
        #expect(fixture.queue.visibleBanners.map(\.name) == ["Urgent"], "the freed slot is the high banner's")
        // A banner without undo is still put back, as before.
        fixture.queue.show(plain)
        fixture.queue.show(try makeBanner("Urgent 2", priority: .high))
        #expect(plain.state == .queued || plain.state == .showing)
    }

    @Test func anUpdateInPlaceCommitsTheOldOfferAndTakesTheNewOne() throws {
        let fixture = BannerFixture()
        let old = UndoCounter()
        let new = UndoCounter()
        let first = try makeUndoBanner("Deleted 1 file", counter: old) { $0.id = "delete" }
        let second = try makeUndoBanner("Deleted 2 files", counter: new) { $0.id = "delete" }
        fixture.queue.show(first, duration: 5)
        fixture.queue.show(second, duration: 5)
        #expect(old.commits == 1, "its words and button are gone")
        #expect(first.content.title == "Deleted 2 files")
        fixture.queue.activateAction(first)
        #expect(new.undos == 1, "the button now undoes the newer change")
        fixture.scheduler.runUntilIdle()
        #expect(old.total == 1)
        #expect(new.total == 1)
    }

    @Test func replaceAndIgnoreAndCountEachSettleEveryOffer() throws {
        for policy in [BannerIDPolicy.replace, .ignore, .count] {
            let fixture = BannerFixture()
            let old = UndoCounter()
            let new = UndoCounter()
            let first = try makeUndoBanner("A", counter: old) { $0.id = "x"; $0.idPolicy = policy }
            let second = try makeUndoBanner("B", counter: new) { $0.id = "x"; $0.idPolicy = policy }
            fixture.queue.show(first, duration: 5)
            fixture.queue.show(second, duration: 5)
            fixture.scheduler.runUntilIdle()
            fixture.queue.dismissAll()
            fixture.scheduler.runUntilIdle()
            #expect(old.commits == 1, "\(policy)")
            #expect(new.commits == 1, "\(policy)")
        }
    }

    @Test func applicationShutdownCommitsWhatIsPendingAndUndoIsRefusedAfter() throws {
        let fixture = BannerFixture()
        let counter = UndoCounter()
        let banner = try makeUndoBanner("Deleted", counter: counter)
        fixture.queue.show(banner)
        #expect(BannerUndo.commitAllPending() >= 1)
        #expect(counter.commits == 1)
        #expect(banner.undo?.outcome == .committed(.applicationShutdown))
        let (ran, _) = capturingDiagnostics { banner.undoChange() }
        #expect(!ran)
        fixture.queue.dismissAll()
        fixture.scheduler.runUntilIdle()
        #expect(counter.total == 1)
        #expect(banner.undo?.outcome == .committed(.applicationShutdown), "decided once: the end later changes nothing")
    }

    @Test func anUndoBannerReleasedWithoutBeingShownCommits() throws {
        let counter = UndoCounter()
        do {
            _ = try makeUndoBanner("Deleted", counter: counter)
        }
        #expect(counter.commits == 1)
    }

    @Test func offeringTwiceOrAfterShowingIsRefusedAndTheRefusedOfferCommits() throws {
        let fixture = BannerFixture()
        let first = UndoCounter()
        let second = UndoCounter()
        let banner = try makeUndoBanner("Deleted", counter: first)
        let (offered, messages) = capturingDiagnostics { banner.offerUndo(second.make(), source: "NotificationBanner.undoable") }
        #expect(!offered)
        #expect(messages.count == 1)
        #expect(second.commits == 1)
        fixture.queue.show(banner)
        let third = UndoCounter()
        let late = try makeBanner("X")
        fixture.queue.show(late)
        _ = capturingDiagnostics { late.offerUndo(third.make()) }
        #expect(third.commits == 1)
    }

    @Test func anUndoStormSettlesEveryOfferExactlyOnce() throws {
        // Random sequences of presses, timeouts, dismissals, arrivals and the window's end:
        // for every undo banner, undos + commits == 1 at the end, and never more meanwhile.
        var generator = HUDSplitMix64(seed: 0x5EED_0026)
        let previous = Diagnostics.handler
        Diagnostics.handler = { _ in }
        defer { Diagnostics.handler = previous }
        for round in 0..<200 {
            let fixture = BannerFixture(maxVisible: 1 + Int(generator.next() % 3), animated: generator.next() % 2 == 0)
            var tracked: [(Banner, UndoCounter)] = []
            for step in 0..<40 {
                let visible = fixture.queue.visibleBanners
                let any = (visible + fixture.queue.queuedBanners).randomElement(using: &generator)
                switch generator.next() % 11 {
                case 0, 1:
                    let counter = UndoCounter()
                    let priority: BannerPriority = generator.next() % 4 == 0 ? .high : .normal
                    let banner = try makeUndoBanner("U\(step)", counter: counter, priority: priority) {
                        if generator.next() % 3 == 0 { $0.id = "same" }
                        $0.idPolicy = [.updateInPlace, .replace, .ignore, .count][Int(generator.next() % 4)]
                    }
                    tracked.append((banner, counter))
                    fixture.queue.show(banner, duration: Double(1 + generator.next() % 4))
                case 2: if let banner = visible.randomElement(using: &generator) { fixture.queue.activateAction(banner) }
                case 3: any.map { _ = $0.undoChange() }
                case 4: fixture.advance(Double(generator.next() % 3000) / 1000)
                case 5: if let banner = visible.randomElement(using: &generator) { fixture.queue.closeButtonClicked(banner) }
                case 6: if let banner = visible.randomElement(using: &generator) { fixture.queue.swipe(banner) }
                case 7: fixture.queue.dismissFront()
                case 8: if generator.next() % 4 == 0 { fixture.queue.dismissAll() }
                case 9: fixture.queue.show(try makeBanner("P\(step)", priority: generator.next() % 2 == 0 ? .high : .normal))
                default: if let (banner, _) = tracked.randomElement(using: &generator) { _ = banner.undoChange() }
                }
                for (_, counter) in tracked { #expect(counter.total <= 1, "round \(round) step \(step)") }
            }
            if generator.next() % 2 == 0 { fixture.queue.hostDestroyed() } else {
                fixture.queue.dismissAll()
            }
            fixture.scheduler.runUntilIdle()
            for (banner, counter) in tracked {
                #expect(counter.total == 1, "round \(round): \(banner.name) \(String(describing: banner.undo?.outcome))")
                if counter.undos == 1, let undo = banner.undo { #expect(undo.outcome == .undone) }
            }
        }
    }
}

import Testing
@testable import HUDCore

/// The spoken hint on how the keyboard reaches a banner with an action
/// (issue #25): once per banner, after its words, in the user's language.
@MainActor
@Suite struct BannerReachHintTests {
    private func undoBanner(_ title: String) throws -> Banner {
        try makeBanner(title) { $0.action = BannerAction(label: "Undo", identifier: "undo") }
    }

    @Test func aBannerWithAnActionSaysHowToReachItAfterItsWords() throws {
        let fixture = BannerFixture()
        fixture.attention.setBannerShortcutLabel("Ctrl+F6")
        fixture.queue.enqueue(try undoBanner("Deleted"))
        let spoken = fixture.presenter.announcementDetails.map { $0.spokenText(in: .english) }
        #expect(spoken == ["Deleted. Press Ctrl+F6 to reach it."])
    }

    @Test func noHintWithoutAnActionOrWithoutAShortcut() throws {
        let fixture = BannerFixture(maxVisible: 2)
        fixture.attention.setBannerShortcutLabel("Ctrl+F6")
        fixture.queue.enqueue(try makeBanner("Saved"))
        fixture.attention.setBannerShortcutLabel(nil)
        fixture.queue.enqueue(try undoBanner("Deleted"))
        #expect(fixture.presenter.announcementDetails.map(\.reachHint) == [nil, nil])
        #expect(fixture.presenter.announcementDetails.map { $0.spokenText(in: .english) } == ["Saved", "Deleted"])
        fixture.attention.setBannerShortcutLabel("")
        #expect(fixture.attention.bannerShortcutLabel == nil, "an empty label is no shortcut")
    }

    /// Once per banner: new words on it, or its return after being pushed
    /// back, are spoken without the hint.
    @Test func theHintIsSaidOncePerBanner() throws {
        let fixture = BannerFixture()
        fixture.attention.setBannerShortcutLabel("Ctrl+F6")
        let banner = try undoBanner("Deleting")
        fixture.queue.enqueue(banner, duration: 10)
        try banner.content.replaceMessage(title: "Deleted", subtitle: nil, image: nil)
        fixture.queue.enqueue(try makeBanner("Urgent", priority: .high), duration: 1)
        fixture.advance(2)
        #expect(fixture.presenter.announcements == ["Deleting", "Deleted", "Urgent", "Deleted"])
        #expect(fixture.presenter.announcementDetails.map(\.reachHint) == ["Ctrl+F6", nil, nil, nil])
        fixture.queue.dismiss(banner)
        fixture.queue.enqueue(try undoBanner("Moved"))
        #expect(fixture.presenter.announcementDetails.last?.reachHint == "Ctrl+F6", "each banner says it once")
    }

    /// The chord reaches the newest banner on screen: an older one whose
    /// words change (or that gets its action) under a newer one does not
    /// say it, and says it once it is the newest.
    @Test func onlyTheBannerTheChordReachesSaysHowToReachIt() throws {
        let fixture = BannerFixture(maxVisible: 2)
        fixture.attention.setBannerShortcutLabel("Ctrl+F6")
        let older = try makeBanner("Copying")
        fixture.queue.enqueue(older, duration: 10)
        let newer = try makeBanner("Saved")
        fixture.queue.enqueue(newer, duration: 10)
        older.content.action = BannerAction(label: "Undo", identifier: "undo")
        try older.content.replaceMessage(title: "Copied", subtitle: nil, image: nil)
        #expect(fixture.presenter.announcements == ["Copying", "Saved", "Copied"])
        #expect(fixture.presenter.announcementDetails.last?.reachHint == nil, "the chord would reach \"Saved\"")
        fixture.queue.dismiss(newer)
        try older.content.replaceMessage(title: "Copied 3 files", subtitle: nil, image: nil)
        #expect(fixture.presenter.announcementDetails.last?.reachHint == "Ctrl+F6")
    }

    @Test func theHintIsNotNewWords() throws {
        let plain = try #require(BannerAnnouncement(try BannerContent(title: "Deleted")))
        let hinted = plain.addingReachHint(chord: "Ctrl+F6", hasAction: true, alreadyGiven: false)
        #expect(hinted.reachHint == "Ctrl+F6")
        #expect(!hinted.saysSomethingElse(than: plain))
        #expect(plain.addingReachHint(chord: "Ctrl+F6", hasAction: true, alreadyGiven: true).reachHint == nil)
        #expect(plain.addingReachHint(chord: "Ctrl+F6", hasAction: false, alreadyGiven: false).reachHint == nil)
        #expect(plain.addingReachHint(chord: nil, hasAction: true, alreadyGiven: false).reachHint == nil)
    }

    /// The pattern comes from the translation; one that drops the chord
    /// falls back to English, so the chord is never lost.
    @Test func theHintIsTranslatedAndABrokenTranslationFallsBack() throws {
        let content = try BannerContent(title: "Gelöscht", subtitle: "3 Dateien")
        let hinted = try #require(BannerAnnouncement(content)).addingReachHint(chord: "Strg+F6", hasAction: true, alreadyGiven: false)
        let german = HUDStrings.translated { context, message in
            context == "spoken hint after a banner with a button" ? "Drücken Sie %s, um dorthin zu gelangen." : message
        }
        #expect(hinted.spokenText(in: german) == "Gelöscht. 3 Dateien. Drücken Sie Strg+F6, um dorthin zu gelangen.")
        let broken = HUDStrings.translated { context, message in
            context == "spoken hint after a banner with a button" ? "Drücken, um dorthin zu gelangen." : message
        }
        #expect(hinted.spokenText(in: broken) == "Gelöscht. 3 Dateien. Press Strg+F6 to reach it.")
    }
}

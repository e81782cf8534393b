import Testing
@testable import HUDCore

@MainActor
@Suite struct HUDAnnouncementPolicyTests {
    private let scheduler = ManualScheduler()

    private func makePolicy() -> HUDAnnouncementPolicy {
        HUDAnnouncementPolicy(scheduler: scheduler)
    }

    @Test func eachNewStatusIsAnnouncedOnce() {
        let policy = makePolicy()
        #expect(policy.announcement(status: nil, progress: nil) == "Loading")
        #expect(policy.announcement(status: nil, progress: nil) == nil)
        #expect(policy.announcement(status: "Saving", progress: nil) == "Saving")
        #expect(policy.announcement(status: "Saving", progress: nil) == nil)
        #expect(policy.announcement(status: "Saving\nfile", progress: nil) == "Saving file")
        #expect(policy.announcement(status: "Saving\r\nfile", progress: nil) == nil)
    }

    @Test func identicalTextIsNeverAnnouncedTwiceInARow() {
        let policy = makePolicy()
        #expect(policy.announcement(status: nil, progress: nil) == "Loading")
        #expect(policy.announcement(status: "Loading", progress: nil) == nil)
    }

    @Test func progressIsAnnouncedAtQuarterCrossings() {
        let policy = makePolicy()
        var spoken: [String] = []
        for percent in 0...100 {
            scheduler.advance(by: .seconds(3))
            if let text = policy.announcement(status: "Uploading", progress: Double(percent) / 100) {
                spoken.append(text)
            }
        }
        #expect(spoken == ["Uploading, 0%", "Uploading, 25%", "Uploading, 50%", "Uploading, 75%", "Uploading, 100%"])
    }

    @Test func progressAnnouncementsRespectTheMinimumInterval() {
        let policy = makePolicy()
        #expect(policy.announcement(status: "Copying", progress: 0) == "Copying, 0%")
        scheduler.advance(by: .ms(500))
        #expect(policy.announcement(status: "Copying", progress: 0.3) == nil)
        scheduler.advance(by: .ms(1499))
        #expect(policy.announcement(status: "Copying", progress: 0.55) == nil)
        scheduler.advance(by: .ms(1))
        #expect(policy.announcement(status: "Copying", progress: 0.56) == "Copying, 56%")
        scheduler.advance(by: .seconds(1))
        #expect(policy.announcement(status: "Copying", progress: 0.8) == nil)
    }

    @Test func statusChangesAreNotThrottled() {
        let policy = makePolicy()
        #expect(policy.announcement(status: "Step 1", progress: 0.1) == "Step 1, 10%")
        #expect(policy.announcement(status: "Step 2", progress: 0.1) == "Step 2, 10%")
    }

    @Test func progressGoingBackIsQuietThenCrossingsCountAgain() {
        let policy = makePolicy()
        _ = policy.announcement(status: "Task", progress: 0.9)
        scheduler.advance(by: .seconds(3))
        #expect(policy.announcement(status: "Task", progress: 0.05) == nil)
        scheduler.advance(by: .seconds(3))
        #expect(policy.announcement(status: "Task", progress: 0.3) == "Task, 30%")
    }

    @Test func invalidProgressCountsAsIndeterminate() {
        let policy = makePolicy()
        #expect(policy.announcement(status: "Busy", progress: .nan) == "Busy")
        scheduler.advance(by: .seconds(3))
        #expect(policy.announcement(status: "Busy", progress: .infinity) == nil)
        #expect(policy.announcement(status: "Busy", progress: 7) == "Busy, 100%")
    }

    @Test func resetMakesTheNextContentNew() {
        let policy = makePolicy()
        #expect(policy.announcement(status: "Saved", progress: nil) == "Saved")
        policy.reset()
        #expect(policy.announcement(status: "Saved", progress: nil) == "Saved")
    }

    /// "A whole percentage" is the part done: 99.6 % is not "100%", which
    /// would tell the user the work is finished while it is not.
    @Test func theSpokenPercentageIsTheWholePercentDone() {
        let policy = makePolicy()
        #expect(policy.announcement(status: "Step 1", progress: 0.246) == "Step 1, 24%")
        #expect(policy.announcement(status: "Step 2", progress: 0.996) == "Step 2, 99%")
        scheduler.advance(by: .seconds(3))
        #expect(policy.announcement(status: "Step 2", progress: 1) == "Step 2, 100%")
    }

    /// A new status is announced with its progress, which counts as the
    /// crossing said: the same quarter is not said again with the new status.
    @Test func aNewStatusStartsFromTheQuarterItWasAnnouncedAt() {
        let policy = makePolicy()
        #expect(policy.announcement(status: "Step 1", progress: 0.3) == "Step 1, 30%")
        scheduler.advance(by: .seconds(3))
        #expect(policy.announcement(status: "Step 2", progress: 0.6) == "Step 2, 60%")
        scheduler.advance(by: .seconds(3))
        #expect(policy.announcement(status: "Step 2", progress: 0.7) == nil, "no quarter crossed since 60 %")
        scheduler.advance(by: .seconds(3))
        #expect(policy.announcement(status: "Step 2", progress: 0.8) == "Step 2, 80%")
    }

    /// The same text is never announced twice in a row, even when a new
    /// status makes it (an app formatter that says only the percentage).
    @Test func aNewStatusWithTheSameWordsIsNotRepeated() {
        let policy = HUDAnnouncementPolicy(scheduler: scheduler) { _, percent in percent.map { "\($0) percent" } ?? "Busy" }
        #expect(policy.announcement(status: "Copying a", progress: nil) == "Busy")
        #expect(policy.announcement(status: "Copying b", progress: nil) == nil)
        #expect(policy.announcement(status: "Copying c", progress: 0.5) == "50 percent")
    }

    @Test func customFormatterIsUsed() {
        let policy = HUDAnnouncementPolicy(scheduler: scheduler, minimumInterval: .zero) { name, percent in
            "\(name) (\(percent ?? -1))"
        }
        #expect(policy.announcement(status: "Sync", progress: 0.5) == "Sync (50)")
        #expect(policy.announcement(status: "Sync", progress: 0.75) == "Sync (75)")
    }
}

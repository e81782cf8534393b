import Synchronization
import Testing
@testable import HUDCore

/// Task banners (issue #26) on virtual time: grace, minimum show time, the
/// outcome in place, Cancel, Retry, progress and the attention rules of the result.
@MainActor
@Suite struct BannerTaskTests {
    /// A task banner on `fixture`'s queue, with a counter of its cancels.
    @MainActor private final class Run: Sendable {
        let task: BannerTask
        nonisolated let counter = Mutex(0)
        init(task: BannerTask) { self.task = task }
        var banner: Banner { task.banner }
        /// How many times the work was cancelled.
        nonisolated var cancels: Int { counter.withLock { $0 } }
    }

    private func makeRun(_ fixture: BannerFixture, grace: Double = 0.5, minimum: Double = 0.5, result: Double? = 3,
                         cancel: String? = "Cancel", success: String? = nil, retry: (@MainActor () -> Void)? = nil,
                         configure: (inout BannerContent) -> Void = { _ in }) throws -> Run {
        var configuration = BannerTask.Configuration()
        configuration.graceTime = .milliseconds(Int64(grace * 1000))
        configuration.minimumShowTime = .milliseconds(Int64(minimum * 1000))
        configuration.resultDuration = result
        configuration.cancelTitle = cancel
        configuration.successTitle = success
        let queue = fixture.queue
        let task = BannerTask(banner: try makeBanner("Uploading", configure: configure), scheduler: fixture.scheduler,
                              configuration: configuration, source: "Test.run") { queue.show($0, source: "Test.run") }
        task.onRetry = retry
        let run = Run(task: task)
        task.start { run.counter.withLock { $0 += 1 } }
        return run
    }

    @Test func workThatEndsWithinTheGraceTimeShowsNothing() throws {
        let fixture = BannerFixture()
        let run = try makeRun(fixture)
        fixture.advance(0.4)
        run.task.finish(.success)
        fixture.advance(10)
        #expect(fixture.presenter.presented.isEmpty)
        #expect(run.banner.state == .hidden)
        #expect(run.task.phase == .ended)
        #expect(fixture.scheduler.pendingCount == 0)
    }

    @Test func theWorkingBannerAppearsAfterTheGraceTimeAndNeverTimesOut() throws {
        let fixture = BannerFixture()
        let run = try makeRun(fixture)
        fixture.advance(0.49)
        #expect(fixture.presenter.presented.isEmpty)
        fixture.advance(0.01)
        #expect(fixture.presenter.presented == ["Uploading"])
        #expect(run.banner.content.progress == .indeterminate)
        #expect(run.banner.content.action?.label == "Cancel")
        fixture.advance(3600)
        #expect(run.banner.state == .showing)
        #expect(run.banner.remainingTime == nil)
    }

    @Test func theOutcomeWaitsForTheMinimumShowTimeThenReplacesTheWorkInPlace() throws {
        let fixture = BannerFixture()
        let run = try makeRun(fixture, success: "Uploaded")
        fixture.advance(0.6)
        run.task.finish(.success)
        #expect(run.banner.content.title == "Uploading")
        #expect(run.task.phase == .ending)
        fixture.advance(0.39)
        #expect(run.banner.content.title == "Uploading")
        fixture.advance(0.01)
        #expect(run.task.phase == .result(.success))
        #expect(run.banner.content.title == "Uploaded")
        #expect(run.banner.content.progress == nil)
        #expect(run.banner.content.action == nil)
        #expect(run.banner.content.image == .iconName("object-select-symbolic"))
        // One banner, presented once; the outcome spoken once.
        #expect(fixture.presenter.presented == ["Uploading"])
        #expect(fixture.presenter.announcements == ["Uploading", "Uploaded"])
        fixture.advance(2.99)
        #expect(run.banner.state == .showing)
        fixture.advance(0.01)
        #expect(run.banner.state == .gone(.timeout))
    }

    @Test func aSuccessWithoutWordsSaysDone() throws {
        let fixture = BannerFixture()
        let run = try makeRun(fixture, minimum: 0)
        fixture.advance(1)
        run.task.finish(.success)
        #expect(run.banner.content.title == "Done")
    }

    @Test func cancelCancelsTheWorkOnceAndTheBannerSaysCancelled() throws {
        let fixture = BannerFixture()
        let run = try makeRun(fixture)
        fixture.advance(0.5)
        fixture.queue.activateAction(run.banner)
        #expect(run.cancels == 1)
        #expect(run.banner.state == .showing)
        #expect(run.banner.content.title == "Cancelled")
        #expect(run.task.phase == .result(.cancelled))
        fixture.queue.activateAction(run.banner)
        // The work's own end (a CancellationError, or a value) changes nothing any more.
        run.task.finish(.failure("CancellationError"))
        #expect(run.cancels == 1)
        #expect(run.banner.content.title == "Cancelled")
        fixture.advance(3)
        #expect(run.banner.state == .gone(.timeout))
    }

    @Test func retryDismissesTheErrorAndRunsTheClosureOnce() throws {
        let fixture = BannerFixture()
        var retries = 0
        let run = try makeRun(fixture, minimum: 0, retry: { retries += 1 })
        fixture.advance(1)
        run.task.finish(.failure("Network down"))
        #expect(run.banner.content.title == "Network down")
        #expect(run.banner.content.action?.label == "Retry")
        #expect(run.banner.content.action?.dismissesBanner == true)
        fixture.queue.activateAction(run.banner)
        fixture.queue.activateAction(run.banner)
        #expect(retries == 1)
        #expect(run.banner.state == .gone(.action))
    }

    @Test func anErrorWithoutARetryClosureHasNoButton() throws {
        let fixture = BannerFixture()
        let run = try makeRun(fixture, minimum: 0)
        fixture.advance(1)
        run.task.finish(.failure("Network down"))
        #expect(run.banner.content.action == nil)
    }

    @Test func theResultFollowsTheAttentionRules() throws {
        let fixture = BannerFixture()
        fixture.attention.setTimeoutMultiplier(2, source: "test")
        let run = try makeRun(fixture, minimum: 0, retry: {})
        fixture.advance(1)
        run.task.finish(.failure("Network down"))
        #expect(run.banner.remainingTime == .seconds(6))
        fixture.queue.windowAttentionChanged(isAttended: true)
        fixture.queue.windowAttentionChanged(isAttended: false)
        fixture.advance(100)
        #expect(run.banner.state == .showing)
        fixture.queue.windowAttentionChanged(isAttended: true)
        // A screen reader keeps a result with Retry until acted on.
        fixture.attention.setScreenReaderRunning(true)
        fixture.advance(100)
        #expect(run.banner.state == .showing)
    }

    @Test func postedProgressTurnsTheSpinnerIntoABarUntilTheWorkEnds() throws {
        let fixture = BannerFixture()
        let run = try makeRun(fixture, minimum: 0)
        fixture.advance(1)
        run.task.postedProgress.post(0.25)
        run.task.postedProgress.post(0.5)
        run.task.applyPostedProgress()
        #expect(run.banner.content.progress == .fraction(0.5))
        run.task.postedProgress.post(7)
        run.task.applyPostedProgress()
        #expect(run.banner.content.progress == .fraction(1))
        run.task.postedProgress.post(.nan)
        run.task.applyPostedProgress()
        #expect(run.banner.content.progress == .indeterminate)
        run.task.finish(.success)
        #expect(!run.task.postedProgress.post(0.7))
        run.task.applyPostedProgress()
        #expect(run.banner.content.progress == nil)
    }

    @Test func aBannerGoneWhileTheWorkRunsIsLeftAlone() throws {
        let fixture = BannerFixture()
        let run = try makeRun(fixture)
        fixture.advance(1)
        #expect(fixture.queue.swipe(run.banner))
        run.task.finish(.success)
        fixture.advance(1)
        #expect(run.banner.state == .gone(.swipe))
        #expect(run.task.phase == .ended)
        #expect(run.cancels == 0)
        #expect(fixture.scheduler.pendingCount == 0)
    }

    @Test func aBannerSwipedAwayWhileTheOutcomeWaitsForTheMinimumShowTimeGetsNoOutcome() throws {
        let fixture = BannerFixture()
        let run = try makeRun(fixture, minimum: 2)
        fixture.advance(1)
        run.task.finish(.success)
        #expect(run.task.phase == .ending)
        #expect(fixture.queue.swipe(run.banner))
        fixture.advance(5)
        #expect(run.banner.state == .gone(.swipe))
        #expect(run.banner.content.title == "Uploading")
        #expect(run.task.phase == .ended)
        #expect(fixture.presenter.announcements == ["Uploading"])
        #expect(fixture.scheduler.pendingCount == 0)
    }

    @Test func aDestroyedWindowRefusesTheBannerAndNothingIsStuck() throws {
        let fixture = BannerFixture()
        fixture.queue.hostDestroyed()
        let (run, messages) = try capturingDiagnostics { try makeRun(fixture) }
        #expect(messages.isEmpty)
        let (_, later) = capturingDiagnostics { fixture.advance(1) }
        #expect(later.map(\.source) == ["Test.run"])
        #expect(run.task.phase == .ended)
        run.task.finish(.success)
        #expect(run.task.phase == .ended)
        #expect(fixture.scheduler.pendingCount == 0)
    }

    @Test func aSecondStartIsRefusedWithAMessage() throws {
        let fixture = BannerFixture()
        let run = try makeRun(fixture)
        let (_, messages) = capturingDiagnostics { run.task.start {} }
        #expect(messages.map(\.source) == ["Test.run"])
        fixture.advance(1)
        #expect(fixture.presenter.presented == ["Uploading"])
    }

    @Test func aTaskBannerWithAnIDReplacesTheOlderOne() throws {
        let fixture = BannerFixture(maxVisible: 2)
        let first = try makeRun(fixture, minimum: 0, configure: { $0.id = "upload" })
        fixture.advance(1)
        let second = try makeRun(fixture, minimum: 0, configure: { $0.id = "upload" })
        fixture.advance(1)
        #expect(first.banner.state == .gone(.replaced))
        #expect(fixture.queue.banner(id: "upload") === second.banner)
        first.task.finish(.success)
        #expect(first.task.phase == .ended)
    }
}

/// The generic run ledger (HUD.run's and a task banner's) against a model.
@MainActor
@Suite struct WorkRunLedgerTests {
    private struct Word: RunWorkingState {
        var text: String
        var isOutcome = false
        var asWork: Word { Word(text: isOutcome ? "work" : text) }
    }

    @Test func onlyTheLastRunShowsAResultAndCancelReachesEachWorkingRunOnce() {
        var ledger = WorkRunLedger(appWorking: Word(text: "done", isOutcome: true))
        let calls = Mutex<[Int]>([])
        let (a, showA) = ledger.begin(showing: Word(text: "done", isOutcome: true)) { calls.withLock { $0.append(1) } }
        #expect(showA == Word(text: "work"))
        let (b, showB) = ledger.begin(showing: Word(text: "work")) { calls.withLock { $0.append(2) } }
        #expect(showB == nil)
        let aWasLast = ledger.end(a)
        #expect(!aWasLast)
        ledger.cancelAll()
        ledger.cancelAll()
        let called = calls.withLock { $0 }
        #expect(called == [2])
        let bWasLast = ledger.end(b)
        let bAgain = ledger.end(b)
        #expect(bWasLast)
        #expect(!bAgain)
        #expect(!ledger.isRunning)
    }

    @Test(arguments: [3 as UInt64, 99, 0xFEED])
    func stormKeepsTheLedgerInStepWithItsModel(seed: UInt64) {
        var random = HUDSplitMix64(seed: seed)
        var ledger = WorkRunLedger(appWorking: Word(text: "app"))
        var tokens: [Int: WorkRunLedger<Word>.Token] = [:]
        var running: Set<Int> = []
        var cancellable: Set<Int> = []
        let cancelled = Mutex<[Int]>([])
        var next = 0
        for step in 0..<5_000 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                next += 1
                let id = next
                let (token, show) = ledger.begin(showing: Word(text: running.isEmpty ? "result" : "app")) {
                    cancelled.withLock { $0.append(id) }
                }
                #expect((show != nil) == running.isEmpty, "seed \(seed), step \(step)")
                tokens[id] = token
                running.insert(id)
                cancellable.insert(id)
            case 4..<8:
                guard let id = tokens.keys.randomElement(using: &random) else { continue }
                let wasLast = running == [id]
                let last = ledger.end(tokens[id]!)
                #expect(last == (wasLast && running.contains(id)), "seed \(seed), step \(step)")
                running.remove(id)
                cancellable.remove(id)
            default:
                let before = cancelled.withLock { $0 }
                ledger.cancelAll()
                let now = cancelled.withLock { $0 }
                #expect(Set(now.dropFirst(before.count)) == cancellable, "seed \(seed), step \(step)")
                cancellable.removeAll()
            }
            #expect(ledger.isRunning == !running.isEmpty, "seed \(seed), step \(step)")
        }
        let all = cancelled.withLock { $0 }
        #expect(all.count == Set(all).count, "a run was cancelled twice")
    }
}

import Testing
@testable import HUDCore

@MainActor
@Suite struct ManualSchedulerTests {
    @Test func firesInDeadlineThenFIFOOrder() {
        let scheduler = ManualScheduler()
        var log: [String] = []
        scheduler.schedule(after: .seconds(2)) { log.append("b") }
        scheduler.schedule(after: .seconds(1)) { log.append("a") }
        scheduler.schedule(after: .seconds(2)) { log.append("c") }
        scheduler.advance(by: .milliseconds(1999))
        #expect(log == ["a"])
        scheduler.advance(by: .milliseconds(1))
        #expect(log == ["a", "b", "c"])
        #expect(scheduler.now == .seconds(2))
    }

    @Test func cancelledTimerNeverFires() {
        let scheduler = ManualScheduler()
        var fired = false
        let timer = scheduler.schedule(after: .seconds(1)) { fired = true }
        timer.cancel()
        scheduler.advance(by: .seconds(5))
        #expect(!fired)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func timerScheduledDuringAdvanceFiresIfDue() {
        let scheduler = ManualScheduler()
        var log: [Duration] = []
        scheduler.schedule(after: .seconds(1)) {
            log.append(scheduler.now)
            scheduler.schedule(after: .seconds(1)) { log.append(scheduler.now) }
        }
        scheduler.advance(by: .seconds(3))
        #expect(log == [.seconds(1), .seconds(2)])
    }
}

import HUDCore
import Testing

@MainActor
struct NotificationWithdrawalsTests {
    private final class Log {
        var withdrawals: [(String, Duration)] = []
    }

    private func fixture() -> (ManualScheduler, NotificationWithdrawals, Log) {
        let scheduler = ManualScheduler()
        let log = Log()
        let withdrawals = NotificationWithdrawals(scheduler: scheduler) { [unowned scheduler] id in
            log.withdrawals.append((id, scheduler.now))
        }
        return (scheduler, withdrawals, log)
    }

    @Test func aWithdrawalSoonAfterTheSendIsRepeatedUntilGLibMustHaveFiledIt() {
        let (scheduler, withdrawals, log) = fixture()
        withdrawals.sent("a")
        scheduler.advance(by: .milliseconds(100))
        withdrawals.withdrawn("a")
        #expect(withdrawals.pendingRepeats == 3)
        scheduler.advance(by: .milliseconds(250))
        #expect(withdrawals.pendingRepeats == 2)
        scheduler.runUntilIdle()
        #expect(withdrawals.pendingRepeats == 0)
        #expect(log.withdrawals.map(\.0) == ["a", "a", "a", "a"])
        #expect(log.withdrawals.map(\.1) == [.milliseconds(100), .milliseconds(350), .milliseconds(1100), .milliseconds(3100)])
        #expect(!withdrawals.isRepeating("a"))
    }

    @Test func aWithdrawalLongAfterTheSendIsSentOnce() {
        let (scheduler, withdrawals, log) = fixture()
        withdrawals.sent("a")
        scheduler.advance(by: NotificationWithdrawals.replyAllowance)
        withdrawals.withdrawn("a")
        scheduler.runUntilIdle()
        #expect(log.withdrawals.count == 1)
    }

    @Test func repeatsStopAtTheAllowance() {
        let (scheduler, withdrawals, log) = fixture()
        withdrawals.sent("a")
        scheduler.advance(by: .seconds(3))
        withdrawals.withdrawn("a")
        scheduler.runUntilIdle()
        // 3 s + 0.25 s and 3 s + 1 s are within 5 s; 3 s + 3 s is not.
        #expect(log.withdrawals.map(\.1) == [.seconds(3), .milliseconds(3250), .seconds(4)])
    }

    @Test func sendingTheIDAgainCallsTheRepeatsOff() {
        let (scheduler, withdrawals, log) = fixture()
        withdrawals.sent("a")
        withdrawals.withdrawn("a")
        scheduler.advance(by: .milliseconds(500))
        withdrawals.sent("a")
        scheduler.runUntilIdle()
        #expect(log.withdrawals.count == 2, "the first, and the repeat at 0.25 s; none after the new send")
        #expect(!withdrawals.isRepeating("a"))
    }

    @Test func aWithdrawalOfAnIDNeverSentIsPassedOnOnce() {
        let (scheduler, withdrawals, log) = fixture()
        withdrawals.withdrawn("b")
        scheduler.runUntilIdle()
        #expect(log.withdrawals.map(\.0) == ["b"])
    }

    @Test func otherIDsAreNotTouchedAndResetForgetsAll() {
        let (scheduler, withdrawals, log) = fixture()
        withdrawals.sent("a")
        withdrawals.sent("b")
        withdrawals.withdrawn("a")
        withdrawals.withdrawn("b")
        withdrawals.reset()
        scheduler.runUntilIdle()
        #expect(log.withdrawals.map(\.0) == ["a", "b"])
    }
}

import Foundation
import Synchronization
import Testing
@testable import HUDCore

/// Not `@MainActor`: the mailbox is the one HUD type used from any thread, so these tests post
/// from real threads and take from the test's own thread.
@Suite struct ProgressMailboxTests {
    @Test func onlyTheFirstPostAfterATakeAsksForACallback() {
        let mailbox = ProgressMailbox()
        #expect(mailbox.take() == nil)
        #expect(mailbox.post(0.1))
        #expect(!mailbox.post(0.2))
        #expect(!mailbox.post(0.3))
        #expect(mailbox.take() == 0.3)
        #expect(mailbox.take() == nil)
        #expect(mailbox.post(0.4))
        #expect(mailbox.take() == 0.4)
    }

    @Test func valuesPassThroughUnchanged() {
        let mailbox = ProgressMailbox()
        mailbox.post(-2.5)
        #expect(mailbox.take() == -2.5)
        mailbox.post(.nan)
        #expect(mailbox.take()?.isNaN == true)
    }

    @Test func concurrentWritersAskForOneCallbackAndLeaveAPostedValue() {
        let mailbox = ProgressMailbox()
        let requests = Atomic<Int>(0)
        let writers = 4, postsPerWriter = 20_000
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for index in 0..<postsPerWriter where mailbox.post(Double(writer * postsPerWriter + index)) {
                requests.add(1, ordering: .relaxed)
            }
        }
        #expect(requests.load(ordering: .relaxed) == 1)
        let value = mailbox.take()
        #expect(value.map { $0 >= 0 && $0 < Double(writers * postsPerWriter) && $0 == $0.rounded() } == true)
        #expect(mailbox.take() == nil)
    }

    @Test func everyCallbackRequestIsMatchedByOneTake() {
        let mailbox = ProgressMailbox()
        let run = ConcurrentRun(writers: 3, postsPerWriter: 30_000, mailbox: mailbox)
        let takes = run.takeUntilWritersFinish()
        let requests = run.requests.load(ordering: .acquiring)
        // Each `true` turned clean into dirty, each non-nil take turned dirty into clean.
        #expect(requests == takes.count)
        #expect(requests >= 1)
        #expect(requests <= 3 * 30_000)
        #expect(takes.allSatisfy { $0 >= 0 && $0 < 90_000 })
    }

    @Test func theLastValueOfASingleWriterIsTaken() {
        let mailbox = ProgressMailbox()
        let run = ConcurrentRun(writers: 1, postsPerWriter: 50_000, mailbox: mailbox)
        let takes = run.takeUntilWritersFinish()
        #expect(takes.last == 49_999)
        // One writer posts in increasing order, so the taker never goes backwards.
        #expect(zip(takes, takes.dropFirst()).allSatisfy { $0 <= $1 })
    }
}

/// Writer threads posting increasing values while the calling thread plays the main loop.
private final class ConcurrentRun: Sendable {
    let requests = Atomic<Int>(0)
    private let finishedWriters = Atomic<Int>(0)
    private let writers: Int
    private let mailbox: ProgressMailbox

    init(writers: Int, postsPerWriter: Int, mailbox: ProgressMailbox) {
        self.writers = writers
        self.mailbox = mailbox
        for writer in 0..<writers {
            let thread = Thread { [self] in
                for index in 0..<postsPerWriter where mailbox.post(Double(writer * postsPerWriter + index)) {
                    requests.add(1, ordering: .relaxed)
                }
                finishedWriters.add(1, ordering: .releasing)
            }
            thread.start()
        }
    }

    /// Takes like a main loop would, until every writer is done, then takes what is left.
    func takeUntilWritersFinish() -> [Double] {
        var taken: [Double] = []
        while finishedWriters.load(ordering: .acquiring) < writers {
            if let value = mailbox.take() { taken.append(value) }
        }
        if let value = mailbox.take() { taken.append(value) }
        return taken
    }
}

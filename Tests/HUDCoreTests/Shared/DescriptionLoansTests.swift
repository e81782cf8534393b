import Testing
@testable import HUDCore

/// The GTK < 4.14 fallback's timing, on virtual time: when a message becomes
/// a description and when the description is given back (issue #29).
@MainActor
@Suite struct DescriptionLoansTests {
    private let scheduler = ManualScheduler()

    /// What the loans did, in order: "entry=Saved", "entry back".
    private final class Log {
        var steps: [String] = []
        var waitsForFocus: Set<String> = []
    }

    private func makeLoans(_ log: Log, delay: Duration = .milliseconds(150)) -> DescriptionLoans<String> {
        let loans = DescriptionLoans<String>(scheduler: scheduler, deliveryDelay: delay)
        loans.describe = { target, text in log.steps.append("\(target)=\(text)") }
        loans.giveBack = { target in log.steps.append("\(target) back") }
        loans.mustWaitForFocusToLeave = { target in log.waitsForFocus.contains(target) }
        return loans
    }

    @Test func aMessageIsSetAfterTheDeliveryDelay() {
        let log = Log()
        let loans = makeLoans(log)
        var delivered = 0
        loans.lend(SpokenText("Saved"), to: { ["window", "entry"] }, delivered: { delivered += 1 })
        scheduler.advance(by: .milliseconds(149))
        #expect(log.steps.isEmpty, "a focus move made by the same click is presented first")
        scheduler.advance(by: .milliseconds(1))
        #expect(Array(log.steps.prefix(2)) == ["window=Saved", "entry=Saved"])
        #expect(delivered == 1)
    }

    /// Issue #29: the description was kept for a second, and a focus
    /// presentation inside that second (Alt+Tab back, "where am I") read it again.
    @Test func theDescriptionIsGivenBackOnTheNextTurnAfterItWasSet() {
        let log = Log()
        let loans = makeLoans(log)
        loans.lend(SpokenText("Saved"), to: { ["entry"] })
        scheduler.advance(by: .milliseconds(150))
        #expect(log.steps == ["entry=Saved", "entry back"], "given back without any time passing after the set")
        #expect(scheduler.now == .milliseconds(150))
        #expect(loans.lentTargets.isEmpty)
    }

    @Test func messagesWaitingTogetherAreSetTogetherAndAlternateAMark() {
        let log = Log()
        let loans = makeLoans(log)
        loans.lend(SpokenText("Saved"), to: { ["entry"] })
        scheduler.advance(by: .milliseconds(100))
        loans.lend(SpokenText("Saved"), to: { ["entry"] })
        scheduler.advance(by: .milliseconds(50))
        #expect(log.steps == ["entry=Saved", "entry=Saved\u{200B}", "entry back"],
                "one loan, one give-back; the same text twice is still a change")
    }

    @Test func whereTheTargetsAreIsAskedWhenTheMessageIsSet() {
        let log = Log()
        let loans = makeLoans(log)
        var focus = "button"
        var delivered = false
        loans.lend(SpokenText("Saved"), to: { [focus] }, delivered: { delivered = true })
        focus = "entry"
        scheduler.advance(by: .milliseconds(150))
        #expect(log.steps.first == "entry=Saved")
        loans.lend(SpokenText("Gone"), to: { [] }, delivered: { delivered = false })
        scheduler.runUntilIdle()
        #expect(delivered, "no target: not delivered")
    }

    @Test func blankTextIsNeverLent() {
        let log = Log()
        let loans = makeLoans(log)
        loans.lend(SpokenText(" \n "), to: { ["entry"] })
        scheduler.runUntilIdle()
        #expect(log.steps.isEmpty)
    }

    /// A focused widget with a tooltip: giving its tooltip back would be read
    /// out, so it keeps the message until focus leaves it.
    @Test func aTargetThatWouldSpeakWhenGivenBackWaitsForFocusToLeave() {
        let log = Log()
        log.waitsForFocus = ["button"]
        let loans = makeLoans(log)
        loans.lend(SpokenText("Saved"), to: { ["window", "button"] })
        scheduler.runUntilIdle()
        #expect(log.steps == ["window=Saved", "button=Saved", "window back"])
        loans.focusLeft("window")
        #expect(log.steps.count == 3, "a target that gave back already ignores focus")
        loans.focusLeft("button")
        #expect(log.steps.last == "button back")
        #expect(loans.lentTargets.isEmpty)
    }

    /// A destroyed widget is forgotten: nothing is given back to it, even when focus "leaves" it.
    @Test func aForgottenTargetIsNotGivenBack() {
        let log = Log()
        log.waitsForFocus = ["button"]
        let loans = makeLoans(log)
        loans.lend(SpokenText("Saved"), to: { ["button"] })
        scheduler.runUntilIdle()
        loans.forget("button")
        loans.focusLeft("button")
        loans.giveEverythingBack()
        #expect(log.steps == ["button=Saved"])
    }

    @Test func givingEverythingBackDropsWaitingMessages() {
        let log = Log()
        log.waitsForFocus = ["button"]
        let loans = makeLoans(log)
        loans.lend(SpokenText("One"), to: { ["button"] })
        scheduler.runUntilIdle()
        loans.lend(SpokenText("Two"), to: { ["button"] })
        loans.giveEverythingBack()
        scheduler.runUntilIdle()
        #expect(log.steps == ["button=One", "button back"], "the waiting message is dropped, the held one given back")
    }
}

/// One clean text for screen readers, made once.
@Suite struct SpokenTextTests {
    @Test func lineBreaksBecomeOneSpaceAndBlankTextTheFallback() {
        #expect(SpokenText("Saving\r\n  file\u{2028}now").text == "Saving file now")
        #expect(SpokenText("  \n").isEmpty)
        #expect(SpokenText(nil, whenEmpty: "Loading").text == "Loading")
    }
}

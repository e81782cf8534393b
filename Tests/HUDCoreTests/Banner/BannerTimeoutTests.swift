import Testing
@testable import HUDCore

@MainActor
@Suite struct BannerTimeoutTests {
    @Test func untilDismissedForNilInfinityZeroAndHugeValues() {
        let (timeouts, messages) = capturingDiagnostics {
            [nil, .infinity, 0, 1e12].map { BannerTimeout(seconds: $0, source: "test") }
        }
        #expect(timeouts == Array(repeating: .untilDismissed, count: 4))
        #expect(messages.isEmpty)
    }

    /// The documented boundary: from ``BannerTimeout/foreverThreshold`` up it is "until dismissed".
    @Test func theForeverThresholdItselfMeansUntilDismissed() {
        #expect(BannerTimeout(seconds: BannerTimeout.foreverThreshold, source: "test") == .untilDismissed)
        #expect(BannerTimeout(seconds: BannerTimeout.foreverThreshold.nextDown, source: "test") != .untilDismissed)
    }

    @Test func positiveSecondsBecomeADuration() {
        #expect(BannerTimeout(seconds: 2.5, source: "test") == .after(.milliseconds(2500)))
        #expect(BannerTimeout(seconds: 2.5, source: "test").duration == .milliseconds(2500))
    }

    @Test(arguments: [-3.0, -Double.infinity])
    func negativeIsRejectedWithAMessage(seconds: Double) {
        let (timeout, messages) = capturingDiagnostics { BannerTimeout(seconds: seconds, source: "Banner.show") }
        #expect(timeout == .untilDismissed)
        #expect(messages.count == 1)
        #expect(messages.first?.source == "Banner.show")
        #expect(messages.first?.text.contains("is negative; the banner is shown without a timeout") == true)
    }

    @Test func nanIsRejectedWithAMessage() {
        let (timeout, messages) = capturingDiagnostics { BannerTimeout(seconds: .nan, source: "Banner.show") }
        #expect(timeout == .untilDismissed)
        #expect(messages.map(\.text) == ["duration is NaN; the banner is shown without a timeout, until dismissed."])
    }

    @Test func bannerWithBadDurationIsStillShownWithoutTimeout() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        let (_, messages) = capturingDiagnostics { fixture.queue.show(banner, duration: .nan) }
        #expect(messages.map(\.source) == ["BannerQueue.show(_:duration:)"])
        fixture.advance(10_000)
        #expect(banner.state == .showing)
        #expect(banner.remainingTime == nil)
    }

    /// A front end passes the public call the app made; every refusal on the
    /// way in is reported once, under that name.
    @Test func eachRefusalIsReportedOnceUnderTheCallersName() throws {
        let fixture = BannerFixture()
        let source = "NotificationBanner.show(on:duration:)"
        let banner = try makeBanner("A")
        let (accepted, durationMessages) = capturingDiagnostics { fixture.queue.show(banner, duration: -1, source: source) }
        #expect(accepted)
        #expect(durationMessages.map(\.source) == [source])
        fixture.queue.dismiss(banner)
        fixture.advance(1)
        let (again, goneMessages) = capturingDiagnostics { fixture.queue.show(banner, source: source) }
        #expect(!again)
        #expect(goneMessages.map(\.source) == [source])
        #expect(goneMessages.first?.text.contains("already dismissed") == true)
        fixture.queue.hostDestroyed()
        let late = try makeBanner("B")
        let (lateAccepted, destroyedMessages) = capturingDiagnostics { fixture.queue.show(late, duration: .nan, source: source) }
        #expect(!lateAccepted)
        #expect(destroyedMessages.map(\.source) == [source], "refused once, its duration not checked as well")
    }

    @Test func timeoutDismissesAfterTheDuration() throws {
        let fixture = BannerFixture()
        let banner = try makeBanner("A")
        fixture.queue.show(banner, duration: 3)
        fixture.advance(2.999)
        #expect(banner.state == .showing)
        #expect(banner.remainingTime == .milliseconds(1))
        fixture.advance(0.001)
        #expect(banner.state == .gone(.timeout))
    }

    @Test func timeoutStartsAfterTheEntranceAndClosureRunsAfterTheExit() throws {
        let fixture = BannerFixture(animated: true)
        let counter = ClosureCounter()
        let banner = try makeBanner("A") { $0.springiness = .none }
        counter.watch(banner)
        fixture.queue.show(banner, duration: 2)
        let transition = fixture.queue.transition(for: banner).duration
        fixture.scheduler.advance(by: transition + .seconds(2) - .milliseconds(1))
        #expect(banner.state == .showing)
        fixture.scheduler.advance(by: .milliseconds(1))
        #expect(banner.state == .gone(.timeout))
        #expect(fixture.presenter.events.last == .beginHide("A", .dismissed(.timeout)))
        #expect(counter.dismissals.isEmpty)
        fixture.scheduler.advance(by: transition)
        #expect(fixture.presenter.events.last == .finishHide("A"))
        #expect(counter.dismissals == [.timeout])
    }
}

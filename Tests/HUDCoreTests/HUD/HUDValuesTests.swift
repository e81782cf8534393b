import Testing
@testable import HUDCore

@MainActor
@Suite struct HUDValuesTests {
    // MARK: Progress

    @Test(arguments: [
        (Double.nan, nil), (.infinity, nil), (-.infinity, nil), (-0.5, 0.0), (1.5, 1.0), (0.3, 0.3), (0, 0), (1, 1),
    ] as [(Double, Double?)])
    func progressIsClampedOrIndeterminate(input: Double, expected: Double?) {
        #expect(HUDValues.progress(input) == expected)
    }

    // MARK: Times

    @Test(arguments: [-1.0, -.infinity, .nan])
    func negativeOrNaNDurationBecomesZeroAndIsReported(seconds: Double) {
        let (duration, messages) = capturingDiagnostics {
            HUDValues.duration(seconds: seconds, source: "Test.fade")
        }
        #expect(duration == .zero)
        #expect(messages.count == 1)
        #expect(messages.first?.source == "Test.fade")
    }

    @Test func infiniteDurationWhereNeverMakesNoSenseBecomesZero() {
        let (duration, messages) = capturingDiagnostics { HUDValues.duration(seconds: .infinity, source: "Test") }
        #expect(duration == .zero)
        #expect(messages.count == 1)
    }

    @Test func hugeDurationIsCappedAndReported() {
        let (duration, messages) = capturingDiagnostics { HUDValues.duration(seconds: 1e300, source: "Test") }
        #expect(duration == .seconds(1_000_000_000))
        #expect(messages.count == 1)
    }

    @Test func decimalSecondsLandOnExactNanoseconds() {
        let (durations, messages) = capturingDiagnostics {
            [0.15, 5.15, 0.8].map { HUDValues.duration(seconds: $0, source: "Test") }
        }
        #expect(durations == [.ms(150), .ms(5150), .ms(800)])
        #expect(messages.isEmpty)
    }

    @Test func infiniteDelayMeansPracticallyNeverAndIsReported() {
        let (delay, messages) = capturingDiagnostics { HUDValues.delay(seconds: .infinity, source: "Test") }
        #expect(delay == .seconds(1_000_000_000))
        #expect(messages.count == 1)
    }

    @Test func settingsKeepTheLastValueForNaNAndClampFiniteOnes() {
        let (values, messages) = capturingDiagnostics {
            [HUDValues.setting(.nan, current: 3, range: 0...10, source: "Test"),
             HUDValues.setting(-.infinity, current: 3, range: 0...10, source: "Test"),
             HUDValues.setting(3e9, current: 3, range: 0...10, source: "Test"),
             HUDValues.setting(.infinity, current: 3, range: 0...10, source: "Test", allowsInfinity: true),
             HUDValues.setting(4, current: 3, range: 0...10, source: "Test")]
        }
        #expect(values == [3, 3, 10, .infinity, 4])
        #expect(messages.count == 3)
    }

    /// +infinity is "never" only where the setting allows it; elsewhere it is refused like NaN.
    @Test func settingsRefusePositiveInfinityUnlessAllowed() {
        let (value, messages) = capturingDiagnostics {
            HUDValues.setting(.infinity, current: 3, range: 0...10, source: "Test.setting")
        }
        #expect(value == 3, "the last good value is kept")
        #expect(messages.map(\.source) == ["Test.setting"])
    }

    @Test func negativeDelayMeansNowAndIsReported() {
        let (delay, messages) = capturingDiagnostics { HUDValues.delay(seconds: -2, source: "Test.delay") }
        #expect(delay == .zero)
        #expect(messages.map(\.source) == ["Test.delay"])
    }

    @Test func secondsKeepInfinityOnlyWhenAllowed() {
        let (values, messages) = capturingDiagnostics {
            (HUDValues.seconds(.infinity, source: "A", allowsInfinity: true),
             HUDValues.seconds(.infinity, source: "B", allowsInfinity: false))
        }
        #expect(values.0 == .infinity)
        #expect(values.1 == 0)
        #expect(messages.map(\.source) == ["B"])
    }

    // MARK: Status text

    @Test(arguments: [nil, "", "   ", "\n\t"] as [String?])
    func blankStatusMeansNoLabel(status: String?) {
        let (cleaned, messages) = capturingDiagnostics { HUDValues.status(status, source: "Test") }
        #expect(cleaned == nil)
        #expect(messages.isEmpty)
    }

    @Test func ordinaryStatusIsKept() {
        let (cleaned, _) = capturingDiagnostics { HUDValues.status("  Saving…\nplease wait", source: "Test") }
        #expect(cleaned == "  Saving…\nplease wait")
    }

    @Test func statusAtTheLimitIsKeptWhole() {
        let text = String(repeating: "a", count: HUDValues.maximumStatusLength)
        let (cleaned, messages) = capturingDiagnostics { HUDValues.status(text, source: "Test") }
        #expect(cleaned == text)
        #expect(messages.isEmpty)
    }

    @Test func oneMegabyteStatusIsCappedAndReported() {
        let text = String(repeating: "x", count: 1_048_576)
        let (cleaned, messages) = capturingDiagnostics { HUDValues.status(text, source: "Test.status") }
        #expect(cleaned?.count == HUDValues.maximumStatusLength + 1)
        #expect(cleaned?.hasSuffix("…") == true)
        #expect(messages.map(\.source) == ["Test.status"])
    }

    @Test func cappingNeverSplitsAGraphemeCluster() {
        let family = "👨‍👩‍👧"
        let text = String(repeating: family, count: HUDValues.maximumStatusLength + 10)
        let (cleaned, _) = capturingDiagnostics { HUDValues.status(text, source: "Test") }
        #expect(cleaned == String(repeating: family, count: HUDValues.maximumStatusLength) + "…")
    }

    // MARK: Accessible name

    @Test(arguments: [
        ("Saving", "Saving"),
        ("Line one\nLine two", "Line one Line two"),
        ("Windows\r\nbreak", "Windows break"),
        ("Old Mac\rbreak", "Old Mac break"),
        ("Unicode\u{2028}line separator", "Unicode line separator"),
        ("Many\n\n\nbreaks", "Many breaks"),
        ("Spaces \n  around", "Spaces around"),
        ("\nLeading and trailing\n", "Leading and trailing"),
    ])
    func newlinesCollapseToSingleSpaces(status: String, expected: String) {
        #expect(HUDValues.accessibleName(for: status) == expected)
    }

    @Test(arguments: [nil, "\n", "\r\n \u{2028}"] as [String?])
    func noStatusReadsAsLoading(status: String?) {
        #expect(HUDValues.accessibleName(for: status) == "Loading")
    }

    // MARK: Display duration

    @Test func defaultsGiveFiveSecondsUpTo75Characters() {
        #expect(HUDValues.displayDuration(for: "Saved") == 5.0)
        #expect(HUDValues.displayDuration(for: String(repeating: "a", count: 75)) == 5.0)
        #expect(HUDValues.displayDuration(for: nil) == 5.0)
    }

    @Test func longTextGetsProportionalTime() {
        #expect(abs(HUDValues.displayDuration(for: String(repeating: "a", count: 100)) - 6.5) < 1e-9)
        #expect(abs(HUDValues.displayDuration(for: String(repeating: "a", count: 200)) - 12.5) < 1e-9)
    }

    @Test func zeroMinimumExposesTheFormula() {
        #expect(abs(HUDValues.displayDuration(for: "Saved", minimum: 0) - 0.8) < 1e-9)
        #expect(abs(HUDValues.displayDuration(for: "Success", minimum: 0) - 0.92) < 1e-9)
        #expect(HUDValues.displayDuration(for: nil, minimum: 0) == 0.5)
    }

    @Test func emojiCountsAsOneCharacter() {
        // "👍🏽" is 4 UTF-16 units; SVProgressHUD would give 0.74 s.
        #expect(abs(HUDValues.displayDuration(for: "👍🏽", minimum: 0) - 0.56) < 1e-9)
        #expect(abs(HUDValues.displayDuration(for: "👨‍👩‍👧 ok", minimum: 0) - 0.74) < 1e-9)
    }

    @Test func maximumCapsTheTime() {
        #expect(HUDValues.displayDuration(for: String(repeating: "a", count: 200), maximum: 8) == 8)
        #expect(HUDValues.displayDuration(for: "a", minimum: 10, maximum: 3) == 3)
    }

    @Test func nanBoundsAreHarmless() {
        #expect(abs(HUDValues.displayDuration(for: "Saved", minimum: .nan, maximum: .nan) - 0.8) < 1e-9)
    }
}

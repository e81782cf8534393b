import Testing
@testable import HUDCore

/// GtkHUD's words: English by default, any language through the lookup passed
/// in, and patterns that never lose the app's text.
@MainActor
@Suite struct HUDStringsTests {
    /// German as a catalog would give it: the lookup sees each context and message.
    static let german = HUDStrings.translated { context, message in
        switch (context, message) {
        case ("spoken name of a busy HUD", "Loading"): "Wird geladen"
        case ("meaning of a HUD result", "Success"): "Erfolg"
        case ("spoken progress: text, percent", _): "%1$s, %2$d %%"
        case ("progress value", _): "%d %%"
        default: message
        }
    }

    @Test func englishIsTheMessageIds() {
        let english = HUDStrings.english
        #expect([english.loading, english.success, english.error, english.information, english.cancel, english.cancelled,
                 english.failed, english.dismiss] == ["Loading", "Success", "Error", "Information", "Cancel", "Cancelled",
                                                      "Failed", "Dismiss"])
        #expect(english.result("Success", "Saved") == "Success: Saved")
        #expect(english.progress("Uploading", percent: 50) == "Uploading, 50%")
        #expect(english.percent(42) == "42 %")
        #expect(english.sentences(["Title", "Subtitle"]) == "Title. Subtitle")
        #expect(english.sentences(["Title"]) == "Title")
    }

    @Test func aHUDIsSpokenInTheLanguageGiven() {
        let content = HUDContent(status: "Hochladen", indicator: .success)
        #expect(content.spokenName(in: Self.german) == "Erfolg: Hochladen")
        #expect(HUDContent(indicator: .indeterminate).spokenName(in: Self.german) == "Wird geladen")
        #expect(HUDContent(indicator: .success).spokenName(in: Self.german) == "Erfolg")
        #expect(content.spokenName(in: .english) == "Success: Hochladen")
    }

    @Test func progressIsAnnouncedInTheLanguageGiven() {
        let policy = HUDAnnouncementPolicy(scheduler: ManualScheduler())
        #expect(policy.announcement(status: nil, progress: 0.5, strings: Self.german) == "Wird geladen, 50 %")
    }

    @Test(arguments: [
        ("%2$s (%1$s)", "Saved (Success)"),   // reordered, as some languages need
        ("%s — %s", "Success — Saved"),       // unnumbered
        ("%1$s", "Success: Saved"),           // drops the app's text: the English shape instead
        ("%3$s: %1$s", "Success: Saved"),     // names an argument that is not there
        ("%1$s: %2$q", "Success: Saved"),     // an unknown conversion
        ("100%% %1$s %2$s", "100% Success Saved"),
    ])
    func patternsAreFilledOrReplaced(pattern: String, expected: String) {
        var strings = HUDStrings.english
        strings.resultPattern = pattern
        #expect(strings.result("Success", "Saved") == expected)
    }

    /// Every pattern, not only the result's, falls back to its own English
    /// shape when a translation or an override is broken: the app's text and
    /// the number are never lost, and never put in another pattern's shape.
    @Test func everyBrokenPatternFallsBackToItsOwnEnglishShape() {
        var strings = HUDStrings.english
        strings.progressPattern = "%1$s"              // drops the percentage
        strings.percentPattern = "%d %d"              // asks for a number that is not there
        strings.sentencesPattern = "%1$s %3$s"        // names an argument that is not there
        #expect(strings.progress("Uploading", percent: 50) == "Uploading, 50%")
        #expect(strings.percent(42) == "42 %")
        #expect(strings.sentences(["Saved", "Report.pdf"]) == "Saved. Report.pdf")
    }

    /// A lone "%" at the end (a slip for "%%") is a broken pattern, not a
    /// pattern whose percent sign silently disappears.
    @Test func aTrailingLonePercentIsABrokenPattern() {
        var strings = HUDStrings.english
        strings.progressPattern = "%1$s, %2$d%"
        #expect(strings.progress("Uploading", percent: 50) == "Uploading, 50%")
        strings.percentPattern = "%d%"
        #expect(strings.percent(42) == "42 %")
    }
}

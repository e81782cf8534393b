/// The words GtkHUD writes and speaks itself: a HUD's spoken defaults, result
/// meanings, `HUD.run`'s button and outcomes, the banner close button, and the
/// patterns that join them with your text.
///
/// Every translatable text of GtkHUD is written here, once, as a gettext
/// message with a context (``translated(by:)``); `scripts/update-po` extracts
/// them into `po/gtkhud.pot`. HUDCore stays free of gettext and GTK: the layer
/// above passes its lookup function in (libc `dgettext` on the `gtkhud` domain)
/// and reads the words afresh each time it shows something, so a change of
/// language at run time is followed by the next HUD or banner.
///
/// The patterns use printf-style placeholders (`%s`, `%d`, `%1$s`, `%%`), which
/// `msgfmt --check` verifies in every translation; ``format(_:_:fallback:)`` fills them.
public struct HUDStrings: Sendable, Hashable {
    /// Spoken for a busy HUD without text ("Loading").
    public var loading: String
    /// The meaning of a success mark, spoken before the HUD's text ("Success").
    public var success: String
    /// The meaning of an error mark ("Error").
    public var error: String
    /// The meaning of an information mark ("Information").
    public var information: String
    /// The accessible name of an application's picture in a HUD ("Image").
    public var image: String
    /// `HUD.run`'s button that cancels the work ("Cancel").
    public var cancel: String
    /// What `HUD.run` shows when the work was cancelled ("Cancelled").
    public var cancelled: String
    /// What `HUD.run` shows when the work failed without a description of its own ("Failed").
    public var failed: String
    /// The tooltip and accessible name of a banner's close button ("Dismiss").
    public var dismiss: String
    /// A task banner's button that runs failed work again ("Retry").
    public var retry: String
    /// What a task banner says when its work succeeded and the app gave no words ("Done").
    public var done: String
    /// A result's meaning and the HUD's text, as spoken ("%1$s: %2$s" gives "Success: Saved").
    public var resultPattern: String
    /// A HUD's text with its progress, as spoken ("%1$s, %2$d%%" gives "Uploading, 50%").
    public var progressPattern: String
    /// A progress value as a screen reader reads it ("%d %%" gives "42 %").
    public var percentPattern: String
    /// A banner's title and subtitle, as spoken ("%1$s. %2$s").
    public var sentencesPattern: String
    /// Spoken once after a banner with an action: how the keyboard reaches it
    /// ("Press %s to reach it.", `%s` the chord as GTK writes it: "Ctrl+F6").
    public var reachBannerPattern: String
    /// A counted banner's words and how many times its message arrived, as
    /// spoken ("%1$s, %2$d times" gives "Saved, 3 times"; the number is 2 or more).
    public var repeatedPattern: String
    /// The badge on a counted banner ("×%d" gives "×3").
    public var countBadgePattern: String
    /// The badge's name for screen readers ("%d times" gives "3 times"), read instead of "×3".
    public var countBadgeSpokenPattern: String
    /// The button of an undo banner ("Undo").
    public var undo: String
    /// Spoken when an undo banner's change was taken back ("Undone: %s" gives
    /// "Undone: Deleted 3 files"; `%s` is the banner's words).
    public var undonePattern: String
    /// The deck of banners collapsed behind the newest ones ("+%d more" gives "+4 more").
    public var deckBadgePattern: String
    /// Spoken once for the deck, and its accessible name ("Notifications waiting: %d" gives "Notifications waiting: 4").
    public var deckSpokenPattern: String

    /// GtkHUD's words through `pgettext(context, message)`: a gettext lookup
    /// with a message context, or the identity for English.
    ///
    /// The contexts tell translators where a word appears and keep apart words
    /// that are one in English and two in other languages ("Cancel" the button,
    /// "Cancelled" the outcome).
    public static func translated(by pgettext: (_ context: String, _ message: String) -> String) -> HUDStrings {
        HUDStrings(
            // TRANSLATORS: spoken by screen readers for a busy HUD (a spinner) that shows no text.
            loading: pgettext("spoken name of a busy HUD", "Loading"),
            // TRANSLATORS: the meaning of a HUD's check mark, spoken before its text: "Success: Saved".
            success: pgettext("meaning of a HUD result", "Success"),
            // TRANSLATORS: the meaning of a HUD's error mark, spoken before its text: "Error: Disk full".
            error: pgettext("meaning of a HUD result", "Error"),
            // TRANSLATORS: the meaning of a HUD's information mark, spoken before its text.
            information: pgettext("meaning of a HUD result", "Information"),
            // TRANSLATORS: accessible name of a picture the application shows in a HUD.
            image: pgettext("accessible name of a HUD picture", "Image"),
            // TRANSLATORS: button on a HUD that stops the work in progress (Escape presses it). Keep it short.
            cancel: pgettext("HUD button", "Cancel"),
            // TRANSLATORS: shown and spoken after the user cancelled the work; an outcome, not a button.
            cancelled: pgettext("HUD result", "Cancelled"),
            // TRANSLATORS: shown and spoken when the work failed and gave no description of its own.
            failed: pgettext("HUD result", "Failed"),
            // TRANSLATORS: tooltip and spoken name of a notification banner's close button (an icon: ×).
            dismiss: pgettext("banner close button", "Dismiss"),
            // TRANSLATORS: button on a notification banner whose work failed: runs the work again. Keep it short.
            retry: pgettext("banner button", "Retry"),
            // TRANSLATORS: shown and spoken on a notification banner when its work succeeded; an outcome.
            done: pgettext("banner result", "Done"),
            // TRANSLATORS: spoken for a result HUD: %1$s is the result's meaning ("Success"),
            // %2$s the HUD's text ("Saved"). Use your language's punctuation; keep both placeholders.
            resultPattern: pgettext("spoken result: meaning, text", "%1$s: %2$s"),
            // TRANSLATORS: spoken for a progress HUD: %1$s is its text, %2$d the whole percentage.
            // "%%" is a literal percent sign; write the percentage as your language does.
            progressPattern: pgettext("spoken progress: text, percent", "%1$s, %2$d%%"),
            // TRANSLATORS: the value of a progress ring or bar for screen readers; %d is the percentage,
            // "%%" a literal percent sign.
            percentPattern: pgettext("progress value", "%d %%"),
            // TRANSLATORS: a notification banner's title (%1$s) and subtitle (%2$s), spoken as two sentences.
            sentencesPattern: pgettext("spoken banner: title, subtitle", "%1$s. %2$s"),
            // TRANSLATORS: spoken by screen readers after a notification banner that has a button;
            // %s is the key chord that moves the keyboard to the banner, already translated ("Ctrl+F6").
            reachBannerPattern: pgettext("spoken hint after a banner with a button", "Press %s to reach it."),
            // TRANSLATORS: spoken for a notification banner whose message arrived several times: %1$s is
            // the banner's words ("Saved"), %2$d how many times, always 2 or more ("Saved, 3 times").
            repeatedPattern: pgettext("spoken banner: words, count", "%1$s, %2$d times"),
            // TRANSLATORS: the badge on a notification banner whose message arrived several times;
            // %d is how many times, always 2 or more ("×3"). Keep it short.
            countBadgePattern: pgettext("banner count badge", "×%d"),
            // TRANSLATORS: what screen readers say for the count badge of a notification banner ("×3");
            // %d is how many times its message arrived, always 2 or more.
            countBadgeSpokenPattern: pgettext("spoken banner count badge", "%d times"),
            // TRANSLATORS: button on a notification banner that takes back what the app just did
            // ("Deleted 3 files"). Keep it short; an underscore marks the mnemonic letter.
            undo: pgettext("banner button", "_Undo"),
            // TRANSLATORS: spoken after the user pressed Undo on a notification banner; %s is the banner's
            // words ("Deleted 3 files"), so the whole reads "Undone: Deleted 3 files".
            undonePattern: pgettext("spoken undo outcome: banner words", "Undone: %s"),
            // TRANSLATORS: the badge on the collapsed deck of older notification banners; %d is how many
            // banners are in it, always 1 or more ("+4 more"). Keep it short.
            deckBadgePattern: pgettext("banner deck badge", "+%d more"),
            // TRANSLATORS: spoken once for the collapsed deck of notification banners waiting their turn, and
            // the deck's accessible name; %d is how many wait, always 1 or more (worded to fit any number).
            deckSpokenPattern: pgettext("spoken banner deck", "Notifications waiting: %d")
        )
    }

    /// The English words, which are also the gettext message ids.
    public static let english = translated { _, message in message }

    // MARK: Using the words

    /// "Success: Saved": a result's meaning and the HUD's text, as spoken.
    public func result(_ meaning: String, _ text: String) -> String {
        Self.format(resultPattern, [meaning, text], fallback: Self.english.resultPattern)
    }

    /// "Uploading, 50%": a HUD's text and its progress, as spoken.
    public func progress(_ text: String, percent: Int) -> String {
        Self.format(progressPattern, [text, String(percent)], fallback: Self.english.progressPattern)
    }

    /// "42 %": a progress value as a screen reader reads it.
    public func percent(_ value: Int) -> String {
        Self.format(percentPattern, [String(value)], fallback: Self.english.percentPattern)
    }

    /// "Title. Subtitle": the parts of a banner, spoken as sentences.
    public func sentences(_ parts: [String]) -> String {
        guard var joined = parts.first else { return "" }
        for part in parts.dropFirst() {
            joined = Self.format(sentencesPattern, [joined, part], fallback: Self.english.sentencesPattern)
        }
        return joined
    }

    /// "Press Ctrl+F6 to reach it.": how the keyboard reaches a banner.
    public func reachBanner(_ chord: String) -> String {
        Self.format(reachBannerPattern, [chord], fallback: Self.english.reachBannerPattern)
    }

    /// "Saved, 3 times": a counted banner's words and its count, as spoken.
    public func repeated(_ words: String, count: Int) -> String {
        Self.format(repeatedPattern, [words, String(count)], fallback: Self.english.repeatedPattern)
    }

    /// "×3": the badge on a counted banner.
    public func countBadge(_ count: Int) -> String {
        Self.format(countBadgePattern, [String(count)], fallback: Self.english.countBadgePattern)
    }

    /// "3 times": the count badge, as screen readers read it.
    public func countBadgeSpoken(_ count: Int) -> String {
        Self.format(countBadgeSpokenPattern, [String(count)], fallback: Self.english.countBadgeSpokenPattern)
    }

    /// "Undone: Deleted 3 files": an undo banner's words once its change was taken back.
    public func undone(_ words: String) -> String {
        Self.format(undonePattern, [words], fallback: Self.english.undonePattern)
    }

    /// "+4 more": the badge on the deck of collapsed banners.
    public func deckBadge(_ count: Int) -> String {
        Self.format(deckBadgePattern, [String(count)], fallback: Self.english.deckBadgePattern)
    }

    /// "Notifications waiting: 4": the deck, as spoken.
    public func deckSpoken(_ count: Int) -> String {
        Self.format(deckSpokenPattern, [String(count)], fallback: Self.english.deckSpokenPattern)
    }

    // MARK: Patterns

    /// Fills a printf-style pattern: `%s` and `%d` take the next argument,
    /// `%1$s` a numbered one, `%%` is a percent sign. Every argument is text
    /// (a number arrives formatted). A pattern that leaves an argument out or
    /// names one that is not there (a broken translation, an app's override)
    /// is replaced by `fallback`, so nothing the app says is lost.
    public static func format(_ pattern: String, _ arguments: [String], fallback: String? = nil) -> String {
        if let filled = fill(pattern, arguments) { return filled }
        if let fallback, let filled = fill(fallback, arguments) { return filled }
        return arguments.joined(separator: " ")
    }

    private static func fill(_ pattern: String, _ arguments: [String]) -> String? {
        var result = ""
        var used = Set<Int>()
        var next = 0
        var index = pattern.startIndex
        while index < pattern.endIndex {
            let character = pattern[index]
            index = pattern.index(after: index)
            guard character == "%" else { result.append(character); continue }
            guard index < pattern.endIndex else { return nil }
            if pattern[index] == "%" {
                result.append("%")
                index = pattern.index(after: index)
                continue
            }
            // An optional position ("1$"), then the conversion (s or d).
            var position: Int?
            var digits = ""
            var scan = index
            while scan < pattern.endIndex, let digit = pattern[scan].wholeNumberValue, pattern[scan].isASCII {
                digits.append(String(digit))
                scan = pattern.index(after: scan)
            }
            if !digits.isEmpty, scan < pattern.endIndex, pattern[scan] == "$" {
                position = Int(digits).map { $0 - 1 }
                index = pattern.index(after: scan)
            }
            guard index < pattern.endIndex, pattern[index] == "s" || pattern[index] == "d" else { return nil }
            index = pattern.index(after: index)
            let argument = position ?? next
            next += 1
            guard arguments.indices.contains(argument) else { return nil }
            used.insert(argument)
            result += arguments[argument]
        }
        return used.count == arguments.count ? result : nil
    }
}

extension HUDStrings {
    /// Where GtkHUD's layers read the words in use at this moment. English
    /// until the GTK layer installs its lookup (translation plus the app's
    /// overrides); HUDCore's own tests keep English.
    @MainActor package static var provider: @MainActor () -> HUDStrings = { .english }
}

/// What a screen reader is told about a banner. The queue decides when: each
/// time the banner comes on screen, and again whenever the text it shows
/// changes while it is on screen (a "3 of 10" that becomes "Done" must be
/// heard, as Orca stays silent about a label that changes out of focus). The
/// view only speaks it.
public struct BannerAnnouncement: Hashable, Sendable {
    /// Title and subtitle, in reading order, as the app gave them.
    public let parts: [String]
    /// Whether the parts are Pango markup (the view speaks the plain text).
    public let isMarkup: Bool
    /// How many times the message arrived (``BannerContent/repeatCount``);
    /// from 2 on it is spoken after the words ("Saved, 3 times").
    public let count: Int
    /// Whether it interrupts the screen reader (``BannerPriority/high``) or waits its turn.
    public let isUrgent: Bool
    /// The banner shortcut to mention after the text ("Ctrl+F6"), or nil. The
    /// queue sets it once per banner with an action (see ``addingReachHint(chord:hasAction:alreadyGiven:)``).
    public private(set) var reachHint: String?
    /// Whether it tells that the banner's change was undone ("Undone: Deleted 3 files").
    public private(set) var isUndone = false

    /// The announcement for `content`, or nil when it has no text (an image only).
    public init?(_ content: BannerContent) {
        let parts = [content.title, content.subtitle].compactMap { $0 }
        guard !parts.isEmpty else { return nil }
        self.parts = parts
        isMarkup = content.usesMarkup
        isUrgent = content.priority == .high
        count = content.repeatCount
    }

    /// Whether `other` says something else (a priority change alone says
    /// nothing new, and neither does the hint).
    func saysSomethingElse(than other: BannerAnnouncement?) -> Bool {
        parts != other?.parts || isMarkup != other?.isMarkup
    }

    /// This announcement as the outcome of Undo ("Undone: …"), without a hint.
    public func undone() -> BannerAnnouncement {
        var outcome = self
        outcome.isUndone = true
        outcome.reachHint = nil
        return outcome
    }

    /// This announcement with the hint on how to reach its banner by keyboard
    /// (`chord`, nil when there is no shortcut), if it is due: the banner has
    /// an action (a banner without one has nothing to reach), and it has not
    /// said it yet. Once per banner: a banner whose words change, or that
    /// comes back after being pushed back, does not repeat it.
    public func addingReachHint(chord: String?, hasAction: Bool, alreadyGiven: Bool) -> BannerAnnouncement {
        guard let chord, hasAction, !alreadyGiven else { return self }
        var hinted = self
        hinted.reachHint = chord
        return hinted
    }

    /// What a screen reader says, in `strings`' language: the parts as
    /// sentences (each made plain by `plainText` when it is markup), then the
    /// hint, if any ("Saved. Press Ctrl+F6 to reach it."); a count from 2 on
    /// follows the words ("Saved, 3 times").
    public func spokenText(in strings: HUDStrings, plainText: (String) -> String = { $0 }) -> String {
        let sentences = parts.map { isMarkup ? plainText($0) : $0 }
        let words = strings.sentences(sentences)
        if isUndone { return strings.undone(words) }
        let counted = count > 1 ? strings.repeated(words, count: count) : words
        return strings.sentences([counted] + (reachHint.map { [strings.reachBanner($0)] } ?? []))
    }
}

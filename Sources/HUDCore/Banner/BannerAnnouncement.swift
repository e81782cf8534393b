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
    /// Whether it interrupts the screen reader (``BannerPriority/high``) or waits its turn.
    public let isUrgent: Bool

    /// The announcement for `content`, or nil when it has no text (an image only).
    public init?(_ content: BannerContent) {
        let parts = [content.title, content.subtitle].compactMap { $0 }
        guard !parts.isEmpty else { return nil }
        self.parts = parts
        isMarkup = content.usesMarkup
        isUrgent = content.priority == .high
    }

    /// Whether `other` says something else (a priority change alone says nothing new).
    func saysSomethingElse(than other: BannerAnnouncement?) -> Bool {
        parts != other?.parts || isMarkup != other?.isMarkup
    }
}

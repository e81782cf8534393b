/// Text as a screen reader is given it: one line, no surrounding blanks.
///
/// Made once, in the core, from what the app passed (a status, a banner's
/// title and subtitle); everything after it (the announcement policy, the
/// announcer in GtkHUD) trusts it instead of cleaning the same text again.
/// Line breaks of every kind with the blanks around them become one space
/// (``HUDValues/accessibleName(for:whenEmpty:)``), so a status written on two
/// lines is read as one phrase.
public struct SpokenText: Hashable, Sendable, CustomStringConvertible {
    /// The words, never with a line break; empty only when nothing is to be said.
    public let text: String

    /// Cleans `raw`; without words (nil, blank) the text is `whenEmpty`, as given.
    public init(_ raw: String?, whenEmpty: String = "") {
        text = HUDValues.accessibleName(for: raw, whenEmpty: whenEmpty)
    }

    /// Text the core built from spoken text (a name and a percentage): already clean.
    init(built text: String) {
        self.text = text
    }

    /// Whether there is nothing to say.
    public var isEmpty: Bool { text.isEmpty }

    public var description: String { text }
}

/// The optional button on a banner, like `AdwToast`'s button.
///
/// The identifier is handed back through ``Banner/onAction`` when the button is
/// pressed, so the GTK layer can map it to a closure or a `GAction` name.
public struct BannerAction: Hashable, Sendable {
    /// The text on the button.
    public var label: String
    /// What the app uses to recognise the button press.
    public var identifier: String

    /// Creates a button description. Blank labels or identifiers are refused
    /// when the content reaches a ``Banner``.
    public init(label: String, identifier: String) {
        self.label = label
        self.identifier = identifier
    }

    /// Whether both the label and the identifier contain something other than whitespace.
    public var isUsable: Bool {
        !label.isBlank && !identifier.isBlank
    }
}

extension String {
    /// True for the empty string and for strings made only of whitespace and newlines.
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}

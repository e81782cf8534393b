/// Everything a HUD displays: an indicator and up to two texts.
///
/// A plain value; ``SharedHUDController`` cleans the texts and the progress
/// with ``HUDInput`` before storing them here.
public struct HUDContent: Hashable, Sendable {
    /// Main text, or `nil` for no label.
    public var status: String?
    /// Smaller secondary text, or `nil`.
    public var details: String?
    /// The indicator above the text.
    public var indicator: HUDIndicator

    /// Creates content; by default a spinner without text.
    public init(status: String? = nil, details: String? = nil, indicator: HUDIndicator = .indeterminate) {
        self.status = status
        self.details = details
        self.indicator = indicator
    }

    /// The name a screen reader reads for this HUD (see ``HUDInput/accessibleName(for:)``).
    public var accessibleName: String {
        HUDInput.accessibleName(for: status)
    }
}

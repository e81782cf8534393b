/// Why banner content was refused.
public enum BannerContentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Title, subtitle and image were all missing; whitespace-only text counts as missing.
    case empty

    /// One sentence saying what was wrong and what happened.
    public var description: String {
        switch self {
        case .empty:
            "a banner needs a title, a subtitle or an image, and all three are empty "
                + "(whitespace-only text counts as empty); the banner was refused."
        }
    }
}

/// Something that holds a banner's timeout while it lasts, like the pointer,
/// touch and focus controllers of `AdwToastWidget`.
public enum BannerInhibitReason: Hashable, Sendable {
    /// The pointer is over the banner.
    case hover
    /// A finger or button is pressed on the banner.
    case press
    /// Keyboard focus is inside the banner.
    case focus
    /// The user is dragging the banner.
    case drag
    /// An app-defined reason, e.g. a popover opened from the banner.
    case other(String)
}

/// Geometry shared by every banner, in pixels, taken from BRYXBanner's
/// constraints so banners look familiar to anyone coming from iOS.
public enum BannerLayout {
    /// Space between the leading edge and the image.
    public static let imageLeading = 15.0
    /// Space between the image (or the leading edge when there is no image) and the text.
    public static let imageToText = 15.0
    /// Space between the text and the trailing edge.
    public static let textTrailing = 8.0
    /// Space above the title and below the subtitle.
    public static let textVerticalPadding = 10.0
    /// The image's width and height; it is scaled to fit.
    public static let imageSize = 25.0
    /// Space between the text and a button, and between two buttons.
    public static let buttonSpacing = 8.0
    /// Space between title and subtitle (BRYXBanner: none).
    public static let titleToSubtitle = 0.0
    /// The title wraps onto at most this many lines, then ends in an ellipsis.
    public static let titleMaximumLines = 3
    /// The subtitle wraps onto at most this many lines, then ends in an ellipsis.
    public static let subtitleMaximumLines = 5
    /// How far past its edge a hidden banner sits, so its shadow leaves the screen too.
    public static let offscreenMargin = 7.0
    /// Shadow blur radius (the shadow is black and not offset).
    public static let shadowRadius = 4.0
    /// Shadow opacity when ``BannerContent/hasShadows`` is on.
    public static let shadowOpacity = 0.5
    /// Default ``BannerContent/minimumHeight``: BRYXBanner's value for a banner
    /// with no status bar above it, which is the case in a desktop window.
    public static let defaultMinimumHeight = 40.0

    /// Where the text starts, measured from the leading edge.
    public static func textLeading(hasImage: Bool) -> Double {
        hasImage ? imageLeading + imageSize + imageToText : imageToText
    }

    /// The banner's height for text that needs `textHeight` pixels.
    public static func height(forTextHeight textHeight: Double, minimumHeight: Double) -> Double {
        max(textHeight + 2 * textVerticalPadding, minimumHeight)
    }

    /// The distance from the shown position to fully off screen, for a banner of `height`.
    public static func travelDistance(forHeight height: Double) -> Double {
        max(height, 0) + offscreenMargin
    }
}

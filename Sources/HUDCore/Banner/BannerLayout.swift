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
    /// Space between the text and a task banner's progress bar, in pixels.
    public static let textToProgressBar = 6.0
    /// Height of a task banner's progress bar, in pixels.
    public static let progressBarHeight = 6.0
    /// The title wraps onto at most this many lines, then ends in an ellipsis.
    public static let titleMaximumLines = 3
    /// The subtitle wraps onto at most this many lines, then ends in an ellipsis.
    public static let subtitleMaximumLines = 5
    /// How far past its edge a hidden banner sits, so its shadow leaves the screen too.
    public static let offscreenMargin = 7.0
    /// Default ``BannerContent/minimumHeight``: BRYXBanner's value for a banner
    /// with no status bar above it, which is the case in a desktop window.
    public static let defaultMinimumHeight = 40.0
    /// The largest ``BannerContent/minimumHeight`` taken, in pixels (GTK lays out in 32-bit integers).
    public static let maximumMinimumHeight = 2_000.0
    /// The widest gap ``spacing(_:current:source:)`` takes between stacked banners, in pixels.
    public static let maximumSpacing = 1_000.0

    /// Where the text starts, measured from the leading edge.
    public static func textLeading(hasImage: Bool) -> Double {
        hasImage ? imageLeading + imageSize + imageToText : imageToText
    }

    /// A new space between stacked banners (`BannerCenter.spacing`), checked by
    /// the rule for settings: NaN or infinity keeps `current`, out of range is clamped; reported under `source`.
    @MainActor
    public static func spacing(_ value: Double, current: Double, source: String) -> Double {
        HUDValues.setting(value, current: current, range: 0...maximumSpacing, source: source, unit: "px")
    }

    /// A new widest banner width (`BannerCenter.maximumWidth`; nil: the window's
    /// width), by the same rule: NaN or infinity keeps `current`. A width cannot
    /// be clamped up from zero or below into something meaningful, so such a
    /// value also keeps `current`. Each refusal is reported under `source`.
    @MainActor
    public static func maximumWidth(_ value: Double?, current: Double?, source: String) -> Double? {
        guard let value else { return nil }
        if value.isFinite, value > 0 { return value }
        if let current {
            Diagnostics.report(source, "\(value) px is not a positive finite width; keeping \(current) px.")
        } else {
            Diagnostics.report(source, "\(value) px is not a positive finite width; banners keep the window's width.")
        }
        return current
    }

    /// The distance from the shown position to fully off screen, for a banner of `height`.
    public static func travelDistance(forHeight height: Double) -> Double {
        max(height, 0) + offscreenMargin
    }
}

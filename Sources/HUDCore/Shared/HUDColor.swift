/// A colour as red, green, blue and alpha components in `0...1`, for HUDs and banners.
///
/// Kept deliberately simple (no colour spaces) so content stays a plain value;
/// the GTK layer turns it into CSS with ``cssValue`` (components outside
/// `0...1` or NaN are clamped there).
public struct HUDColor: Hashable, Sendable {
    /// Red, `0...1`.
    public var red: Double
    /// Green, `0...1`.
    public var green: Double
    /// Blue, `0...1`.
    public var blue: Double
    /// Opacity, `0...1`.
    public var alpha: Double

    /// Creates a colour. Components outside `0...1` (or NaN) are stored as given
    /// and corrected, with a ``Diagnostics`` message, when the content reaches a ``Banner``.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey level with opacity (UIKit's `colorWithWhite:alpha:`).
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Fully transparent.
    public static let clear = HUDColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = HUDColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = HUDColor(red: 1, green: 1, blue: 1)
    /// BRYXBanner's look: black at 95 % opacity.
    public static let defaultBackground = black.withAlpha(0.95)

    /// The same colour with another opacity.
    public func withAlpha(_ alpha: Double) -> HUDColor {
        HUDColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Whether every component is a number in `0...1`.
    public var isValid: Bool {
        [red, green, blue, alpha].allSatisfy { (0...1).contains($0) }
    }

    /// The colour with every component clamped into `0...1`; NaN becomes 0.
    public var clamped: HUDColor {
        HUDColor(red: Self.clamp(red), green: Self.clamp(green), blue: Self.clamp(blue), alpha: Self.clamp(alpha))
    }

    /// The colour as a CSS `rgba()` value, e.g. `rgba(0, 0, 0, 0.95)`.
    public var cssValue: String {
        let valid = clamped
        let channels = [valid.red, valid.green, valid.blue].map { String(Int(($0 * 255).rounded())) }
        return "rgba(\(channels.joined(separator: ", ")), \(valid.alpha))"
    }

    private static func clamp(_ component: Double) -> Double {
        component.isNaN ? 0 : min(max(component, 0), 1)
    }
}

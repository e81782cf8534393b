/// A colour in sRGB with alpha, each component 0...1 (clamped).
public struct HUDColor: Sendable, Equatable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = HUDColor.clamp(red)
        self.green = HUDColor.clamp(green)
        self.blue = HUDColor.clamp(blue)
        self.alpha = HUDColor.clamp(alpha)
    }

    /// A grey level with alpha (UIKit's `colorWithWhite:alpha:`).
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let black = HUDColor(white: 0)
    public static let white = HUDColor(white: 1)
    public static let clear = HUDColor(white: 0, alpha: 0)

    /// The colour as CSS, e.g. `rgba(255, 0, 0, 0.5)`.
    public var css: String {
        "rgba(\(Int((red * 255).rounded())), \(Int((green * 255).rounded())), \(Int((blue * 255).rounded())), \(alpha))"
    }

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }
}

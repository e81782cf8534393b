/// How a HUD looks and moves. Every default is SVProgressHUD's or
/// MBProgressHUD's, as noted; colours left nil come from CSS (the theme).
public struct HUDAppearance: Sendable, Equatable {
    /// Bezel colours: light, dark, automatic (follows libadwaita's dark style, live), custom.
    public enum Style: Sendable, Equatable {
        /// A light bezel with dark text, whatever the app's style.
        case light
        /// A dark bezel with light text, whatever the app's style.
        case dark
        /// Light or dark as libadwaita's style manager is, following changes live (the default).
        case automatic
        /// ``HUDAppearance/foregroundColor`` and ``HUDAppearance/backgroundColor`` (theme colours where nil).
        case custom
    }

    /// What is behind the bezel (SVProgressHUDMaskType).
    public enum Mask: Sendable, Equatable {
        /// Clicks pass through to the content.
        case none
        /// Blocks input; nothing drawn.
        case clear
        /// Blocks input and dims with black at 0.4.
        case black
        /// Blocks input with a radial gradient, clear in the middle to black 0.75 at the edges.
        case gradient
        /// Blocks input and fills with a colour.
        case custom(HUDColor)

        /// Whether this mask stops pointer input to the content behind it (all but `.none`).
        public var blocksInput: Bool { self != .none }

        /// The mask's CSS class: `none`, `clear`, `black`, `gradient` or `custom`.
        public var cssClass: String {
            switch self {
            case .none: "none"
            case .clear: "clear"
            case .black: "black"
            case .gradient: "gradient"
            case .custom: "custom"
            }
        }
    }

    /// The indeterminate indicator (SVProgressHUDAnimationType).
    public enum IndicatorAnimation: Sendable, Equatable {
        /// A spinning arc drawn by GtkHUD.
        case flat
        /// GTK's own GtkSpinner.
        case native
    }

    /// How the bezel enters and leaves (MBProgressHUDAnimation, plus SVProgressHUD's pop).
    public enum Transition: Sendable, Equatable {
        /// Opacity only.
        case fade
        /// Grows from half size on show, shrinks on hide.
        case zoom
        /// Shrinks from 1.5× on show, grows to 1.5× on hide.
        case zoomOut
        /// Grows from half size on show, grows to 1.5× on hide.
        case zoomIn
        /// SVProgressHUD's pop: from 1.3× to 1 on show, to 1/1.3 on hide.
        case pop

        /// Bezel scale at the hidden end of a show (`appearing`) or hide.
        public func hiddenScale(appearing: Bool) -> Double {
            switch self {
            case .fade: 1
            case .zoom: 0.5
            case .zoomOut: appearing ? 1.5 : 0.5
            case .zoomIn: appearing ? 0.5 : 1.5
            case .pop: appearing ? 1.3 : 1 / 1.3
            }
        }
    }

    /// Bezel colours (`.automatic`).
    public var style: Style = .automatic
    /// What is behind the bezel (`.none`: clicks pass through to your content).
    public var mask: Mask = .none
    /// The indeterminate indicator (`.flat`, GtkHUD's arc).
    public var indicatorAnimation: IndicatorAnimation = .flat
    /// How the bezel enters and leaves (`.pop`, SVProgressHUD's; `HUD.defaultAppearance` uses `.fade`, MBProgressHUD's).
    public var transition: Transition = .pop
    /// Where the bezel sits (JGProgressHUD's nine positions; `.center`).
    public var position: HUDPosition = .center
    /// Offset from the position in pixels (SVProgressHUD's offsetFromCenter; `(0, 0)`).
    /// Huge values pin the bezel to the edge, like `MBProgressMaxOffset`.
    public var offset: (x: Double, y: Double) = (0, 0)
    /// Distance kept from the host's edges (MBProgressHUD's margin, 20).
    public var margin: Double = 20
    /// Minimum bezel size in pixels (SVProgressHUD's minimumSize; `(0, 0)`).
    public var minimumSize: (width: Double, height: Double) = (0, 0)
    /// Width equals height (false; MBProgressHUD's `square`).
    public var isSquare = false
    /// Ring line width (2).
    public var ringThickness: Double = 2
    /// Ring radius when there is text (18).
    public var ringRadius: Double = 18
    /// Ring radius without text (24).
    public var ringNoTextRadius: Double = 24
    /// Bezel corner radius in pixels; nil (the default) keeps the stylesheet's 14.
    public var cornerRadius: Double? = nil
    /// Text and indicator colour for `.custom` (SVProgressHUD's foregroundColor; nil: the theme's).
    public var foregroundColor: HUDColor? = nil
    /// Bezel colour for `.custom` (SVProgressHUD's backgroundColor; nil: the theme's).
    public var backgroundColor: HUDColor? = nil
    /// Image colour, when different from the foreground (nil: the foreground colour).
    public var foregroundImageColor: HUDColor? = nil
    /// Border colour and width in pixels (SVProgressHUD's setBorderColor/Width; nil: none).
    public var border: (color: HUDColor, width: Double)? = nil
    /// Image size in pixels (28). At 28 the stylesheet decides (`-gtk-icon-size` on `image.hudimage`), so CSS can resize it; another value here wins over CSS.
    public var imageViewSize: Double = 28
    /// Tint images with the foreground colour (symbolic icons; true).
    public var tintsImages = true
    /// Icon name of the success HUD (`"object-select-symbolic"`, from the icon theme).
    public var successImage = "object-select-symbolic"
    /// Icon name of the error HUD (`"dialog-error-symbolic"`).
    public var errorImage = "dialog-error-symbolic"
    /// Icon name of the info HUD (`"dialog-information-symbolic"`).
    public var infoImage = "dialog-information-symbolic"
    /// Pango markup in status text (false: text is shown literally).
    public var usesMarkup = false

    /// The defaults listed with each property: SVProgressHUD's look (`ProgressHUD.appearance`).
    public init() {}

    public static func == (lhs: HUDAppearance, rhs: HUDAppearance) -> Bool {
        lhs.style == rhs.style && lhs.mask == rhs.mask && lhs.indicatorAnimation == rhs.indicatorAnimation
            && lhs.transition == rhs.transition && lhs.position == rhs.position && lhs.offset == rhs.offset
            && lhs.margin == rhs.margin && lhs.minimumSize == rhs.minimumSize && lhs.isSquare == rhs.isSquare
            && lhs.ringThickness == rhs.ringThickness && lhs.ringRadius == rhs.ringRadius
            && lhs.ringNoTextRadius == rhs.ringNoTextRadius && lhs.cornerRadius == rhs.cornerRadius
            && lhs.foregroundColor == rhs.foregroundColor && lhs.backgroundColor == rhs.backgroundColor
            && lhs.foregroundImageColor == rhs.foregroundImageColor
            && lhs.border?.color == rhs.border?.color && lhs.border?.width == rhs.border?.width
            && lhs.imageViewSize == rhs.imageViewSize && lhs.tintsImages == rhs.tintsImages
            && lhs.successImage == rhs.successImage && lhs.errorImage == rhs.errorImage
            && lhs.infoImage == rhs.infoImage && lhs.usesMarkup == rhs.usesMarkup
    }

    /// This appearance with every number made usable, each correction reported
    /// under `source` (the public name the app set it through): non-finite
    /// values fall back to their defaults, others are clamped to what can be
    /// drawn. Checked once, as the app sets it, so the widgets read sane values.
    @MainActor public func corrected(source: String) -> HUDAppearance {
        let defaults = HUDAppearance()
        var fixed = self
        func clamp(_ value: Double, _ name: String, default fallback: Double, in range: ClosedRange<Double>) -> Double {
            let result = value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : fallback
            if result != value {
                Diagnostics.report(source, "\(name) \(value) is not usable (\(range.lowerBound)...\(range.upperBound)); \(result) is used.")
            }
            return result
        }
        fixed.margin = clamp(margin, "margin", default: defaults.margin, in: 0...10_000)
        fixed.offset = (clamp(offset.x, "offset.x", default: 0, in: -100_000...100_000),
                        clamp(offset.y, "offset.y", default: 0, in: -100_000...100_000))
        fixed.minimumSize = (clamp(minimumSize.width, "minimumSize.width", default: 0, in: 0...100_000),
                             clamp(minimumSize.height, "minimumSize.height", default: 0, in: 0...100_000))
        fixed.ringThickness = clamp(ringThickness, "ringThickness", default: defaults.ringThickness, in: 0.5...1_000)
        fixed.ringRadius = clamp(ringRadius, "ringRadius", default: defaults.ringRadius, in: 1...10_000)
        fixed.ringNoTextRadius = clamp(ringNoTextRadius, "ringNoTextRadius", default: defaults.ringNoTextRadius, in: 1...10_000)
        fixed.imageViewSize = clamp(imageViewSize, "imageViewSize", default: defaults.imageViewSize, in: 1...4_096)
        if let cornerRadius {
            fixed.cornerRadius = clamp(cornerRadius, "cornerRadius", default: 14, in: 0...10_000)
        }
        if let border {
            fixed.border = (border.color, clamp(border.width, "border.width", default: 0, in: 0...1_000))
        }
        return fixed
    }

    /// CSS declarations for the bezel's generated class (custom colours, radius, border).
    public var bezelDeclarations: String {
        var parts: [String] = []
        if let cornerRadius { parts.append("border-radius: \(max(0, cornerRadius))px;") }
        if style == .custom || backgroundColor != nil, let backgroundColor { parts.append("background-color: \(backgroundColor.cssValue);") }
        if let foregroundColor { parts.append("color: \(foregroundColor.cssValue);") }
        if let border { parts.append("border: \(max(0, border.width))px solid \(border.color.cssValue);") }
        return parts.joined(separator: " ")
    }
}

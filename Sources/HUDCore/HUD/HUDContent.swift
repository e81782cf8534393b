/// Everything a HUD displays: an indicator, up to two texts and an optional
/// button. The one value both front-ends (`ProgressHUD`, `HUD`) build and the
/// presenter renders.
///
/// A plain value; ``SharedHUDController`` cleans the texts and the progress
/// with ``HUDValues`` before storing them here.
public struct HUDContent: Hashable, Sendable {
    /// Main text, or `nil` for no label.
    public var status: String?
    /// Smaller secondary text, or `nil`.
    public var details: String?
    /// The indicator above the text.
    public var indicator: HUDIndicator
    /// How a ``HUDIndicator/progress(_:)`` indicator is drawn.
    public var progressStyle: HUDProgressStyle
    /// The title of the bezel's button (e.g. "Cancel"), or `nil` for none.
    public var buttonTitle: String?

    /// Creates content; by default a spinner without text.
    public init(status: String? = nil, details: String? = nil, indicator: HUDIndicator = .indeterminate,
                progressStyle: HUDProgressStyle = .annular, buttonTitle: String? = nil) {
        self.status = status
        self.details = details
        self.indicator = indicator
        self.progressStyle = progressStyle
        self.buttonTitle = buttonTitle
    }

    /// The name a screen reader reads for this HUD, in English (see ``HUDValues/accessibleName(for:)``).
    public var accessibleName: String {
        accessibleName(in: .english)
    }

    /// The name a screen reader reads for this HUD: its status on one line, or
    /// `strings.loading` when it has none.
    public func accessibleName(in strings: HUDStrings) -> String {
        HUDValues.accessibleName(for: status, whenEmpty: strings.loading)
    }

    /// The name a screen reader reads for the bezel: the status, or what the
    /// indicator means. A result says what it means before its status
    /// ("Success: Saved", in `strings`' language), so the outcome is never told
    /// by colour or icon alone and a result keeping the working label
    /// (`HUD.run` without a success label) is still news.
    public func spokenName(in strings: HUDStrings) -> String {
        let meaning: String? = switch indicator {
        case .success: strings.success
        case .error: strings.error
        case .info: strings.information
        default: nil
        }
        let name = accessibleName(in: strings)
        guard let status, !status.isEmpty else { return meaning ?? name }
        return meaning.map { strings.result($0, name) } ?? name
    }

    /// Whether `other` differs from this content only in its progress fraction:
    /// then the presenter takes the fast road (``HUDPresenter/displayProgress(_:)``).
    public func differsOnlyInProgress(from other: HUDContent) -> Bool {
        guard indicator.progressFraction != nil, other.indicator.progressFraction != nil else { return false }
        var same = other
        same.indicator = indicator
        return same == self
    }
}

/// What a HUD shows above its text.
public enum HUDIndicator: Hashable, Sendable {
    /// A spinner: work of unknown length.
    case indeterminate
    /// A determinate progress ring, pie or bar (``HUDContent/progressStyle``), with a fraction in `0...1`.
    case progress(Double)
    /// A success mark.
    case success
    /// An error mark.
    case error
    /// An information mark.
    case info
    /// An application-supplied picture.
    case image(ImageSource)
    /// An application-supplied widget, carried by the GTK layer's ``ExternalContent``.
    case custom(ExternalContent)
    /// No indicator: the text alone.
    case textOnly

    /// Whether the shared HUD dismisses this kind of content on its own after its display duration.
    public var dismissesAutomatically: Bool {
        switch self {
        case .success, .error, .info, .image: true
        case .indeterminate, .progress, .custom, .textOnly: false
        }
    }

    /// The progress fraction, or `nil` for anything but ``progress(_:)``.
    public var progressFraction: Double? {
        if case .progress(let fraction) = self { return fraction }
        return nil
    }
}

/// How determinate progress is drawn (MBProgressHUD's determinate modes).
public enum HUDProgressStyle: Hashable, Sendable {
    /// A ring that fills (MBProgressHUD's AnnularDeterminate; SVProgressHUD's ring).
    case annular
    /// A pie that fills (MBProgressHUD's Determinate).
    case pie
    /// A horizontal bar (MBProgressHUD's DeterminateHorizontalBar).
    case bar
}

/// What a banner shows and how it behaves: a plain value the GTK layer reads
/// to build and animate its widget.
///
/// The message (title, subtitle, image) can only be set through validating
/// calls, so a banner can never end up empty. Every other setting is a plain
/// property with BRYXBanner's default:
///
///     var content = try BannerContent(title: "Saved", subtitle: "3 files")
///     content.position = .bottom
///     content.springiness = .heavy
public struct BannerContent: Hashable, Sendable {
    /// The heading. `nil` when none was given or it was only whitespace.
    public private(set) var title: String?
    /// The detail text under the title. `nil` when none was given or it was only whitespace.
    public private(set) var subtitle: String?
    /// The picture at the leading edge.
    public private(set) var image: ImageSource?

    /// A widget shown instead of the title label (the GTK layer's
    /// ``ExternalContent``); the title text stays the accessible name.
    public var titleWidget: ExternalContent?
    /// Whether the image is drawn as a symbolic icon in ``textColor``.
    public var tintsImage = true
    /// The fill; `nil` leaves it to the CSS theme.
    public var backgroundColor: HUDColor? = .defaultBackground
    /// Title, subtitle and tinted-image colour; `nil` leaves it to the CSS theme.
    public var textColor: HUDColor? = .white
    /// The edge the banner drops in from (``BannerPosition/top`` by default).
    /// While its window has an anchor, the anchor's edge takes its place
    /// (``BannerQueue/anchoredEdge``); this value stays as set.
    public var position: BannerPosition = .top
    /// How much the banner bounces.
    public var springiness: BannerSpringiness = .slight
    /// Seconds the entrance and the exit each take to settle.
    /// Zero turns animation off for this banner.
    public var animationDuration: Double = Self.defaultAnimationDuration
    /// Whether the banner casts a shadow (drawn by the stylesheet's `box-shadow`).
    public var hasShadows = true
    /// The least height of the banner in pixels.
    public var minimumHeight: Double = BannerLayout.defaultMinimumHeight
    /// Whether a tap or click dismisses the banner (after ``Banner/onTap`` is called).
    public var dismissesOnTap = true
    /// Whether swiping towards the banner's edge dismisses it.
    public var dismissesOnSwipe = true
    /// Whether the banner has a close button.
    public var showsCloseButton = false
    /// Whether title and subtitle are Pango markup rather than plain text.
    public var usesMarkup = false
    /// How the banner competes for screen space.
    public var priority: BannerPriority = .normal
    /// An optional button; pressing it dismisses the banner.
    public var action: BannerAction?
    /// Whether the timeout pauses while the banner's window is not the active
    /// one (true): a banner that appears while the user works elsewhere gets its
    /// whole time when they come back. Off for messages that are stale once
    /// their moment has passed. It pauses too while its context (a pane, a
    /// stack page) is hidden in its window. The app-wide switch is ``AppAttention/pausesWhileWindowInactive``.
    public var pausesWhileWindowInactive = true
    /// Whether a banner with an action still times out while a screen reader
    /// runs (false: it stays until acted on or dismissed, as Android's Snackbar
    /// does under TalkBack, since hearing it and reaching its button takes longer).
    public var expiresUnderScreenReader = false
    /// The app's name for this message (`"sync-status"`), or nil (the default:
    /// no id, every banner is its own message). A banner whose id is already
    /// showing or waiting in the same window meets ``idPolicy``. Ids are
    /// never made from the text. A blank id is refused when the content
    /// reaches a ``Banner``, and so is a change while the banner is showing or waiting.
    public var id: String?
    /// What happens when this banner arrives while another with its ``id``
    /// is showing or waiting in the same window (``BannerIDPolicy/updateInPlace``).
    public var idPolicy: BannerIDPolicy = .updateInPlace
    /// How many times the message arrived (1): ``BannerIDPolicy/count`` raises
    /// it, and the banner shows "×N" from 2 on. Set by the queue only.
    public internal(set) var repeatCount = 1
    /// Work going on under the banner (nil: none): a spinner, or a bar that
    /// fills. A task banner (``BannerTask``) sets it while its work runs; a
    /// fraction outside `0...1` is clamped, and NaN or infinity shows the spinner.
    public var progress: BannerProgress?
    /// Whether the banner also goes to the desktop's notifications (``DesktopNotificationPolicy/never``:
    /// see the policy for why, and for when it is sent and withdrawn).
    public var desktopNotification: DesktopNotificationPolicy = .never

    /// BRYXBanner's animation duration, in seconds.
    public static let defaultAnimationDuration = 0.4

    /// Creates content, refusing it when there is nothing to show.
    ///
    /// Whitespace-only text counts as missing and is stored as `nil`, so the
    /// view never lays out an empty label.
    /// - Throws: ``BannerContentError/empty`` when title, subtitle and image
    ///   are all missing; a ``Diagnostics`` message is reported as well.
    @MainActor
    public init(title: String? = nil, subtitle: String? = nil, image: ImageSource? = nil) throws(BannerContentError) {
        try replaceMessage(title: title, subtitle: subtitle, image: image,
                           source: "BannerContent.init(title:subtitle:image:)")
    }

    /// Replaces title, subtitle and image together (`nil` removes one), e.g.
    /// to update an "undo" banner before adding it to its queue again.
    /// - Throws: ``BannerContentError/empty`` when all three would be missing;
    ///   the content is then left unchanged and a ``Diagnostics`` message is reported.
    @MainActor
    public mutating func replaceMessage(title: String?, subtitle: String?, image: ImageSource?) throws(BannerContentError) {
        try replaceMessage(title: title, subtitle: subtitle, image: image,
                           source: "BannerContent.replaceMessage(title:subtitle:image:)")
    }

    @MainActor
    private mutating func replaceMessage(title: String?, subtitle: String?, image: ImageSource?,
                                         source: String) throws(BannerContentError) {
        let title = Self.nonBlank(title)
        let subtitle = Self.nonBlank(subtitle)
        guard title != nil || subtitle != nil || image != nil else {
            Diagnostics.report(source, BannerContentError.empty.description)
            throw .empty
        }
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }

    /// Whether title, subtitle and image would make content; when they would
    /// not, says so under `source` (the public name called) and returns false.
    @MainActor
    public static func validate(title: String?, subtitle: String?, image: ImageSource?, source: String) -> Bool {
        guard nonBlank(title) == nil, nonBlank(subtitle) == nil, image == nil else { return true }
        Diagnostics.report(source, BannerContentError.empty.description)
        return false
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text, !text.isBlank else { return nil }
        return text
    }
}

/// Work shown in a banner: a spinner while its amount is unknown, a bar once it reports progress.
public enum BannerProgress: Hashable, Sendable {
    /// A spinner, in the image's place.
    case indeterminate
    /// A bar under the text, filled to this fraction (`0...1`).
    case fraction(Double)

    /// `value` as banner progress: clamped to `0...1`, NaN and infinity as the spinner.
    public init(_ value: Double) {
        self = value.isFinite ? .fraction(min(max(value, 0), 1)) : .indeterminate
    }

    /// The progress as it can be drawn (a fraction clamped to `0...1`, NaN as the spinner).
    public var corrected: BannerProgress {
        if case .fraction(let value) = self { return BannerProgress(value) }
        return self
    }
}

/// The window edge a banner drops in from.
public enum BannerPosition: Hashable, Sendable {
    /// Slides down from the top edge; swiped up to dismiss.
    case top
    /// Slides up from the bottom edge; swiped down to dismiss.
    case bottom

    /// The sign of a vertical offset (GTK coordinates, y grows downwards) that
    /// moves the banner towards its own edge: up for top banners, down for bottom ones.
    public var towardsEdge: Double {
        switch self {
        case .top: -1
        case .bottom: 1
        }
    }
}

/// How a banner competes for screen space, following `AdwToastPriority`.
public enum BannerPriority: Hashable, Sendable {
    /// Waits its turn at the tail of the queue.
    case normal
    /// Shows at once. When no slot is free, a banner on screen is put back at
    /// the head of the queue (it is not dismissed) to make room.
    case high
}

/// Where a window's banners sit.
public enum BannerPlacement: String, Sendable, Equatable, CaseIterable {
    /// Below the header bars at the top of the window (in the title bar slot,
    /// at the top of the content, an `AdwToolbarView`'s top bars, the bars of
    /// side-by-side panes) and above the bars at the bottom: the window's
    /// title and buttons stay visible and usable. The default.
    case belowHeaderBar = "below-header-bar"
    /// Over the window's top edge, title bar included (the iOS banner look).
    case coversTopEdge = "covers-top-edge"
}

/// The optional button on a banner, like `AdwToast`'s button: its label and
/// what pressing it does, as one value, so everything that meets the banner
/// (the queue, its desktop notification, an update by id) finds the whole action.
public struct BannerAction: Hashable, Sendable {
    /// What pressing the button does.
    public enum Effect: Hashable, Sendable {
        /// Runs the closure the front end keeps under `key`.
        case handler(key: String)
        /// Activates the `GAction` `name` (`"win.undo"`), with `target` as its
        /// parameter (the GTK layer's `GVariant`, carried as ``ExternalContent``).
        case gAction(name: String, target: ExternalContent?)
    }

    /// The text on the button.
    public var label: String
    /// What pressing it does.
    public var effect: Effect
    /// Whether pressing it dismisses the banner (true, as `AdwToast`'s button
    /// does). A task banner's Cancel does not: the banner stays and says the
    /// work was cancelled.
    public var dismissesBanner = true
    /// Whether the button can be pressed (true). An undo banner's button turns
    /// insensitive at its first press, so a double click cannot undo twice.
    public var isSensitive = true

    /// Creates a button description. Blank labels, keys or action names are
    /// refused when the content reaches a ``Banner``.
    public init(label: String, effect: Effect) {
        self.label = label
        self.effect = effect
    }

    /// A button whose press is handed back as `identifier` (``Effect/handler(key:)``).
    public init(label: String, identifier: String) {
        self.init(label: label, effect: .handler(key: identifier))
    }

    /// What the app uses to recognise the press: the handler's key or the action's name.
    public var identifier: String {
        switch effect {
        case .handler(let key): key
        case .gAction(let name, _): name
        }
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

import CGtk
import GtkSupport
import HUDCore

/// The rounded, translucent box of a HUD. It renders a ``HUDContent`` in a
/// ``HUDAppearance``: indicator, status, details and button, stacked vertically.
///
/// CSS nodes:
/// ```
/// hudbezel[.light|.dark|.automatic|.custom][.square]
/// ├── hudring[.indeterminate|.annular|.pie] / hudbar / spinner / image.hudimage[.hudimage-success|…]
/// ├── hudlabel.status › label
/// ├── hudlabel.details › label
/// └── button.hudbutton
/// ```
/// `.automatic` also carries `.dark` or `.light`, following libadwaita's style
/// manager live. Padding comes from CSS (20px by default, MBProgressHUD's
/// margin); the space between children is ``spacing`` (8). Colours, radius and
/// border set in the appearance become a generated class (``GeneratedStyle``).
///
/// Accessible role: fixed at creation (GTK 4.8 cannot change it), chosen by
/// ``role(for:)`` — alert for errors, group for progress, status otherwise;
/// its name is the spoken text of the content, and it is busy while spinning.
@MainActor
public final class HUDBezelWidget: SwiftWidget {
    public static var gtype: GType {
        WidgetTypes.register(HUDBezelWidget.self, WidgetTypeDescription(
            typeName: "GtkHUDBezel", cssName: "hudbezel", role: GTK_ACCESSIBLE_ROLE_GROUP,
            layoutManagerType: gtk_box_layout_get_type()))
    }

    /// Creates a bezel whose accessible role fits `indicator` (see ``role(for:)``).
    public static func create(for indicator: HUDIndicator) -> UnsafeMutablePointer<GtkWidget> {
        WidgetTypes.instantiate(gtype, role: role(for: indicator))
    }

    /// The accessible role a bezel showing `indicator` has: alert for errors,
    /// group for progress (its indicator is the progress bar), status otherwise.
    public static func role(for indicator: HUDIndicator) -> GtkAccessibleRole {
        switch indicator {
        case .error: GTK_ACCESSIBLE_ROLE_ALERT
        case .progress: GTK_ACCESSIBLE_ROLE_GROUP
        default: GTK_ACCESSIBLE_ROLE_STATUS
        }
    }

    /// The role this bezel was created with.
    public var role: GtkAccessibleRole { gtk_accessible_get_accessible_role(OpaquePointer(widget)) }

    /// Space between indicator, labels and button at text scale 1.0 (8).
    public var spacing: Int32 = 8 { didSet { applySpacing() } }

    /// The user's text scale (``TextScale``), followed live: spacing, minimum
    /// size and indicator sizes grow with the text (the stylesheet's padding
    /// and icon size follow through GtkHUD's reloaded default stylesheet).
    public private(set) var textScale = 1.0
    private var textScaleConnection: SignalConnection?

    /// Called when the button is clicked.
    public var onButton: (@MainActor () -> Void)?

    /// The content shown.
    public private(set) var content = HUDContent()
    /// The look: style class, minimum size, square, colours, ring geometry, images.
    public private(set) var appearance = HUDAppearance()

    private var indicator: ObjectRef?
    private var indicatorKey: HUDIndicatorFactory.Key?
    private var statusLabel: ObjectRef?
    private var detailsLabel: ObjectRef?
    private var button: ObjectRef?
    private var darkConnection: SignalConnection?
    private var boxLayout: OpaquePointer { OpaquePointer(gtk_widget_get_layout_manager(widget)) }

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: widget)
        gtk_orientable_set_orientation(boxLayout, GTK_ORIENTATION_VERTICAL)
        textScale = TextScale.factor(for: widget)
        applySpacing()
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        darkConnection = Signal.connect(UnsafeMutableRawPointer(adw_style_manager_get_default()), "notify::dark") { [weak self] in
            self?.applyStyleClasses()
        }
        textScaleConnection = TextScale.observe(widget) { [weak self] in self?.followTextScale() }
        applyAppearance()
    }

    private func applySpacing() {
        gtk_box_layout_set_spacing(boxLayout, guint(max(0, (Double(spacing) * textScale).rounded())))
    }

    private func followTextScale() {
        let factor = TextScale.factor(for: widget)
        guard factor != textScale else { return }
        textScale = factor
        applySpacing()
        // Indicators sized in pixels (GtkSpinner, an image's pixel size) are made for a scale: rebuild.
        indicatorKey = nil
        applyAppearance()
        apply(content)
    }

    override public func dispose() {
        darkConnection?.disconnect()
        darkConnection = nil
        textScaleConnection?.disconnect()
        textScaleConnection = nil
        onButton = nil
    }

    // MARK: - Children (for tests and accessibility tools)

    /// The ring showing the spinner or progress, if that is the indicator.
    public var ringWidget: HUDRingWidget? { indicator.flatMap { HUDRingWidget.of($0.widget) } }
    /// The bar showing progress, if that is the indicator.
    public var barWidget: HUDBarWidget? { indicator.flatMap { HUDBarWidget.of($0.widget) } }
    /// The status text as shown, or nil.
    public var statusText: String? { statusLabel.flatMap { HUDLabelWidget.of($0.widget)?.text } }
    /// The status label widget, or nil (for tests measuring it).
    public var statusLabelWidget: UnsafeMutablePointer<GtkWidget>? { statusLabel?.widget }
    /// The button, if the content has one.
    public var buttonWidget: UnsafeMutablePointer<GtkWidget>? { button?.widget }

    // MARK: - Rendering

    /// Shows `content`: rebuilds only what changed (a progress step moves the indicator).
    public func apply(_ content: HUDContent) {
        self.content = content
        updateIndicator()
        statusLabel = updateLabel(statusLabel, kind: "status", text: content.status)
        detailsLabel = updateLabel(detailsLabel, kind: "details", text: content.details)
        updateButton()
        updateAccessibility()
    }

    /// The fast road: only the progress fraction changed.
    public func setProgress(_ fraction: Double) {
        guard let indicator, indicatorKey == .progress(content.progressStyle) else {
            var changed = content
            changed.indicator = .progress(fraction)
            return apply(changed)
        }
        content.indicator = .progress(fraction)
        HUDIndicatorFactory.setProgress(fraction, on: indicator.widget)
    }

    /// Applies a look: style class, minimum size, square, generated colours, ring geometry and images.
    public func apply(appearance: HUDAppearance) {
        self.appearance = appearance
        applyAppearance()
        // Images and markup depend on the look: the content takes its usual road again.
        apply(content)
    }

    private func updateIndicator() {
        let key = HUDIndicatorFactory.key(for: content, appearance: appearance)
        if key == indicatorKey, let current = indicator {
            if let fraction = content.indicator.progressFraction { HUDIndicatorFactory.setProgress(fraction, on: current.widget) }
        } else {
            if let current = indicator, gtk_widget_get_parent(current.widget) == widget { gtk_widget_unparent(current.widget) }
            indicator = HUDIndicatorFactory.make(for: content, appearance: appearance, textScale: textScale).map { ObjectRef(adopting: $0.raw) }
            indicatorKey = key
            if let created = indicator {
                gtk_widget_set_halign(created.widget, GTK_ALIGN_CENTER)
                gtk_widget_insert_after(created.widget, widget, nil) // first in the stack
            }
        }
        applyRingGeometry()
    }

    private func updateLabel(_ existing: ObjectRef?, kind: String, text: String?) -> ObjectRef? {
        guard let text, !text.isEmpty else {
            if let existing { gtk_widget_unparent(existing.widget) }
            return nil
        }
        let label = existing ?? {
            let created = ObjectRef(adopting: HUDLabelWidget.create(kind: kind).raw)
            // Status above details, both above the button.
            let before = kind == "status" ? (detailsLabel?.widget ?? button?.widget) : button?.widget
            gtk_widget_insert_before(created.widget, widget, before)
            return created
        }()
        HUDLabelWidget.of(label.widget)?.setText(text, markup: appearance.usesMarkup)
        return label
    }

    private func updateButton() {
        guard let title = content.buttonTitle, !title.isEmpty else {
            if let button {
                let hadFocus = gtk_widget_has_focus(button.widget) != 0
                gtk_widget_unparent(button.widget)
                // A keyboard user pressed it (HUD.run's Cancel): the focus stays in
                // the HUD rather than going nowhere, so a screen reader speaks what
                // it shows next (on GTK < 4.14 it speaks only the focused widget).
                if hadFocus {
                    gtk_widget_set_focusable(widget, 1)
                    gtk_widget_grab_focus(widget)
                }
            }
            button = nil
            return
        }
        if button == nil {
            let created = ObjectRef(adopting: gtk_button_new()!.raw)
            gtk_widget_add_css_class(created.widget, "hudbutton")
            gtk_widget_set_halign(created.widget, GTK_ALIGN_CENTER)
            Signal.connect(created.pointer, "clicked") { [weak self] in self?.onButton?() }
            gtk_widget_insert_before(created.widget, widget, nil)
            button = created
        }
        gtk_button_set_label(button!.widget.cast(to: GtkButton.self), title)
    }

    private func updateAccessibility() {
        let name = content.spokenName(in: HUDStrings.provider())
        Accessible.setLabel(widget, name)
        // A determinate ring or bar is a progress bar named like the HUD; the spinner is hidden from screen readers.
        if content.indicator.progressFraction != nil, let progressIndicator = ringWidget?.widget ?? barWidget?.widget {
            Accessible.setLabel(progressIndicator, name)
        }
        Accessible.setState(widget, GTK_ACCESSIBLE_STATE_BUSY, content.indicator == .indeterminate)
    }

    // MARK: - Appearance

    /// Minimum size in pixels at the text scale (SVProgressHUD's minimumSize, MBProgressHUD's minSize).
    private var minimumSize: (width: Int32, height: Int32) = (0, 0)

    private func applyAppearance() {
        applyStyleClasses()
        // The appearance was corrected as the app set it (HUDAppearance.corrected(source:)).
        minimumSize = (Int32((appearance.minimumSize.width * textScale).rounded()),
                       Int32((appearance.minimumSize.height * textScale).rounded()))
        appearance.isSquare ? gtk_widget_add_css_class(widget, "square") : gtk_widget_remove_css_class(widget, "square")
        GeneratedStyle.setClass(on: widget, node: "hudbezel", declarations: appearance.bezelDeclarations)
        queueResize()
    }

    private func applyRingGeometry() {
        guard let ring = ringWidget else { return }
        ring.thickness = appearance.ringThickness
        let hasText = !(content.status ?? "").isEmpty
        ring.radius = hasText ? appearance.ringRadius : appearance.ringNoTextRadius
    }

    /// Whether libadwaita currently shows the dark variant.
    public static var systemIsDark: Bool { adw_style_manager_get_dark(adw_style_manager_get_default()) != 0 }

    override public func measure(_ orientation: GtkOrientation, forSize: Int32) -> WidgetMeasurement {
        var result = super.measure(orientation, forSize: forSize)
        let floor = orientation == GTK_ORIENTATION_HORIZONTAL ? minimumSize.width : minimumSize.height
        if appearance.isSquare {
            let other = super.measure(orientation == GTK_ORIENTATION_HORIZONTAL ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, forSize: -1)
            result.minimum = max(result.minimum, other.natural)
            result.natural = max(result.natural, other.natural)
        }
        result.minimum = max(result.minimum, floor)
        result.natural = max(result.natural, result.minimum)
        result.minimumBaseline = -1
        result.naturalBaseline = -1
        return result
    }

    private func applyStyleClasses() {
        for name in ["light", "dark", "automatic", "custom"] { gtk_widget_remove_css_class(widget, name) }
        switch appearance.style {
        case .light: gtk_widget_add_css_class(widget, "light")
        case .dark: gtk_widget_add_css_class(widget, "dark")
        case .custom: gtk_widget_add_css_class(widget, "custom")
        case .automatic:
            gtk_widget_add_css_class(widget, "automatic")
            gtk_widget_add_css_class(widget, Self.systemIsDark ? "dark" : "light")
        }
    }
}

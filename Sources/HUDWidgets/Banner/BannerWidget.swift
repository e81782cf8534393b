import CGtk
import GtkSupport
import HUDCore

/// One drop-down banner: it renders a ``BannerContent`` — image, title,
/// subtitle, optional action button and optional close button — laid out with
/// BRYXBanner's spacing (``BannerLayout``: image 15 px from the leading edge,
/// 15 px to the text, 8 px trailing, 10 px above and below the text), mirrored
/// in right-to-left locales.
///
/// CSS nodes:
/// ```
/// hudbanner[.top|.bottom][.high-priority][.has-image][.has-subtitle][.has-action]
///          [.has-close-button][.has-shadow][.has-colors][.dragging][.has-progress]
/// ├── hudbannerimage[.untinted]
/// ├── hudring.indeterminate  (a task banner's spinner, in the image's place)
/// ├── label.title            (or the content's title widget)
/// ├── label.subtitle
/// ├── hudbar                 (a task banner's progress, under the text; role progress bar)
/// ├── label.count            (a counted banner's "×N"; read as "N times")
/// ├── button.action
/// └── button.close.circular.flat
/// ```
/// Defaults: `.top`, `.has-shadow`, minimum height 40 px, title up to 3 lines,
/// subtitle up to 5. Colours from the content become a generated class
/// (``GeneratedStyle``) plus `.has-colors`. Accessible role: alert; its name
/// is the title and its description the subtitle.
///
/// The banner itself is focusable (so a banner without buttons can be reached
/// and read out too), and Enter or space on it is a tap (``onTap``), as a click is.
///
/// The widget shows content and reports input through closures (tap, hover,
/// press, focus, buttons); it never decides anything. Where it is and how it
/// moves is its ``BannerStackWidget``'s (see ``BannerMotion``).
@MainActor
public final class BannerWidget: SwiftWidget {
    public static var gtype: GType {
        WidgetTypes.register(BannerWidget.self, WidgetTypeDescription(
            typeName: "GtkHUDBanner", cssName: "hudbanner", role: GTK_ACCESSIBLE_ROLE_ALERT))
    }

    /// Creates a banner widget (floating reference).
    public static func create() -> UnsafeMutablePointer<GtkWidget> { WidgetTypes.instantiate(gtype) }

    // MARK: - Children

    /// The picture at the leading edge.
    public let imageWidget: UnsafeMutablePointer<GtkWidget>
    /// The title label (hidden when a title widget is shown instead).
    public let titleLabel: UnsafeMutablePointer<GtkWidget>
    /// The subtitle label.
    public let subtitleLabel: UnsafeMutablePointer<GtkWidget>
    /// The action button (hidden without a label). Made the first time it is
    /// asked for: most banners have no buttons, and making two hidden buttons
    /// (one with an icon to look up) for every banner cost about 5 % of a
    /// banner's show-to-first-frame time (docs/performance.md).
    public var actionButton: UnsafeMutablePointer<GtkWidget> { madeActionButton ?? makeActionButton() }
    /// The close button (hidden unless the content asks for it), made the first time it is asked for.
    public var closeButton: UnsafeMutablePointer<GtkWidget> { madeCloseButton ?? makeCloseButton() }
    private var madeActionButton: UnsafeMutablePointer<GtkWidget>?
    /// The "×N" badge of a counted banner (``BannerContent/repeatCount`` from 2
    /// on), made the first time it is needed, before the buttons.
    public private(set) var countLabel: UnsafeMutablePointer<GtkWidget>?
    private var madeCloseButton: UnsafeMutablePointer<GtkWidget>?
    /// The spinner of work whose amount is unknown (``BannerContent/progress``
    /// `.indeterminate`), in the image's place; made the first time it is needed.
    public private(set) var spinner: UnsafeMutablePointer<GtkWidget>?
    /// The bar of work that reports progress (`.fraction`), under the text;
    /// accessible as a progress bar with its value. Made the first time it is needed.
    public private(set) var progressBar: UnsafeMutablePointer<GtkWidget>?
    /// The content's title widget while it is shown instead of the title label.
    public private(set) var customTitle: UnsafeMutablePointer<GtkWidget>?

    /// The edge the banner stands on: its content's position, or the edge its
    /// window's anchor gives every banner (``apply(_:edge:)``, ``setEdge(_:)``).
    public private(set) var position: BannerPosition = .top
    /// Whether a swipe towards its edge may dismiss it (from its content); the stack's drag follows it.
    public private(set) var dismissesOnSwipe = true
    /// The least height in pixels at text scale 1.0 (from its content).
    private var minimumHeight = BannerLayout.defaultMinimumHeight
    /// The user's text scale (``TextScale``), followed live: ``BannerLayout``'s
    /// pixel metrics, the image and the close button grow with the text.
    public private(set) var textScale = 1.0
    private var textScaleConnection: SignalConnection?
    private var hasTitleText = false

    // MARK: - Callbacks

    /// A tap or click on the banner (not on its buttons, not a drag).
    public var onTap: (@MainActor () -> Void)?
    /// The action button was clicked.
    public var onActionClicked: (@MainActor () -> Void)?
    /// The close button was clicked.
    public var onCloseClicked: (@MainActor () -> Void)?
    /// Hover, press or focus began (`true`) or ended (`false`).
    public var onInhibit: (@MainActor (BannerInhibitReason, Bool) -> Void)?

    // MARK: - Life cycle

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        imageWidget = BannerImageWidget.create()
        titleLabel = gtk_label_new(nil)
        subtitleLabel = gtk_label_new(nil)
        super.init(widget: widget)
        for child in [imageWidget, titleLabel, subtitleLabel] {
            gtk_widget_set_parent(child, widget)
        }
        Self.setUpLabel(titleLabel, cssClass: "title", lines: Int32(BannerLayout.titleMaximumLines))
        Self.setUpLabel(subtitleLabel, cssClass: "subtitle", lines: Int32(BannerLayout.subtitleMaximumLines))
        gtk_widget_set_visible(titleLabel, 0)
        gtk_widget_set_visible(subtitleLabel, 0)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        setClass("top", true)
        setClass("has-shadow", true)
        installControllers()
        gtk_widget_set_focusable(widget, 1)
        installActivation()
        textScaleConnection = TextScale.observe(widget) { [weak self] in self?.followTextScale() }
        followTextScale()
    }

    /// `pixels` (a metric at text scale 1.0) at the current text scale.
    private func metric(_ pixels: Double) -> Double { pixels * textScale }

    /// Reads the text scale and resizes what GtkHUD sizes in pixels. (The
    /// stylesheet's lengths follow through the reloaded default stylesheet.)
    private func followTextScale() {
        textScale = TextScale.factor(for: widget)
        BannerImageWidget.of(imageWidget)?.pixelSize = Int32(metric(BannerLayout.imageSize).rounded())
        queueResize()
    }


    /// The action button, hidden, before the close button (the order Tab follows).
    private func makeActionButton() -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new()!
        gtk_widget_add_css_class(button, "action")
        gtk_widget_set_visible(button, 0)
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        gtk_widget_insert_before(button, widget, madeCloseButton)
        Signal.connect(button.raw, "clicked") { [weak self] in self?.onActionClicked?() }
        madeActionButton = button
        return button
    }

    /// The close button, hidden, last among the children.
    private func makeCloseButton() -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new()!
        // The icon is decoration: the button's name says what it does. GTK 4.8
        // would expose the image as an unnamed child ("GtkImage"), which Orca 43
        // reads out before the button's name.
        let icon = WidgetTypes.instantiate(gtk_image_get_type(), role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
        gtk_image_set_from_icon_name(OpaquePointer(icon), "window-close-symbolic")
        gtk_button_set_child(button.cast(to: GtkButton.self), icon)
        // What gtk_button_new_from_icon_name gives, so themes style it the same.
        for name in ["close", "circular", "flat", "image-button"] { gtk_widget_add_css_class(button, name) }
        let dismiss = HUDStrings.provider().dismiss
        gtk_widget_set_tooltip_text(button, dismiss)
        Accessible.setLabel(button, dismiss)
        gtk_widget_set_visible(button, 0)
        gtk_widget_set_parent(button, widget)
        Signal.connect(button.raw, "clicked") { [weak self] in self?.onCloseClicked?() }
        madeCloseButton = button
        return button
    }


    override public func dispose() {
        textScaleConnection?.disconnect()
        textScaleConnection = nil
        onTap = nil
        onActionClicked = nil
        onCloseClicked = nil
        onInhibit = nil
        customTitle = nil
    }

    // MARK: - Content

    /// Puts the banner at `edge` (its `.top` or `.bottom` class); the stack lays it out there.
    public func setEdge(_ edge: BannerPosition) {
        position = edge
        setClass("top", edge == .top)
        setClass("bottom", edge == .bottom)
    }

    /// Shows `content` at `edge` (the content's position when nil; the queue's
    /// ``/HUDCore/Banner/edge`` when an anchor takes it elsewhere): the edge, priority,
    /// shadow, minimum height, texts (literal unless the content uses markup;
    /// invalid markup is shown literally), image, action and close buttons,
    /// title widget and colours.
    public func apply(_ content: BannerContent, edge: BannerPosition? = nil) {
        setEdge(edge ?? content.position)
        dismissesOnSwipe = content.dismissesOnSwipe
        setClass("high-priority", content.priority == .high)
        setClass("has-shadow", content.hasShadows)
        minimumHeight = content.minimumHeight
        if content.showsCloseButton || madeCloseButton != nil {
            gtk_widget_set_visible(closeButton, content.showsCloseButton ? 1 : 0)
        }
        setClass("has-close-button", content.showsCloseButton)
        setTitle(content.title, markup: content.usesMarkup)
        setSubtitle(content.subtitle, markup: content.usesMarkup)
        setImage(content.image, tinted: content.tintsImage)
        setProgress(content.progress, hasImage: content.image != nil)
        setCount(content.repeatCount)
        setAction(label: content.action?.label, isSensitive: content.action?.isSensitive ?? true)
        setCustomTitle((content.titleWidget as? GtkObjectContent)?.widget)
        GeneratedStyle.setClass(on: widget, node: "hudbanner", declarations: Self.colorDeclarations(content))
        setClass("has-colors", content.backgroundColor != nil || content.textColor != nil)
        queueResize()
    }

    /// The title as shown (markup removed), or nil.
    public var titleText: String? { gtk_widget_get_visible(titleLabel) != 0 ? Self.labelText(titleLabel) : nil }
    /// The subtitle as shown (markup removed), or nil.
    public var subtitleText: String? { gtk_widget_get_visible(subtitleLabel) != 0 ? Self.labelText(subtitleLabel) : nil }

    /// Marks the banner as being dragged (`.dragging`).
    public func setDragging(_ dragging: Bool) { setClass("dragging", dragging) }

    private func setTitle(_ text: String?, markup: Bool) {
        Self.setText(text, markup: markup, on: titleLabel)
        hasTitleText = text != nil
        gtk_widget_set_visible(titleLabel, text != nil && customTitle == nil ? 1 : 0)
        Accessible.setLabel(widget, text.map { _ in Self.labelText(titleLabel) })
    }

    private func setSubtitle(_ text: String?, markup: Bool) {
        Self.setText(text, markup: markup, on: subtitleLabel)
        gtk_widget_set_visible(subtitleLabel, text == nil ? 0 : 1)
        setClass("has-subtitle", text != nil)
        Accessible.setDescription(widget, text.map { _ in Self.labelText(subtitleLabel) })
    }

    private func setImage(_ source: ImageSource?, tinted: Bool) {
        guard let image = BannerImageWidget.of(imageWidget) else { return }
        image.source = source
        image.isTinted = tinted
        setClass("has-image", source != nil)
    }

    /// A spinner in the image's place, or a bar under the text; nil shows neither (and the image again).
    private func setProgress(_ progress: BannerProgress?, hasImage: Bool) {
        let spinning = progress == .indeterminate
        if spinning || spinner != nil {
            let ring = spinner ?? makeSpinner()
            gtk_widget_set_visible(ring, spinning ? 1 : 0)
            gtk_widget_set_visible(imageWidget, !spinning && hasImage ? 1 : 0)
        }
        var fraction: Double?
        if case .fraction(let value) = progress { fraction = value }
        if let fraction {
            let bar = progressBar ?? makeProgressBar()
            HUDBarWidget.of(bar)?.setProgress(fraction)
            gtk_widget_set_visible(bar, 1)
        } else if let progressBar {
            gtk_widget_set_visible(progressBar, 0)
        }
        setClass("has-progress", progress != nil)
    }

    private func makeSpinner() -> UnsafeMutablePointer<GtkWidget> {
        // The banner speaks for it (its words are announced); the spinner itself is not read out.
        let ring = HUDRingWidget.createSpinner()
        if let view = HUDRingWidget.of(ring) {
            view.radius = 9
            view.thickness = 2
        }
        gtk_widget_set_visible(ring, 0)
        gtk_widget_insert_after(ring, widget, imageWidget)
        spinner = ring
        return ring
    }

    private func makeProgressBar() -> UnsafeMutablePointer<GtkWidget> {
        let bar = HUDBarWidget.create()
        if let view = HUDBarWidget.of(bar) {
            view.naturalSize = (120, Int32(BannerLayout.progressBarHeight))
            view.lineWidth = 1
        }
        gtk_widget_set_visible(bar, 0)
        gtk_widget_insert_after(bar, widget, subtitleLabel)
        progressBar = bar
        return bar
    }

    /// The badge says "×N" from 2 on; below that it is hidden.
    private func setCount(_ count: Int) {
        guard count > 1 || countLabel != nil else { return }
        let label = countLabel ?? makeCountLabel()
        if count > 1 {
            let strings = HUDStrings.provider()
            gtk_label_set_text(OpaquePointer(label), strings.countBadge(count))
            // "×3" read out is "multiplication sign 3": the badge says what it means.
            Accessible.setLabel(label, strings.countBadgeSpoken(count))
        }
        gtk_widget_set_visible(label, count > 1 ? 1 : 0)
    }

    private func makeCountLabel() -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "count")
        gtk_widget_set_valign(label, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(label, 0)
        gtk_widget_insert_before(label, widget, madeActionButton ?? madeCloseButton)
        countLabel = label
        return label
    }

    private func setAction(label: String?, isSensitive: Bool) {
        if let label {
            gtk_button_set_label(actionButton.cast(to: GtkButton.self), label)
            gtk_button_set_use_underline(actionButton.cast(to: GtkButton.self), 1)
            gtk_widget_set_sensitive(actionButton, isSensitive ? 1 : 0)
        }
        if let button = madeActionButton { gtk_widget_set_visible(button, label == nil ? 0 : 1) }
        setClass("has-action", label != nil)
    }

    /// Shows `title` instead of the title label (nil restores the label).
    private func setCustomTitle(_ title: UnsafeMutablePointer<GtkWidget>?) {
        guard title != customTitle else { return }
        if let customTitle, gtk_widget_get_parent(customTitle) == widget { gtk_widget_unparent(customTitle) }
        customTitle = title
        if let title {
            g_object_ref(title.raw)
            if gtk_widget_get_parent(title) != nil { gtk_widget_unparent(title) }
            gtk_widget_insert_after(title, widget, titleLabel)
            g_object_unref(title.raw)
        }
        gtk_widget_set_visible(titleLabel, hasTitleText && title == nil ? 1 : 0)
    }


    // MARK: - Layout

    private struct Layout {
        var textX = 0.0, textWidth = 0.0
        var titleHeight = 0.0, subtitleHeight = 0.0, textHeight = 0.0
        var countSize = (width: 0.0, height: 0.0)
        var actionSize = (width: 0.0, height: 0.0), closeSize = (width: 0.0, height: 0.0)
        var height = 0.0
    }

    private var titleWidget: UnsafeMutablePointer<GtkWidget>? {
        if let customTitle { return gtk_widget_get_visible(customTitle) != 0 ? customTitle : nil }
        return gtk_widget_get_visible(titleLabel) != 0 ? titleLabel : nil
    }

    /// The image, or the spinner in its place.
    private var leadingWidget: UnsafeMutablePointer<GtkWidget>? {
        if let spinner, gtk_widget_get_visible(spinner) != 0 { return spinner }
        return gtk_widget_get_visible(imageWidget) != 0 ? imageWidget : nil
    }

    private var hasImage: Bool { leadingWidget != nil }

    /// The progress bar while it shows.
    private var shownBar: UnsafeMutablePointer<GtkWidget>? {
        guard let progressBar, gtk_widget_get_visible(progressBar) != 0 else { return nil }
        return progressBar
    }

    private var textX: Double { metric(BannerLayout.textLeading(hasImage: hasImage)) }

    /// Width taken by the count badge and the buttons, each with its spacing in front.
    private func buttonsWidth(natural: Bool) -> (width: Double, count: (Double, Double), action: (Double, Double), close: (Double, Double)) {
        var total = 0.0
        var sizes: [(Double, Double)] = []
        for button in [countLabel, madeActionButton, madeCloseButton] {
            guard let button, Self.isShown(button) else { sizes.append((0, 0)); continue }
            let width = Self.size(of: button, .horizontal, forSize: -1)
            let height = Self.size(of: button, .vertical, forSize: -1)
            let chosen = natural ? width.natural : width.minimum
            sizes.append((chosen, height.natural))
            total += chosen + metric(BannerLayout.buttonSpacing)
        }
        return (total, sizes[0], sizes[1], sizes[2])
    }

    private func layout(forWidth width: Double) -> Layout {
        var layout = Layout()
        let buttons = buttonsWidth(natural: true)
        layout.countSize = buttons.count
        layout.actionSize = buttons.action
        layout.closeSize = buttons.close
        layout.textX = textX
        layout.textWidth = max(1, width - metric(BannerLayout.textTrailing) - buttons.width - layout.textX)
        let forSize = Int32(layout.textWidth.rounded(.down))
        if let titleWidget { layout.titleHeight = Self.size(of: titleWidget, .vertical, forSize: forSize).natural }
        if gtk_widget_get_visible(subtitleLabel) != 0 {
            layout.subtitleHeight = Self.size(of: subtitleLabel, .vertical, forSize: forSize).natural
        }
        let gap = layout.titleHeight > 0 && layout.subtitleHeight > 0 ? metric(BannerLayout.titleToSubtitle) : 0
        layout.textHeight = layout.titleHeight + gap + layout.subtitleHeight
        if shownBar != nil { layout.textHeight += metric(BannerLayout.textToProgressBar + BannerLayout.progressBarHeight) }
        let padding = 2 * metric(BannerLayout.textVerticalPadding)
        layout.height = max(layout.textHeight + padding, metric(minimumHeight),
                            hasImage ? metric(BannerLayout.imageSize) + padding : 0,
                            layout.actionSize.height + padding, layout.closeSize.height + padding,
                            layout.countSize.height + padding)
        return layout
    }

    /// Title and subtitle wrap: the height depends on the width.
    override public var requestMode: GtkSizeRequestMode { GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH }

    override public func measure(_ orientation: GtkOrientation, forSize: Int32) -> WidgetMeasurement {
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            var textMinimum = 0.0, textNatural = 0.0
            for child in [titleWidget, gtk_widget_get_visible(subtitleLabel) != 0 ? subtitleLabel : nil].compactMap({ $0 }) {
                let size = Self.size(of: child, .horizontal, forSize: -1)
                textMinimum = max(textMinimum, size.minimum)
                textNatural = max(textNatural, size.natural)
            }
            let fixed = textX + metric(BannerLayout.textTrailing)
            let minimum = fixed + textMinimum + buttonsWidth(natural: false).width
            let natural = fixed + textNatural + buttonsWidth(natural: true).width
            return WidgetMeasurement(minimum: Int32(minimum.rounded(.up)), natural: Int32(natural.rounded(.up)))
        }
        let width = forSize >= 0 ? Double(forSize) : Double(measure(GTK_ORIENTATION_HORIZONTAL, forSize: -1).natural)
        let height = Int32(layout(forWidth: width).height.rounded(.up))
        return WidgetMeasurement(minimum: height, natural: height)
    }

    override public func allocate(width: Int32, height: Int32, baseline: Int32) {
        let total = Double(width)
        let layout = layout(forWidth: total)
        // Taller than needed (stretching over a gap): the content stays next to the window's inside.
        let extra = max(0, Double(height) - layout.height)
        let top = position == .top ? extra : 0
        let rightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        func place(_ child: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double, width: Double, height: Double) {
            let mirroredX = rightToLeft ? total - x - width : x
            var allocation = GtkAllocation(x: Int32(mirroredX.rounded()), y: Int32(y.rounded()),
                                           width: Int32(max(0, width).rounded()), height: Int32(max(0, height).rounded()))
            gtk_widget_size_allocate(child, &allocation, -1)
        }
        if let leadingWidget {
            place(leadingWidget, x: metric(BannerLayout.imageLeading), y: top + (layout.height - metric(BannerLayout.imageSize)) / 2,
                  width: metric(BannerLayout.imageSize), height: metric(BannerLayout.imageSize))
        }
        var y = top + (layout.height - layout.textHeight) / 2
        if let titleWidget {
            place(titleWidget, x: layout.textX, y: y, width: layout.textWidth, height: layout.titleHeight)
            y += layout.titleHeight + (layout.subtitleHeight > 0 ? metric(BannerLayout.titleToSubtitle) : 0)
        }
        if gtk_widget_get_visible(subtitleLabel) != 0 {
            place(subtitleLabel, x: layout.textX, y: y, width: layout.textWidth, height: layout.subtitleHeight)
            y += layout.subtitleHeight
        }
        if let shownBar {
            y += metric(BannerLayout.textToProgressBar)
            place(shownBar, x: layout.textX, y: y, width: layout.textWidth, height: metric(BannerLayout.progressBarHeight))
        }
        var trailingX = total - metric(BannerLayout.textTrailing)
        if let closeButton = madeCloseButton, Self.isShown(closeButton) {
            trailingX -= layout.closeSize.width
            place(closeButton, x: trailingX, y: top + (layout.height - layout.closeSize.height) / 2,
                  width: layout.closeSize.width, height: layout.closeSize.height)
            trailingX -= metric(BannerLayout.buttonSpacing)
        }
        if let actionButton = madeActionButton, Self.isShown(actionButton) {
            trailingX -= layout.actionSize.width
            place(actionButton, x: trailingX, y: top + (layout.height - layout.actionSize.height) / 2,
                  width: layout.actionSize.width, height: layout.actionSize.height)
            trailingX -= metric(BannerLayout.buttonSpacing)
        }
        if let countLabel, Self.isShown(countLabel) {
            trailingX -= layout.countSize.width
            place(countLabel, x: trailingX, y: top + (layout.height - layout.countSize.height) / 2,
                  width: layout.countSize.width, height: layout.countSize.height)
        }
    }

    // MARK: - Helpers

    /// Press (a tap unless it became a drag: the stack's drag gesture then
    /// claims the sequence and this gesture is cancelled), hover and focus.
    private func installControllers() {
        let click = gtk_gesture_click_new()!
        let clickRaw = UnsafeMutableRawPointer(click)
        Signal.connectPress(clickRaw, "pressed") { [weak self] _, _, _ in self?.onInhibit?(.press, true) }
        Signal.connectPress(clickRaw, "released") { [weak self] _, _, _ in
            self?.onInhibit?(.press, false)
            self?.onTap?()
        }
        Signal.connect(clickRaw, "stopped") { [weak self] in self?.onInhibit?(.press, false) }
        Signal.connectPointer(clickRaw, "cancel") { [weak self] _ in self?.onInhibit?(.press, false) }
        gtk_widget_add_controller(widget, click)

        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(UnsafeMutableRawPointer(motion), "enter") { [weak self] _, _ in self?.onInhibit?(.hover, true) }
        Signal.connect(UnsafeMutableRawPointer(motion), "leave") { [weak self] in self?.onInhibit?(.hover, false) }
        gtk_widget_add_controller(widget, motion)

        let focus = gtk_event_controller_focus_new()!
        Signal.connect(UnsafeMutableRawPointer(focus), "enter") { [weak self] in self?.onInhibit?(.focus, true) }
        Signal.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in self?.onInhibit?(.focus, false) }
        gtk_widget_add_controller(widget, focus)
    }

    /// Enter and space on the banner itself (not on its buttons, which take
    /// them as buttons do) do what a click does: the keys GtkWindow binds to
    /// activating the focus widget, taken here first because they bubble
    /// through the banner on their way to the window.
    private func installActivation() {
        let table = ShortcutTable()
        let keys = [GDK_KEY_Return, GDK_KEY_ISO_Enter, GDK_KEY_KP_Enter, GDK_KEY_space, GDK_KEY_KP_Space]
        table.add("activate", triggers: keys.map { ShortcutTrigger.key($0) }) { [weak self] in
            guard let self, gtk_widget_is_focus(self.widget) != 0, let onTap = self.onTap else { return false }
            onTap()
            return true
        }
        table.attach(to: widget)
    }

    // MARK: - Keyboard

    /// Where the banner shortcut puts the keyboard: the action button, else the
    /// close button, else the banner itself.
    public var keyboardTarget: UnsafeMutablePointer<GtkWidget> {
        focusStops.count > 1 ? focusStops[1] : widget
    }

    /// The banner's Tab stops in order: the banner itself (Orca reads its title
    /// and subtitle), then its shown buttons.
    public var focusStops: [UnsafeMutablePointer<GtkWidget>] {
        [widget] + [madeActionButton, madeCloseButton].compactMap { button in
            button.flatMap { Self.isShown($0) ? $0 : nil }
        }
    }

    private func setClass(_ name: String, _ on: Bool) {
        on ? gtk_widget_add_css_class(widget, name) : gtk_widget_remove_css_class(widget, name)
    }
}

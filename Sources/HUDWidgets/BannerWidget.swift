import CGtk
import GtkSupport

/// One drop-down banner: image, title, subtitle, optional action button and
/// optional close button, laid out with BRYXBanner's spacing (image 15 px
/// from the leading edge, 15 px to the text, 8 px trailing, 10 px above and
/// below the text), mirrored in right-to-left locales.
///
/// CSS node: `hudbanner`, with classes `.top` or `.bottom`, `.high-priority`,
/// `.has-image`, `.has-subtitle`, `.has-action`, `.has-close-button`,
/// `.has-shadow`, `.dragging`. Children: `hudbannerimage`, `label.title`,
/// `label.subtitle` (or the custom title widget), `button.action`,
/// `button.close`. Accessible role: alert; its name is the title and its
/// description the subtitle.
///
/// The widget reports input through closures (tap, hover, press, focus, drag,
/// buttons) and never decides anything itself; the ``BannerStackWidget`` it
/// lives in reads ``reveal``, ``dragOffset`` and the stacking slot to place it.
@MainActor
public final class BannerWidget: SwiftWidget {
    public static var gtype: GType {
        WidgetTypes.register(BannerWidget.self, WidgetTypeDescription(
            typeName: "GtkHUDBanner", cssName: "hudbanner", role: GTK_ACCESSIBLE_ROLE_ALERT))
    }

    /// Creates a banner widget (floating reference).
    public static func create() -> UnsafeMutablePointer<GtkWidget> { WidgetTypes.instantiate(gtype) }

    /// The window edge the banner belongs to.
    public enum Edge: Sendable, Equatable {
        case top, bottom

        /// The sign of a vertical offset (y grows downwards) pointing at this edge.
        public var towardsEdge: Double { self == .top ? -1 : 1 }
    }

    /// What holds the banner's timeout while it lasts.
    public enum InhibitReason: Sendable, Equatable {
        case hover, press, focus, drag
    }

    /// Spacing in pixels; the defaults are BRYXBanner's.
    public struct Metrics: Sendable, Equatable {
        public var imageLeading = 15.0
        public var imageToText = 15.0
        public var textTrailing = 8.0
        public var textVerticalPadding = 10.0
        public var imageSize = 25.0
        /// Space between the text and a button, and between two buttons.
        public var buttonSpacing = 8.0
        /// Space between title and subtitle (BRYXBanner: none).
        public var titleToSubtitle = 0.0
        /// How far past its edge a hidden banner sits, so its shadow leaves too.
        public var offscreenMargin = 7.0
        public init() {}
    }

    // MARK: - Children

    /// The picture at the leading edge.
    public let imageWidget: UnsafeMutablePointer<GtkWidget>
    /// The title label (hidden when a custom title widget is set).
    public let titleLabel: UnsafeMutablePointer<GtkWidget>
    /// The subtitle label.
    public let subtitleLabel: UnsafeMutablePointer<GtkWidget>
    /// The optional action button (hidden without a label).
    public let actionButton: UnsafeMutablePointer<GtkWidget>
    /// The optional close button.
    public let closeButton: UnsafeMutablePointer<GtkWidget>
    /// A widget shown instead of the title label, if any.
    public private(set) var customTitle: UnsafeMutablePointer<GtkWidget>?

    // MARK: - Configuration

    /// The edge the banner slides from; sets `.top` or `.bottom`.
    public var edge: Edge = .top {
        didSet {
            guard edge != oldValue else { return }
            applyEdgeClass()
            queueStackAllocate()
        }
    }

    /// Sets `.high-priority`.
    public var isHighPriority = false { didSet { setClass("high-priority", isHighPriority) } }
    /// Sets `.has-shadow` (the default stylesheet draws the shadow for that class).
    public var hasShadow = true { didSet { setClass("has-shadow", hasShadow) } }
    /// The least height in pixels (BRYXBanner's `minimumHeight`).
    public var minimumHeight = 40.0 { didSet { queueResize() } }
    /// Spacing; see ``Metrics``.
    public var metrics = Metrics() {
        didSet {
            BannerImageWidget.of(imageWidget)?.pixelSize = Int32(metrics.imageSize.rounded())
            queueResize()
        }
    }
    /// Whether the close button is shown.
    public var showsCloseButton = false {
        didSet {
            gtk_widget_set_visible(closeButton, showsCloseButton ? 1 : 0)
            setClass("has-close-button", showsCloseButton)
        }
    }

    // MARK: - Placement, read by BannerStackWidget

    /// 0 is fully hidden past the edge, 1 is shown; springs may overshoot.
    /// Setting it stops a running reveal animation.
    public var reveal: Double {
        get { revealValue }
        set {
            stopRevealAnimation()
            revealValue = newValue
            queueStackAllocate()
        }
    }

    /// Extra vertical displacement from a drag, in pixels (y grows downwards).
    /// Setting it stops a running drag animation.
    public var dragOffset: Double {
        get { dragValue }
        set {
            stopDragAnimation()
            dragValue = newValue
            queueStackAllocate()
        }
    }

    /// The stacking slot (0 nearest the edge); nil while leaving.
    public internal(set) var slot: Int?
    /// Where the visible banner was last placed, in the stack's coordinates
    /// (the stretch filling a gap during an overshoot is not included).
    public internal(set) var frame: (x: Double, y: Double, width: Double, height: Double) = (0, 0, 0, 0)
    /// The height the banner needs at its current width.
    public internal(set) var naturalHeight = 0.0

    /// The distance from shown to fully hidden, for the current height.
    public var travelDistance: Double { max(naturalHeight, 0) + metrics.offscreenMargin }

    /// Whether a reveal, drag or slot animation is running.
    public var isAnimating: Bool {
        revealAnimation?.isPlaying == true || dragAnimation?.isPlaying == true || slotAnimation?.isPlaying == true
    }

    /// Whether the user is dragging the banner right now.
    public private(set) var isDragging = false

    private var revealValue = 0.0
    private var dragValue = 0.0
    private var revealAnimation: Animation?
    private var dragAnimation: Animation?
    private var slotAnimation: Animation?
    /// Bumped whenever an animation is replaced or stopped, so a late report
    /// from a replaced animation can never move the banner.
    private var revealGeneration = 0, dragGeneration = 0, slotGeneration = 0
    /// Slot movement: the offset from the edge it started at, and progress (0...1, may overshoot).
    var slotFrom = 0.0
    var slotProgress = 1.0
    var lastSlotOffset = 0.0

    // MARK: - Callbacks

    /// A tap or click on the banner (not on its buttons, not after a drag).
    public var onTap: (@MainActor () -> Void)?
    /// The action button was clicked.
    public var onActionClicked: (@MainActor () -> Void)?
    /// The close button was clicked.
    public var onCloseClicked: (@MainActor () -> Void)?
    /// Hover, press, focus or drag began (`true`) or ended (`false`).
    public var onInhibit: (@MainActor (InhibitReason, Bool) -> Void)?
    /// A drag began.
    public var onDragBegan: (@MainActor () -> Void)?
    /// The finger or pointer is `offset` pixels (vertical) from where the drag began.
    /// Without a handler the banner follows it 1:1.
    public var onDragMoved: (@MainActor (_ offset: Double) -> Void)?
    /// The drag ended at `offset` with `velocity` (pixels per second, vertical).
    /// Without a handler the banner springs back.
    public var onDragEnded: (@MainActor (_ offset: Double, _ velocity: Double) -> Void)?

    /// A drag moves at least this far before it counts as a drag rather than a tap.
    public static let dragThreshold = 4.0
    /// Velocity is measured over the drag samples of this many milliseconds before release.
    public static let velocityWindowMilliseconds: Int64 = 100

    private var dragMoved = false
    private var samples: [(time: Int64, offset: Double)] = []
    private var lastDragOffset = 0.0
    private var hasTitleText = false

    // MARK: - Life cycle

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        imageWidget = BannerImageWidget.create()
        titleLabel = gtk_label_new(nil)
        subtitleLabel = gtk_label_new(nil)
        actionButton = gtk_button_new()
        closeButton = gtk_button_new_from_icon_name("window-close-symbolic")
        super.init(widget: widget)
        for child in [imageWidget, titleLabel, subtitleLabel, actionButton, closeButton] {
            gtk_widget_set_parent(child, widget)
        }
        Self.setUpLabel(titleLabel, cssClass: "title", lines: 3)
        Self.setUpLabel(subtitleLabel, cssClass: "subtitle", lines: 5)
        gtk_widget_set_visible(titleLabel, 0)
        gtk_widget_set_visible(subtitleLabel, 0)
        gtk_widget_add_css_class(actionButton, "action")
        gtk_widget_set_visible(actionButton, 0)
        gtk_widget_set_valign(actionButton, GTK_ALIGN_CENTER)
        for name in ["close", "circular", "flat"] { gtk_widget_add_css_class(closeButton, name) }
        gtk_widget_set_tooltip_text(closeButton, "Dismiss")
        Accessible.setLabel(closeButton, "Dismiss")
        gtk_widget_set_visible(closeButton, 0)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        applyEdgeClass()
        setClass("has-shadow", hasShadow)
        installControllers()
        Signal.connect(actionButton.raw, "clicked") { [weak self] in self?.onActionClicked?() }
        Signal.connect(closeButton.raw, "clicked") { [weak self] in self?.onCloseClicked?() }
    }

    override public func dispose() {
        onTap = nil
        onActionClicked = nil
        onCloseClicked = nil
        onInhibit = nil
        onDragBegan = nil
        onDragMoved = nil
        onDragEnded = nil
        revealAnimation?.stop()
        dragAnimation?.stop()
        slotAnimation?.stop()
        revealAnimation = nil
        dragAnimation = nil
        slotAnimation = nil
        customTitle = nil
    }

    // MARK: - Content

    /// Sets the title. Plain text is shown literally; with `markup` it is
    /// parsed as Pango markup (invalid markup falls back to literal text).
    /// Also the banner's accessible name (without markup).
    public func setTitle(_ text: String?, markup: Bool = false) {
        Self.setText(text, markup: markup, on: titleLabel)
        hasTitleText = text != nil
        gtk_widget_set_visible(titleLabel, text != nil && customTitle == nil ? 1 : 0)
        Accessible.setLabel(widget, text.map { _ in Self.labelText(titleLabel) })
        queueResize()
    }

    /// Sets the subtitle (wraps onto at most 5 lines). Also the accessible description.
    public func setSubtitle(_ text: String?, markup: Bool = false) {
        Self.setText(text, markup: markup, on: subtitleLabel)
        gtk_widget_set_visible(subtitleLabel, text == nil ? 0 : 1)
        setClass("has-subtitle", text != nil)
        Accessible.setDescription(widget, text.map { _ in Self.labelText(subtitleLabel) })
        queueResize()
    }

    /// The title as shown (markup removed), or nil.
    public var titleText: String? { gtk_widget_get_visible(titleLabel) != 0 ? Self.labelText(titleLabel) : nil }
    /// The subtitle as shown (markup removed), or nil.
    public var subtitleText: String? { gtk_widget_get_visible(subtitleLabel) != 0 ? Self.labelText(subtitleLabel) : nil }

    /// Sets the picture and whether it is tinted with the text colour.
    public func setImage(_ source: BannerImageWidget.Source?, tinted: Bool = true) {
        guard let image = BannerImageWidget.of(imageWidget) else { return }
        image.source = source
        image.isTinted = tinted
        setClass("has-image", source != nil)
        queueResize()
    }

    /// Shows the action button with `label` (mnemonic underscores allowed), or hides it for nil.
    public func setAction(label: String?) {
        if let label {
            gtk_button_set_label(actionButton.cast(to: GtkButton.self), label)
            gtk_button_set_use_underline(actionButton.cast(to: GtkButton.self), 1)
        }
        gtk_widget_set_visible(actionButton, label == nil ? 0 : 1)
        setClass("has-action", label != nil)
    }

    /// Shows `title` instead of the title label (nil restores the label). The
    /// banner keeps a reference while it shows it.
    public func setCustomTitle(_ title: UnsafeMutablePointer<GtkWidget>?) {
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
        queueResize()
    }

    // MARK: - Animation

    /// Springs ``reveal`` to `target` (nil spring: jumps). `velocity` is in reveal units per second.
    public func animateReveal(to target: Double, spring: Animation.Spring?, velocity: Double = 0,
                              completion: (@MainActor () -> Void)? = nil) {
        stopRevealAnimation()
        guard let spring, isAlive, !isDisposed else {
            reveal = target
            completion?()
            return
        }
        revealGeneration += 1
        let generation = revealGeneration
        let animation = Animation(springOn: widget, from: revealValue, to: target, spring: spring, velocity: velocity) { [weak self] value in
            guard let self, !self.isDisposed, generation == self.revealGeneration else { return }
            self.revealValue = value
            self.queueStackAllocate()
        }
        if let completion { animation.onDone(completion) }
        revealAnimation = animation
        animation.play()
    }

    /// Springs ``dragOffset`` to `target` (nil spring: jumps). `velocity` is in pixels per second.
    public func animateDrag(to target: Double, spring: Animation.Spring?, velocity: Double = 0) {
        stopDragAnimation()
        guard let spring, isAlive, !isDisposed else {
            dragOffset = target
            return
        }
        dragGeneration += 1
        let generation = dragGeneration
        let animation = Animation(springOn: widget, from: dragValue, to: target, spring: spring, velocity: velocity) { [weak self] value in
            guard let self, !self.isDisposed, generation == self.dragGeneration else { return }
            self.dragValue = value
            self.queueStackAllocate()
        }
        dragAnimation = animation
        animation.play()
    }

    /// Turns the drag displacement into reveal progress (for an exit that
    /// continues from where the finger let go) and returns `velocity`
    /// (pixels per second) in reveal units per second.
    @discardableResult
    public func foldDragIntoReveal(velocity: Double = 0) -> Double {
        let travel = max(travelDistance, 1)
        stopRevealAnimation()
        stopDragAnimation()
        let towardsEdge = (1 - revealValue) * travel + dragValue * edge.towardsEdge
        dragValue = 0
        revealValue = 1 - towardsEdge / travel
        queueStackAllocate()
        return -(velocity * edge.towardsEdge) / travel
    }

    /// Moves to `slot`, springing from where the banner is now.
    func moveToSlot(_ slot: Int?, spring: Animation.Spring?) {
        self.slot = slot
        slotGeneration += 1
        if let running = slotAnimation {
            slotAnimation = nil
            running.stop()
        }
        slotFrom = lastSlotOffset
        guard let spring, isAlive, !isDisposed, gtk_widget_get_mapped(widget) != 0 else {
            slotProgress = 1
            queueStackAllocate()
            return
        }
        slotProgress = 0
        slotGeneration += 1
        let generation = slotGeneration
        let animation = Animation(springOn: widget, from: 0, to: 1, spring: spring, velocity: 0) { [weak self] value in
            guard let self, !self.isDisposed, generation == self.slotGeneration else { return }
            self.slotProgress = value
            self.queueStackAllocate()
        }
        slotAnimation = animation
        animation.play()
    }

    /// Stops the reveal animation where it is (dropping it would jump to its end).
    private func stopRevealAnimation() {
        revealGeneration += 1
        guard let running = revealAnimation else { return }
        revealAnimation = nil
        running.stop()
    }

    private func stopDragAnimation() {
        dragGeneration += 1
        guard let running = dragAnimation else { return }
        dragAnimation = nil
        running.stop()
    }

    // MARK: - Input (public so tests can drive the same paths the controllers use)

    /// Click gesture `pressed`.
    public func handlePressed() {
        dragMoved = false
        onInhibit?(.press, true)
    }

    /// Click gesture `released`: a tap unless the press turned into a drag.
    public func handleReleased() {
        onInhibit?(.press, false)
        if !dragMoved { onTap?() }
    }

    /// Click gesture `stopped` or `cancel`.
    public func handlePressCancelled() {
        onInhibit?(.press, false)
    }

    /// Motion controller `enter` / `leave`.
    public func handlePointer(inside: Bool) { onInhibit?(.hover, inside) }

    /// Focus controller `enter` / `leave`.
    public func handleFocus(inside: Bool) { onInhibit?(.focus, inside) }

    /// Drag gesture `drag-begin`.
    public func handleDragBegin() {
        isDragging = true
        samples = []
        lastDragOffset = 0
        // Catch a banner that is still springing back where it is.
        stopDragAnimation()
        setClass("dragging", true)
        onInhibit?(.drag, true)
        onDragBegan?()
    }

    /// Drag gesture `drag-update`: `offset` pixels from the start, at `time` (ms, event time).
    public func handleDragUpdate(offset: Double, time: UInt32) {
        guard isDragging else { return }
        record(offset: offset, time: time)
        if abs(offset) >= Self.dragThreshold { dragMoved = true }
        if let onDragMoved { onDragMoved(offset) } else { dragOffset = offset }
    }

    /// Drag gesture `drag-end`; the release velocity comes from the last
    /// ``velocityWindowMilliseconds`` of samples.
    public func handleDragEnd(offset: Double, time: UInt32) {
        guard isDragging else { return }
        record(offset: offset, time: time)
        isDragging = false
        setClass("dragging", false)
        let velocity = releaseVelocity
        samples = []
        onInhibit?(.drag, false)
        if let onDragEnded { onDragEnded(offset, velocity) } else { animateDrag(to: 0, spring: nil) }
    }

    /// Drag gesture `cancel`: ends where it is, without velocity.
    public func handleDragCancel() {
        guard isDragging else { return }
        isDragging = false
        setClass("dragging", false)
        samples = []
        onInhibit?(.drag, false)
        if let onDragEnded { onDragEnded(lastDragOffset, 0) } else { animateDrag(to: 0, spring: nil) }
    }

    /// Whether the press that is going on has moved far enough to be a drag.
    public var pressBecameDrag: Bool { dragMoved }

    private func record(offset: Double, time: UInt32) {
        lastDragOffset = offset
        let now = Int64(time)
        samples.append((now, offset))
        samples.removeAll { now - $0.time > Self.velocityWindowMilliseconds }
    }

    private var releaseVelocity: Double {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return 0 }
        return (last.offset - first.offset) / (Double(last.time - first.time) / 1000)
    }

    // MARK: - Layout

    private struct Layout {
        var textX = 0.0, textWidth = 0.0
        var titleHeight = 0.0, subtitleHeight = 0.0, textHeight = 0.0
        var actionSize = (width: 0.0, height: 0.0), closeSize = (width: 0.0, height: 0.0)
        var height = 0.0
    }

    private var titleWidget: UnsafeMutablePointer<GtkWidget>? {
        if let customTitle { return gtk_widget_get_visible(customTitle) != 0 ? customTitle : nil }
        return gtk_widget_get_visible(titleLabel) != 0 ? titleLabel : nil
    }

    private var hasImage: Bool { gtk_widget_get_visible(imageWidget) != 0 }

    private var textX: Double {
        hasImage ? metrics.imageLeading + metrics.imageSize + metrics.imageToText : metrics.imageToText
    }

    /// Width taken by the buttons, each with its spacing in front.
    private func buttonsWidth(natural: Bool) -> (width: Double, action: (Double, Double), close: (Double, Double)) {
        var total = 0.0
        var sizes: [(Double, Double)] = []
        for button in [actionButton, closeButton] {
            guard gtk_widget_get_visible(button) != 0 else { sizes.append((0, 0)); continue }
            let width = Self.size(of: button, .horizontal, forSize: -1)
            let height = Self.size(of: button, .vertical, forSize: -1)
            let chosen = natural ? width.natural : width.minimum
            sizes.append((chosen, height.natural))
            total += chosen + metrics.buttonSpacing
        }
        return (total, sizes[0], sizes[1])
    }

    private func layout(forWidth width: Double) -> Layout {
        var layout = Layout()
        let buttons = buttonsWidth(natural: true)
        layout.actionSize = buttons.action
        layout.closeSize = buttons.close
        layout.textX = textX
        layout.textWidth = max(1, width - metrics.textTrailing - buttons.width - layout.textX)
        let forSize = Int32(layout.textWidth.rounded(.down))
        if let titleWidget { layout.titleHeight = Self.size(of: titleWidget, .vertical, forSize: forSize).natural }
        if gtk_widget_get_visible(subtitleLabel) != 0 {
            layout.subtitleHeight = Self.size(of: subtitleLabel, .vertical, forSize: forSize).natural
        }
        let gap = layout.titleHeight > 0 && layout.subtitleHeight > 0 ? metrics.titleToSubtitle : 0
        layout.textHeight = layout.titleHeight + gap + layout.subtitleHeight
        let padding = 2 * metrics.textVerticalPadding
        layout.height = max(layout.textHeight + padding, minimumHeight,
                            hasImage ? metrics.imageSize + padding : 0,
                            layout.actionSize.height + padding, layout.closeSize.height + padding)
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
            let fixed = textX + metrics.textTrailing
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
        let top = edge == .top ? extra : 0
        let rightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        func place(_ child: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double, width: Double, height: Double) {
            let mirroredX = rightToLeft ? total - x - width : x
            var allocation = GtkAllocation(x: Int32(mirroredX.rounded()), y: Int32(y.rounded()),
                                           width: Int32(max(0, width).rounded()), height: Int32(max(0, height).rounded()))
            gtk_widget_size_allocate(child, &allocation, -1)
        }
        if hasImage {
            place(imageWidget, x: metrics.imageLeading, y: top + (layout.height - metrics.imageSize) / 2,
                  width: metrics.imageSize, height: metrics.imageSize)
        }
        var y = top + (layout.height - layout.textHeight) / 2
        if let titleWidget {
            place(titleWidget, x: layout.textX, y: y, width: layout.textWidth, height: layout.titleHeight)
            y += layout.titleHeight + (layout.subtitleHeight > 0 ? metrics.titleToSubtitle : 0)
        }
        if gtk_widget_get_visible(subtitleLabel) != 0 {
            place(subtitleLabel, x: layout.textX, y: y, width: layout.textWidth, height: layout.subtitleHeight)
        }
        var trailingX = total - metrics.textTrailing
        if gtk_widget_get_visible(closeButton) != 0 {
            trailingX -= layout.closeSize.width
            place(closeButton, x: trailingX, y: top + (layout.height - layout.closeSize.height) / 2,
                  width: layout.closeSize.width, height: layout.closeSize.height)
            trailingX -= metrics.buttonSpacing
        }
        if gtk_widget_get_visible(actionButton) != 0 {
            trailingX -= layout.actionSize.width
            place(actionButton, x: trailingX, y: top + (layout.height - layout.actionSize.height) / 2,
                  width: layout.actionSize.width, height: layout.actionSize.height)
        }
    }

    // MARK: - Helpers

    private func installControllers() {
        let click = gtk_gesture_click_new()!
        let clickRaw = UnsafeMutableRawPointer(click)
        Signal.connectPress(clickRaw, "pressed") { [weak self] _, _, _ in self?.handlePressed() }
        Signal.connectPress(clickRaw, "released") { [weak self] _, _, _ in self?.handleReleased() }
        Signal.connect(clickRaw, "stopped") { [weak self] in self?.handlePressCancelled() }
        Signal.connectPointer(clickRaw, "cancel") { [weak self] _ in self?.handlePressCancelled() }
        gtk_widget_add_controller(widget, click)

        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(UnsafeMutableRawPointer(motion), "enter") { [weak self] _, _ in self?.handlePointer(inside: true) }
        Signal.connect(UnsafeMutableRawPointer(motion), "leave") { [weak self] in self?.handlePointer(inside: false) }
        gtk_widget_add_controller(widget, motion)

        let focus = gtk_event_controller_focus_new()!
        Signal.connect(UnsafeMutableRawPointer(focus), "enter") { [weak self] in self?.handleFocus(inside: true) }
        Signal.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in self?.handleFocus(inside: false) }
        gtk_widget_add_controller(widget, focus)
    }

    private func applyEdgeClass() {
        setClass("top", edge == .top)
        setClass("bottom", edge == .bottom)
    }

    private func setClass(_ name: String, _ on: Bool) {
        on ? gtk_widget_add_css_class(widget, name) : gtk_widget_remove_css_class(widget, name)
    }

    func queueStackAllocate() {
        guard isAlive, !isDisposed else { return }
        if let parent = gtk_widget_get_parent(widget) { gtk_widget_queue_allocate(parent) }
    }

    private enum Axis { case horizontal, vertical }

    private static func size(of child: UnsafeMutablePointer<GtkWidget>, _ axis: Axis, forSize: Int32) -> (minimum: Double, natural: Double) {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(child, axis == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL,
                           forSize, &minimum, &natural, nil, nil)
        return (Double(minimum), Double(natural))
    }

    private static func setUpLabel(_ label: UnsafeMutablePointer<GtkWidget>, cssClass: String, lines: Int32) {
        let typed = OpaquePointer(label)
        gtk_widget_add_css_class(label, cssClass)
        gtk_label_set_wrap(typed, 1)
        gtk_label_set_wrap_mode(typed, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_ellipsize(typed, PANGO_ELLIPSIZE_END)
        gtk_label_set_lines(typed, lines)
        gtk_label_set_xalign(typed, 0)
        gtk_label_set_use_markup(typed, 0)
        gtk_label_set_use_underline(typed, 0)
    }

    private static func setText(_ text: String?, markup: Bool, on label: UnsafeMutablePointer<GtkWidget>) {
        let typed = OpaquePointer(label)
        // GTK's line limit is per paragraph: cap the paragraphs too.
        let text = text.map { HUDLabelWidget.cappingParagraphs($0, at: Int(gtk_label_get_lines(typed))) }
        if markup, let text, pango_parse_markup(text, -1, 0, nil, nil, nil, nil) != 0 {
            gtk_label_set_markup(typed, text)
        } else {
            gtk_label_set_use_markup(typed, 0)
            gtk_label_set_text(typed, text ?? "")
        }
    }

    private static func labelText(_ label: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_label_get_text(OpaquePointer(label)))
    }
}

import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// The widgets of one HUD (mask › bezel › indicator, status, details, button)
/// inside an overlay, and the presenter that animates them for `HUDLifecycle`.
///
/// Data flows one way: the public API changes ``content`` and the lifecycle
/// calls the presenter methods; the view reports clicks back through closures.
@MainActor
final class HUDView: HUDPresenter {
    /// How a determinate progress is drawn.
    enum ProgressStyle: Sendable { case annular, pie, bar }

    private(set) var overlay: WeakObjectRef
    private let mask: ObjectRef
    private let maskWidget: HUDMaskWidget
    private var bezel: ObjectRef?
    private var bezelRole: GtkAccessibleRole = GTK_ACCESSIBLE_ROLE_NONE
    private var indicator: ObjectRef?
    private var indicatorKind: String = ""
    private var statusLabel: ObjectRef?
    private var detailsLabel: ObjectRef?
    private var button: ObjectRef?
    private var buttonConnection: SignalConnection?
    private var animation: Animation?
    /// The overlay whose content this HUD blocks (see ``ContentBlock``), if any.
    private var blockKey: UnsafeMutableRawPointer?
    private var isBlocking: Bool { blockKey != nil }
    private var placement = HUDOverlayWidget.Placement()
    /// Escape triggers the button while the HUD is up, wherever focus is in the
    /// window: key events bubble from the focused widget through the overlay.
    private var escapeController: ObjectRef?

    var appearance = HUDAppearance() { didSet { applyAppearance() } }
    var progressStyle: ProgressStyle = .annular
    var customWidget: ObjectRef? {
        didSet { if case .custom = content.indicator, customWidget !== oldValue { render(content) } }
    }
    var buttonTitle: String? { didSet { if buttonTitle != oldValue { render(content) } } }
    var onButton: (@MainActor () -> Void)?
    var onTouchInside: (@MainActor () -> Void)?
    var onTouchOutside: (@MainActor () -> Void)?
    private(set) var content = HUDContent()
    private lazy var announcements = HUDAnnouncementPolicy(scheduler: Self.announcementClock)
    /// The clock of the announcement policy's pacing (tests put a manual one here).
    static var announcementClock: any Scheduler = GLibScheduler.shared
    private var isOnScreen = false

    init(overlay: HUDOverlay) {
        self.overlay = WeakObjectRef(overlay.widget.raw)
        mask = ObjectRef(adopting: HUDMaskWidget.create().raw)
        maskWidget = HUDMaskWidget.of(mask.widget)!
        gtk_widget_set_visible(mask.widget, 0)
        installClickTracking()
        applyAppearance()
    }

    /// Whether the mask is in an overlay right now.
    var isAttached: Bool { gtk_widget_get_parent(mask.widget) != nil }
    /// The bezel widget (for tests and accessibility).
    var bezelWidget: UnsafeMutablePointer<GtkWidget>? { bezel?.widget }
    var maskWidgetPointer: UnsafeMutablePointer<GtkWidget> { mask.widget }
    /// The ring or bar showing progress, if any.
    var ringWidget: HUDRingWidget? { indicator.flatMap { HUDRingWidget.of($0.widget) } }
    var barWidget: HUDBarWidget? { indicator.flatMap { HUDBarWidget.of($0.widget) } }
    var statusText: String? { statusLabel.flatMap { HUDLabelWidget.of($0.widget)?.text } }

    // MARK: Content

    /// Rebuilds what changed for `newContent`.
    func render(_ newContent: HUDContent) {
        content = newContent
        let role = Self.role(for: newContent.indicator)
        if bezel == nil || role != bezelRole { rebuildBezel(role: role) }
        guard let bezel, let bezelWidget = HUDBezelWidget.of(bezel.widget) else { return }
        updateIndicator(in: bezelWidget, for: newContent)
        statusLabel = updateLabel(statusLabel, kind: "status", text: newContent.status, in: bezelWidget)
        detailsLabel = updateLabel(detailsLabel, kind: "details", text: newContent.details, in: bezelWidget)
        updateButton(in: bezelWidget)
        Accessible.setLabel(bezel.widget, Self.spokenName(for: newContent))
        if let progressIndicator = ringWidget?.widget ?? barWidget?.widget {
            Accessible.setLabel(progressIndicator, Self.spokenName(for: newContent))
        }
        Accessible.setState(bezel.widget, GTK_ACCESSIBLE_STATE_BUSY, newContent.indicator == .indeterminate)
        announceContent()
    }

    /// The accessible name: the status (newlines as spaces), or what the indicator means.
    static func spokenName(for content: HUDContent) -> String {
        if let status = content.status, !status.isEmpty { return content.accessibleName }
        switch content.indicator {
        case .success: return "Success"
        case .error: return "Error"
        case .info: return "Information"
        default: return content.accessibleName
        }
    }

    /// Tells screen readers about the content once it is on screen, without flooding.
    private func announceContent() {
        guard isOnScreen, let bezel else { return }
        let fraction: Double? = if case .progress(let value) = content.indicator { value } else { nil }
        let name = Self.spokenName(for: content)
        guard let text = announcements.announcement(status: name, progress: fraction) else { return }
        // A focused bezel speaks its name by itself (on focus, and when the name
        // changes); anything else it says (progress) goes through the announcer.
        let spokenByFocus = gtk_widget_has_focus(bezel.widget) != 0 && text == name
        Announcer.announce(text, from: bezel.widget, priority: content.indicator == .error ? .assertive : .polite,
                           spokenByFocus: spokenByFocus)
    }

    /// Moves a determinate indicator to `fraction` without rebuilding anything.
    func setProgress(_ fraction: Double) {
        content.indicator = .progress(fraction)
        if let ring = ringWidget { ring.setProgress(fraction) } else if let bar = barWidget { bar.setProgress(fraction) } else { return render(content) }
        // The fast road skips render(), not the screen reader.
        announceContent()
    }

    private static func role(for indicator: HUDIndicator) -> GtkAccessibleRole {
        switch indicator {
        case .error: GTK_ACCESSIBLE_ROLE_ALERT
        case .progress: GTK_ACCESSIBLE_ROLE_GROUP
        default: GTK_ACCESSIBLE_ROLE_STATUS
        }
    }

    private func rebuildBezel(role: GtkAccessibleRole) {
        let oldBezel = bezel
        let created = ObjectRef(adopting: HUDBezelWidget.create(role: role).raw)
        bezel = created
        bezelRole = role
        indicator = nil
        indicatorKind = ""
        statusLabel = nil
        detailsLabel = nil
        buttonConnection?.disconnect()
        button = nil
        if let old = oldBezel { withOverlay { $0.removeLayer(old.widget) } }
        if isAttached { withOverlay { $0.addPlaced(created.widget, placement: placement) } }
        installTouchInside(on: created.widget)
        applyAppearance()
        // A new bezel (its role changed, e.g. spinner → error) keeps the focus a
        // blocking HUD had (only the topmost blocking HUD holds it).
        if isOnScreen, let key = blockKey, ContentBlock.active[key]?.holders.last?.view === self {
            holdBlockingFocus()
        }
    }

    private func updateIndicator(in bezel: HUDBezelWidget, for content: HUDContent) {
        let kind = indicatorKey(content.indicator)
        if kind == indicatorKind, let current = indicator {
            if case .progress(let fraction) = content.indicator {
                HUDRingWidget.of(current.widget)?.setProgress(fraction)
                HUDBarWidget.of(current.widget)?.setProgress(fraction)
            }
            applyRingGeometry()
            return
        }
        if let current = indicator { bezel.remove(current.widget) }
        indicator = makeIndicator(content.indicator).map { ObjectRef(adopting: $0.raw) }
        indicatorKind = kind
        if let created = indicator {
            gtk_widget_set_halign(created.widget, GTK_ALIGN_CENTER)
            gtk_widget_insert_after(created.widget, bezel.widget, nil) // first in the stack
        }
        applyRingGeometry()
    }

    private func indicatorKey(_ indicator: HUDIndicator) -> String {
        switch indicator {
        case .indeterminate: "spinner-\(appearance.indicatorAnimation)"
        case .progress: "progress-\(progressStyle)"
        case .success: "success"
        case .error: "error"
        case .info: "info"
        case .image(let image): "image-\(image)"
        // The widget's identity too: a new custom widget under the same identifier is a new indicator.
        case .custom(let identifier): "custom-\(identifier)-\(customWidget.map { UInt(bitPattern: $0.pointer) } ?? 0)"
        case .textOnly: "text"
        }
    }

    private func makeIndicator(_ indicator: HUDIndicator) -> UnsafeMutablePointer<GtkWidget>? {
        switch indicator {
        case .indeterminate:
            if appearance.indicatorAnimation == .native {
                let spinner = gtk_spinner_new()!
                gtk_spinner_start(OpaquePointer(spinner))
                gtk_widget_set_size_request(spinner, 32, 32)
                return spinner
            }
            let ring = HUDRingWidget.create()
            HUDRingWidget.of(ring)?.setProgress(nil, animated: false)
            return ring
        case .progress(let fraction):
            if progressStyle == .bar {
                let bar = HUDBarWidget.create()
                HUDBarWidget.of(bar)?.setProgress(fraction, animated: false)
                return bar
            }
            let ring = HUDRingWidget.create()
            HUDRingWidget.of(ring)?.setProgress(fraction, animated: false)
            HUDRingWidget.of(ring)?.kind = progressStyle == .pie ? .pie : .annular
            return ring
        case .success: return image(named: appearance.successImage, css: "hudimage-success")
        case .error: return image(named: appearance.errorImage, css: "hudimage-error")
        case .info: return image(named: appearance.infoImage, css: "hudimage-info")
        case .image(.iconName(let name)): return image(named: name, css: "hudimage-custom")
        case .image(.resource(let path)):
            let picture = gtk_image_new_from_file(path)!
            decorateImage(picture, css: "hudimage-custom")
            return picture
        case .custom:
            guard let custom = customWidget else { return nil }
            if gtk_widget_get_parent(custom.widget) != nil { gtk_widget_unparent(custom.widget) }
            g_object_ref(custom.pointer)
            return custom.widget
        case .textOnly: return nil
        }
    }

    private func image(named name: String, css: String) -> UnsafeMutablePointer<GtkWidget> {
        let image = gtk_image_new_from_icon_name(name)!
        decorateImage(image, css: css)
        return image
    }

    private func decorateImage(_ image: UnsafeMutablePointer<GtkWidget>, css: String) {
        gtk_widget_add_css_class(image, "hudimage")
        gtk_widget_add_css_class(image, css)
        if !appearance.tintsImages { gtk_widget_add_css_class(image, "untinted") }
        gtk_image_set_pixel_size(OpaquePointer(image), Int32(Self.pixels(appearance.imageViewSize, fallback: 28, in: 1...4096)))
        if let color = appearance.foregroundImageColor {
            HUDStyleSheets.setGeneratedClass(on: image, node: "image", declarations: "color: \(color.cssValue);")
        }
        let names = ["hudimage-success": "Success", "hudimage-error": "Error", "hudimage-info": "Information"]
        Accessible.setLabel(image, names[css] ?? "Image")
    }

    private func updateLabel(_ existing: ObjectRef?, kind: String, text: String?, in bezel: HUDBezelWidget) -> ObjectRef? {
        guard let text, !text.isEmpty else {
            if let existing { bezel.remove(existing.widget) }
            return nil
        }
        let label = existing ?? {
            let created = ObjectRef(adopting: HUDLabelWidget.create(kind: kind).raw)
            bezel.append(created.widget)
            return created
        }()
        HUDLabelWidget.of(label.widget)?.setText(text, markup: appearance.usesMarkup)
        return label
    }

    private func updateButton(in bezel: HUDBezelWidget) {
        guard let title = buttonTitle, !title.isEmpty else {
            if let button { bezel.remove(button.widget) }
            buttonConnection?.disconnect()
            button = nil
            return
        }
        if button == nil {
            let created = ObjectRef(adopting: gtk_button_new()!.raw)
            gtk_widget_add_css_class(created.widget, "hudbutton")
            gtk_widget_set_halign(created.widget, GTK_ALIGN_CENTER)
            buttonConnection = Signal.connect(created.pointer, "clicked") { [weak self] in self?.onButton?() }
            bezel.append(created.widget)
            button = created
        }
        gtk_button_set_label(button!.widget.cast(to: GtkButton.self), title)
    }

    // MARK: Appearance

    private func applyAppearance() {
        maskWidget.style = appearance.mask.widgetStyle
        if case .custom(let color) = appearance.mask {
            maskWidget.customColor = GdkRGBA(red: Float(color.red), green: Float(color.green), blue: Float(color.blue), alpha: Float(color.alpha))
        }
        placement.position = appearance.position
        placement.offset = appearance.offset
        placement.margin = max(0, appearance.margin.isFinite ? appearance.margin : 20)
        applyPlacement()
        guard let bezel, let bezelWidget = HUDBezelWidget.of(bezel.widget) else { return }
        switch appearance.style {
        case .light: bezelWidget.style = .light
        case .dark: bezelWidget.style = .dark
        case .automatic: bezelWidget.style = .automatic
        case .custom: bezelWidget.style = .custom
        }
        bezelWidget.minimumSize = (Int32(Self.pixels(appearance.minimumSize.width, fallback: 0, in: 0...100_000)),
                                   Int32(Self.pixels(appearance.minimumSize.height, fallback: 0, in: 0...100_000)))
        bezelWidget.isSquare = appearance.isSquare
        HUDStyleSheets.setGeneratedClass(on: bezel.widget, node: "hudbezel", declarations: appearance.bezelDeclarations)
        applyRingGeometry()
    }

    private func applyRingGeometry() {
        guard let ring = ringWidget else { return }
        ring.thickness = Self.pixels(appearance.ringThickness, fallback: 2, in: 0.5...1_000)
        let hasText = !(content.status ?? "").isEmpty
        ring.radius = hasText ? Self.pixels(appearance.ringRadius, fallback: 18, in: 1...10_000)
                              : Self.pixels(appearance.ringNoTextRadius, fallback: 24, in: 1...10_000)
    }

    /// A size from the appearance that GTK can take: clamped to `range`, and
    /// `fallback` (the default) for NaN or infinity, which would trap in `Int32(_:)`.
    static func pixels(_ value: Double, fallback: Double, in range: ClosedRange<Double>) -> Double {
        value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : fallback
    }

    // MARK: Presenter

    func beginAppear(duration: Duration) {
        attachIfNeeded()
        takeFocusIfBlocking()
        animate(appearing: true, duration: duration)
        isOnScreen = true
        announceContent()
    }

    func beginDisappear(duration: Duration) {
        gtk_widget_set_can_target(mask.widget, 0)
        if let bezel { gtk_widget_set_can_target(bezel.widget, 0) }
        animate(appearing: false, duration: duration)
    }

    func finishDisappear() {
        animation = nil
        isOnScreen = false
        announcements.reset()
        giveBackFocus()
        gtk_widget_set_visible(mask.widget, 0)
        removeEscape()
        withOverlay { overlay in
            overlay.removeLayer(mask.widget)
            if let bezel { overlay.removeLayer(bezel.widget) }
        }
    }

    private func withOverlay(_ body: (HUDOverlayWidget) -> Void) {
        overlay.withObject { pointer in
            if let overlay = HUDOverlayWidget.of(pointer.asWidget) { body(overlay) }
        }
    }

    private func applyPlacement() {
        guard let bezel, isAttached else { return }
        withOverlay { $0.setPlacement(placement, of: bezel.widget) }
    }

    /// Detaches at once (host going away).
    func tearDown() {
        finishDisappear()
        buttonConnection?.disconnect()
    }

    private func attachIfNeeded() {
        gtk_widget_set_can_target(mask.widget, 1)
        gtk_widget_set_visible(mask.widget, 1)
        if let bezel { gtk_widget_set_can_target(bezel.widget, 1) }
        guard !isAttached else { return }
        withOverlay { overlay in
            overlay.addLayer(mask.widget)
            if let bezel { overlay.addPlaced(bezel.widget, placement: placement) }
            installEscape(on: overlay.keyEventTarget)
        }
    }

    private func installEscape(on overlay: UnsafeMutablePointer<GtkWidget>) {
        let controller = ObjectRef(retaining: UnsafeMutableRawPointer(gtk_event_controller_key_new()!))
        Signal.connectKey(controller.pointer, "key-pressed") { [weak self] keyval, _, _ in
            guard keyval == UInt32(GDK_KEY_Escape), let self, let action = self.onButton, self.buttonTitle != nil else { return false }
            action()
            return true
        }
        // add_controller takes the new reference (transfer full); `controller` holds one of its own.
        gtk_widget_add_controller(overlay, controller.pointer.opaque)
        escapeController = controller
    }

    private func removeEscape() {
        guard let controller = escapeController else { return }
        escapeController = nil
        let owner = gtk_event_controller_get_widget(controller.pointer.opaque)
        if let owner { gtk_widget_remove_controller(owner, controller.pointer.opaque) }
    }

    private func animate(appearing: Bool, duration: Duration) {
        let milliseconds = UInt32(clamping: duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
        let hiddenScale = appearance.transition.hiddenScale(appearing: appearing)
        let to = appearing ? 1.0 : 0.0
        guard milliseconds > 0, gtk_widget_get_mapped(mask.widget) != 0 || appearing else {
            apply(progress: to, hiddenScale: hiddenScale)
            animation = nil
            return
        }
        // From wherever the HUD is now: a show during a fade-out turns it around.
        let start = currentOpacity
        apply(progress: start, hiddenScale: hiddenScale)
        let next = Animation(timedOn: mask.widget, from: start, to: to, milliseconds: milliseconds,
                             easing: appearing ? ADW_EASE_OUT_CUBIC : ADW_EASE_IN_CUBIC) { [weak self] value in
            self?.apply(progress: value, hiddenScale: hiddenScale)
        }
        animation = next
        next.play()
    }

    private var currentOpacity: Double { gtk_widget_get_opacity(mask.widget) }

    /// 0 = hidden end, 1 = fully shown.
    private func apply(progress: Double, hiddenScale: Double) {
        let opacity = min(max(progress, 0), 1)
        gtk_widget_set_opacity(mask.widget, opacity)
        if let bezel { gtk_widget_set_opacity(bezel.widget, opacity) }
        placement.scale = hiddenScale + (1 - hiddenScale) * progress
        applyPlacement()
    }

    // MARK: Input and focus

    /// Clicks on the mask are outside the bezel (the bezel sits above it).
    private func installClickTracking() {
        let click = gtk_gesture_click_new()!
        Signal.connectPress(UnsafeMutableRawPointer(click), "pressed") { [weak self] _, _, _ in
            self?.onTouchOutside?()
        }
        gtk_widget_add_controller(mask.widget, click)
    }

    private func installTouchInside(on bezel: UnsafeMutablePointer<GtkWidget>) {
        let click = gtk_gesture_click_new()!
        Signal.connectPress(UnsafeMutableRawPointer(click), "pressed") { [weak self] _, _, _ in
            self?.onTouchInside?()
        }
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(bezel, click)
    }

    /// A blocking mask takes keyboard focus (so the message is spoken and keys
    /// cannot reach the content behind) and gives it back on dismissal. Several
    /// blocking HUDs on one overlay share one block: the first saves the focus
    /// and the content's `can-focus`, the last restores them, and the topmost
    /// HUD still up holds the focus meanwhile.
    private func takeFocusIfBlocking() {
        guard appearance.mask.widgetStyle.blocksInput, bezel != nil, !isBlocking else { return }
        overlay.withObject { overlayPointer in
            let overlayWidget = overlayPointer.asWidget
            let key = ContentBlock.key(overlayWidget)
            let block = ContentBlock.active[key] ?? ContentBlock(overlay: overlayWidget)
            ContentBlock.active[key] = block
            block.holders.append(ContentBlock.Holder(self))
            blockKey = key
        }
        guard isBlocking else { return }
        holdBlockingFocus()
    }

    /// Takes the keyboard focus away from the blocked content. The bezel (not
    /// its button) takes it when that announcement mechanism is on: its role and
    /// name are the message, which is what a screen reader speaks on focus, and
    /// Tab reaches the button. Otherwise the mask (hidden from assistive
    /// technologies, so nothing is spoken) takes it: `can-focus = false` alone
    /// leaves the focused widget receiving keys, and with no focus at all keys
    /// would go to the window and Escape would not reach the overlay.
    fileprivate func holdBlockingFocus() {
        if Announcer.mechanisms.contains(.focusForBlockingHUDs), let bezel {
            gtk_widget_set_focusable(bezel.widget, 1)
            gtk_widget_grab_focus(bezel.widget)
        } else {
            gtk_widget_set_focusable(mask.widget, 1)
            gtk_widget_grab_focus(mask.widget)
        }
    }

    private func giveBackFocus() {
        if let bezel { gtk_widget_set_focusable(bezel.widget, 0) }
        gtk_widget_set_focusable(mask.widget, 0)
        guard let key = blockKey else { return }
        // By key, not through the overlay: it may be gone already (host destroyed).
        blockKey = nil
        guard let block = ContentBlock.active[key] else { return }
        block.holders.removeAll { $0.view == nil || $0.view === self }
        if let top = block.holders.last?.view {
            top.holdBlockingFocus()
        } else {
            ContentBlock.active[key] = nil
            block.release()
        }
    }
}

/// The block that blocking HUDs hold on their overlay's content: what to give
/// back (the content's `can-focus` and the focused widget) once the last one goes.
@MainActor
private final class ContentBlock {
    struct Holder {
        weak var view: HUDView?
        init(_ view: HUDView) { self.view = view }
    }

    /// Blocks by overlay widget address; an entry lives only while a HUD holds it.
    static var active: [UnsafeMutableRawPointer: ContentBlock] = [:]
    static func key(_ overlay: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutableRawPointer { overlay.raw }

    var holders: [Holder] = []
    private var content: WeakObjectRef?
    private var contentCouldFocus = true
    private var restoreFocus: WeakObjectRef?

    init(overlay: UnsafeMutablePointer<GtkWidget>) {
        if let root = gtk_widget_get_root(overlay), let focus = gtk_root_get_focus(root) {
            restoreFocus = WeakObjectRef(UnsafeMutableRawPointer(focus))
        }
        // The app's content: the overlay's own, or the window's child for a window layer.
        if let content = HUDOverlayWidget.of(overlay)?.appContent {
            self.content = WeakObjectRef(content.raw)
            contentCouldFocus = gtk_widget_get_can_focus(content) != 0
            gtk_widget_set_can_focus(content, 0)
        }
    }

    func release() {
        content?.withObject { gtk_widget_set_can_focus($0.asWidget, contentCouldFocus ? 1 : 0) }
        restoreFocus?.withObject { gtk_widget_grab_focus($0.asWidget) }
        content = nil
        restoreFocus = nil
    }
}

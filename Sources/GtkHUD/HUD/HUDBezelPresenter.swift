import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// Presents one HUD in an overlay for its front-end (``HUD`` or the shared
/// ``ProgressHUD``): a ``HUDMaskWidget`` layer and a placed ``HUDBezelWidget``
/// that renders the content, the fade and zoom, blocking focus, Escape, and
/// what screen readers are told.
///
/// Data flows one way: the logic (``HUDLifecycle``, ``SharedHUDController``)
/// calls the ``HUDPresenter`` methods; the widgets report clicks back through
/// closures, which the front-end turns into events.
@MainActor
final class HUDBezelPresenter: HUDPresenter {
    private(set) var overlay: WeakObjectRef
    private let mask: ObjectRef
    private let maskWidget: HUDMaskWidget
    private var bezel: ObjectRef?
    private var animation: Animation?
    /// The host of the overlay whose content this HUD blocks (see ``ContentBlock``), if any.
    private var blockHost: OverlayHost?
    private var isBlocking: Bool { blockHost != nil }
    private var placement = HUDOverlayWidget.Placement()
    /// Escape triggers the button while the HUD is up, wherever focus is in the window.
    private var escapeHandler: (overlay: WeakObjectRef, id: Int)?

    var appearance = HUDAppearance() { didSet { applyAppearance() } }
    var onButton: (@MainActor () -> Void)?
    var onTouchInside: (@MainActor () -> Void)?
    var onTouchOutside: (@MainActor () -> Void)?
    private(set) var content = HUDContent()
    private var isOnScreen = false
    /// The clock that paces announcements of HUDs made from now on (tests put a manual one here).
    static var announcementClock: any Scheduler = GLibScheduler.shared

    init(overlay: HUDOverlay) {
        self.overlay = WeakObjectRef(overlay.pointer.raw)
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
    var bezelView: HUDBezelWidget? { bezel.flatMap { HUDBezelWidget.of($0.widget) } }
    var maskWidgetPointer: UnsafeMutablePointer<GtkWidget> { mask.widget }
    /// The ring or bar showing progress, if any.
    var ringWidget: HUDRingWidget? { bezelView?.ringWidget }
    var barWidget: HUDBarWidget? { bezelView?.barWidget }
    var statusText: String? { bezelView?.statusText }

    // MARK: Content

    func display(_ newContent: HUDContent) {
        content = newContent
        if bezelView?.role != HUDBezelWidget.role(for: newContent.indicator) { rebuildBezel() }
        bezelView?.apply(newContent)
    }

    func displayProgress(_ fraction: Double) {
        content.indicator = .progress(fraction)
        guard let bezelView, bezelView.role == HUDBezelWidget.role(for: content.indicator) else { return display(content) }
        bezelView.setProgress(fraction)
    }

    /// Says what the controller decided. A focused bezel speaks its name by
    /// itself (on focus, and when the name changes); anything else it says
    /// (progress) goes through the announcer.
    func announce(_ announcement: HUDAnnouncement) {
        guard let bezel else { return }
        let spokenByFocus = gtk_widget_has_focus(bezel.widget) != 0 && announcement.isName
        Announcer.announce(announcement.spoken, from: bezel.widget, priority: announcement.isUrgent ? .assertive : .polite,
                           spokenByFocus: spokenByFocus)
    }

    /// A new bezel with the role `content` needs (GTK 4.8 cannot change a role).
    private func rebuildBezel() {
        let oldBezel = bezel
        let created = ObjectRef(adopting: HUDBezelWidget.create(for: content.indicator).raw)
        bezel = created
        let view = HUDBezelWidget.of(created.widget)
        view?.onButton = { [weak self] in self?.onButton?() }
        view?.apply(appearance: appearance)
        if let old = oldBezel { withOverlay { $0.removeLayer(old.widget) } }
        if isAttached { withOverlay { $0.addPlaced(created.widget, placement: placement) } }
        installTouchInside(on: created.widget)
        // A new bezel (its role changed, e.g. spinner → error) keeps the focus a
        // blocking HUD had (only the topmost blocking HUD holds it).
        if isOnScreen, blockHost?.blockingViewOnTop === self {
            holdBlockingFocus()
        }
    }

    // MARK: Appearance

    private func applyAppearance() {
        maskWidget.mask = appearance.mask
        // A HUD on screen whose mask starts or stops blocking takes or gives back the keyboard at once.
        if isOnScreen, appearance.mask.blocksInput != isBlocking {
            appearance.mask.blocksInput ? takeFocusIfBlocking() : giveBackFocus()
        }
        placement.position = appearance.position
        placement.offset = appearance.offset
        placement.margin = appearance.margin // corrected as the app set it
        applyPlacement()
        bezelView?.apply(appearance: appearance)
    }

    // MARK: Presenter

    func beginAppear(duration: Duration) {
        // A HUD coming from nowhere fades in from transparent; one fading out turns around where it is.
        if !isOnScreen { apply(progress: 0, hiddenScale: appearance.transition.hiddenScale(appearing: true)) }
        attachIfNeeded()
        takeFocusIfBlocking()
        animate(appearing: true, duration: duration)
        isOnScreen = true
    }

    func beginDisappear(duration: Duration) {
        gtk_widget_set_can_target(mask.widget, 0)
        if let bezel { gtk_widget_set_can_target(bezel.widget, 0) }
        animate(appearing: false, duration: duration)
    }

    func finishDisappear() {
        animation = nil
        isOnScreen = false
        // The bezel kept the keyboard after its button went (see HUDBezelWidget):
        // hand it to the window's first focusable widget, not to nowhere.
        let bezelHadFocus = bezel.map { gtk_widget_has_focus($0.widget) != 0 } ?? false
        let root = bezel.flatMap { gtk_widget_get_root($0.widget) }.map { UnsafeMutableRawPointer($0).asWidget }
        let wasBlocking = isBlocking // a blocking HUD's block gives the focus back itself
        giveBackFocus()
        gtk_widget_set_visible(mask.widget, 0)
        removeEscape()
        withOverlay { overlay in
            overlay.removeLayer(mask.widget)
            if let bezel { overlay.removeLayer(bezel.widget) }
        }
        if bezelHadFocus, !wasBlocking, let root { _ = gtk_widget_child_focus(root, GTK_DIR_TAB_FORWARD) }
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
    }

    private func attachIfNeeded() {
        gtk_widget_set_can_target(mask.widget, 1)
        gtk_widget_set_visible(mask.widget, 1)
        if let bezel { gtk_widget_set_can_target(bezel.widget, 1) }
        guard !isAttached else { return }
        withOverlay { overlay in
            overlay.addLayer(mask.widget)
            if let bezel { overlay.addPlaced(bezel.widget, placement: placement) }
            installEscape(on: overlay)
        }
    }

    private func installEscape(on overlay: HUDOverlayWidget) {
        let id = OverlayHost.of(overlay).shortcuts.addEscapeHandler { [weak self] in
            guard let self, let action = self.onButton, self.content.buttonTitle != nil else { return false }
            action()
            return true
        }
        escapeHandler = (WeakObjectRef(overlay.widget.raw), id)
    }

    private func removeEscape() {
        guard let handler = escapeHandler else { return }
        escapeHandler = nil
        handler.overlay.withObject { OverlayHost.existing(HUDOverlayWidget.of($0.asWidget))?.shortcuts.removeEscapeHandler(handler.id) }
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
        guard appearance.mask.blocksInput, bezel != nil, !isBlocking else { return }
        overlay.withObject { overlayPointer in
            let overlayWidget = overlayPointer.asWidget
            guard let implementation = HUDOverlayWidget.of(overlayWidget) else { return }
            let host = OverlayHost.of(implementation)
            host.acquireContentBlock(for: self)
            blockHost = host
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
    func holdBlockingFocus() {
        // A HUD blocking one pane leaves the keyboard of another pane alone (issue #27).
        let place = overlay.withObject { HUDOverlayWidget.of($0.asWidget).map(ContentBlock.focusPlace(for:)) } ?? nil
        guard BlockFocusRule.blockTakesFocus(from: place ?? .nowhere) else { return }
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
        // Through the host this HUD holds, not the overlay: that may be gone already.
        guard let host = blockHost else { return }
        blockHost = nil
        host.releaseContentBlock(for: self)
    }
}

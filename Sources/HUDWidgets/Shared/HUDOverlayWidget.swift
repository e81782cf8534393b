import CGtk
import HUDCore
import GtkSupport

/// The layer that hosts HUDs and banners above some content.
///
/// CSS node: `hudoverlay`, with `.high-contrast` while libadwaita's high-contrast
/// style is on (so HUDs and banners can drop translucency). Accessible role: group.
///
/// Children are stacked in order: the content first (it decides the size),
/// then full-size layers (HUD masks, banner stacks) and placed children (HUD
/// bezels), which the overlay positions itself. Bezels are direct children of
/// the overlay, not of their mask: GTK 4.8 hides the whole subtree of a widget
/// with the "none" role from assistive technologies, and the mask must be hidden
/// while the bezel must be seen.
///
/// An overlay either wraps its ``content`` (one you place yourself), or is a
/// *window layer* (``attach(_:to:)``): an extra child of a `GtkWindow`, drawn
/// above the window's child and laid over exactly the child's area, so the
/// window's own `child`/`content` stays the app's widget. A window layer is
/// never a pointer target itself; only what it holds (masks, bezels, banners) is.
@MainActor
public final class HUDOverlayWidget: SwiftWidget {
    public static var gtype: GType {
        WidgetTypes.register(HUDOverlayWidget.self, WidgetTypeDescription(
            typeName: "GtkHUDOverlay", cssName: "hudoverlay", role: GTK_ACCESSIBLE_ROLE_GROUP,
            acceptsBuilderChildren: true, properties: [
                WidgetProperty("content", .object(type: gtk_widget_get_type()),
                               blurb: "The widget below the HUDs and banners (a <child> sets it too)"),
                WidgetProperty("banner-placement", .string(default: BannerPlacement.belowHeaderBar.rawValue),
                               blurb: "Where banners sit: below-header-bar or covers-top-edge"),
            ]))
    }

    /// Creates a new overlay (floating reference).
    public static func create() -> UnsafeMutablePointer<GtkWidget> { WidgetTypes.instantiate(gtype) }

    /// The content below the layers, if any.
    public private(set) var content: UnsafeMutablePointer<GtkWidget>?
    private var highContrastConnection: SignalConnection?
    private var themeConnection: SignalConnection?
    private var unrealizeConnection: SignalConnection?
    private var toplevelsConnection: SignalConnection?

    /// The window this overlay is a layer of (nil for an overlay that wraps content).
    public var hostWindow: UnsafeMutablePointer<GtkWidget>? {
        guard isWindowLayer, let parent = gtk_widget_get_parent(widget) else { return nil }
        return parent
    }
    var isWindowLayer = false
    /// A layer over an `AdwDialog`'s card (``attach(_:overContentOf:)``), not a window's.
    var isCardLayer = false

    /// The widget this overlay is a layer of: its window, or the card of an
    /// `AdwDialog`; nil for an overlay that wraps content.
    public var layerHost: UnsafeMutablePointer<GtkWidget>? {
        guard isWindowLayer || isCardLayer else { return nil }
        return gtk_widget_get_parent(widget)
    }
    var windowConnections: [SignalConnection] = []
    var frameClockConnection: SignalConnection?

    /// The widget the app sees as "the content": the wrapped content, or the
    /// window layer's window child (focus goes back there, blocking masks make it unfocusable).
    public var appContent: UnsafeMutablePointer<GtkWidget>? {
        if let content { return content }
        if isCardLayer { return layerHost?.children.first { $0 != widget } }
        return hostWindow.flatMap { gtk_window_get_child($0.asWindow) }
    }

    /// Where key controllers go to see every key press of the content (the
    /// public layer's shortcut table for Escape and the banner shortcut): key
    /// events bubble from the focused widget through its ancestors, and the
    /// content of a window layer is its sibling, so that is the window.
    public var keyEventTarget: UnsafeMutablePointer<GtkWidget> { layerHost ?? widget }

    /// What the public layer keeps for this overlay (GtkHUD's `OverlayHost`:
    /// its banners, HUDs and focus block), owned here as libadwaita keeps its
    /// toasts on the AdwToastOverlay instance: it lives and goes with the overlay.
    public var host: AnyObject?

    /// Where the banner stacks of this overlay sit (GObject property `banner-placement`).
    public var bannerPlacement: BannerPlacement = .belowHeaderBar {
        didSet {
            guard bannerPlacement != oldValue, isAlive, !isDisposed else { return }
            gtk_widget_queue_allocate(widget)
            notifyPropertyChange("banner-placement")
        }
    }

    // MARK: - GObject properties

    override public func setProperty(_ name: String, to value: WidgetPropertyValue) {
        switch (name, value) {
        case ("content", .object(let object)):
            let child = object.flatMap { gtkhud_is_a($0, gtk_widget_get_type()) != 0 ? $0.asWidget : nil }
            if child != content { setContent(child) }
        case ("banner-placement", .string(let nick)):
            if let placement = nick.flatMap(BannerPlacement.init(rawValue:)) {
                bannerPlacement = placement
            } else {
                Diagnostics.report("GtkHUDOverlay:banner-placement", "\(nick ?? "(null)") is not "
                    + BannerPlacement.allCases.map(\.rawValue).joined(separator: " or ") + "; the placement stays \(bannerPlacement.rawValue).")
            }
        default: break
        }
    }

    override public func property(_ name: String) -> WidgetPropertyValue? {
        switch name {
        case "content": .object(content.map { UnsafeMutableRawPointer($0) })
        case "banner-placement": .string(bannerPlacement.rawValue)
        default: nil
        }
    }

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: widget)
        // `gtk_window_destroy` disposes the window only if nobody else holds
        // it; it always unrealizes it (and so this overlay) once it is off the
        // toplevel list. Then the HUDs and banners here are done for: run the
        // dispose handlers now rather than at a dispose that may never come.
        unrealizeConnection = Signal.connect(widget.raw, "unrealize", after: true) { [weak self] in
            self?.runDisposeHandlersIfTheWindowWasDestroyed()
        }
        // A window that never went on screen is never unrealized: its leaving
        // GTK's list of toplevels is the only sign of `gtk_window_destroy`.
        if let toplevels = gtk_window_get_toplevels() {
            toplevelsConnection = Signal.connectItemsChanged(UnsafeMutableRawPointer(toplevels)) { [weak self] _, removed, _ in
                if removed > 0 { self?.runDisposeHandlersIfTheWindowWasDestroyed() }
            }
        }
        if let styleManager = adw_style_manager_get_default() {
            highContrastConnection = Signal.connect(UnsafeMutableRawPointer(styleManager), "notify::high-contrast") { [weak self] in
                self?.followHighContrast()
            }
        }
        if let settings = gtk_widget_get_settings(widget) {
            themeConnection = Signal.connect(UnsafeMutableRawPointer(settings), "notify::gtk-theme-name") { [weak self] in
                self?.followHighContrast()
            }
        }
        followHighContrast()
    }

    private func runDisposeHandlersIfTheWindowWasDestroyed() {
        guard !isDisposed, let root = gtk_widget_get_root(widget) else { return }
        if WindowLiveness.isDestroyed(UnsafeMutableRawPointer(root).asWidget) {
            toplevelsConnection?.disconnect()
            toplevelsConnection = nil
            runDisposeHandlersNow()
        }
    }

    private func followHighContrast() {
        if GtkEnvironment.prefersHighContrast {
            gtk_widget_add_css_class(widget, "high-contrast")
        } else {
            gtk_widget_remove_css_class(widget, "high-contrast")
        }
    }

    override public func contains(x: Double, y: Double) -> Bool {
        // A window layer has the app's content beside it, not inside: only its layers take input.
        layerHost != nil ? false : super.contains(x: x, y: y)
    }

    /// Replaces the content widget (nil removes it).
    public func setContent(_ newContent: UnsafeMutablePointer<GtkWidget>?) {
        guard newContent != content else { return }
        if let content { gtk_widget_unparent(content) }
        content = newContent
        if let newContent {
            gtk_widget_insert_after(newContent, widget, nil) // first child: below every layer
        }
        notifyPropertyChange("content")
    }

    /// In a `.ui` file, a `<child>` widget becomes the content.
    override public func addBuilderChild(_ child: UnsafeMutableRawPointer, type: String?) -> Bool {
        guard type == nil, gtkhud_is_a(child, gtk_widget_get_type()) != 0 else { return false }
        setContent(child.asWidget)
        return true
    }

    /// Where a placed child sits: position, margin, offset and scale (for zoom transitions).
    public struct Placement: Sendable {
        public var position: HUDPosition = .center
        public var margin: Double = 20
        public var offset: (x: Double, y: Double) = (0, 0)
        public var scale: Double = 1
        public init() {}
    }

    private var placements: [UnsafeMutablePointer<GtkWidget>: Placement] = [:]
    /// The band the banner stacks were last given (``bannerBandMoved(height:)``).
    private var allocatedBannerBand: (top: Double, bottom: Double)?
    private var frames: [UnsafeMutablePointer<GtkWidget>: (x: Double, y: Double, width: Double, height: Double)] = [:]

    /// Adds a child on top that the overlay sizes to its natural size and places.
    public func addPlaced(_ child: UnsafeMutablePointer<GtkWidget>, placement: Placement) {
        placements[child] = placement
        gtk_widget_insert_before(child, widget, nil)
    }

    /// Moves or scales a placed child.
    public func setPlacement(_ placement: Placement, of child: UnsafeMutablePointer<GtkWidget>) {
        guard placements[child] != nil else { return }
        placements[child] = placement
        gtk_widget_queue_allocate(widget)
    }

    /// Where a placed child was last put, in overlay coordinates.
    public func frame(of child: UnsafeMutablePointer<GtkWidget>) -> (x: Double, y: Double, width: Double, height: Double)? {
        frames[child]
    }

    /// Adds a layer on top of everything else.
    public func addLayer(_ layer: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_insert_before(layer, widget, nil)
    }

    /// Removes a layer or placed child.
    public func removeLayer(_ layer: UnsafeMutablePointer<GtkWidget>) {
        guard gtk_widget_get_parent(layer) == widget, layer != content else { return }
        placements[layer] = nil
        frames[layer] = nil
        gtk_widget_unparent(layer)
    }

    /// The layers above the content, bottom to top.
    public var layers: [UnsafeMutablePointer<GtkWidget>] {
        children.filter { $0 != content }
    }

    override public func measure(_ orientation: GtkOrientation, forSize: Int32) -> WidgetMeasurement {
        var result = WidgetMeasurement()
        // Placed children (bezels) never count, and `place` measures them at the
        // width they get; measuring them here too (at the window's width, or at
        // their minimum width, where a wrapping label is laid out one character
        // a line) was most of a HUD's layout time.
        for child in children where gtk_widget_get_visible(child) != 0 && placements[child] == nil {
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(child, orientation, forSize, &minimum, &natural, nil, nil)
            // Layers never make the window bigger than its content needs,
            // except when there is no content at all.
            if child == content || (content == nil && placements[child] == nil) {
                result.minimum = max(result.minimum, minimum)
                result.natural = max(result.natural, natural)
            }
        }
        return result
    }

    override public func allocate(width: Int32, height: Int32, baseline: Int32) {
        for child in children where gtk_widget_should_layout(child) != 0 {
            if let placement = placements[child] {
                place(child, placement, width: Double(width), height: Double(height))
            } else if BannerStackWidget.of(child) != nil {
                allocateBannerStack(child, width: width, height: height)
            } else {
                gtk_widget_allocate(child, width, height, baseline, nil)
            }
        }
    }

    override public func dispose() {
        highContrastConnection?.disconnect()
        highContrastConnection = nil
        themeConnection?.disconnect()
        themeConnection = nil
        frameClockConnection?.disconnect()
        frameClockConnection = nil
        windowConnections.forEach { $0.disconnect() }
        windowConnections = []
        unrealizeConnection?.disconnect()
        unrealizeConnection = nil
        toplevelsConnection?.disconnect()
        toplevelsConnection = nil
        placements = [:]
        frames = [:]
        shadowBands.clear()
    }

    /// Natural size within the margins, at the placement's position, scaled around its centre.
    private func place(_ child: UnsafeMutablePointer<GtkWidget>, _ placement: Placement, width: Double, height: Double) {
        let margin = max(0, placement.margin.isFinite ? placement.margin : 0)
        var minimumWidth: Int32 = 0, naturalWidth: Int32 = 0
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, &naturalWidth, nil, nil)
        let childWidth = max(Double(minimumWidth), min(Double(naturalWidth), max(0, width - 2 * margin)))
        var minimumHeight: Int32 = 0, naturalHeight: Int32 = 0
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, Int32(childWidth), &minimumHeight, &naturalHeight, nil, nil)
        let childHeight = max(Double(minimumHeight), min(Double(naturalHeight), max(0, height - 2 * margin)))
        let rightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        let origin = HUDPlacement.origin(size: (childWidth, childHeight), container: (width, height),
                                         position: placement.position, margin: margin, offset: placement.offset,
                                         rightToLeft: rightToLeft)
        let frame = (x: origin.x.rounded(), y: origin.y.rounded(), width: childWidth, height: childHeight)
        frames[child] = frame
        var center = graphene_point_t(x: Float(frame.x + childWidth / 2), y: Float(frame.y + childHeight / 2))
        var back = graphene_point_t(x: Float(-childWidth / 2), y: Float(-childHeight / 2))
        var transform = gsk_transform_translate(nil, &center)
        if placement.scale != 1, placement.scale.isFinite {
            transform = gsk_transform_scale(transform, Float(placement.scale), Float(placement.scale))
        }
        transform = gsk_transform_translate(transform, &back)
        gtk_widget_allocate(child, Int32(childWidth), Int32(childHeight), -1, transform)
    }

    private var children: [UnsafeMutablePointer<GtkWidget>] { widget.children }

    // MARK: - Drawing

    /// Where placed children's outset shadows are drawn as bands around their
    /// inside (`ShadowBands`, GtkSupport), so that a spinning ring's frames draw none of
    /// its bezel's shadow.
    public enum ShadowBandsUse: Sendable {
        /// GTK's shadow node as it is.
        case never
        /// In bands on GTK's cairo renderer, GTK's node on GL and Vulkan.
        case cairoRenderer
        /// In bands on every renderer (for tests and measurements).
        case everyRenderer
    }

    /// Where shadows are drawn in bands: `.cairoRenderer` from GTK 4.16,
    /// `.never` before. Measured on GTK 4.18, whose cairo renderer draws a
    /// blurred shadow for any frame that meets its outline: a frame of the
    /// spinner HUD 342 k instructions with the shadow whole, 243 k in bands.
    /// On its GL renderer (407 k → 357 k) the first banner shown after a HUD in
    /// a window then cost 4.6 MiB instead of 2.1 (most likely a second variant
    /// of GTK's box-shadow shader, for the clipped shadow). GTK 4.8's cairo renderer skips a
    /// frame inside the outline itself but not an empty one: bands cost more
    /// than they save there (215 k → 256 k a frame; 485 k → 728 k on its GL
    /// renderer, which redraws the whole window under Xvfb). Versions between
    /// were not measured.
    public static var shadowBandsUse: ShadowBandsUse = GtkEnvironment.runtimeAtLeast(4, 16) ? .cairoRenderer : .never

    /// Whether this overlay's frames draw shadows in bands now (``shadowBandsUse``).
    private var drawsShadowsInBands: Bool {
        switch Self.shadowBandsUse {
        case .never: return false
        case .everyRenderer: return true
        case .cairoRenderer: return WidgetRenderer.drawsWithCairo(widget)
        }
    }

    private let shadowBands = ShadowBands()

    override public func snapshot(_ snapshot: OpaquePointer) {
        guard drawsShadowsInBands else { return super.snapshot(snapshot) }
        shadowBands.beginFrame()
        var next = gtk_widget_get_first_child(widget)
        while let child = next {
            next = gtk_widget_get_next_sibling(child)
            if placements[child] != nil, let grid = PixelGrid.of(child) {
                snapshotPlaced(child, grid: grid, into: snapshot)
            } else {
                gtk_widget_snapshot_child(widget, child, snapshot)
            }
        }
    }

    /// A placed child (a HUD's bezel) drawn with its shadow in bands.
    private func snapshotPlaced(_ child: UnsafeMutablePointer<GtkWidget>, grid: PixelGrid, into snapshot: OpaquePointer) {
        let own = gtk_snapshot_new()
        gtk_widget_snapshot_child(widget, child, own)
        guard let node = gtk_snapshot_free_to_node(own) else { return }
        defer { gsk_render_node_unref(node) }
        if let banded = shadowBands.replacingShadows(in: node, grid: grid) {
            gtk_snapshot_append_node(snapshot, banded)
            gsk_render_node_unref(banded)
        } else {
            gtk_snapshot_append_node(snapshot, node)
        }
    }

    // MARK: - Banner placement

    /// A banner stack gets the band between the header bars (clipped there, so
    /// banners slide out from under the top bar), or, covering the top edge,
    /// the whole overlay plus a window layer's title bar above it.
    private func allocateBannerStack(_ stack: UnsafeMutablePointer<GtkWidget>, width: Int32, height: Int32) {
        let (top, bottom) = bannerBand(height: height)
        allocatedBannerBand = (top, bottom)
        gtk_widget_set_overflow(stack, GTK_OVERFLOW_HIDDEN)
        var origin = graphene_point_t(x: 0, y: Float(top))
        gtk_widget_allocate(stack, width, Int32(max(0, bottom - top).rounded()), -1, gsk_transform_translate(nil, &origin))
    }

    /// The band the banner stacks get, top and bottom, in this overlay's coordinates.
    private func bannerBand(height: Int32) -> (top: Double, bottom: Double) {
        switch bannerPlacement {
        case .belowHeaderBar:
            appContent.flatMap { HeaderBarEdges.band(of: widget, height: Double(height), content: $0) } ?? (0, Double(height))
        case .coversTopEdge:
            (-titlebarHeight(), Double(height))
        }
    }

    /// Whether banners are shown and the bars around them moved since their
    /// band was last laid out: a toolbar view's bars sliding in or out, a
    /// header bar that grew. Such a change leaves this overlay's size as it
    /// was, so GTK would not lay it out again by itself.
    func bannerBandMoved(height: Int32) -> Bool {
        guard let allocated = allocatedBannerBand, bannerPlacement == .belowHeaderBar,
              children.contains(where: { BannerStackWidget.of($0).map { !$0.banners.isEmpty } ?? false }) else { return false }
        let band = bannerBand(height: height)
        return band.top != allocated.top || band.bottom != allocated.bottom
    }

    /// How far a window layer's title bar (`gtk_window_set_titlebar`) reaches above the layer.
    private func titlebarHeight() -> Double {
        guard let window = hostWindow,
              let titlebar = gtk_window_get_titlebar(window.asWindow),
              gtk_widget_get_visible(titlebar) != 0 else { return 0 }
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(titlebar, widget, &rect) != 0 else { return 0 }
        return max(0, -Double(rect.origin.y))
    }
}

import CGtk
import GtkSupport
import HUDCore

/// A circular progress indicator: a spinning arc (indeterminate), a ring that
/// fills clockwise (annular) or a filling disc (pie).
///
/// CSS node: `hudring`, with class `.indeterminate`, `.annular` or `.pie`.
/// Colours come from the CSS `color` (the track is the same colour at 15 %).
/// Accessible role: progress bar, with value min/max/now and text ("42 %"),
/// busy while indeterminate.
@MainActor
public final class HUDRingWidget: SwiftWidget {
    public static var gtype: GType {
        WidgetTypes.register(HUDRingWidget.self, WidgetTypeDescription(
            typeName: "GtkHUDRing", cssName: "hudring", role: GTK_ACCESSIBLE_ROLE_PROGRESS_BAR))
    }

    /// Creates a ring (floating reference).
    public static func create() -> UnsafeMutablePointer<GtkWidget> { WidgetTypes.instantiate(gtype) }

    /// Creates a spinner that assistive technologies do not see (role
    /// presentation): the bezel around it is busy and carries the message, so a
    /// screen reader says it once, not once for the bezel and once for the spinner.
    public static func createSpinner() -> UnsafeMutablePointer<GtkWidget> {
        let ring = WidgetTypes.instantiate(gtype, role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
        HUDRingWidget.of(ring)?.setProgress(nil, animated: false)
        return ring
    }

    /// What the ring draws, and its CSS class: the spinning arc while there
    /// is no progress, else the determinate ``style``.
    public enum Kind: String, Sendable, CaseIterable {
        case indeterminate, annular, pie
    }

    /// How determinate progress is drawn: HUDCore's ``HUDProgressStyle``
    /// (`.annular` by default; `.bar` is ``HUDBarWidget``'s and draws as `.annular` here).
    public var style: HUDProgressStyle = .annular { didSet { updateKind() } }

    /// What the ring draws now (CSS class `.indeterminate`, `.annular` or `.pie`).
    public private(set) var kind: Kind = .indeterminate {
        didSet {
            guard kind != oldValue else { return }
            gtk_widget_remove_css_class(widget, oldValue.rawValue)
            gtk_widget_add_css_class(widget, kind.rawValue)
            arcTurn = nil
            updateSpinning()
            queueDraw()
        }
    }
    private var isIndeterminate = true

    private func updateKind() {
        kind = isIndeterminate ? .indeterminate : (style == .pie ? .pie : .annular)
    }
    /// Line thickness at text scale 1.0 (SVProgressHUD's ringThickness, 2).
    public var thickness: Double = 2 { didSet { geometryChanged() } }
    /// Radius to the middle of the line at text scale 1.0 (SVProgressHUD: 18 with text, 24 without).
    public var radius: Double = 18 { didSet { geometryChanged() } }
    /// The user's text scale (``TextScale``), followed live: the ring grows with the text beside it.
    public private(set) var textScale = 1.0 { didSet { if textScale != oldValue { geometryChanged() } } }
    /// The radius and thickness drawn: ``radius`` and ``thickness`` at the text scale.
    public var drawnRadius: Double { radius * textScale }
    public var drawnThickness: Double { thickness * textScale }
    /// Seconds per turn of the indeterminate arc (1).
    public var secondsPerTurn: Double = 1

    private lazy var progress = AnimatedProgress(owner: self)
    private var tickID: UInt32 = 0
    /// The display's animation and text-scale settings, watched while mapped: a spinner on
    /// screen stops at once when the user turns animations off (or asks for reduced motion).
    private var settingsConnections: [SignalConnection] = []
    private var angle: Double = 0
    private var arcTurn: ArcTurn?
    private var arcTurnKey = ArcKey()

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: widget)
        gtk_widget_add_css_class(widget, kind.rawValue)
        _ = progress
        textScale = TextScale.factor(for: widget)
        Signal.connect(widget.raw, "map") { [weak self] in
            if let self { self.textScale = TextScale.factor(for: self.widget) }
            self?.followSettings(true)
            self?.updateSpinning()
        }
        Signal.connect(widget.raw, "unmap") { [weak self] in
            self?.followSettings(false)
            self?.updateSpinning()
        }
    }

    /// Sets the progress (0...1); nil switches to the indeterminate arc.
    public func setProgress(_ value: Double?, animated: Bool = true) {
        progress.set(value, animated: animated)
        isIndeterminate = value == nil
        updateKind()
    }

    /// The value being drawn (animations in flight included).
    public var shownProgress: Double { progress.shown }

    override public func dispose() {
        followSettings(false)
        stopSpinning()
        progress.stop()
        arcTurn = nil
    }

    override public func measure(_ orientation: GtkOrientation, forSize: Int32) -> WidgetMeasurement {
        let diameter = Int32((2 * drawnRadius + drawnThickness).rounded(.up))
        return WidgetMeasurement(minimum: diameter, natural: diameter)
    }

    override public func snapshot(_ snapshot: OpaquePointer) {
        let width = Double(gtk_widget_get_width(widget)), height = Double(gtk_widget_get_height(widget))
        switch kind {
        case .indeterminate: drawSpinner(snapshot, width: width, height: height)
        case .annular: drawAnnular(snapshot, width: width, height: height)
        case .pie: drawPie(snapshot, width: width, height: height)
        }
    }

    // MARK: Drawing

    private func drawAnnular(_ snapshot: OpaquePointer, width: Double, height: Double) {
        let color = cssColor(of: widget)
        let radius = drawnRadius, thickness = drawnThickness
        withOneColourCairo(snapshot, widget: widget, width: width, height: height) { cairo in
            cairo_set_line_width(cairo, thickness)
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * 0.15)
            cairo_arc(cairo, width / 2, height / 2, radius, 0, 2 * .pi)
            cairo_stroke(cairo)
            let fraction = min(max(progress.shown, 0), 1)
            guard fraction > 0 else { return }
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
            cairo_arc(cairo, width / 2, height / 2, radius, -.pi / 2, -.pi / 2 + 2 * .pi * fraction)
            cairo_stroke(cairo)
        }
    }

    private func drawPie(_ snapshot: OpaquePointer, width: Double, height: Double) {
        let color = cssColor(of: widget)
        let radius = drawnRadius, thickness = drawnThickness
        withOneColourCairo(snapshot, widget: widget, width: width, height: height) { cairo in
            let centerX = width / 2, centerY = height / 2
            cairo_set_line_width(cairo, thickness)
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
            cairo_arc(cairo, centerX, centerY, radius, 0, 2 * .pi)
            cairo_stroke(cairo)
            let fraction = min(max(progress.shown, 0), 1)
            guard fraction > 0 else { return }
            cairo_move_to(cairo, centerX, centerY)
            cairo_arc(cairo, centerX, centerY, max(0, radius - thickness * 1.5), -.pi / 2, -.pi / 2 + 2 * .pi * fraction)
            cairo_close_path(cairo)
            cairo_fill(cairo)
        }
    }

    /// The spinning arc is drawn from images of it at each of ``arcSteps``
    /// angles of a turn, each rasterised once (on first use) and shared by
    /// every ring: a frame appends that step's node (see `ArcNodeKind`) at the
    /// widget's bounds, with no transform. Rotating one image per frame cost the
    /// cairo renderer a rotated, filtered composite (about 2.4 M instructions a
    /// frame for a 38 px ring on GTK 4.8, measured with callgrind: most of the HUD's frame).
    private func drawSpinner(_ snapshot: OpaquePointer, width: Double, height: Double) {
        let color = cssColor(of: widget)
        let key = ArcKey(width: width, height: height, thickness: drawnThickness, radius: drawnRadius,
                         red: color.red, green: color.green, blue: color.blue, alpha: color.alpha,
                         scale: DeviceScale.of(widget), kind: ArcNodeKind.of(widget))
        if arcTurn == nil || key != arcTurnKey {
            arcTurn = Self.sharedArcTurn(key)
            arcTurnKey = key
        }
        guard let arcTurn else { return }
        let turns = angle / (2 * .pi)
        let step = Int((turns - turns.rounded(.down)) * Double(Self.arcSteps)) % Self.arcSteps
        if arcTurn.nodes[step] == nil {
            arcTurn.nodes[step] = Self.renderArc(key, rotation: 2 * .pi * Double(step) / Double(Self.arcSteps))
        }
        guard let node = arcTurn.nodes[step] else { return }
        gtk_snapshot_append_node(snapshot, node)
    }

    /// Whether GPU renderers (GL, Vulkan) draw the spinning arc as its colour
    /// through the image's alpha (a mask node) rather than as a texture, and
    /// the determinate ring, pie and bar as their colour through their
    /// drawing's alpha rather than as a cairo drawing: `true` from GTK 4.16.
    /// GTK 4.18's GPU renderers draw a colour through a mask with the op they
    /// draw text with, where a texture needs the window's
    /// renderer to set up one more kind of draw: on its GL renderer with Mesa's
    /// llvmpipe, 0.8 MiB in every window with a spinning HUD (the first HUD in
    /// a window 5.2 MiB as a texture, 4.4 MiB through the mask, against
    /// 4.0–4.5 MiB for a first AdwToast; `gtkhud-bench --only memory`,
    /// docs/performance.md), for the same instructions a frame. GTK 4.14's GPU
    /// renderers were not looked at. The cairo renderers keep the cheaper
    /// texture (or recording) whatever this says. Settable for tests and
    /// measurements.
    public static var drawsArcThroughMask = GtkEnvironment.runtimeAtLeast(4, 16)

    /// The node an arc image is wrapped in: whichever the window's renderer
    /// draws with the least work each frame (all draw the same coverage; the
    /// mask's colour is within 2 levels of the image's, RingSharpnessTests).
    enum ArcNodeKind: Hashable {
        /// A texture node: GL renderers upload the texture once and keep it;
        /// GTK 4.10 and later's cairo renderer copies its pixels into an image
        /// surface and composites that (22.7 k instructions a frame on GTK 4.18).
        case texture
        /// A cairo node recording one paint of the image: GTK before 4.10
        /// turns a texture into a cairo surface through floats, pixel by pixel,
        /// in every frame (112 k instructions a frame for a 38 px ring on GTK
        /// 4.8: a third of the HUD's frame), where replaying this recording
        /// costs 26 k (callgrind, docs/performance.md, issue #28).
        case cairoRecording
        /// A mask node: the arc's colour, opaque, through the image's alpha
        /// (``drawsArcThroughMask``). The image is the texture's, uploaded once.
        case colorThroughMask

        @MainActor
        static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> ArcNodeKind {
            guard gtk_get_major_version() == 4 else { return .texture }
            if gtk_get_minor_version() < 10 { return WidgetRenderer.drawsWithCairo(widget) ? .cairoRecording : .texture }
            return drawsArcThroughMask && !WidgetRenderer.drawsWithCairo(widget) ? .colorThroughMask : .texture
        }
    }

    /// Angles per turn of the spinning arc: one a frame at 60 Hz and one turn a second.
    nonisolated static let arcSteps = 60

    /// What the cached arc depends on.
    private struct ArcKey: Hashable {
        var width = 0.0, height = 0.0, thickness = 0.0, radius = 0.0
        var red = 0.0, green = 0.0, blue = 0.0, alpha = 0.0
        var scale = 1.0
        var kind = ArcNodeKind.texture
    }

    /// The arc's nodes at each step of a turn (nil until first drawn);
    /// each node is released with the last ring or cache entry that holds them.
    private final class ArcTurn {
        var nodes = [OpaquePointer?](repeating: nil, count: HUDRingWidget.arcSteps)
        deinit {
            for node in nodes { node.map { gsk_render_node_unref($0) } }
        }
    }

    /// Arcs already rasterised, shared by every ring: rasterising costs about as
    /// much as laying out a new HUD, and apps use one or two sizes and colours.
    private static var arcCache: [ArcKey: ArcTurn] = [:]

    /// The arc turn for `key`, from the cache when possible.
    private static func sharedArcTurn(_ key: ArcKey) -> ArcTurn {
        if let turn = arcCache[key] { return turn }
        if arcCache.count >= 8 { arcCache.removeAll() }
        let turn = ArcTurn()
        arcCache[key] = turn
        return turn
    }

    /// An arc over 3/4 of a turn whose opacity fades towards its tail, its head
    /// `rotation` radians clockwise from 12 o'clock, drawn into an image at the
    /// window's device scale and wrapped in a node (`ArcNodeKind`) at the
    /// widget's bounds. At a fractional scale (125 % on Wayland) the image is made at
    /// that scale, not at the integer scale factor above it (2): 2.6 times
    /// fewer pixels to rasterise, equally sharp (RingSharpnessTests under
    /// mutter at 125 % and 150 %: the same edge steepness either way).
    private static func renderArc(_ key: ArcKey, rotation: Double) -> OpaquePointer? {
        let scale = key.scale.isFinite ? min(max(key.scale, 1), 8) : 1
        guard let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((key.width * scale).rounded(.up)),
                                                     Int32((key.height * scale).rounded(.up))) else { return nil }
        defer { cairo_surface_destroy(image) }
        cairo_surface_set_device_scale(image, scale, scale)
        if let cairo = cairo_create(image) {
            cairo_set_line_width(cairo, key.thickness)
            cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
            let segments = 48
            let span = 1.5 * Double.pi
            for index in 0..<segments {
                let start = -span + span * Double(index) / Double(segments)
                let end = -span + span * Double(index + 1) / Double(segments)
                let fade = Double(index + 1) / Double(segments)
                cairo_set_source_rgba(cairo, key.red, key.green, key.blue, key.alpha * fade)
                cairo_arc(cairo, key.width / 2, key.height / 2, key.radius, rotation + start - .pi / 2, rotation + end - .pi / 2)
                cairo_stroke(cairo)
            }
            cairo_destroy(cairo)
        }
        cairo_surface_flush(image)
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, 0, 0, Float(key.width), Float(key.height))
        switch key.kind {
        case .cairoRecording: return recordingNode(of: image, bounds: bounds)
        case .texture: return textureNode(of: image, bounds: bounds)
        case .colorThroughMask: return colorThroughMaskNode(of: image, key: key, bounds: bounds)
        }
    }

    /// A mask node drawing the arc's colour, opaque, through the alpha of
    /// `image`: every segment of the arc is that colour, so the image is the
    /// colour times its alpha, which is what this draws. The texture itself
    /// where GTK has no mask nodes (before 4.10).
    private static func colorThroughMaskNode(of image: OpaquePointer, key: ArcKey, bounds: graphene_rect_t) -> OpaquePointer? {
        var bounds = bounds
        guard let mask = textureNode(of: image, bounds: bounds) else { return nil }
        var color = GdkRGBA(red: Float(key.red), green: Float(key.green), blue: Float(key.blue), alpha: 1)
        guard let node = gtkhud_color_through_mask_node_new(&color, &bounds, mask) else { return mask }
        gsk_render_node_unref(mask)
        return node
    }

    /// A cairo node whose recording paints `image` once (the recording holds
    /// the image); the image's device scale maps it onto the node's bounds
    /// pixel for pixel.
    private static func recordingNode(of image: OpaquePointer, bounds: graphene_rect_t) -> OpaquePointer? {
        var bounds = bounds
        guard let node = gsk_cairo_node_new(&bounds) else { return nil }
        if let cairo = gsk_cairo_node_get_draw_context(node) {
            cairo_set_source_surface(cairo, image, 0, 0)
            cairo_paint(cairo)
            cairo_destroy(cairo)
        }
        return node
    }

    /// A texture node of `image`'s pixels. Cairo's ARGB32 is GDK's
    /// B8G8R8A8_PREMULTIPLIED on little-endian machines (x86_64, arm64).
    private static func textureNode(of image: OpaquePointer, bounds: graphene_rect_t) -> OpaquePointer? {
        var bounds = bounds
        guard let data = cairo_image_surface_get_data(image) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(image)), rows = Int(cairo_image_surface_get_height(image))
        guard let bytes = g_bytes_new(data, gsize(stride * rows)) else { return nil }
        defer { g_bytes_unref(bytes) }
        guard let texture = gdk_memory_texture_new(cairo_image_surface_get_width(image), Int32(rows),
                                                   GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(stride)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        return gsk_texture_node_new(texture, &bounds)
    }

    // MARK: Spinning

    /// Whether the indeterminate arc is turning now (a frame callback is installed).
    public var isSpinning: Bool { tickID != 0 }

    private func updateSpinning() {
        let shouldSpin = kind == .indeterminate && isAlive && !isDisposed && gtk_widget_get_mapped(widget) != 0
            && GtkEnvironment.animationsEnabled(for: widget)
        if shouldSpin, tickID == 0 {
            tickID = TickCallback.add(to: widget) { [weak self] frameTime in
                guard let self else { return false }
                let turns = Double(frameTime) / 1_000_000 / max(self.secondsPerTurn, 0.05)
                self.angle = (turns - turns.rounded(.down)) * 2 * .pi
                gtk_widget_queue_draw(self.widget)
                return true
            }
        } else if !shouldSpin {
            stopSpinning()
        }
    }

    private func followSettings(_ follow: Bool) {
        for connection in settingsConnections { connection.disconnect() }
        settingsConnections = []
        guard follow, let settings = gtk_widget_get_settings(widget) else { return }
        settingsConnections = ["notify::gtk-enable-animations", "notify::gtk-interface-reduced-motion"].map {
            Signal.connect(UnsafeMutableRawPointer(settings), $0) { [weak self] in self?.updateSpinning() }
        }
        settingsConnections += [TextScale.observe(widget) { [weak self] in
            guard let self else { return }
            self.textScale = TextScale.factor(for: self.widget)
        }].compactMap { $0 }
    }

    private func stopSpinning() {
        TickCallback.remove(tickID, from: widget)
        tickID = 0
    }

    private func geometryChanged() {
        arcTurn = nil
        queueResize()
    }
}

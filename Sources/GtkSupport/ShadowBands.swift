import CGtk

/// Where a widget's coordinates land on the device pixels of the surface that
/// shows it: a point (x, y) of the widget is device pixel
/// ((x + originX) × scale, (y + originY) × scale).
public struct PixelGrid: Hashable, Sendable {
    public var originX: Double
    public var originY: Double
    public var scale: Double

    public init(originX: Double, originY: Double, scale: Double) {
        self.originX = originX
        self.originY = originY
        self.scale = scale
    }

    /// The grid of `widget`'s own coordinates in its window's frames, or nil
    /// when they do not map to the surface by a translation alone (a widget
    /// scaled or turned, mid-animation) or the widget is not in a window.
    @MainActor
    public static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> PixelGrid? {
        guard let native = gtk_widget_get_native(widget) else { return nil }
        let nativeWidget = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
        var matrix = graphene_matrix_t()
        guard gtk_widget_compute_transform(widget, nativeWidget, &matrix) != 0 else { return nil }
        var xx = 0.0, yx = 0.0, xy = 0.0, yy = 0.0, x0 = 0.0, y0 = 0.0
        guard graphene_matrix_to_2d(&matrix, &xx, &yx, &xy, &yy, &x0, &y0),
              xx == 1, yy == 1, xy == 0, yx == 0 else { return nil }
        var surfaceX = 0.0, surfaceY = 0.0
        gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
        let scale = DeviceScale.of(widget)
        guard scale.isFinite, scale > 0 else { return nil }
        return PixelGrid(originX: x0 + surfaceX, originY: y0 + surfaceY, scale: scale)
    }

    /// The nearest coordinate at or above `x` (`y` with `vertical`) that falls on a device pixel's edge.
    func ceil(_ value: Double, vertical: Bool) -> Double {
        let origin = vertical ? originY : originX
        return ((value + origin) * scale - 1e-4).rounded(.up) / scale - origin
    }

    /// The nearest coordinate at or below `value` that falls on a device pixel's edge.
    func floor(_ value: Double, vertical: Bool) -> Double {
        let origin = vertical ? originY : originX
        return ((value + origin) * scale + 1e-4).rounded(.down) / scale - origin
    }
}

/// Splits the blurred outset shadows of a widget's drawing into four bands
/// around the inside of their outline, so that a frame that redraws only a
/// part inside the outline (a spinning ring in a HUD's bezel) draws none of
/// the shadow.
///
/// Why: an outset shadow draws nothing inside its outline, but GTK decides
/// whether to draw it from the node's bounds, which contain the whole box.
/// GTK 4.18's cairo renderer draws all nine parts of a blurred shadow whenever
/// the frame's clip meets the outline (GTK 4.8's skipped a clip inside it),
/// and its GL renderer emits a shadow op for every frame whose scissor meets
/// the bounds. A clip node around each band has bounds outside such a frame's
/// damage, and both renderers skip what lies outside it.
///
/// No pixel changes: the bands' edges lie on device pixel edges (``PixelGrid``),
/// so every pixel is drawn by one band or by none (those inside the outline,
/// where the shadow has nothing), with the value the whole shadow gives it.
/// An offscreen rendering at another scale than the window's (GtkWidgetPaintable
/// at 1.25 of a window shown at 1) may see a band's edge split a pixel row of
/// the shadow, which then differs by at most a quarter of the shadow's alpha
/// (16 of 255 for GtkHUD's `rgba(0, 0, 0, 0.25)`; 12 measured).
@MainActor
public final class ShadowBands {
    /// What a replacement depends on: the shadow's geometry and colour, and the grid.
    struct Key: Hashable {
        var geometry: [Float]
        var grid: PixelGrid
    }

    /// Replacements made in the current and the previous frame, each held once.
    private var current: [Key: OpaquePointer] = [:]
    private var previous: [Key: OpaquePointer] = [:]

    public init() {}

    /// Starts a frame: replacements the last frame did not use are released.
    public func beginFrame() {
        for (key, node) in previous where current[key] != node { gsk_render_node_unref(node) }
        previous = current
        current = [:]
    }

    /// Releases every replacement (the widget goes away or stops drawing).
    public func clear() {
        beginFrame()
        beginFrame()
    }

    /// `root` with each outset shadow in its own drawing replaced by its bands
    /// (a new reference the caller unrefs), or nil when there was none to
    /// replace. `root` is a widget's node as `gtk_widget_snapshot_child` makes
    /// it: its coordinates are the widget's (``PixelGrid``) inside an outermost
    /// transform node, if any. Deeper transform nodes (child widgets) are left
    /// as they are.
    public func replacingShadows(in root: OpaquePointer, grid: PixelGrid) -> OpaquePointer? {
        rewritten(root, grid: grid, depth: 0)
    }

    private func rewritten(_ node: OpaquePointer, grid: PixelGrid, depth: Int) -> OpaquePointer? {
        guard depth < 8 else { return nil }
        switch gsk_render_node_get_node_type(node) {
        case GSK_OUTSET_SHADOW_NODE:
            return bands(for: node, grid: grid)
        case GSK_CONTAINER_NODE:
            let count = gsk_container_node_get_n_children(node)
            var children: [OpaquePointer?] = []
            var replaced: [OpaquePointer] = []
            for index in 0..<count {
                let child = gsk_container_node_get_child(node, index)!
                if let replacement = rewritten(child, grid: grid, depth: depth + 1) {
                    replaced.append(replacement)
                    children.append(replacement)
                } else {
                    children.append(child)
                }
            }
            guard !replaced.isEmpty else { return nil }
            defer { replaced.forEach { gsk_render_node_unref($0) } }
            return children.withUnsafeMutableBufferPointer { gsk_container_node_new($0.baseAddress, count) }
        case GSK_DEBUG_NODE:
            guard let child = rewritten(gsk_debug_node_get_child(node), grid: grid, depth: depth + 1) else { return nil }
            defer { gsk_render_node_unref(child) }
            return gsk_debug_node_new(child, g_strdup(gsk_debug_node_get_message(node)))
        case GSK_OPACITY_NODE:
            guard let child = rewritten(gsk_opacity_node_get_child(node), grid: grid, depth: depth + 1) else { return nil }
            defer { gsk_render_node_unref(child) }
            return gsk_opacity_node_new(child, gsk_opacity_node_get_opacity(node))
        case GSK_TRANSFORM_NODE where depth == 0:
            // The widget's own allocation: its coordinates inside are the grid's.
            guard let child = rewritten(gsk_transform_node_get_child(node), grid: grid, depth: depth + 1) else { return nil }
            defer { gsk_render_node_unref(child) }
            return gsk_transform_node_new(child, gsk_transform_node_get_transform(node))
        default:
            return nil
        }
    }

    /// The four bands of `shadow` (a new reference), or nil when its outline
    /// has no inside on whole device pixels to leave out.
    private func bands(for shadow: OpaquePointer, grid: PixelGrid) -> OpaquePointer? {
        let outline = gsk_outset_shadow_node_get_outline(shadow)!.pointee
        let color = gsk_outset_shadow_node_get_color(shadow)!.pointee
        let corners = [outline.corner.0, outline.corner.1, outline.corner.2, outline.corner.3]
        let key = Key(geometry: [outline.bounds.origin.x, outline.bounds.origin.y, outline.bounds.size.width, outline.bounds.size.height]
                        + corners.flatMap { [$0.width, $0.height] }
                        + [color.red, color.green, color.blue, color.alpha,
                           gsk_outset_shadow_node_get_dx(shadow), gsk_outset_shadow_node_get_dy(shadow),
                           gsk_outset_shadow_node_get_spread(shadow), gsk_outset_shadow_node_get_blur_radius(shadow)],
                      grid: grid)
        if let made = current[key] ?? previous[key] {
            current[key] = made
            return gsk_render_node_ref(made)
        }
        guard let rects = Self.bandRects(outline: outline, bounds: Self.bounds(of: shadow), grid: grid) else { return nil }
        var clips: [OpaquePointer?] = rects.map { rect in
            var clip = rect
            return gsk_clip_node_new(shadow, &clip)
        }
        let made = clips.withUnsafeMutableBufferPointer { gsk_container_node_new($0.baseAddress, guint($0.count)) }!
        clips.forEach { gsk_render_node_unref($0) }
        current[key] = made
        return gsk_render_node_ref(made)
    }

    private static func bounds(of node: OpaquePointer) -> graphene_rect_t {
        var rect = graphene_rect_t()
        gsk_render_node_get_bounds(node, &rect)
        return rect
    }

    /// Top, bottom, left and right bands: together `bounds` (grown to whole
    /// device pixels) less the inside of `outline` (its box inset by its
    /// corners, shrunk to whole device pixels); nil when that inside is empty.
    nonisolated public static func bandRects(outline: GskRoundedRect, bounds: graphene_rect_t, grid: PixelGrid) -> [graphene_rect_t]? {
        let box = outline.bounds
        let (topLeft, topRight, bottomRight, bottomLeft) = outline.corner
        let minX = Double(box.origin.x), minY = Double(box.origin.y)
        let maxX = minX + Double(box.size.width), maxY = minY + Double(box.size.height)
        let innerLeft = grid.ceil(minX + Double(max(topLeft.width, bottomLeft.width)), vertical: false)
        let innerRight = grid.floor(maxX - Double(max(topRight.width, bottomRight.width)), vertical: false)
        let innerTop = grid.ceil(minY + Double(max(topLeft.height, topRight.height)), vertical: true)
        let innerBottom = grid.floor(maxY - Double(max(bottomLeft.height, bottomRight.height)), vertical: true)
        // One device pixel beyond the shadow's bounds, so no band edge cuts a pixel it draws.
        let margin = 1 / grid.scale
        let outerLeft = grid.floor(min(Double(bounds.origin.x), minX) - margin, vertical: false)
        let outerTop = grid.floor(min(Double(bounds.origin.y), minY) - margin, vertical: true)
        let outerRight = grid.ceil(max(Double(bounds.origin.x + bounds.size.width), maxX) + margin, vertical: false)
        let outerBottom = grid.ceil(max(Double(bounds.origin.y + bounds.size.height), maxY) + margin, vertical: true)
        guard innerRight > innerLeft, innerBottom > innerTop,
              [innerLeft, innerRight, innerTop, innerBottom, outerLeft, outerRight, outerTop, outerBottom].allSatisfy(\.isFinite)
        else { return nil }
        func rect(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double) -> graphene_rect_t {
            graphene_rect_t(origin: graphene_point_t(x: Float(left), y: Float(top)),
                            size: graphene_size_t(width: Float(right - left), height: Float(bottom - top)))
        }
        return [
            rect(outerLeft, outerTop, outerRight, innerTop),
            rect(outerLeft, innerBottom, outerRight, outerBottom),
            rect(outerLeft, innerTop, innerLeft, innerBottom),
            rect(innerRight, innerTop, outerRight, innerBottom),
        ]
    }
}

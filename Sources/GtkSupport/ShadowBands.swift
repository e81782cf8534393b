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

    /// A device pixel's edge at `value` or up to `reach` beyond it (upwards
    /// with `up`) that a renderer computing in `Float` finds exactly on the
    /// edge: at 1.5, 2/3 of a pixel is no `Float`, and GTK's GL renderer then
    /// blends that edge's pixels through a clip of 0.99998, a level off.
    /// The first edge if none is exact.
    func exactEdge(from value: Double, vertical: Bool, up: Bool, reach: Double) -> Double {
        let origin = vertical ? originY : originX
        let first = up ? ceil(value, vertical: vertical) : floor(value, vertical: vertical)
        var device = ((first + origin) * scale).rounded()
        let steps = Int((reach * scale).rounded(.down))
        for _ in 0...max(0, steps) {
            let coordinate = Float(device / scale - origin)
            if (coordinate + Float(origin)) * Float(scale) == Float(device),
               (Double(coordinate) + origin) * scale == device {
                return Double(coordinate)
            }
            device += up ? 1 : -1
        }
        return first
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
    /// What a replacement depends on: the shadow's geometry and colour, and
    /// the grid. Compared field by field each frame (no hashing: a frame has
    /// one shadow or two).
    struct Key: Equatable {
        var outline: (x: Float, y: Float, width: Float, height: Float)
        var topCorners: (Float, Float, Float, Float)
        var bottomCorners: (Float, Float, Float, Float)
        var color: (Float, Float, Float, Float)
        var offset: (dx: Float, dy: Float)
        var spread: Float
        var blur: Float
        var grid: PixelGrid

        init(shadow: OpaquePointer, outline: GskRoundedRect, grid: PixelGrid) {
            let color = gsk_outset_shadow_node_get_color(shadow)!.pointee
            let (topLeft, topRight, bottomRight, bottomLeft) = outline.corner
            self.outline = (outline.bounds.origin.x, outline.bounds.origin.y, outline.bounds.size.width, outline.bounds.size.height)
            topCorners = (topLeft.width, topLeft.height, topRight.width, topRight.height)
            bottomCorners = (bottomRight.width, bottomRight.height, bottomLeft.width, bottomLeft.height)
            self.color = (color.red, color.green, color.blue, color.alpha)
            offset = (gsk_outset_shadow_node_get_dx(shadow), gsk_outset_shadow_node_get_dy(shadow))
            spread = gsk_outset_shadow_node_get_spread(shadow)
            blur = gsk_outset_shadow_node_get_blur_radius(shadow)
            self.grid = grid
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.outline == rhs.outline && lhs.topCorners == rhs.topCorners && lhs.bottomCorners == rhs.bottomCorners
                && lhs.color == rhs.color
                && lhs.offset == rhs.offset && lhs.spread == rhs.spread && lhs.blur == rhs.blur && lhs.grid == rhs.grid
        }
    }

    /// Replacements made in the current and the previous frame, each held once.
    private var current: [(key: Key, node: OpaquePointer)] = []
    private var previous: [(key: Key, node: OpaquePointer)] = []

    public init() {}

    /// Starts a frame: replacements the last frame did not use are released.
    public func beginFrame() {
        for entry in previous where !current.contains(where: { $0.node == entry.node }) { gsk_render_node_unref(entry.node) }
        previous = current
        current.removeAll(keepingCapacity: true)
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
            let count = Int(gsk_container_node_get_n_children(node))
            return withUnsafeTemporaryAllocation(of: OpaquePointer?.self, capacity: count) { children in
                var changed = false
                for index in 0..<count {
                    let child = gsk_container_node_get_child(node, guint(index))!
                    let replacement = rewritten(child, grid: grid, depth: depth + 1)
                    changed = changed || replacement != nil
                    children[index] = replacement ?? child
                }
                guard changed else { return nil }
                let made = gsk_container_node_new(children.baseAddress, guint(count))
                for index in 0..<count where children[index] != gsk_container_node_get_child(node, guint(index)) {
                    gsk_render_node_unref(children[index])
                }
                return made
            }
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
        let key = Key(shadow: shadow, outline: outline, grid: grid)
        if let made = current.first(where: { $0.key == key })?.node {
            return gsk_render_node_ref(made)
        }
        if let made = previous.first(where: { $0.key == key })?.node {
            current.append((key, made))
            return gsk_render_node_ref(made)
        }
        guard let rects = Self.bandRects(outline: outline, bounds: Self.bounds(of: shadow), grid: grid) else { return nil }
        var clips: [OpaquePointer?] = rects.map { rect in
            var clip = rect
            return gsk_clip_node_new(shadow, &clip)
        }
        let made = clips.withUnsafeMutableBufferPointer { gsk_container_node_new($0.baseAddress, guint($0.count)) }!
        clips.forEach { gsk_render_node_unref($0) }
        current.append((key, made))
        return gsk_render_node_ref(made)
    }

    private static func bounds(of node: OpaquePointer) -> graphene_rect_t {
        var rect = graphene_rect_t()
        gsk_render_node_get_bounds(node, &rect)
        return rect
    }

    /// Top, bottom, left and right bands: together `bounds` (grown to whole
    /// device pixels) less the inside of `outline` (its box inset by its
    /// corners and by at least a device pixel, shrunk to whole device pixels);
    /// nil when that inside is empty.
    nonisolated public static func bandRects(outline: GskRoundedRect, bounds: graphene_rect_t, grid: PixelGrid) -> [graphene_rect_t]? {
        guard grid.scale.isFinite, grid.scale > 0, grid.scale <= 64, grid.originX.isFinite, grid.originY.isFinite else { return nil }
        let box = outline.bounds
        let (topLeft, topRight, bottomRight, bottomLeft) = outline.corner
        let minX = Double(box.origin.x), minY = Double(box.origin.y)
        let maxX = minX + Double(box.size.width), maxY = minY + Double(box.size.height)
        // At least a device pixel inside the box, also with square corners: GTK
        // 4.18's cairo renderer skips a shadow whose clip does not meet its
        // outline, so each band must take in some of the box.
        let pixel = 1 / grid.scale
        // The inside may shrink by up to `reach` for edges a Float lands on exactly
        // (PixelGrid.exactEdge); GtkHUD's bezel has 6 px between its corners' end
        // and its content (20 px padding, 14 px radius).
        let reach = 4.0
        let innerLeft = grid.exactEdge(from: minX + max(pixel, Double(max(topLeft.width, bottomLeft.width))),
                                       vertical: false, up: true, reach: reach)
        let innerRight = grid.exactEdge(from: maxX - max(pixel, Double(max(topRight.width, bottomRight.width))),
                                        vertical: false, up: false, reach: reach)
        let innerTop = grid.exactEdge(from: minY + max(pixel, Double(max(topLeft.height, topRight.height))),
                                      vertical: true, up: true, reach: reach)
        let innerBottom = grid.exactEdge(from: maxY - max(pixel, Double(max(bottomLeft.height, bottomRight.height))),
                                         vertical: true, up: false, reach: reach)
        // One device pixel beyond the shadow's bounds, so no band edge cuts a pixel it draws.
        let margin = pixel
        let outerLeft = grid.exactEdge(from: min(Double(bounds.origin.x), minX) - margin, vertical: false, up: false, reach: reach)
        let outerTop = grid.exactEdge(from: min(Double(bounds.origin.y), minY) - margin, vertical: true, up: false, reach: reach)
        let outerRight = grid.exactEdge(from: max(Double(bounds.origin.x + bounds.size.width), maxX) + margin,
                                        vertical: false, up: true, reach: reach)
        let outerBottom = grid.exactEdge(from: max(Double(bounds.origin.y + bounds.size.height), maxY) + margin,
                                         vertical: true, up: true, reach: reach)
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

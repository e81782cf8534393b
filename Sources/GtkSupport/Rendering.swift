import CGtk

/// Pixels of a rendered widget, 8-bit BGRA premultiplied (cairo's ARGB32 on little-endian).
public struct RenderedImage: Sendable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let bytes: [UInt8]

    /// The pixel at (x, y) as straight (red, green, blue, alpha) in 0...255.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
        let offset = y * stride + x * 4
        return (bytes[offset + 2], bytes[offset + 1], bytes[offset], bytes[offset + 3])
    }

    /// How many pixels in the rectangle satisfy `predicate`.
    public func count(in rect: (x: Int, y: Int, width: Int, height: Int)? = nil,
                      where predicate: ((red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool) -> Int {
        let area = rect ?? (0, 0, width, height)
        var total = 0
        for y in max(0, area.y)..<min(height, area.y + area.height) {
            for x in max(0, area.x)..<min(width, area.x + area.width) where predicate(pixel(x: x, y: y)) {
                total += 1
            }
        }
        return total
    }
}

/// Offscreen rendering of a widget that is shown in a realized window
/// (`GtkWidgetPaintable` → snapshot → `gsk_renderer_render_texture`).
@MainActor
public enum WidgetRenderer {
    /// Renders `widget` at its allocated size; nil if it has no size or no renderer.
    public static func render(_ widget: UnsafeMutablePointer<GtkWidget>) -> RenderedImage? {
        render(widget, scale: 1)
    }

    /// Renders `widget` (at `scale` device pixels per pixel) and writes a PNG; returns whether it was written.
    @discardableResult
    public static func savePNG(_ widget: UnsafeMutablePointer<GtkWidget>, to path: String, scale: Double = 1) -> Bool {
        guard let texture = renderTexture(widget, scale: scale) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        return path.withCString { gdk_texture_save_to_png(texture, $0) } != 0
    }

    /// Renders `widget` in device pixels at `scale` (2 for a 2x display, 1.25 for
    /// 125 %): its nodes are drawn under a scale transform, as GSK draws a
    /// window's frame, so what it rasterises itself is rasterised at that scale.
    public static func render(_ widget: UnsafeMutablePointer<GtkWidget>, scale: Double) -> RenderedImage? {
        renderTexture(widget, scale: scale).map(image(ofTexture:))
    }

    /// A new texture (caller unrefs) of the widget as drawn now, at `scale` device pixels per pixel.
    public static func renderTexture(_ widget: UnsafeMutablePointer<GtkWidget>, scale: Double = 1) -> OpaquePointer? {
        let width = Double(gtk_widget_get_width(widget)), height = Double(gtk_widget_get_height(widget))
        return renderTexture(widget, scale: scale, offset: (0, 0),
                             viewport: (0, 0, (width * scale).rounded(), (height * scale).rounded()))
    }

    /// `window` (a `GtkNative`) as its surface's frames draw it: at the
    /// surface's scale and on the surface's pixel grid, its client-side
    /// margin included, so that what lies on the surface's device pixels
    /// (``ShadowBands``) lies on the image's. Image pixel (0, 0) holds the
    /// window's top-left corner.
    public static func renderOnSurfaceGrid(_ window: UnsafeMutablePointer<GtkWidget>) -> RenderedImage? {
        guard let native = gtk_widget_get_native(window) else { return nil }
        let width = Double(gtk_widget_get_width(window)), height = Double(gtk_widget_get_height(window))
        let scale = DeviceScale.of(window)
        var surfaceX = 0.0, surfaceY = 0.0
        gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
        let left = (surfaceX * scale).rounded(.down), top = (surfaceY * scale).rounded(.down)
        let viewport = (x: left, y: top, width: ((surfaceX + width) * scale).rounded(.up) - left,
                        height: ((surfaceY + height) * scale).rounded(.up) - top)
        return renderTexture(window, scale: scale, offset: (surfaceX, surfaceY), viewport: viewport).map(image(ofTexture:))
    }

    /// Whether `widget`'s window draws with GTK's cairo renderer (not GL or Vulkan).
    public static func drawsWithCairo(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else { return false }
        let instance = UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self)
        return g_type_check_instance_is_a(instance, gsk_cairo_renderer_get_type()) != 0
    }

    /// `widget`'s drawing scaled by `scale`, then moved by `offset`, rendered
    /// into `viewport` (device pixels); a new texture the caller unrefs.
    private static func renderTexture(_ widget: UnsafeMutablePointer<GtkWidget>, scale: Double, offset: (x: Double, y: Double),
                                      viewport: (x: Double, y: Double, width: Double, height: Double)) -> OpaquePointer? {
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        guard width > 0, height > 0, scale.isFinite, scale > 0, let native = gtk_widget_get_native(widget),
              let renderer = gtk_native_get_renderer(native) else { return nil }
        guard let paintable = gtk_widget_paintable_new(widget) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        if scale != 1 { gtk_snapshot_scale(snapshot, Float(scale), Float(scale)) }
        if offset != (0, 0) {
            var point = graphene_point_t(x: Float(offset.x), y: Float(offset.y))
            gtk_snapshot_translate(snapshot, &point)
        }
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        var rect = graphene_rect_t()
        graphene_rect_init(&rect, Float(viewport.x), Float(viewport.y), Float(viewport.width), Float(viewport.height))
        return gsk_renderer_render_texture(renderer, node, &rect)
    }

    /// The pixels of `texture`, which this releases (it takes the caller's reference).
    private static func image(ofTexture texture: OpaquePointer) -> RenderedImage {
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let width = Int(gdk_texture_get_width(texture)), height = Int(gdk_texture_get_height(texture))
        let stride = width * 4
        var bytes = [UInt8](repeating: 0, count: stride * height)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(stride)) }
        return RenderedImage(width: width, height: height, stride: stride, bytes: bytes)
    }
}

/// The scale a widget's window is drawn at, in device pixels per pixel.
@MainActor
public enum DeviceScale {
    /// The surface's fractional scale where GDK has it (4.12+, looked up at run
    /// time; 1.25 at 125 % on Wayland), else the integer scale factor (2 at `GDK_SCALE=2`).
    public static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> Double {
        let fractional = gtkhud_widget_surface_scale(widget)
        return fractional > 0 ? fractional : Double(gtk_widget_get_scale_factor(widget))
    }
}

/// Walking a render node tree (for tests and the benchmarks that look at what a frame draws).
@MainActor
public enum RenderNodeTree {
    /// The node `widget` drew in its last frame (GTK's cached node while no
    /// redraw is pending), through a `GtkWidgetPaintable`; the caller unrefs it.
    public static func lastDrawing(of widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
        guard let paintable = gtk_widget_paintable_new(widget) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(gtk_widget_get_width(widget)), Double(gtk_widget_get_height(widget)))
        return gtk_snapshot_free_to_node(snapshot)
    }

    /// Calls `body` with every node of `widget`'s last drawing (``lastDrawing(of:)``),
    /// depth first (``nodes(under:)``). The nodes are valid only inside `body`:
    /// the drawing's root and any node GTK drew for the call are freed after it.
    public static func withNodes<Result>(of widget: UnsafeMutablePointer<GtkWidget>,
                                         _ body: ([OpaquePointer]) throws -> Result) rethrows -> Result {
        guard let root = lastDrawing(of: widget) else { return try body([]) }
        defer { gsk_render_node_unref(root) }
        return try body(nodes(under: root))
    }

    /// `root` and every node under it, depth first: the children of container,
    /// transform, clip, rounded-clip, opacity, debug, shadow and colour-matrix
    /// nodes. The nodes stay valid while `root` is referenced.
    nonisolated public static func nodes(under root: OpaquePointer) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        func visit(_ node: OpaquePointer) {
            found.append(node)
            switch gsk_render_node_get_node_type(node) {
            case GSK_CONTAINER_NODE:
                for index in 0..<gsk_container_node_get_n_children(node) { visit(gsk_container_node_get_child(node, index)) }
            case GSK_TRANSFORM_NODE: visit(gsk_transform_node_get_child(node))
            case GSK_CLIP_NODE: visit(gsk_clip_node_get_child(node))
            case GSK_ROUNDED_CLIP_NODE: visit(gsk_rounded_clip_node_get_child(node))
            case GSK_OPACITY_NODE: visit(gsk_opacity_node_get_child(node))
            case GSK_DEBUG_NODE: visit(gsk_debug_node_get_child(node))
            case GSK_SHADOW_NODE: visit(gsk_shadow_node_get_child(node))
            case GSK_COLOR_MATRIX_NODE: visit(gsk_color_matrix_node_get_child(node))
            default: break
            }
        }
        visit(root)
        return found
    }
}

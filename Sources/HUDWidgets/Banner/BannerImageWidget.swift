import CGtk
import GtkSupport
import HUDCore

/// The picture at the leading edge of a banner: a themed icon, an image file,
/// a GResource or any `GdkPaintable`, fitted into a square and, unless told
/// otherwise, tinted with the banner's text colour (BRYXBanner's
/// `shouldTintImage`).
///
/// Tinting works for every kind of picture, not only symbolic icons: the
/// picture's shape (its alpha) is kept and filled with the CSS `color`. An
/// untinted symbolic icon is still drawn in the CSS colour (it has no colours
/// of its own); an untinted file or paintable keeps its colours.
///
/// CSS node: `hudbannerimage` (class `.untinted` when tinting is off). Hidden
/// from assistive technologies: the banner's title and subtitle carry the message.
@MainActor
public final class BannerImageWidget: SwiftWidget {
    public static var gtype: GType {
        WidgetTypes.register(BannerImageWidget.self, WidgetTypeDescription(
            typeName: "GtkHUDBannerImage", cssName: "hudbannerimage", role: GTK_ACCESSIBLE_ROLE_PRESENTATION))
    }

    /// Creates an image widget (floating reference).
    public static func create() -> UnsafeMutablePointer<GtkWidget> { WidgetTypes.instantiate(gtype) }

    /// The picture; nil shows nothing (and the widget hides itself).
    public var source: ImageSource? {
        didSet {
            guard source != oldValue else { return }
            loaded = nil
            loadedKey = nil
            gtk_widget_set_visible(widget, source == nil ? 0 : 1)
            queueResize()
            queueDraw()
        }
    }

    /// Whether the picture is filled with the CSS `color`.
    public var isTinted = true {
        didSet {
            isTinted ? gtk_widget_remove_css_class(widget, "untinted") : gtk_widget_add_css_class(widget, "untinted")
            queueDraw()
        }
    }

    /// The side of the square the picture is fitted into, in pixels (BRYXBanner: 25).
    public var pixelSize: Int32 = 25 { didSet { queueResize() } }

    /// The paintable being drawn, after loading (nil when loading failed).
    public var paintable: OpaquePointer? { ensureLoaded()?.pointer.opaque }

    private var loaded: ObjectRef?
    private var loadedKey: LoadedKey?

    /// What the loaded paintable was made for (the source compares external pictures by identity).
    private struct LoadedKey: Equatable {
        let source: ImageSource
        let size: Int32
        let scale: Int32
    }

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: widget)
        gtk_widget_set_visible(widget, 0)
        gtk_widget_set_can_target(widget, 0)
    }

    override public func dispose() {
        loaded = nil
    }

    override public func measure(_ orientation: GtkOrientation, forSize: Int32) -> WidgetMeasurement {
        WidgetMeasurement(minimum: pixelSize, natural: pixelSize)
    }

    override public func snapshot(_ snapshot: OpaquePointer) {
        guard let paintable = ensureLoaded()?.pointer.opaque else { return }
        let width = Double(gtk_widget_get_width(widget)), height = Double(gtk_widget_get_height(widget))
        guard width > 0, height > 0 else { return }
        // Fit the picture into the allocation, keeping its aspect ratio, centred.
        let ratio = gdk_paintable_get_intrinsic_aspect_ratio(paintable)
        var drawWidth = width, drawHeight = height
        if ratio > 0 {
            if width / height > ratio { drawWidth = height * ratio } else { drawHeight = width / ratio }
        }
        let color = gtkhud_widget_color(widget)
        gtk_snapshot_save(snapshot)
        var origin = graphene_point_t(x: Float((width - drawWidth) / 2), y: Float((height - drawHeight) / 2))
        gtk_snapshot_translate(snapshot, &origin)
        let symbolic = gtkhud_is_a(UnsafeMutableRawPointer(paintable), gtk_symbolic_paintable_get_type()) != 0
        let symbolicIcon = gtkhud_is_a(UnsafeMutableRawPointer(paintable), gtk_icon_paintable_get_type()) != 0
            && gtk_icon_paintable_is_symbolic(paintable) != 0
        if isTinted && symbolicIcon {
            // GTK recolours symbolic icons itself (with a colour matrix of its own;
            // nesting ours around it does not compose on GTK 4.8): every colour is the text colour.
            var colors = [color, color, color, color]
            gtk_symbolic_paintable_snapshot_symbolic(paintable, snapshot, drawWidth, drawHeight, &colors, 4)
        } else if isTinted {
            // Keep the shape (alpha), replace the colour: rgb' = text colour, a' = a · text alpha.
            var matrix = graphene_matrix_t()
            var values: [Float] = [0, 0, 0, 0,
                                   0, 0, 0, 0,
                                   0, 0, 0, 0,
                                   0, 0, 0, color.alpha]
            graphene_matrix_init_from_float(&matrix, &values)
            var offset = graphene_vec4_t()
            graphene_vec4_init(&offset, color.red, color.green, color.blue, 0)
            gtk_snapshot_push_color_matrix(snapshot, &matrix, &offset)
            gdk_paintable_snapshot(paintable, snapshot, drawWidth, drawHeight)
            gtk_snapshot_pop(snapshot)
        } else if symbolic {
            var colors = [color]
            gtk_symbolic_paintable_snapshot_symbolic(paintable, snapshot, drawWidth, drawHeight, &colors, 1)
        } else {
            gdk_paintable_snapshot(paintable, snapshot, drawWidth, drawHeight)
        }
        gtk_snapshot_restore(snapshot)
    }

    /// Loads (once per source, size and scale) the paintable to draw.
    private func ensureLoaded() -> ObjectRef? {
        guard let source else { return nil }
        let scale = max(1, gtk_widget_get_scale_factor(widget))
        // Icons are looked up for a size and scale; other pictures are scaled when drawn.
        let key = LoadedKey(source: source, size: pixelSize, scale: scale)
        if key == loadedKey { return loaded }
        loadedKey = key
        loaded = Self.load(source, size: pixelSize, scale: scale, widget: widget)
        return loaded
    }

    private static func load(_ source: ImageSource, size: Int32, scale: Int32,
                             widget: UnsafeMutablePointer<GtkWidget>) -> ObjectRef? {
        switch source {
        case .iconName(let name):
            guard let theme = gtk_icon_theme_get_for_display(gtk_widget_get_display(widget)) else { return nil }
            let icon = name.withCString {
                gtk_icon_theme_lookup_icon(theme, $0, nil, size, scale, gtk_widget_get_direction(widget), GtkIconLookupFlags(0))
            }
            return icon.map { ObjectRef(adopting: UnsafeMutableRawPointer($0)) }
        case .file(let path):
            return Texture.load(file: path)
        case .resource(let path):
            return Texture.load(resource: path)
        case .external(let carried):
            // A paintable the app supplied (carried with the content, which keeps it alive).
            return (carried as? GtkObjectContent).map { ObjectRef(retaining: $0.object) }
        }
    }
}

import CGtk
import GtkSupport
import HUDCore

/// Makes and updates the widget above a HUD's text for a ``HUDIndicator``:
/// a ``HUDRingWidget`` (spinner, ring, pie), a ``HUDBarWidget``, a `GtkSpinner`
/// (`.native` animation), an image of the icon theme or a file, or the app's
/// own widget.
@MainActor
enum HUDIndicatorFactory {
    /// What decides whether an indicator widget can be kept: equal keys reuse
    /// the widget (a progress step only moves it), different keys rebuild it.
    enum Key: Equatable {
        case spinner(HUDAppearance.IndicatorAnimation)
        case progress(HUDProgressStyle)
        /// Images are rebuilt when the content or the appearance (names, size, tint, colour) changes.
        case image(HUDIndicator, HUDAppearance)
        case custom(ExternalContent)
        case none
    }

    static func key(for content: HUDContent, appearance: HUDAppearance) -> Key {
        switch content.indicator {
        case .indeterminate: .spinner(appearance.indicatorAnimation)
        case .progress: .progress(content.progressStyle)
        case .success, .error, .info, .image:
            .image(content.indicator, appearance)
        case .custom(let widget): .custom(widget)
        case .textOnly: .none
        }
    }

    /// A new widget (floating, or the app's own with an extra reference) for `content`, or nil for none.
    /// Sizes given in pixels (the native spinner's 32, an image's pixel size) are multiplied by `textScale`.
    static func make(for content: HUDContent, appearance: HUDAppearance, textScale: Double = 1) -> UnsafeMutablePointer<GtkWidget>? {
        let strings = HUDStrings.provider()
        switch content.indicator {
        case .indeterminate:
            if appearance.indicatorAnimation == .native {
                let spinner = gtk_spinner_new()!
                gtk_spinner_start(OpaquePointer(spinner))
                let side = Int32((32 * textScale).rounded())
                gtk_widget_set_size_request(spinner, side, side)
                return spinner
            }
            return HUDRingWidget.createSpinner()
        case .progress(let fraction):
            if content.progressStyle == .bar {
                let bar = HUDBarWidget.create()
                HUDBarWidget.of(bar)?.setProgress(fraction, animated: false)
                return bar
            }
            let ring = HUDRingWidget.create()
            HUDRingWidget.of(ring)?.setProgress(fraction, animated: false)
            HUDRingWidget.of(ring)?.style = content.progressStyle
            return ring
        case .success: return image(.iconName(appearance.successImage), css: "hudimage-success", name: strings.success, appearance, textScale)
        case .error: return image(.iconName(appearance.errorImage), css: "hudimage-error", name: strings.error, appearance, textScale)
        case .info: return image(.iconName(appearance.infoImage), css: "hudimage-info", name: strings.information, appearance, textScale)
        case .image(let source): return image(source, css: "hudimage-custom", name: strings.image, appearance, textScale)
        case .custom(let carried):
            guard let custom = (carried as? GtkObjectContent)?.widget else { return nil }
            if gtk_widget_get_parent(custom) != nil { gtk_widget_unparent(custom) }
            g_object_ref(custom.raw) // the bezel's ObjectRef adopts this one
            return custom
        case .textOnly: return nil
        }
    }

    /// Moves a kept progress indicator to `fraction`.
    static func setProgress(_ fraction: Double, on indicator: UnsafeMutablePointer<GtkWidget>) {
        HUDRingWidget.of(indicator)?.setProgress(fraction)
        HUDBarWidget.of(indicator)?.setProgress(fraction)
    }

    /// An image from a GResource; empty when it is missing (see ``Texture``).
    private static func resourceImage(_ path: String) -> UnsafeMutablePointer<GtkWidget> {
        guard let texture = Texture.load(resource: path) else { return gtk_image_new()! }
        return gtk_image_new_from_paintable(texture.pointer.opaque)!
    }

    private static func image(_ source: ImageSource, css: String, name: String,
                              _ appearance: HUDAppearance, _ textScale: Double) -> UnsafeMutablePointer<GtkWidget> {
        let image: UnsafeMutablePointer<GtkWidget> = switch source {
        case .iconName(let icon): gtk_image_new_from_icon_name(icon)!
        case .file(let path): gtk_image_new_from_file(path)!
        case .resource(let path): resourceImage(path)
        case .external(let carried):
            (carried as? GtkObjectContent).map { gtk_image_new_from_paintable(OpaquePointer($0.object))! }
                ?? gtk_image_new()!
        }
        gtk_widget_add_css_class(image, "hudimage")
        gtk_widget_add_css_class(image, css)
        if !appearance.tintsImages { gtk_widget_add_css_class(image, "untinted") }
        // The default size comes from the stylesheet (`-gtk-icon-size: 28px`), so
        // an app's CSS can change it; a pixel size would override any CSS.
        if appearance.imageViewSize != HUDAppearance().imageViewSize {
            gtk_image_set_pixel_size(OpaquePointer(image), Int32((appearance.imageViewSize * textScale).rounded()))
        }
        if let color = appearance.foregroundImageColor {
            GeneratedStyle.setClass(on: image, node: "image", declarations: "color: \(color.cssValue);")
        }
        Accessible.setLabel(image, name)
        return image
    }
}

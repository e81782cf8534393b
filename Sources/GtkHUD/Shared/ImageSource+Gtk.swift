import CGtk
import HUDCore
import HUDWidgets

extension ImageSource {
    /// Any `GdkPaintable` (a `GdkTexture`, a `GtkIconPaintable`, your own);
    /// whatever shows it keeps a reference while it does.
    /// Something that is not a paintable gives an empty picture (and a message).
    @MainActor
    public static func paintable(_ paintable: some GdkPaintableConvertible) -> ImageSource {
        guard let pointer = paintable.gdkPaintable else {
            Diagnostics.report("ImageSource.paintable(_:)", "the value is not a GdkPaintable; no picture is shown.")
            return .iconName("")
        }
        return .external(GtkObjectContent(UnsafeMutableRawPointer(pointer)))
    }
}

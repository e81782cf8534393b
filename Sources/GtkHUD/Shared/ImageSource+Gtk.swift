import CGtk
import Foundation
import HUDCore
import HUDWidgets

extension ImageSource {
    /// Any `GdkPaintable` (a `GdkTexture`, a `GtkIconPaintable`, your own);
    /// whatever shows it keeps a reference while it does.
    @MainActor
    public static func paintable(_ paintable: OpaquePointer) -> ImageSource {
        .external(GtkObjectContent(UnsafeMutableRawPointer(paintable)))
    }

    /// An image file, by URL (a `file:` URL; its path is loaded).
    public static func file(_ url: URL) -> ImageSource {
        .file(url.path)
    }
}

import CGtk

/// Loading pictures into `GdkTexture`s without GTK's warnings: a missing or
/// broken file or resource gives nil (gtk_image_new_from_resource logs a
/// warning, which `G_DEBUG=fatal-warnings` turns into a crash).
@MainActor
public enum Texture {
    /// The image file at `path`, or nil.
    public static func load(file path: String) -> ObjectRef? {
        var error: UnsafeMutablePointer<GError>?
        let texture = path.withCString { gdk_texture_new_from_filename($0, &error) }
        if let error { g_error_free(error) }
        return texture.map { ObjectRef(adopting: UnsafeMutableRawPointer($0)) }
    }

    /// The image in a registered GResource at `path` (through a GFile, so a
    /// missing resource is an error rather than an abort), or nil.
    public static func load(resource path: String) -> ObjectRef? {
        guard let file = ("resource://" + path).withCString({ g_file_new_for_uri($0) }) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        let texture = gdk_texture_new_from_file(file, &error)
        if let error { g_error_free(error) }
        return texture.map { ObjectRef(adopting: UnsafeMutableRawPointer($0)) }
    }
}

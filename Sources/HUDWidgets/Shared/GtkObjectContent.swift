import CGtk
import GtkSupport
import HUDCore

/// A GTK object (an app's widget, a `GdkPaintable`) carried through HUDCore's
/// models as ``ExternalContent``, with the reference that keeps it alive.
///
/// Made by the public API from what the app passes in, read by the widget
/// that shows it: the object travels one way with the content. A floating
/// object (fresh from a GTK constructor) is sunk, as a GTK container would.
public final class GtkObjectContent: ExternalContent, @unchecked Sendable {
    private let reference: ObjectRef

    /// Holds `object` (taking over a floating reference).
    @MainActor
    public init(_ object: UnsafeMutableRawPointer) {
        reference = ObjectRef(retaining: object)
    }

    /// The object, as a raw GObject pointer.
    @MainActor
    public var object: UnsafeMutableRawPointer { reference.pointer }
    /// The object as a widget (only for content made from a widget).
    @MainActor
    public var widget: UnsafeMutablePointer<GtkWidget> { reference.widget }
}

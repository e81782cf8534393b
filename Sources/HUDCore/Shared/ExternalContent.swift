/// Something the GTK layer supplies for a model to carry to its presenter (a
/// `GdkPaintable`, an app's widget) without HUDCore knowing what it is.
///
/// HUDCore stays free of GTK, yet a banner's paintable or a HUD's custom widget
/// must travel with the content, one way, from the public API to the widget
/// that shows it. The GTK layer subclasses this to hold its object (and the
/// reference that keeps it alive); the widget casts it back. Two values are
/// equal only when they are the same object, so replacing a picture or a
/// widget always counts as a change.
///
/// `@unchecked Sendable`: content values are Sendable so they can be built
/// anywhere, but subclasses are created, read and released on the main actor
/// only (the GTK layer is `@MainActor`).
open class ExternalContent: Hashable, @unchecked Sendable {
    public init() {}

    public static func == (lhs: ExternalContent, rhs: ExternalContent) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

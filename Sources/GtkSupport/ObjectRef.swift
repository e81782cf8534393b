import CGtk

/// An owning reference to a GObject: holds exactly one strong reference and
/// drops it when the Swift object goes away.
///
/// Floating references (fresh widgets are "initially unowned") are sunk on
/// creation, so the count is always balanced: one `ref` or `ref_sink` taken
/// here, one `unref` in `deinit`.
@MainActor
public final class ObjectRef {
    /// The object, as an untyped GObject pointer.
    public let pointer: UnsafeMutableRawPointer

    /// Takes ownership of a newly created object: sinks it if floating,
    /// otherwise adopts the caller's reference (transfer full).
    public init(adopting pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
        if g_object_is_floating(pointer) != 0 {
            g_object_ref_sink(pointer)
        }
    }

    /// Adds a strong reference to an object someone else owns. A floating
    /// object (a widget fresh from its constructor that nobody owns yet) is
    /// sunk instead, as GTK containers do: a plain `ref` would leave the
    /// floating reference behind, and the widget would never be finalised.
    public init(retaining pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
        g_object_ref_sink(pointer)
    }

    isolated deinit {
        g_object_unref(pointer)
    }

    /// The object as a `GtkWidget` pointer (caller vouches for the type).
    public var widget: UnsafeMutablePointer<GtkWidget> {
        pointer.assumingMemoryBound(to: GtkWidget.self)
    }

    /// The object's current reference count, for leak tests.
    public var referenceCount: UInt32 {
        pointer.assumingMemoryBound(to: GObject.self).pointee.ref_count
    }
}

/// A weak reference to a GObject: `object` becomes nil once it is finalised.
///
/// Backed by `GWeakRef`, which is thread safe, so it may be read anywhere
/// (the object itself must still be used on the main thread).
public final class WeakObjectRef: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<GWeakRef>

    public init(_ pointer: UnsafeMutableRawPointer?) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: GWeakRef())
        g_weak_ref_init(storage, pointer)
    }

    deinit {
        g_weak_ref_clear(storage)
        storage.deallocate()
    }

    /// Whether the object is still alive.
    public var isAlive: Bool {
        guard let strong = g_weak_ref_get(storage) else { return false }
        g_object_unref(strong)
        return true
    }

    /// Runs `body` with a temporary strong reference if the object is alive.
    @discardableResult
    public func withObject<R>(_ body: (UnsafeMutableRawPointer) throws -> R) rethrows -> R? {
        guard let strong = g_weak_ref_get(storage) else { return nil }
        defer { g_object_unref(strong) }
        return try body(strong)
    }
}

/// Typed views of GObject pointers, so casts live in one place.
public extension UnsafeMutableRawPointer {
    /// This pointer as a `GtkWidget *`.
    var asWidget: UnsafeMutablePointer<GtkWidget> { assumingMemoryBound(to: GtkWidget.self) }
    /// This pointer as a `GObject *`.
    var asObject: UnsafeMutablePointer<GObject> { assumingMemoryBound(to: GObject.self) }
    /// This pointer as a pointer to a GObject struct type; the caller vouches for the type.
    func typed<T>(_ type: T.Type) -> UnsafeMutablePointer<T> { assumingMemoryBound(to: type) }
    /// This pointer as an opaque C pointer (for types Swift imports as `OpaquePointer`).
    var opaque: OpaquePointer { OpaquePointer(self) }
}

public extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The widget as an untyped GObject pointer.
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
    /// The widget as a `GtkAccessible *`.
    var accessible: OpaquePointer { OpaquePointer(self) }
    /// The widget as a pointer to a GTK struct type (`GtkWindow`, `GtkLabel`...); the caller vouches for the type.
    func cast<T>(to type: T.Type) -> UnsafeMutablePointer<T> { UnsafeMutableRawPointer(self).assumingMemoryBound(to: type) }
    /// The widget as a `GtkWindow *`.
    var asWindow: UnsafeMutablePointer<GtkWindow> { cast(to: GtkWindow.self) }

    /// The widget's children, first to last (bottom to top in drawing order).
    @MainActor
    var children: [UnsafeMutablePointer<GtkWidget>] {
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(self)
        while let current = child {
            result.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }
}

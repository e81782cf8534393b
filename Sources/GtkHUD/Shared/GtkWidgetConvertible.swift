import CGtk

/// Anything that stands for a GTK widget: the pointer types a GTK app holds
/// (`UnsafeMutablePointer<GtkWidget>`, `<GtkWindow>`, `<GtkApplicationWindow>`,
/// `<AdwApplicationWindow>`, `<AdwWindow>`, an `OpaquePointer` to any widget),
/// and, with one line, the widget classes of a Swift GTK binding:
///
/// ```swift
/// // A binding whose widgets expose their GtkWidget pointer, e.g. as `widgetPointer`:
/// extension SomeBinding.Widget: GtkWidgetConvertible {
///     public var gtkWidget: UnsafeMutablePointer<GtkWidget>? { widgetPointer }
/// }
/// ```
///
/// makoni/swift-adwaita's `Widget` has such a `widgetPointer`, so the line
/// above is its conformance. Judging by its sources (it wraps libadwaita 1.8
/// widgets such as `AdwShortcutsDialog` unconditionally) it needs libadwaita
/// 1.8, newer than Debian 12's 1.2 and Debian 13's 1.7; it was not built here.
///
/// Every GtkHUD call that takes a window or a widget takes one of these, so
/// no cast and no `import CGtk` is needed to call it.
public protocol GtkWidgetConvertible {
    /// The widget, or nil when this does not point to a live `GtkWidget`.
    @MainActor var gtkWidget: UnsafeMutablePointer<GtkWidget>? { get }
}

/// The C structs of GTK widget classes: a typed pointer to one is a widget pointer.
public protocol GtkWidgetStruct {}

extension GtkWidget: GtkWidgetStruct {}
extension GtkWindow: GtkWidgetStruct {}
extension GtkApplicationWindow: GtkWidgetStruct {}
extension AdwApplicationWindow: GtkWidgetStruct {}
extension AdwWindow: GtkWidgetStruct {}

extension UnsafeMutablePointer: GtkWidgetConvertible where Pointee: GtkWidgetStruct {
    /// The same object, as a `GtkWidget` pointer.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget>? {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: GtkWidget.self)
    }
}

extension OpaquePointer: GtkWidgetConvertible {
    /// The widget this points to; nil when it is not a `GtkWidget` (checked at run time).
    public var gtkWidget: UnsafeMutablePointer<GtkWidget>? {
        let raw = UnsafeMutableRawPointer(self)
        guard gtkhud_is_a(raw, gtk_widget_get_type()) != 0 else { return nil }
        return raw.assumingMemoryBound(to: GtkWidget.self)
    }
}

/// A widget GtkHUD hands back to you (an overlay, a banner, a bezel). Pass it
/// to any GtkHUD call, or take ``gtkWidget`` for GTK's C API or your binding:
/// `gtk_box_append(box, overlay.widget.gtkWidget)`.
public struct GtkWidgetRef: GtkWidgetConvertible, Hashable, @unchecked Sendable {
    // Sendable by hand: the pointer is only dereferenced by GTK on the main actor.
    nonisolated(unsafe) private let pointer: UnsafeMutablePointer<GtkWidget>?

    /// The widget (nil only for a reference made from something that is not a widget).
    public var gtkWidget: UnsafeMutablePointer<GtkWidget>? { pointer }

    /// A reference to the widget `widget` stands for.
    @MainActor
    public init(_ widget: some GtkWidgetConvertible) {
        pointer = widget.gtkWidget
    }

    init(pointer: UnsafeMutablePointer<GtkWidget>) {
        self.pointer = pointer
    }

    public static func == (lhs: GtkWidgetRef, rhs: GtkWidgetRef) -> Bool { lhs.pointer == rhs.pointer }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pointer)
    }
}

/// Anything that stands for a `GdkPaintable` (a `GdkTexture`, a `GtkIconPaintable`,
/// your own): an `OpaquePointer` to one, checked at run time, or your binding's type.
public protocol GdkPaintableConvertible {
    /// The paintable, or nil when this does not point to a `GdkPaintable`.
    @MainActor var gdkPaintable: OpaquePointer? { get }
}

extension OpaquePointer: GdkPaintableConvertible {
    /// The paintable this points to; nil when it is not one.
    public var gdkPaintable: OpaquePointer? {
        gtkhud_is_a(UnsafeMutableRawPointer(self), gdk_paintable_get_type()) != 0 ? self : nil
    }
}

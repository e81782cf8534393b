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

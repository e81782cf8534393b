import CGtk
import GtkSupport

/// Anything that stands for a `GtkApplication` (an `AdwApplication` is one):
/// the pointers a GTK app holds (`UnsafeMutablePointer<GtkApplication>`,
/// `<AdwApplication>`, `<GApplication>`, an `OpaquePointer`, each checked at
/// run time), a ``GtkHUDApplication``, or your binding's application type
/// with one line, as for ``GtkWidgetConvertible``.
///
/// The multi-window calls (``PresentationContext/activeWindow(of:)``,
/// ``PresentationContext/window(named:of:)``,
/// ``BannerCenter/broadcast(to:duration:_:)``) take one, or nil for the
/// app's default application (`g_application_get_default()`, the one that
/// runs), looked up when the message is shown.
public protocol GtkApplicationConvertible {
    /// The application, or nil when this does not point to a live `GtkApplication`.
    @MainActor var gtkApplication: UnsafeMutablePointer<GtkApplication>? { get }
}

/// The C structs of GLib's application classes: a typed pointer to one may be a `GtkApplication`.
public protocol GApplicationStruct {}

extension GApplication: GApplicationStruct {}
extension GtkApplication: GApplicationStruct {}
extension AdwApplication: GApplicationStruct {}

extension UnsafeMutablePointer: GtkApplicationConvertible where Pointee: GApplicationStruct {
    /// The same object as a `GtkApplication`; nil when it is a plain `GApplication` (it has no windows).
    public var gtkApplication: UnsafeMutablePointer<GtkApplication>? {
        OpaquePointer(self).gtkApplication
    }
}

extension OpaquePointer: GtkApplicationConvertible {
    /// The application this points to; nil when it is not a `GtkApplication` (checked at run time).
    public var gtkApplication: UnsafeMutablePointer<GtkApplication>? {
        let raw = UnsafeMutableRawPointer(self)
        guard gtkhud_is_a(raw, gtk_application_get_type()) != 0 else { return nil }
        return raw.assumingMemoryBound(to: GtkApplication.self)
    }
}

extension GtkHUDApplication: GtkApplicationConvertible {}

/// The application a multi-window call is about, kept without keeping it
/// alive, and found when the message is shown.
@MainActor
struct ApplicationTarget {
    private enum Source {
        /// `g_application_get_default()` at each look-up.
        case running
        case given(WeakObjectRef)
        /// Something that is not a `GtkApplication` was given.
        case notAnApplication
    }

    private let source: Source

    init(_ app: (any GtkApplicationConvertible)?) {
        guard let app else { source = .running; return }
        source = app.gtkApplication.map { .given(WeakObjectRef(UnsafeMutableRawPointer($0))) } ?? .notAnApplication
    }

    /// The application now, or why there is none.
    func application() -> Result<UnsafeMutablePointer<GtkApplication>, ApplicationWindows.Failure> {
        switch source {
        case .notAnApplication:
            return .failure(.noApplication("the application given is not a GtkApplication (a plain GApplication has no windows)."))
        case .given(let reference):
            guard let app = reference.withObject({ $0.assumingMemoryBound(to: GtkApplication.self) }) else {
                return .failure(.noApplication("the application given was finalised."))
            }
            return .success(app)
        case .running:
            guard let running = g_application_get_default() else {
                return .failure(.noApplication("there is no running application (g_application_get_default() is NULL); "
                    + "pass your application, or make it (gtk_application_new, adw_application_new) first."))
            }
            guard let app = OpaquePointer(running).gtkApplication else {
                return .failure(.noApplication("the default GApplication is not a GtkApplication, so it has no windows; "
                    + "name a window or an overlay instead."))
            }
            return .success(app)
        }
    }
}

import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// Where a HUD or a banner goes: one value every front end takes
/// (``ProgressHUD/context``, ``HUD/init(in:appearance:)``,
/// ``NotificationBanner/show(in:duration:)``, ``BannerCenter/for(_:)-(PresentationContext)``).
///
/// ```swift
/// ProgressHUD.context = .widget(sidebar)          // the nearest HUDOverlay around the sidebar
/// try HUD(in: .window(sidebar)).show()            // the sidebar's whole window
/// let banner = try NotificationBanner(title: "Synced")
/// banner.show(in: .overlay(mainPane), duration: 3) // that overlay's own queue
/// ```
///
/// Each ``HUDOverlay`` is a context of its own, as a nested `AdwToastOverlay`
/// is: its own banner queue, its own mask and keyboard block, its own place
/// for the shared HUD. Every call that takes a widget takes `.widget(w)`:
/// `HUD(on: w)` is `HUD(in: .widget(w))`.
@MainActor
public enum PresentationContext {
    /// Wherever ``router`` points (the active window by default).
    case automatic
    /// The whole window of a widget (the widget itself, or any widget in it),
    /// past any ``HUDOverlay`` inside it: the overlay that is the window's
    /// content, or else the layer GtkHUD adds to the window.
    case window(any GtkWidgetConvertible)
    /// That overlay.
    case overlay(HUDOverlay)
    /// The nearest ``HUDOverlay`` around the widget (or the widget itself when
    /// it is one), or else its window's, as ``window(_:)``. Inside an
    /// `AdwDialog` (libadwaita 1.5 and later) without an overlay of its own,
    /// the dialog gets a layer of its own, as a window does.
    case widget(any GtkWidgetConvertible)
    /// Wherever `router` points when the message is shown, as ``automatic``
    /// does with the app-wide ``router``. ``activeWindow(of:)`` and
    /// ``window(named:of:)`` are two such routers.
    case routed(PresentationRouter)

    /// The application's active window when the message is shown: the window
    /// of `app` the user focused last (`gtk_application_get_active_window`),
    /// if it is shown, else the shown one focused before it.
    ///
    /// In an app with several windows this is the app's own notion, kept by
    /// GTK per application, so a dialog the app never added to itself
    /// (`gtk_window_set_application`) does not count, and neither does another
    /// program's window. Nothing is kept but a weak reference to `app`.
    ///
    /// - Parameter app: the application; nil (the default) takes the one
    ///   running (`g_application_get_default()`) at each show.
    public static func activeWindow(of app: (any GtkApplicationConvertible)? = nil) -> PresentationContext {
        .routed(.activeWindow(of: app))
    }

    /// The window of `app` named `name` when the message is shown: its
    /// widget name (`gtk_widget_set_name`, the `name` property in a `.ui`
    /// file) or its id in a `.ui` file (`<object class="AdwApplicationWindow" id="editor">`).
    ///
    /// Names are GTK's own, so a window built from a `.ui` file is named
    /// already, and a name can be a role: among several windows of one name
    /// (one per document), the shown one the user focused last is taken. A
    /// named window that is hidden still takes its messages, which wait there
    /// until it is shown. No window of that name: the call is refused with a
    /// message listing the names there are (and saying so when the window of
    /// that name was never added to the application).
    public static func window(named name: String, of app: (any GtkApplicationConvertible)? = nil) -> PresentationContext {
        .routed(.window(named: name, of: app))
    }

    /// What ``automatic`` means: ``PresentationRouter/frontWindow`` (the active
    /// visible window, else the most recently listed visible one) unless you
    /// set another. Consulted at every show, never cached, so a message goes
    /// where the user is at that moment.
    public static var router: PresentationRouter = .frontWindow
}

/// Picks the context of ``PresentationContext/automatic`` when a message is shown.
///
/// ```swift
/// // Every automatic message into the main window's content pane:
/// PresentationContext.router = PresentationRouter { .overlay(mainPane) }
/// ```
@MainActor
public struct PresentationRouter {
    private let pick: @MainActor () -> Result<PresentationContext, OverlayHost.ResolveFailure>

    /// A router that calls `pick` at each show. Returning nil (or
    /// ``PresentationContext/automatic``) means "no window": the call is
    /// refused with a message, as with no window at all.
    public init(_ pick: @escaping @MainActor () -> PresentationContext?) {
        self.pick = { pick().map { .success($0) } ?? .failure(.noWindow) }
    }

    private init(picking pick: @escaping @MainActor () -> Result<PresentationContext, OverlayHost.ResolveFailure>) {
        self.pick = pick
    }

    /// The active visible window, else the most recently listed visible one
    /// (the default).
    public static var frontWindow: PresentationRouter {
        PresentationRouter { OverlayHost.frontWindow().map { .window(GtkWidgetRef(pointer: $0)) } }
    }

    /// The active window of `app` at each show; see ``PresentationContext/activeWindow(of:)``.
    /// As the app-wide router it sends every `.automatic` message (the shared
    /// HUD's, ``BannerCenter/front``'s, the calls from other threads) there:
    ///
    /// ```swift
    /// PresentationContext.router = .activeWindow(of: app)
    /// ```
    public static func activeWindow(of app: (any GtkApplicationConvertible)? = nil) -> PresentationRouter {
        routing(.active, of: ApplicationTarget(app))
    }

    /// The window of `app` named `name` at each show; see ``PresentationContext/window(named:of:)``.
    public static func window(named name: String, of app: (any GtkApplicationConvertible)? = nil) -> PresentationRouter {
        routing(.named(name), of: ApplicationTarget(app))
    }

    private static func routing(_ request: AppWindowChoice.Request, of target: ApplicationTarget) -> PresentationRouter {
        PresentationRouter(picking: {
            ApplicationWindows.pick(request, of: target)
                .map { .window(GtkWidgetRef(pointer: $0[0])) }
                .mapError { .refused($0.description) }
        })
    }

    /// The context this router picks now; never ``PresentationContext/automatic``.
    func route() -> Result<PresentationContext, OverlayHost.ResolveFailure> {
        pick().flatMap { context in
            if case .automatic = context { return .failure(.noWindow) }
            return .success(context)
        }
    }
}

/// A ``PresentationContext`` kept for later (``ProgressHUD/context``) without
/// keeping its widget alive: a widget or overlay that is gone reads as gone,
/// never as a dangling pointer.
@MainActor
struct StoredPresentationContext {
    private enum Target {
        case automatic
        case window(WeakObjectRef)
        case overlay(WeakObjectRef)
        case widget(WeakObjectRef)
        case routed(PresentationRouter)
    }

    private let target: Target

    init(_ context: PresentationContext) {
        switch context {
        case .automatic: target = .automatic
        case .window(let widget): target = widget.gtkWidget.map { .window(WeakObjectRef($0.raw)) } ?? .automatic
        case .overlay(let overlay): target = .overlay(WeakObjectRef(overlay.pointer.raw))
        case .widget(let widget): target = widget.gtkWidget.map { .widget(WeakObjectRef($0.raw)) } ?? .automatic
        case .routed(let router): target = .routed(router)
        }
    }

    /// How the shared HUD follows this context (HUDCore's ``/HUDCore/SharedHUDPlacement``):
    /// a named place at every call, a routed one when a run starts.
    var placement: SharedHUDPlacement.Context {
        switch target {
        case .automatic, .routed: .routed
        case .window, .overlay, .widget: .named
        }
    }

    /// The context, or nil when its widget is gone.
    var context: PresentationContext? {
        switch target {
        case .automatic: return .automatic
        case .routed(let router): return .routed(router)
        case .window(let reference): return reference.withObject { .window(GtkWidgetRef(pointer: $0.asWidget)) }
        case .widget(let reference): return reference.withObject { .widget(GtkWidgetRef(pointer: $0.asWidget)) }
        case .overlay(let reference):
            return reference.withObject { HUDOverlayWidget.of($0.asWidget).map { .overlay(HUDOverlay.facade(of: $0.widget)) } } ?? nil
        }
    }

    /// The widget it names, if it names one that is still there.
    var widget: UnsafeMutablePointer<GtkWidget>? {
        switch target {
        case .automatic, .routed: nil
        case .window(let reference), .widget(let reference), .overlay(let reference): reference.withObject { $0.asWidget }
        }
    }
}

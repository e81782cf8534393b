import CGtk
import GtkSupport
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
    private let pick: @MainActor () -> PresentationContext?

    /// A router that calls `pick` at each show. Returning nil (or
    /// ``PresentationContext/automatic``) means "no window": the call is
    /// refused with a message, as with no window at all.
    public init(_ pick: @escaping @MainActor () -> PresentationContext?) {
        self.pick = pick
    }

    /// The active visible window, else the most recently listed visible one
    /// (the default).
    public static var frontWindow: PresentationRouter {
        PresentationRouter { OverlayHost.frontWindow().map { .window(GtkWidgetRef(pointer: $0)) } }
    }

    /// The context this router picks now; never ``PresentationContext/automatic``.
    func route() -> PresentationContext? {
        switch pick() {
        case .automatic, nil: nil
        case let context?: context
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
    }

    private let target: Target

    init(_ context: PresentationContext) {
        switch context {
        case .automatic: target = .automatic
        case .window(let widget): target = widget.gtkWidget.map { .window(WeakObjectRef($0.raw)) } ?? .automatic
        case .overlay(let overlay): target = .overlay(WeakObjectRef(overlay.pointer.raw))
        case .widget(let widget): target = widget.gtkWidget.map { .widget(WeakObjectRef($0.raw)) } ?? .automatic
        }
    }

    /// Whether this names a widget or an overlay (not ``PresentationContext/automatic``).
    var isExplicit: Bool {
        if case .automatic = target { return false }
        return true
    }

    /// The context, or nil when its widget is gone.
    var context: PresentationContext? {
        switch target {
        case .automatic: return .automatic
        case .window(let reference): return reference.withObject { .window(GtkWidgetRef(pointer: $0.asWidget)) }
        case .widget(let reference): return reference.withObject { .widget(GtkWidgetRef(pointer: $0.asWidget)) }
        case .overlay(let reference):
            return reference.withObject { HUDOverlayWidget.of($0.asWidget).map { .overlay(HUDOverlay.facade(of: $0.widget)) } } ?? nil
        }
    }

    /// The widget it names, if it names one that is still there.
    var widget: UnsafeMutablePointer<GtkWidget>? {
        switch target {
        case .automatic: nil
        case .window(let reference), .widget(let reference), .overlay(let reference): reference.withObject { $0.asWidget }
        }
    }
}

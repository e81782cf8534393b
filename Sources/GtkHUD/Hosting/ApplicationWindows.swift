import CGtk
import GtkSupport
import HUDCore

/// An application's windows as HUDCore's ``AppWindowChoice`` sees them, and
/// the windows it picks (issue #27, multi-window apps).
@MainActor
enum ApplicationWindows {
    /// Why no window was found.
    enum Failure: Error, CustomStringConvertible {
        /// No application to ask (none running, not a `GtkApplication`, finalised).
        case noApplication(String)
        /// The application's windows gave nothing to pick.
        case refused(AppWindowChoice.Refusal)

        var description: String {
            switch self {
            case .noApplication(let reason): reason
            case .refused(let refusal): refusal.description
            }
        }
    }

    /// The windows of `target`'s application that `request` picks, in the application's order.
    static func pick(_ request: AppWindowChoice.Request,
                     of target: ApplicationTarget) -> Result<[UnsafeMutablePointer<GtkWidget>], Failure> {
        let app: UnsafeMutablePointer<GtkApplication>
        switch target.application() {
        case .success(let found): app = found
        case .failure(let failure): return .failure(failure)
        }
        let windows = liveWindows(of: app)
        // The toplevels never added to the app only make a refusal say why; they are never picked.
        let others = strayWindows(besides: windows)
        return AppWindowChoice.pick(request, among: windows.map(facts), others: others.map(facts))
            .map { $0.map { windows[$0] } }
            .mapError { .refused($0) }
    }

    /// The application's windows, most recently focused first (GTK moves a
    /// window to the front of the list when it becomes active), without one
    /// destroyed while the app still holds it.
    private static func liveWindows(of app: UnsafeMutablePointer<GtkApplication>) -> [UnsafeMutablePointer<GtkWidget>] {
        var windows: [UnsafeMutablePointer<GtkWidget>] = []
        var link = gtk_application_get_windows(app)
        while let node = link {
            if let window = node.pointee.data?.asWidget, WindowLiveness.destroyedWindow(of: window) == nil { windows.append(window) }
            link = node.pointee.next
        }
        return windows
    }

    /// GTK's toplevels that are not among `windows` (never added to the application).
    private static func strayWindows(besides windows: [UnsafeMutablePointer<GtkWidget>]) -> [UnsafeMutablePointer<GtkWidget>] {
        guard let list = gtk_window_get_toplevels() else { return [] }
        var strays: [UnsafeMutablePointer<GtkWidget>] = []
        for index in 0..<g_list_model_get_n_items(list) {
            guard let item = g_list_model_get_item(list, index) else { continue }
            let window = item.asWidget
            g_object_unref(item)
            if !windows.contains(window), WindowLiveness.destroyedWindow(of: window) == nil { strays.append(window) }
        }
        return strays
    }

    /// What ``AppWindowChoice`` needs to know of a window.
    private static func facts(of window: UnsafeMutablePointer<GtkWidget>) -> AppWindowChoice.Window {
        AppWindowChoice.Window(name: explicitName(of: window), buildableID: buildableID(of: window),
                               isVisible: gtk_widget_get_visible(window) != 0)
    }

    /// The widget name the app set; GTK answers the type's name when none was set, which names nothing.
    private static func explicitName(of window: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard let name = gtk_widget_get_name(window).map({ String(cString: $0) }) else { return nil }
        let typeName = String(cString: g_type_name_from_instance(window.raw.assumingMemoryBound(to: GTypeInstance.self)))
        return name == typeName || name.isEmpty ? nil : name
    }

    /// The window's id in the `.ui` file it was built from, if any.
    private static func buildableID(of window: UnsafeMutablePointer<GtkWidget>) -> String? {
        gtk_buildable_get_buildable_id(OpaquePointer(window)).map { String(cString: $0) }
    }
}

import CGtk
import GtkSupport

/// The smallest libadwaita application, for tools, examples and tests that
/// want a window to show HUDs and banners in without writing GTK set-up:
///
/// ```swift
/// import GtkHUD
///
/// let app = GtkHUDApplication(id: "org.example.Hello")
/// app.run(title: "Hello") { window in
///     ProgressHUD.showSuccess(status: "Ready")
///     try? NotificationBanner(title: "Welcome").show(on: window, duration: 3)
/// }
/// ```
///
/// `run` starts GLib's main loop (Swift's main actor runs on it, so
/// `Task { @MainActor in … }` and `await` work inside) and returns when the
/// last window closes or ``quit()`` is called. An app with its own
/// `AdwApplication` does not need this type: pass its windows to GtkHUD directly.
@MainActor
public final class GtkHUDApplication {
    private let application: ObjectRef
    private var window: ObjectRef?

    /// An application with the reverse-DNS `id` (e.g. `"org.example.Hello"`).
    public init(id: String) {
        application = ObjectRef(adopting: UnsafeMutableRawPointer(adw_application_new(id, GApplicationFlags(rawValue: 0))))
    }

    /// Runs the application: once it starts, opens a window titled `title`
    /// (an `AdwApplicationWindow` of `width` × `height` pixels, 640 × 480 by
    /// default, showing the title in the middle) and calls `activate` with it. Returns the exit status for `exit(_:)`.
    @discardableResult
    public func run(title: String, width: Int32 = 640, height: Int32 = 480,
                    activate: @escaping @MainActor (_ window: GtkWidgetRef) -> Void) -> Int32 {
        Signal.connect(application.pointer, "activate") { [weak self] in
            guard let self else { return }
            let window = self.makeWindow(title: title, width: width, height: height)
            activate(GtkWidgetRef(pointer: window))
        }
        return g_application_run(application.pointer.assumingMemoryBound(to: GApplication.self), 0, nil)
    }

    /// The `AdwApplication` underneath, for GTK calls and the multi-window
    /// calls (``PresentationContext/activeWindow(of:)``).
    public var gtkApplication: UnsafeMutablePointer<GtkApplication>? {
        application.pointer.assumingMemoryBound(to: GtkApplication.self)
    }

    /// Opens one more window of the application (call it once the application
    /// runs: from `activate` or later), titled `title`, `width` × `height`
    /// pixels, named `name` for ``PresentationContext/window(named:of:)`` when
    /// given. The window belongs to GTK (closing it destroys it).
    @discardableResult
    public func openWindow(title: String, name: String? = nil, width: Int32 = 640, height: Int32 = 480) -> GtkWidgetRef {
        let window = newWindow(title: title, width: width, height: height)
        if let name { gtk_widget_set_name(window, name) }
        return GtkWidgetRef(pointer: window)
    }

    /// Closes the window and ends ``run(title:width:height:activate:)``.
    public func quit() {
        if let window { gtk_window_destroy(window.widget.asWindow) }
        window = nil
        g_application_quit(application.pointer.assumingMemoryBound(to: GApplication.self))
    }

    private func makeWindow(title: String, width: Int32, height: Int32) -> UnsafeMutablePointer<GtkWidget> {
        let created = newWindow(title: title, width: width, height: height)
        window = ObjectRef(retaining: created.raw)
        return created
    }

    private func newWindow(title: String, width: Int32, height: Int32) -> UnsafeMutablePointer<GtkWidget> {
        let created = adw_application_window_new(application.pointer.assumingMemoryBound(to: GtkApplication.self))!
        gtk_window_set_title(created.asWindow, title)
        gtk_window_set_default_size(created.asWindow, width, height)
        let page = adw_status_page_new()!
        adw_status_page_set_title(OpaquePointer(page), title)
        adw_application_window_set_content(created.raw.typed(AdwApplicationWindow.self), page)
        gtk_window_present(created.asWindow)
        return created
    }
}

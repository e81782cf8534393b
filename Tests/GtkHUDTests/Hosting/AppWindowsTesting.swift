import CGtk
@testable import GtkHUD
import GtkSupport
import XCTest

/// A running `AdwApplication` with windows of its own, for issue #27's
/// multi-window tests: `body` runs inside the application's `activate`, as an
/// app's code does; when it returns the windows close and the application
/// ends (its `g_application_run` returns), so nothing outlives the test.
@MainActor
final class AppWindows {
    let app: UnsafeMutablePointer<GtkApplication>
    /// The application's windows, each an `AdwApplicationWindow` holding one button.
    private(set) var hosts: [HostWindow] = []
    private(set) var buttons: [UnsafeMutablePointer<GtkWidget>] = []
    /// Clicks each window's button received.
    private(set) var clicks: [Int] = []

    private init(app: UnsafeMutablePointer<GtkApplication>) { self.app = app }

    var windows: [UnsafeMutablePointer<GtkWidget>] { hosts.map(\.window) }

    /// Opens one more window of the application, named `name` (`gtk_widget_set_name`) when given.
    @discardableResult
    func open(_ title: String, name: String? = nil) -> HostWindow {
        let window = adw_application_window_new(app)!
        if let name { gtk_widget_set_name(window, name) }
        let host = HostWindow(adopting: window, width: 320, height: 200)
        let index = buttons.count
        let button = gtk_button_new_with_label("\(title) button")!
        Signal.connect(button.raw, "clicked") { [weak self] in self?.clicks[index] += 1 }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_valign(button, GTK_ALIGN_START)
        gtk_box_append(box.cast(to: GtkBox.self), button)
        adw_application_window_set_content(window.raw.typed(AdwApplicationWindow.self), box)
        title.withCString { gtk_window_set_title(window.asWindow, $0) }
        host.present()
        hosts.append(host)
        buttons.append(button)
        clicks.append(0)
        return host
    }

    /// Runs an application with `count` windows ("One", "Two", …) and `body` inside its `activate`.
    static func run(windows count: Int, _ body: @MainActor (AppWindows) throws -> Void) throws {
        try HUDTesting.requireDisplay()
        let app = adw_application_new("org.gtkhud.MultiWindowTests", G_APPLICATION_NON_UNIQUE)!
        let application = UnsafeMutableRawPointer(app).assumingMemoryBound(to: GtkApplication.self)
        let reference = ObjectRef(adopting: UnsafeMutableRawPointer(app))
        var failure: Error?
        withoutActuallyEscaping(body) { body in
            let activation = Signal.connect(reference.pointer, "activate") {
                let windows = AppWindows(app: application)
                for index in 0..<count { windows.open(["One", "Two", "Three"][index]) }
                do { try body(windows) } catch { failure = error }
                windows.closeAll()
            }
            XCTAssertEqual(g_application_run(reference.pointer.typed(GApplication.self), 0, nil), 0)
            activation.disconnect()
        }
        if let failure { throw failure }
    }

    /// Closes every window still open: the application then ends.
    func closeAll() {
        ProgressHUD.reset()
        ProgressHUD.context = .automatic
        PresentationContext.router = .frontWindow
        for host in hosts { host.close() }
    }
}

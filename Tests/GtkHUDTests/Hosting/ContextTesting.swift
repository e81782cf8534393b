import CGtk
@testable import GtkHUD
import GtkSupport
import HUDCore
import XCTest

/// A window split in two panes (a `GtkPaned`), each wrapped in its own
/// `HUDOverlay`: the contexts of issue #27's tests.
@MainActor
struct SplitWindow {
    let host: HostWindow
    let paned: UnsafeMutablePointer<GtkWidget>
    let left: HUDOverlay
    let right: HUDOverlay
    /// Two buttons in each pane, top to bottom.
    let leftButtons: [UnsafeMutablePointer<GtkWidget>]
    let rightButtons: [UnsafeMutablePointer<GtkWidget>]

    init(title: String = "Contexts") {
        host = HostWindow(width: 560, height: 320, title: title)
        paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)
        (left, leftButtons) = Self.pane("Left")
        (right, rightButtons) = Self.pane("Right")
        let typed = OpaquePointer(paned)
        gtk_paned_set_start_child(typed, left.pointer)
        gtk_paned_set_end_child(typed, right.pointer)
        gtk_paned_set_position(typed, 280)
        host.setChild(paned)
        host.present()
    }

    private static func pane(_ name: String) -> (HUDOverlay, [UnsafeMutablePointer<GtkWidget>]) {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let buttons = (1...2).map { gtk_button_new_with_label("\(name) \($0)")! }
        for button in buttons { gtk_box_append(box.cast(to: GtkBox.self), button) }
        gtk_widget_set_size_request(box, 200, -1)
        return (HUDOverlay(content: box)!, buttons)
    }

    var focus: UnsafeMutablePointer<GtkWidget>? { gtk_window_get_focus(host.window.asWindow) }

    /// Whether `widget` is `overlay`'s content or inside it (its HUDs and banners are not).
    static func isInContent(_ widget: UnsafeMutablePointer<GtkWidget>?, of overlay: HUDOverlay) -> Bool {
        guard let widget, let content = overlay.content?.gtkWidget else { return false }
        return widget == content || gtk_widget_is_ancestor(widget, content) != 0
    }

    static var blocking: HUDAppearance {
        var appearance = HUD.defaultAppearance
        appearance.mask = .black
        return appearance
    }
}

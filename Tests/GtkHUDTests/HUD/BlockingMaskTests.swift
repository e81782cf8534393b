import CGtk
@testable import GtkHUD
import GtkSupport
import XCTest

/// Blocking masks keep keyboard focus out of the content, together.
final class BlockingMaskTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { Announcer.mechanisms = .all }
    }

    @MainActor
    private static func window() -> (host: HostWindow, entry: UnsafeMutablePointer<GtkWidget>) {
        let host = HostWindow(width: 480, height: 360, title: "Blocking masks")
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let entry = gtk_entry_new()!
        gtk_box_append(box.cast(to: GtkBox.self), entry)
        host.setChild(box)
        host.present()
        gtk_widget_grab_focus(entry)
        return (host, entry)
    }

    @MainActor
    private static func blockingHUD(on host: HostWindow, _ label: String) -> HUD {
        var appearance = HUD.defaultAppearance
        appearance.mask = .black
        let hud = (try! HUD(on: host.window, appearance: appearance))
        hud.label = label
        hud.show(animated: false)
        return hud
    }

    /// Whether keyboard focus is `widget` or inside it (an entry's focus sits in its GtkText).
    @MainActor
    private static func hasFocus(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// Two blocking HUDs: hiding the first keeps focus on the second's bezel;
    /// hiding the second gives the entry its focus and the content its keyboard back.
    func testTwoBlockingHUDsShareOneBlock() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, entry) = Self.window()
            defer { host.close() }
            XCTAssertTrue(Self.hasFocus(entry))
            let first = Self.blockingHUD(on: host, "First")
            let second = Self.blockingHUD(on: host, "Second")
            XCTAssertEqual(second.view.bezelWidget.map { gtk_widget_has_focus($0) != 0 }, true, "the top bezel has focus")
            first.hide(animated: false)
            HUDTesting.wait("the first HUD gone") { !first.isVisible }
            XCTAssertFalse(Self.hasFocus(entry), "focus went back behind the second mask")
            XCTAssertEqual(second.view.bezelWidget.map { gtk_widget_has_focus($0) != 0 }, true, "the remaining bezel keeps focus")
            second.hide(animated: false)
            HUDTesting.wait("the second HUD gone") { !second.isVisible }
            XCTAssertTrue(Self.hasFocus(entry), "focus is back in the entry")
            let content = gtk_widget_get_parent(entry)!
            XCTAssertNotEqual(gtk_widget_get_can_focus(content), 0, "the content can take focus again (the keyboard was dead)")
        }
    }

    /// Bug 4 (issue #19): a shown blocking HUD whose mask becomes non-blocking
    /// gives the keyboard back at once; made blocking again, it takes it again.
    func testChangingTheMaskOfAShownHUDBlocksAndUnblocksAtOnce() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, entry) = Self.window()
            defer { host.close() }
            let content = gtk_widget_get_parent(entry)!
            let hud = Self.blockingHUD(on: host, "Blocking")
            XCTAssertEqual(gtk_widget_get_can_focus(content), 0, "blocked")
            var appearance = hud.appearance
            appearance.mask = .none
            hud.appearance = appearance
            XCTAssertNotEqual(gtk_widget_get_can_focus(content), 0, "the content can take focus with a non-blocking mask")
            XCTAssertTrue(Self.hasFocus(entry), "focus went back to the entry")
            appearance.mask = .black
            hud.appearance = appearance
            XCTAssertEqual(gtk_widget_get_can_focus(content), 0, "blocked again")
            XCTAssertFalse(Self.hasFocus(entry))
            hud.hide(animated: false)
            HUDTesting.wait("the HUD gone") { !hud.isVisible }
            XCTAssertNotEqual(gtk_widget_get_can_focus(content), 0)
            XCTAssertTrue(Self.hasFocus(entry))
        }
    }

    /// The same for the shared HUD, whose appearance is set on `ProgressHUD`.
    func testChangingTheSharedHUDsMaskWhileShownUnblocks() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, entry) = Self.window()
            defer { host.close(); ProgressHUD.reset(); ProgressHUD.appearance = HUDAppearance(); ProgressHUD.host = nil }
            let content = gtk_widget_get_parent(entry)!
            ProgressHUD.host = host.window
            var appearance = HUDAppearance()
            appearance.mask = .black
            ProgressHUD.appearance = appearance
            ProgressHUD.show(status: "Shared")
            HUDTesting.wait("the shared HUD") { ProgressHUD.isVisible }
            XCTAssertEqual(gtk_widget_get_can_focus(content), 0)
            appearance.mask = .none
            ProgressHUD.appearance = appearance
            XCTAssertNotEqual(gtk_widget_get_can_focus(content), 0, "no mask does not block")
        }
    }

    /// Without the focus mechanism, the focused widget still loses focus while blocked.
    func testWithoutFocusForBlockingHUDsTheFocusedWidgetStillLosesFocus() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            Announcer.mechanisms = [.native, .focusDescription]
            let (host, entry) = Self.window()
            defer { host.close() }
            let hud = Self.blockingHUD(on: host, "Blocked")
            XCTAssertFalse(Self.hasFocus(entry), "keys would still reach the entry behind the mask")
            hud.hide(animated: false)
            HUDTesting.wait("gone") { !hud.isVisible }
            XCTAssertTrue(Self.hasFocus(entry))
        }
    }
}

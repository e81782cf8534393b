import CGtk
@testable import GtkHUD
import GtkSupport
import XCTest

/// The block that blocking HUDs share on one overlay: who holds the focus
/// while several are up, and what the content gets back at the end (exactly
/// the state the app had, not a default). BlockingMaskTests covers the common
/// case: two HUDs, content that could take focus.
final class ContentBlockTests: XCTestCase {
    /// Content the app made unfocusable stays unfocusable after a blocking HUD.
    func testContentThatCouldNotTakeFocusStaysThatWay() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let host = HostWindow(width: 480, height: 360, title: "Content block")
            defer { host.close() }
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
            gtk_box_append(box.cast(to: GtkBox.self), gtk_button_new_with_label("Behind"))
            gtk_widget_set_can_focus(box, 0)
            host.setChild(box)
            host.present()
            host.waitForFrames(2)

            var appearance = HUD.defaultAppearance
            appearance.mask = .black
            let hud = try! HUD(on: host.window, appearance: appearance)
            hud.show(animated: false)
            host.waitForFrames(1)
            XCTAssertEqual(gtk_widget_get_can_focus(box), 0, "blocked")
            hud.hide(animated: false)
            HUDTesting.wait("the HUD gone") { hud.isFinished }
            XCTAssertEqual(gtk_widget_get_can_focus(box), 0, "the app's can-focus = false is given back, not true")
        }
    }

    /// Three blocking HUDs: when the top one goes, the one below it (the topmost
    /// left) holds the focus, not the oldest. With two, both are the same one.
    func testTheTopmostRemainingHUDHoldsTheFocus() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            var appearance = HUD.defaultAppearance
            appearance.mask = .black
            let huds = ["Bottom", "Middle", "Top"].map { label -> HUD in
                let hud = try! HUD(on: host.window, appearance: appearance)
                hud.label = label
                hud.show(animated: false)
                return hud
            }
            host.waitForFrames(1)
            @MainActor func focused(_ hud: HUD) -> Bool { hud.view.bezelWidget.map { gtk_widget_has_focus($0) != 0 } ?? false }
            XCTAssertTrue(focused(huds[2]))
            huds[2].hide(animated: false)
            HUDTesting.wait("the top HUD gone") { huds[2].isFinished }
            XCTAssertTrue(focused(huds[1]), "the HUD now on top holds the focus")
            XCTAssertFalse(focused(huds[0]))
            for hud in huds.prefix(2) { hud.hide(animated: false) }
            HUDTesting.wait("all gone") { huds.allSatisfy(\.isFinished) }
        }
    }
}

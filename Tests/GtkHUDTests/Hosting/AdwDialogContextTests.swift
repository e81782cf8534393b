import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Issue #27: an `AdwDialog` (libadwaita 1.5+, looked up at run time; Debian
/// 13 has 1.7) is drawn inside its parent window. A HUD or a banner for a
/// widget in it goes into the dialog's card, not over the whole window.
final class AdwDialogContextTests: XCTestCase {
    private typealias New = @convention(c) () -> UnsafeMutablePointer<GtkWidget>?
    private typealias SetChild = @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GtkWidget>?) -> Void
    private typealias Present = @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GtkWidget>?) -> Void
    private typealias Close = @convention(c) (UnsafeMutablePointer<GtkWidget>?) -> Void

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }

    func testAHUDAndABannerInAnAdwDialogStayInsideTheDialog() throws {
        try HUDTesting.requireDisplay()
        guard let new = Self.symbol("adw_dialog_new", as: New.self),
              let setChild = Self.symbol("adw_dialog_set_child", as: SetChild.self),
              let present = Self.symbol("adw_dialog_present", as: Present.self),
              let close = Self.symbol("adw_dialog_close", as: Close.self) else {
            throw XCTSkip("AdwDialog needs libadwaita 1.5 (this is \(adw_get_major_version()).\(adw_get_minor_version()))")
        }
        try MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            defer { HUDTesting.setAnimations(true) }
            let host = HostWindow(adopting: adw_window_new(), width: 640, height: 480)
            defer { host.close() }
            let windowContent = gtk_button_new_with_label("Window content")!
            adw_window_set_content(host.window.raw.typed(AdwWindow.self), windowContent)
            host.present()
            let dialog = try XCTUnwrap(new())
            let button = gtk_button_new_with_label("In the dialog")!
            gtk_widget_set_size_request(button, 240, 160)
            setChild(dialog, button)
            present(dialog, host.window)
            HUDTesting.wait("the dialog on screen") { gtk_widget_get_mapped(button) != 0 }
            host.waitForFrames(3)
            let card = try XCTUnwrap(gtk_widget_get_parent(button))

            let center = try XCTUnwrap(BannerCenter.for(button))
            XCTAssertFalse(center === BannerCenter.for(host.window), "the dialog is a context of its own")
            let hud = try HUD(on: button, appearance: SplitWindow.blocking)
            hud.show(animated: false)
            host.waitForFrames(2)
            let bezel = try XCTUnwrap(hud.view.bezelWidget)
            XCTAssertNotEqual(gtk_widget_is_ancestor(bezel, card), 0, "the HUD is in the dialog's card")
            XCTAssertEqual(gtk_widget_get_can_focus(button), 0, "the dialog's content is blocked")
            XCTAssertNotEqual(gtk_widget_get_can_focus(windowContent), 0, "the window's content is not touched")
            var cardBounds = graphene_rect_t(), maskBounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(card, host.window, &cardBounds), 0)
            let mask = try XCTUnwrap(gtk_widget_get_prev_sibling(bezel))
            XCTAssertNotEqual(gtk_widget_compute_bounds(mask, host.window, &maskBounds), 0)
            XCTAssertEqual(maskBounds.size.width, cardBounds.size.width, accuracy: 1, "the mask covers the card, not the window")
            XCTAssertEqual(maskBounds.size.height, cardBounds.size.height, accuracy: 1)
            XCTAssertLessThan(maskBounds.size.width, Float(gtk_widget_get_width(host.window)))

            close(dialog)
            HUDTesting.wait("the HUD to end with its dialog") { !hud.isVisible }
            HUDTesting.wait("the window's content to take focus again") { gtk_widget_get_can_focus(windowContent) != 0 }
        }
    }
}

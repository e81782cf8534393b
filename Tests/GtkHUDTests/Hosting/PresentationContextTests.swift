import CGtk
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// "Where does this go?": one value (`PresentationContext`) resolved by one
/// function (`OverlayHost.resolve`), and every front end takes it.
final class PresentationContextTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            PresentationContext.router = .frontWindow
            ProgressHUD.reset()
            ProgressHUD.context = .automatic
        }
    }

    /// A window whose content is a box holding a `HUDOverlay` (around a label) and a button beside it.
    @MainActor private static func windowWithPane() -> (host: HostWindow, pane: HUDOverlay, inside: UnsafeMutablePointer<GtkWidget>,
                                                       outside: UnsafeMutablePointer<GtkWidget>) {
        let host = HostWindow(width: 480, height: 300, title: "Contexts")
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        let inside = gtk_button_new_with_label("Inside")!
        let pane = HUDOverlay(content: inside)!
        gtk_widget_set_hexpand(pane.pointer, 1)
        let outside = gtk_button_new_with_label("Outside")!
        gtk_box_append(box.cast(to: GtkBox.self), pane.pointer)
        gtk_box_append(box.cast(to: GtkBox.self), outside)
        host.setChild(box)
        host.present()
        return (host, pane, inside, outside)
    }

    func testAWidgetGoesToTheNearestOverlayAndItsWindowToTheWindowWideOne() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, pane, inside, outside) = Self.windowWithPane()
            defer { host.close() }
            let paneCenter = BannerCenter.for(.widget(inside))
            XCTAssertNotNil(paneCenter)
            XCTAssertTrue(paneCenter === BannerCenter.for(inside), "the widget API means .widget")
            XCTAssertTrue(paneCenter === BannerCenter.for(.overlay(pane)), "the pane's own overlay")
            let windowCenter = BannerCenter.for(.window(inside))
            XCTAssertFalse(paneCenter === windowCenter, ".window skips the pane's overlay")
            XCTAssertTrue(windowCenter === BannerCenter.for(.widget(outside)), "a widget outside the pane goes to the window")
            XCTAssertTrue(windowCenter === BannerCenter.for(host.window))
        }
    }

    func testTheRouterDecidesWhereAutomaticGoes() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, pane, _, _) = Self.windowWithPane()
            defer { host.close() }
            PresentationContext.router = PresentationRouter { .overlay(pane) }
            XCTAssertTrue(BannerCenter.for(.automatic) === BannerCenter.for(.overlay(pane)))
            XCTAssertTrue(BannerCenter.front === BannerCenter.for(.overlay(pane)))
            let hud = try! HUD(in: .automatic)
            hud.show(animated: false)
            XCTAssertTrue(HUD.hud(for: pane.widget) === hud, "the HUD is in the routed pane")
            hud.hide(animated: false)
            ProgressHUD.show(status: "Routed")
            let bezel = try! XCTUnwrap(ProgressHUD.bezelWidget?.gtkWidget)
            XCTAssertEqual(gtk_widget_get_parent(bezel), pane.pointer, "the shared HUD follows the router")
        }
    }

    /// A router that finds nothing: every front end refuses with a message under its public name, nothing shows.
    func testARouterThatFindsNothingIsRefusedClearly() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _, _, _) = Self.windowWithPane()
            defer { host.close() }
            PresentationContext.router = PresentationRouter { nil }
            let banner = try! NotificationBanner(title: "Nowhere")
            let messages = HUDTesting.captureDiagnostics {
                XCTAssertNil(BannerCenter.for(.automatic))
                do { _ = try HUD(in: .automatic); XCTFail("no HUD without a window") }
                catch { XCTAssertEqual(error as? HUDError, .notInWindow) }
                banner.show(in: .automatic, duration: 1)
                ProgressHUD.show(status: "Nowhere")
            }
            XCTAssertEqual(banner.state, .hidden)
            XCTAssertFalse(ProgressHUD.isVisible)
            XCTAssertEqual(Set(messages.map(\.source)), ["HUD.init(in:)", "NotificationBanner.show(in:duration:)", "ProgressHUD.show(status:)"])
            XCTAssertTrue(messages.allSatisfy { $0.text.contains("no visible window") }, "\(messages)")
        }
    }

    func testTheSharedHUDGoesToItsContextAndMovesWhenItChanges() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, pane, inside, _) = Self.windowWithPane()
            defer { host.close() }
            ProgressHUD.context = .widget(inside)
            ProgressHUD.show(status: "In the pane")
            var bezel = try! XCTUnwrap(ProgressHUD.bezelWidget?.gtkWidget)
            XCTAssertEqual(gtk_widget_get_parent(bezel), pane.pointer)
            XCTAssertEqual(ProgressHUD.host?.gtkWidget, inside, "host reads the widget of the context")
            ProgressHUD.context = .window(inside)
            ProgressHUD.show(status: "In the window")
            bezel = try! XCTUnwrap(ProgressHUD.bezelWidget?.gtkWidget)
            XCTAssertEqual(gtk_widget_get_parent(bezel), HUDOverlay.windowLayer(of: host.window))
        }
    }
}

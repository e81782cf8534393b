import CGtk
import GtkHUD
import GtkSupport
import HUDWidgets
import XCTest

final class ProgressHUDTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            ProgressHUD.reset()
            ProgressHUD.appearance = HUDAppearance()
            HUDTesting.setAnimations(true)
        }
    }

    func testSharedHUDAppearsInTheActiveWindowWithZeroSetUp() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, content) = HUDTesting.window()
            var events: [HUDEvent] = []
            let observation = ProgressHUD.observeEvents { events.append($0) }
            ProgressHUD.show(status: "Loading <b>&")
            HUDTesting.wait("didAppear") { events.contains(.didAppear(status: "Loading <b>&")) }
            XCTAssertTrue(ProgressHUD.isVisible)
            // The window got an overlay layer; its child is still the app's widget.
            XCTAssertTrue(gtk_window_get_child(host.window.asWindow) == content)
            let bezel = try! XCTUnwrap(ProgressHUD.bezelWidget)
            let overlay = try! XCTUnwrap(gtk_widget_get_parent(bezel))
            XCTAssertEqual(String(cString: gtk_widget_get_css_name(overlay)), "hudoverlay")
            XCTAssertTrue(gtk_widget_get_parent(overlay) == host.window, "the overlay is a layer of the window")
            XCTAssertEqual(String(cString: gtk_widget_get_css_name(bezel)), "hudbezel")
            XCTAssertEqual(gtk_accessible_get_accessible_role(bezel.accessible), GTK_ACCESSIBLE_ROLE_STATUS)
            host.waitForFrames(2)
            // Markup is shown literally.
            XCTAssertTrue(Self.labelTexts(in: bezel).contains("Loading <b>&"), "\(Self.labelTexts(in: bezel))")

            ProgressHUD.dismiss()
            HUDTesting.wait("didDisappear") { events.contains(.didDisappear(status: "Loading <b>&")) }
            XCTAssertFalse(ProgressHUD.isVisible)
            XCTAssertEqual(events.map(\.kind), ["willAppear", "didAppear", "willDisappear", "didDisappear"])
            observation.cancel()
            host.close()
        }
    }

    @MainActor private static func labelTexts(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var texts: [String] = []
        if gtkhud_is_a(widget.raw, gtk_label_get_type()) != 0 {
            texts.append(String(cString: gtk_label_get_text(OpaquePointer(widget))))
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            texts += labelTexts(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return texts
    }
}

extension HUDEvent {
    var kind: String {
        switch self {
        case .willAppear: "willAppear"
        case .didAppear: "didAppear"
        case .willDisappear: "willDisappear"
        case .didDisappear: "didDisappear"
        case .touchInside: "touchInside"
        case .touchOutside: "touchOutside"
        }
    }
}

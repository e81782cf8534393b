import CGtk
import GtkHUD
import HUDWidgets
import GtkSupport
import XCTest

final class BuilderTests: XCTestCase {
    func testOverlayIsUsableFromGtkBuilderFiles() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            HUDOverlay.registerWidgetTypes()
            let ui = """
            <interface>
              <object class="GtkWindow" id="window">
                <child>
                  <object class="GtkHUDOverlay" id="overlay">
                    <child><object class="GtkLabel" id="content"><property name="label">Hello</property></object></child>
                  </object>
                </child>
              </object>
            </interface>
            """
            let builder = gtk_builder_new_from_string(ui, -1)!
            defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
            let overlayObject = gtk_builder_get_object(builder, "overlay")!
            let content = gtk_builder_get_object(builder, "content")!
            let overlay = HUDOverlay(wrapping: UnsafeMutableRawPointer(overlayObject).asWidget)
            XCTAssertNotNil(overlay)
            XCTAssertEqual(overlay?.content.map(UnsafeMutableRawPointer.init), UnsafeMutableRawPointer(content))
            let window = UnsafeMutableRawPointer(gtk_builder_get_object(builder, "window")!).asWidget
            gtk_window_present(window.asWindow)
            let hud = try? HUD(on: UnsafeMutableRawPointer(content).asWidget)
            hud?.show(animated: false)
            XCTAssertEqual(HUD.allHUDs(for: overlay!.widget).count, 1, "HUDs find the overlay from the .ui file")
            gtk_window_destroy(window.asWindow)
            while MainLoop.iterate() {}
        }
    }

    func testOverlayPropertiesAreSetFromUIFilesAndNotify() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            HUDOverlay.registerWidgetTypes()
            let ui = """
            <interface>
              <object class="GtkHUDOverlay" id="overlay">
                <property name="banner-placement">covers-top-edge</property>
                <property name="content"><object class="GtkLabel" id="content"/></property>
              </object>
            </interface>
            """
            let builder = gtk_builder_new_from_string(ui, -1)!
            defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
            let overlayWidget = UnsafeMutableRawPointer(gtk_builder_get_object(builder, "overlay")!).asWidget
            g_object_ref_sink(overlayWidget.raw)
            defer { g_object_unref(overlayWidget.raw) }
            let content = UnsafeMutableRawPointer(gtk_builder_get_object(builder, "content")!)
            let overlay = HUDOverlayWidget.of(overlayWidget)!
            XCTAssertEqual(overlay.bannerPlacement, .coversTopEdge, "banner-placement from the .ui file")
            XCTAssertEqual(overlay.content.map(UnsafeMutableRawPointer.init), content, "content from the .ui file")

            // Read back through GObject, and notify when Swift changes it.
            var value = GValue()
            g_value_init(&value, gtkhud_type_string())
            g_object_get_property(overlayWidget.raw.asObject, "banner-placement", &value)
            XCTAssertEqual(String(cString: g_value_get_string(&value)), "covers-top-edge")
            g_value_unset(&value)
            var notified = 0
            Signal.connectPointer(overlayWidget.raw, "notify::banner-placement") { _ in notified += 1 }
            overlay.bannerPlacement = .belowHeaderBar
            overlay.bannerPlacement = .belowHeaderBar
            XCTAssertEqual(notified, 1, "one notify per real change")
        }
    }
}

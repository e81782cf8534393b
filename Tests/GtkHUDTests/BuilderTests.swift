import CGtk
import GtkHUD
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
            let hud = HUD(on: UnsafeMutableRawPointer(content).asWidget)
            hud?.show(animated: false)
            XCTAssertEqual(HUD.allHUDs(for: overlay!.widget).count, 1, "HUDs find the overlay from the .ui file")
            gtk_window_destroy(window.asWindow)
            while MainLoop.iterate() {}
        }
    }
}

import CGtk
import Foundation
import GtkSupport
import XCTest

/// Shared set-up for tests that need a real GTK display (Xvfb in scripts/test).
/// Without a display they skip, unless GTKHUD_REQUIRE_DISPLAY=1 makes that a failure.
enum GtkTesting {
    static func requireDisplay() throws {
        let ready = MainActor.assumeIsolated { GtkEnvironment.initialize() }
        if ready { return }
        if ProcessInfo.processInfo.environment["GTKHUD_REQUIRE_DISPLAY"] == "1" {
            XCTFail("GTK could not open a display (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset"))")
            throw XCTSkip("no display")
        }
        throw XCTSkip("GTK could not open a display; run scripts/test (it starts Xvfb)")
    }
}

/// A widget type registered from Swift for the tests: draws a red square in its left half.
final class RedSquare: SwiftWidget {
    static var gtype: GType {
        WidgetTypes.register(RedSquare.self, WidgetTypeDescription(
            typeName: "GtkHUDTestRedSquare", cssName: "redsquare", role: GTK_ACCESSIBLE_ROLE_IMG))
    }
    var snapshots = 0

    override func measure(_ orientation: GtkOrientation, forSize: Int32) -> WidgetMeasurement {
        WidgetMeasurement(minimum: 40, natural: 100)
    }

    override func snapshot(_ snapshot: OpaquePointer) {
        snapshots += 1
        let width = Double(gtk_widget_get_width(widget)), height = Double(gtk_widget_get_height(widget))
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, 0, 0, Float(width), Float(height))
        let cairo = gtk_snapshot_append_cairo(snapshot, &bounds)
        cairo_set_source_rgb(cairo, 1, 0, 0)
        cairo_rectangle(cairo, 0, 0, width / 2, height)
        cairo_fill(cairo)
        cairo_destroy(cairo)
    }
}

import CGtk
import GtkSupport
import HUDWidgets
import XCTest

/// The spinning arc is drawn from textures, one per angle step, appended
/// without a transform: GL renderers upload each once and the cairo renderer
/// composites its pixels directly, where a cairo node is re-rasterised every
/// frame and a rotated image costs a filtered composite (callgrind, GTK 4.8:
/// 4.25 M instructions a frame with a rotated cairo node, 2.72 M with a rotated
/// texture, 0.36 M now). Its pixels keep the CSS colour.
final class SpinnerArcTests: XCTestCase {
    func testSpinnerArcIsATextureInTheCSSColour() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let sheet = StyleSheet(priority: .application)
            sheet.load("hudring.spinner-arc-test { color: rgb(255, 0, 0); }")
            sheet.install()
            defer { sheet.uninstall() }
            let (host, ring) = Self.spinnerWindow(cssClass: "spinner-arc-test")
            defer { host.close() }

            let types = Self.nodeTypes(of: ring)
            XCTAssertTrue(types.contains(GSK_TEXTURE_NODE), "the arc is not a texture node: \(types.map(\.rawValue))")
            XCTAssertFalse(types.contains(GSK_CAIRO_NODE), "a cairo node is re-rasterised every frame: \(types.map(\.rawValue))")
            XCTAssertFalse(types.contains(GSK_TRANSFORM_NODE), "a rotated image costs a filtered composite every frame: \(types.map(\.rawValue))")

            // Red stays red: the texture's byte order matches cairo's ARGB32.
            guard let image = WidgetRenderer.render(ring) else { return XCTFail("the ring did not render") }
            let red = image.count { $0.alpha > 128 && $0.red > 200 && $0.blue < 60 && $0.green < 60 }
            let blue = image.count { $0.alpha > 128 && $0.blue > 200 && $0.red < 60 }
            XCTAssertGreaterThan(red, 20, "the arc lost its colour")
            XCTAssertEqual(blue, 0, "red and blue are swapped")
        }
    }

    /// The pre-turned arcs follow the spinner's colour: a colour change
    /// (dark style, high contrast, the app's CSS) is drawn at once.
    func testTheArcFollowsAColourChange() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let sheet = StyleSheet(priority: .application)
            sheet.load("hudring.arc-red { color: rgb(255, 0, 0); } hudring.arc-blue { color: rgb(0, 0, 255); }")
            sheet.install()
            defer { sheet.uninstall() }
            let (host, ring) = Self.spinnerWindow(cssClass: "arc-red")
            defer { host.close() }
            guard let red = WidgetRenderer.render(ring) else { return XCTFail("the ring did not render") }
            XCTAssertGreaterThan(red.count { $0.alpha > 128 && $0.red > 200 && $0.blue < 60 }, 20)
            // A turn and a half in red: the arcs of (nearly) every step are made in red.
            HUDTesting.setAnimations(true)
            host.waitForFrames(90)
            gtk_widget_remove_css_class(ring, "arc-red")
            gtk_widget_add_css_class(ring, "arc-blue")
            var redFrames = 0, blueFrames = 0
            for _ in 0..<90 {
                host.waitForFrames(1)
                guard let image = WidgetRenderer.render(ring) else { return XCTFail("the ring did not render") }
                if image.count(where: { $0.alpha > 128 && $0.red > 200 && $0.blue < 60 }) > 0 { redFrames += 1 }
                if image.count(where: { $0.alpha > 128 && $0.blue > 200 && $0.red < 60 }) > 20 { blueFrames += 1 }
            }
            XCTAssertEqual(redFrames, 0, "a red arc made before the change was drawn again")
            XCTAssertEqual(blueFrames, 90, "the arc turned blue")
        }
    }

    /// The arcs are turned through a whole turn: over a second the arc's
    /// weight (its middle) points into each quarter of the ring in turn.
    func testTheArcGoesRoundTheWholeTurn() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            HUDTesting.setAnimations(true)
            let (host, ring) = Self.spinnerWindow(cssClass: nil)
            defer { host.close() }
            var quarters = Set<Int>()
            // About five seconds of frames at most; a turn takes one.
            for _ in 0..<300 where quarters.count < 4 {
                host.waitForFrames(1)
                guard let image = WidgetRenderer.render(ring) else { return XCTFail("the ring did not render") }
                var x = 0.0, y = 0.0
                for row in 0..<image.height {
                    for column in 0..<image.width {
                        let alpha = Double(image.pixel(x: column, y: row).alpha)
                        x += alpha * (Double(column) - Double(image.width) / 2)
                        y += alpha * (Double(row) - Double(image.height) / 2)
                    }
                }
                quarters.insert((x >= 0 ? 0 : 1) + (y >= 0 ? 0 : 2))
            }
            XCTAssertEqual(quarters.count, 4, "the arc pointed only into the quarters \(quarters.sorted())")
        }
    }

    @MainActor
    private static func spinnerWindow(cssClass: String?) -> (HostWindow, UnsafeMutablePointer<GtkWidget>) {
        let host = HostWindow(width: 200, height: 200, title: "spinner arc")
        let ring = HUDRingWidget.createSpinner()
        if let cssClass { gtk_widget_add_css_class(ring, cssClass) }
        gtk_widget_set_halign(ring, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(ring, GTK_ALIGN_CENTER)
        host.setChild(ring)
        host.present()
        host.waitForFrames(3)
        return (host, ring)
    }

    /// The types of every node in the widget's drawing, depth first.
    @MainActor
    private static func nodeTypes(of widget: UnsafeMutablePointer<GtkWidget>) -> [GskRenderNodeType] {
        guard let paintable = gtk_widget_paintable_new(widget) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(paintable, snapshot, Double(gtk_widget_get_width(widget)), Double(gtk_widget_get_height(widget)))
        guard let root = gtk_snapshot_free_to_node(snapshot) else { return [] }
        defer { gsk_render_node_unref(root) }
        var types: [GskRenderNodeType] = []
        func visit(_ node: OpaquePointer) {
            let type = gsk_render_node_get_node_type(node)
            types.append(type)
            switch type {
            case GSK_CONTAINER_NODE:
                for index in 0..<gsk_container_node_get_n_children(node) {
                    visit(gsk_container_node_get_child(node, index))
                }
            case GSK_TRANSFORM_NODE: visit(gsk_transform_node_get_child(node))
            case GSK_CLIP_NODE: visit(gsk_clip_node_get_child(node))
            case GSK_ROUNDED_CLIP_NODE: visit(gsk_rounded_clip_node_get_child(node))
            case GSK_OPACITY_NODE: visit(gsk_opacity_node_get_child(node))
            case GSK_DEBUG_NODE: visit(gsk_debug_node_get_child(node))
            default: break
            }
        }
        visit(root)
        return types
    }
}

import CGtk
import GtkSupport
import HUDWidgets
import XCTest

/// The spinning arc is drawn from nodes made once per angle step and appended
/// as they are, without a transform: a frame rasterises nothing (a cairo node
/// of strokes re-rasterised every frame cost 4.25 M instructions a frame on
/// GTK 4.8, a rotated image a filtered composite, 2.72 M). Each step is a
/// texture node, which GL renderers upload once; on GTK before 4.10's cairo
/// renderer, which converts a texture's pixels through floats every frame
/// (112 k instructions), a cairo node recording one paint of the image
/// (callgrind, docs/performance.md, issue #28); on GTK 4.16 and later's GPU
/// renderers the arc's colour through a mask of the image, which they draw
/// with the op they draw text with (one shader fewer a window: 0.8 MiB under
/// Mesa's llvmpipe). Its pixels keep the CSS colour.
final class SpinnerArcTests: XCTestCase {
    func testSpinnerArcIsAKeptNodeInTheCSSColour() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let sheet = StyleSheet(priority: .application)
            sheet.load("hudring.spinner-arc-test { color: rgb(255, 0, 0); }")
            sheet.install()
            defer { sheet.uninstall() }
            let (host, ring) = Self.spinnerWindow(cssClass: "spinner-arc-test")
            defer { host.close() }

            let names = RenderNodeTree.withNodes(of: ring) { $0.map(Self.typeName) }
            XCTAssertEqual(names.filter(Self.arcNodeTypeNames.contains).count, 1, "one arc node: \(names)")
            XCTAssertTrue(names.contains(Self.expectedArcNodeTypeName(for: ring)),
                          "the arc is not drawn with the node its renderer draws cheapest: \(names)")
            XCTAssertFalse(names.contains("GskTransformNode"), "a rotated image costs a filtered composite every frame: \(names)")

            // Red stays red: the image's byte order matches cairo's ARGB32.
            guard let image = WidgetRenderer.render(ring) else { return XCTFail("the ring did not render") }
            let red = image.count { $0.alpha > 128 && $0.red > 200 && $0.blue < 60 && $0.green < 60 }
            let blue = image.count { $0.alpha > 128 && $0.blue > 200 && $0.red < 60 }
            XCTAssertGreaterThan(red, 20, "the arc lost its colour")
            XCTAssertEqual(blue, 0, "red and blue are swapped")
        }
    }

    /// Two turns draw at most one node per step of a turn: the frames of the
    /// second turn append the nodes the first made. Every node seen is held
    /// until the end, so a node made anew each frame cannot reuse a freed one's address.
    func testTheArcNodesAreMadeOncePerStep() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            HUDTesting.setAnimations(true)
            let (host, ring) = Self.spinnerWindow(cssClass: nil)
            defer { host.close() }
            var seen: [UInt: OpaquePointer] = [:]
            defer { for node in seen.values { gsk_render_node_unref(node) } }
            let steps = 60 // a turn's steps (HUDRingWidget.arcSteps)
            let frames = 2 * steps + 10
            for _ in 0..<frames {
                host.waitForFrames(1)
                RenderNodeTree.withNodes(of: ring) { nodes in
                    for node in nodes where Self.arcNodeTypeNames.contains(Self.typeName(node)) {
                        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(node)))
                        if seen[key] == nil { seen[key] = gsk_render_node_ref(node) }
                    }
                }
            }
            XCTAssertGreaterThan(seen.count, 4, "the arc did not turn")
            XCTAssertLessThanOrEqual(seen.count, steps, "\(frames) frames made \(seen.count) arc nodes")
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

    /// The node types an arc image is wrapped in (`HUDRingWidget.ArcNodeKind`).
    static let arcNodeTypeNames: Set<String> = ["GskTextureNode", "GskCairoNode", "GskMaskNode"]

    /// A render node's type name ("GskMaskNode": GTK 4.8's headers have no GSK_MASK_NODE).
    static func typeName(_ node: OpaquePointer) -> String {
        String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(node).assumingMemoryBound(to: GTypeInstance.self)))
    }

    /// The node GtkHUD wraps each arc image in for `ring`'s renderer: a cairo
    /// recording on GTK before 4.10's cairo renderer, the arc's colour through
    /// a mask on GTK 4.16 and later's GPU renderers, a texture otherwise.
    @MainActor
    static func expectedArcNodeTypeName(for ring: UnsafeMutablePointer<GtkWidget>) -> String {
        let cairo = WidgetRenderer.drawsWithCairo(ring)
        if gtk_get_minor_version() < 10 { return cairo ? "GskCairoNode" : "GskTextureNode" }
        return gtk_get_minor_version() >= 16 && !cairo ? "GskMaskNode" : "GskTextureNode"
    }

}

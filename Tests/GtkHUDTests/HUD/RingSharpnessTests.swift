import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// The ring and spinner are as sharp as GTK's own spinners at the scale the
/// window is drawn at: 1x, 2x (`GDK_SCALE=2`) and, on Wayland with GTK 4.14+,
/// fractional scales (125 %, 150 %). Each indicator is rendered alone (its
/// alpha is its coverage) at the window's device scale, and the steepest
/// alpha step across its stroke is compared.
final class RingSharpnessTests: XCTestCase {
    /// How sharp a stroke's edge is, from the alpha along the four axis-aligned
    /// rays out of the centre (exact pixels, no resampling by the measurement).
    struct EdgeSharpness: CustomStringConvertible {
        /// The steepest alpha step between neighbouring pixels over the ray's
        /// peak alpha: 1 for an edge that goes from nothing to full in one pixel.
        var steepness: Double
        /// Pixels part-way (10 %–90 % of the peak) across the ray with the best edge: a blurred edge has more.
        var partialPixels: Int
        var description: String { String(format: "steepness %.2f, %d partial px", steepness, partialPixels) }
    }

    static func sharpness(_ image: RenderedImage) -> EdgeSharpness? {
        let centerX = image.width / 2, centerY = image.height / 2
        let rays: [[Int]] = [
            (centerX..<image.width).map { Int(image.pixel(x: $0, y: centerY).alpha) },
            (0...centerX).reversed().map { Int(image.pixel(x: $0, y: centerY).alpha) },
            (centerY..<image.height).map { Int(image.pixel(x: centerX, y: $0).alpha) },
            (0...centerY).reversed().map { Int(image.pixel(x: centerX, y: $0).alpha) },
        ]
        var best: EdgeSharpness?
        for ray in rays {
            guard let peak = ray.max(), peak >= 96 else { continue }
            let step = zip(ray, ray.dropFirst()).map { abs($0 - $1) }.max() ?? 0
            let partial = ray.filter { $0 > peak / 10 && $0 < peak * 9 / 10 }.count
            let candidate = EdgeSharpness(steepness: Double(step) / Double(peak), partialPixels: partial)
            if best == nil || candidate.steepness > best!.steepness { best = candidate }
        }
        return best
    }

    func testRingAndSpinnerAreAsSharpAsGtksSpinnersAtTheWindowsScale() throws {
        try HUDTesting.withWindow { host, _ in
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
            let spinner = HUDRingWidget.createSpinner()
            let ring = HUDRingWidget.create()
            HUDRingWidget.of(ring)?.setProgress(1, animated: false)
            let gtkSpinner = gtk_spinner_new()!
            gtk_spinner_start(OpaquePointer(gtkSpinner))
            gtk_widget_set_size_request(gtkSpinner, 38, 38)
            let adwSpinner = gtkhud_adw_spinner_new() // libadwaita 1.6+
            if let adwSpinner { gtk_widget_set_size_request(adwSpinner, 38, 38) }
            for widget in [spinner, ring, gtkSpinner, adwSpinner].compactMap({ $0 }) {
                gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
                gtk_box_append(row.cast(to: GtkBox.self), widget)
            }
            host.setChild(row)
            host.waitForFrames(3)
            let scale = DeviceScale.of(ring)
            @MainActor func measure(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) -> EdgeSharpness? {
                // AdwSpinner's arc grows and shrinks as it turns; when it is short it can
                // miss all four rays, so a frame later is measured instead (up to 30).
                for _ in 0..<30 {
                    let image = WidgetRenderer.render(widget, scale: scale)
                    if let directory = ProcessInfo.processInfo.environment["GTKHUD_SHARPNESS_DIR"] {
                        WidgetRenderer.savePNG(widget, to: "\(directory)/\(name)-\(scale).png", scale: scale)
                    }
                    if let edge = image.flatMap(Self.sharpness) { return edge }
                    host.waitForFrames(1)
                }
                return nil
            }
            guard let spinnerEdge = measure(spinner, "ring-spinner"), let ringEdge = measure(ring, "ring-annular"),
                  let gtkEdge = measure(gtkSpinner, "gtkspinner") else {
                return XCTFail("an indicator drew nothing at scale \(scale)")
            }
            let adwEdge = adwSpinner.flatMap { measure($0, "adwspinner") }
            // scripts and the README quote this line.
            let renderer = gtk_native_get_renderer(gtk_widget_get_native(ring)).map {
                String(cString: g_type_name_from_instance(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GTypeInstance.self)))
            } ?? "no renderer"
            print("sharpness at device scale \(scale), GTK \(gtk_get_minor_version()), \(renderer): ring spinner \(spinnerEdge); "
                  + "annular ring \(ringEdge); GtkSpinner \(gtkEdge); AdwSpinner \(adwEdge.map(\.description) ?? (adwSpinner == nil ? "not in this libadwaita" : "drew nothing measurable"))")
            for (name, edge) in [("spinner", spinnerEdge), ("annular ring", ringEdge)] {
                XCTAssertGreaterThanOrEqual(edge.steepness, 0.6, "\(name) at \(scale): \(edge)")
                XCTAssertGreaterThanOrEqual(edge.steepness, gtkEdge.steepness - 0.15, "\(name) at \(scale) vs GtkSpinner \(gtkEdge)")
                if let adwEdge {
                    XCTAssertGreaterThanOrEqual(edge.steepness, adwEdge.steepness - 0.15, "\(name) at \(scale) vs AdwSpinner \(adwEdge)")
                }
            }
        }
    }

    /// On GTK 4.16 and later's GPU renderers the spinning arc is drawn as its
    /// colour through a mask of its image (one shader fewer in each window),
    /// and looks as the image drawn as a texture does, at the window's scale
    /// (this suite runs at 1x, 2x and on Wayland at 125 % and 150 %), in the
    /// theme's colour and in a translucent one. Where the image's pixels fall
    /// on the device's (1x, 150 %, 2x: 38 px is a whole number of device
    /// pixels), the same coverage in every pixel and the colour within 2
    /// levels: the mask multiplies the colour by the coverage exactly, the
    /// image holds cairo's rounding of it. At 125 % (47.5 device pixels for
    /// 48 of image) the two ops resample the image differently: as sharp and
    /// the same ink. Elsewhere (cairo, GTK 4.8) the arc stays a texture or a
    /// cairo recording, which the cairo renderers draw cheaper.
    func testTheArcThroughAMaskLooksAsTheTextureDoes() throws {
        try HUDTesting.withWindow { host, _ in
            let sheet = StyleSheet(priority: .application)
            sheet.load("hudring.arc-translucent { color: rgba(200, 30, 90, 0.6); }")
            sheet.install()
            defer { sheet.uninstall() }
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
            let themed = HUDRingWidget.createSpinner(), translucent = HUDRingWidget.createSpinner()
            gtk_widget_add_css_class(translucent, "arc-translucent")
            for ring in [themed, translucent] {
                gtk_widget_set_valign(ring, GTK_ALIGN_CENTER)
                gtk_box_append(row.cast(to: GtkBox.self), ring)
            }
            host.setChild(row)
            host.waitForFrames(3)
            let scale = DeviceScale.of(themed)
            let throughMask = HUDRingWidget.drawsArcThroughMask
            defer { HUDRingWidget.drawsArcThroughMask = throughMask }
            @MainActor func drawn(throughMask: Bool) -> [(image: RenderedImage, nodes: [String])] {
                HUDRingWidget.drawsArcThroughMask = throughMask
                for ring in [themed, translucent] { gtk_widget_queue_draw(ring) }
                host.waitForFrames(2)
                return [themed, translucent].compactMap { ring in
                    WidgetRenderer.render(ring, scale: scale).map { ($0, RenderNodeTree.withNodes(of: ring) { $0.map(SpinnerArcTests.typeName) }) }
                }
            }
            let textures = drawn(throughMask: false), masks = drawn(throughMask: true)
            guard textures.count == 2, masks.count == 2 else { return XCTFail("a ring did not render at \(scale)") }
            let expected = SpinnerArcTests.expectedArcNodeTypeName(for: themed)
            let width = Double(gtk_widget_get_width(themed)) * scale
            let pixelForPixel = abs(width - width.rounded()) < 0.001
            for (name, (texture, mask)) in zip(["themed", "translucent"], zip(textures, masks)) {
                XCTAssertTrue(mask.nodes.contains(expected), "\(name) arc at \(scale): \(mask.nodes), expected a \(expected)")
                XCTAssertFalse(texture.nodes.contains("GskMaskNode"), "\(name) arc drawn as a texture at \(scale): \(texture.nodes)")
                guard texture.image.width == mask.image.width, texture.image.height == mask.image.height else {
                    XCTFail("\(name) arc at \(scale): the two renderings differ in size"); continue
                }
                var differing = 0, alphaDifference = 0, colourDifference = 0
                var textureInk = 0, maskInk = 0
                for y in 0..<texture.image.height {
                    for x in 0..<texture.image.width {
                        let a = texture.image.pixel(x: x, y: y), b = mask.image.pixel(x: x, y: y)
                        let alpha = abs(Int(a.alpha) - Int(b.alpha))
                        let colour = [Int(a.red) - Int(b.red), Int(a.green) - Int(b.green), Int(a.blue) - Int(b.blue)].map(abs).max() ?? 0
                        if alpha > 0 || colour > 0 { differing += 1 }
                        alphaDifference = max(alphaDifference, alpha)
                        colourDifference = max(colourDifference, colour)
                        textureInk += Int(a.alpha)
                        maskInk += Int(b.alpha)
                    }
                }
                let textureEdge = Self.sharpness(texture.image), maskEdge = Self.sharpness(mask.image)
                print("arc through a mask, \(name), scale \(scale) (\(pixelForPixel ? "pixel for pixel" : "resampled")): "
                      + "\(differing) pixels differ from the texture's, alpha by up to \(alphaDifference), colour by up to \(colourDifference); "
                      + "ink \(maskInk) against \(textureInk); edge \(maskEdge.map(\.description) ?? "none") against \(textureEdge.map(\.description) ?? "none")")
                XCTAssertGreaterThan(maskInk, 20 * 255, "\(name) arc drew nothing at \(scale)")
                if pixelForPixel {
                    XCTAssertEqual(alphaDifference, 0, "\(name) arc at \(scale): the mask's coverage differs from the texture's")
                    XCTAssertLessThanOrEqual(colourDifference, 2, "\(name) arc at \(scale): the mask's colour differs from the texture's")
                } else {
                    XCTAssertEqual(Double(maskInk), Double(textureInk), accuracy: Double(textureInk) * 0.01,
                                   "\(name) arc at \(scale): the mask drew other ink than the texture")
                    if let textureEdge, let maskEdge {
                        XCTAssertGreaterThanOrEqual(maskEdge.steepness, textureEdge.steepness - 0.02,
                                                    "\(name) arc at \(scale): blurrier through the mask")
                    } else {
                        XCTFail("\(name) arc at \(scale): no edge to measure")
                    }
                }
            }
        }
    }
}

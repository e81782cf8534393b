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
            let (textures, masks) = Self.drawnBothWays([themed, translucent], in: host, scale: scale)
            guard textures.count == 2, masks.count == 2 else { return XCTFail("a ring did not render at \(scale)") }
            let expected = SpinnerArcTests.expectedArcNodeTypeName(for: themed)
            for (name, (texture, mask)) in zip(["themed", "translucent"], zip(textures, masks)) {
                XCTAssertTrue(mask.nodes.contains(expected), "\(name) arc at \(scale): \(mask.nodes), expected a \(expected)")
                XCTAssertFalse(texture.nodes.contains("GskMaskNode"), "\(name) arc drawn as a texture at \(scale): \(texture.nodes)")
                Self.assertLooksTheSame(mask.image, as: texture.image, "\(name) arc", widget: themed, scale: scale, measuresEdge: true)
            }
        }
    }

    /// On the same renderers the determinate ring, the pie and the bar are
    /// their colour through the alpha of their cairo drawing (one kind of draw
    /// fewer in each window: the first progress HUD on GTK 4.18's GL cost 5.3
    /// MiB as a cairo drawing against 4.4-4.5 for a first AdwToast), and look
    /// as the cairo drawing does, at every scale of this suite's passes, in the
    /// theme's colour and in a translucent one (the ring's track is its colour
    /// at 15 %). Elsewhere both are the cairo drawing.
    func testTheProgressDrawingsThroughAMaskLookAsCairosDo() throws {
        try HUDTesting.withWindow { host, _ in
            let sheet = StyleSheet(priority: .application)
            sheet.load("hudring.progress-translucent, hudbar.progress-translucent { color: rgba(200, 30, 90, 0.6); }")
            sheet.install()
            defer { sheet.uninstall() }
            let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
            var subjects: [(name: String, widget: UnsafeMutablePointer<GtkWidget>)] = []
            for translucent in [false, true] {
                let ring = HUDRingWidget.create(), pie = HUDRingWidget.create(), bar = HUDBarWidget.create()
                HUDRingWidget.of(pie)?.style = .pie
                for ring in [ring, pie] { HUDRingWidget.of(ring)?.setProgress(0.4, animated: false) }
                HUDBarWidget.of(bar)?.setProgress(0.4, animated: false)
                let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
                for (name, widget) in [("ring", ring), ("pie", pie), ("bar", bar)] {
                    if translucent { gtk_widget_add_css_class(widget, "progress-translucent") }
                    gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
                    gtk_box_append(row.cast(to: GtkBox.self), widget)
                    subjects.append(((translucent ? "translucent " : "themed ") + name, widget))
                }
                gtk_box_append(column.cast(to: GtkBox.self), row)
            }
            host.setChild(column)
            host.waitForFrames(3)
            let scale = DeviceScale.of(subjects[0].widget)
            let (cairos, masks) = Self.drawnBothWays(subjects.map(\.widget), in: host, scale: scale)
            guard cairos.count == subjects.count, masks.count == subjects.count else {
                return XCTFail("a progress indicator did not render at \(scale)")
            }
            let masked = SpinnerArcTests.expectedArcNodeTypeName(for: subjects[0].widget) == "GskMaskNode"
            for (subject, (cairo, mask)) in zip(subjects, zip(cairos, masks)) {
                XCTAssertEqual(mask.nodes.contains("GskMaskNode"), masked, "\(subject.name) at \(scale): \(mask.nodes)")
                XCTAssertTrue(cairo.nodes.contains("GskCairoNode") && !cairo.nodes.contains("GskMaskNode"),
                              "\(subject.name) as a cairo drawing at \(scale): \(cairo.nodes)")
                Self.assertLooksTheSame(mask.image, as: cairo.image, subject.name, widget: subject.widget, scale: scale,
                                        measuresEdge: !subject.name.hasSuffix("bar"))
            }
        }
    }

    /// Each of `widgets` rendered alone at `scale`, with the node types of its
    /// last drawing: drawn as before (``HUDRingWidget/drawsArcThroughMask`` off),
    /// then through a mask (on); the switch is restored after.
    @MainActor
    static func drawnBothWays(_ widgets: [UnsafeMutablePointer<GtkWidget>], in host: HostWindow, scale: Double)
        -> (before: [(image: RenderedImage, nodes: [String])], throughMask: [(image: RenderedImage, nodes: [String])]) {
        let throughMask = HUDRingWidget.drawsArcThroughMask
        defer { HUDRingWidget.drawsArcThroughMask = throughMask }
        func drawn(throughMask: Bool) -> [(image: RenderedImage, nodes: [String])] {
            HUDRingWidget.drawsArcThroughMask = throughMask
            for widget in widgets { gtk_widget_queue_draw(widget) }
            host.waitForFrames(2)
            return widgets.compactMap { widget in
                WidgetRenderer.render(widget, scale: scale)
                    .map { ($0, RenderNodeTree.withNodes(of: widget) { $0.map(SpinnerArcTests.typeName) }) }
            }
        }
        return (drawn(throughMask: false), drawn(throughMask: true))
    }

    /// `drawn` (through a mask) against `reference`: where `widget`'s pixels fall
    /// on the device's, the same coverage in every pixel and the colour within 2
    /// levels; where they do not (125 %), ink as close to the shape's (its ink at
    /// 1x times the scale squared) as the reference's, or within 1 % of it, and,
    /// when `measuresEdge`, an edge as steep. (At 125 % the cairo drawings of the
    /// determinate ring and bar fall 1.3 % and 2.7 % short of their shape's ink;
    /// through the mask 0.3 % short and 1.0 % over.)
    @MainActor
    static func assertLooksTheSame(_ drawn: RenderedImage, as reference: RenderedImage, _ name: String,
                                   widget: UnsafeMutablePointer<GtkWidget>, scale: Double, measuresEdge: Bool,
                                   file: StaticString = #filePath, line: UInt = #line) {
        guard reference.width == drawn.width, reference.height == drawn.height else {
            return XCTFail("\(name) at \(scale): the two renderings differ in size", file: file, line: line)
        }
        let width = Double(gtk_widget_get_width(widget)) * scale, height = Double(gtk_widget_get_height(widget)) * scale
        let pixelForPixel = abs(width - width.rounded()) < 0.001 && abs(height - height.rounded()) < 0.001
        var differing = 0, alphaDifference = 0, colourDifference = 0
        var referenceInk = 0, drawnInk = 0
        for y in 0..<reference.height {
            for x in 0..<reference.width {
                let a = reference.pixel(x: x, y: y), b = drawn.pixel(x: x, y: y)
                let alpha = abs(Int(a.alpha) - Int(b.alpha))
                let colour = [Int(a.red) - Int(b.red), Int(a.green) - Int(b.green), Int(a.blue) - Int(b.blue)].map(abs).max() ?? 0
                if alpha > 0 || colour > 0 { differing += 1 }
                alphaDifference = max(alphaDifference, alpha)
                colourDifference = max(colourDifference, colour)
                referenceInk += Int(a.alpha)
                drawnInk += Int(b.alpha)
            }
        }
        let referenceEdge = sharpness(reference), drawnEdge = sharpness(drawn)
        print("\(name) through a mask, scale \(scale) (\(pixelForPixel ? "pixel for pixel" : "resampled")): "
              + "\(differing) pixels differ, alpha by up to \(alphaDifference), colour by up to \(colourDifference); "
              + "ink \(drawnInk) against \(referenceInk); edge \(drawnEdge.map(\.description) ?? "none") against \(referenceEdge.map(\.description) ?? "none")")
        XCTAssertGreaterThan(drawnInk, 20 * 255, "\(name) drew nothing at \(scale)", file: file, line: line)
        if pixelForPixel {
            XCTAssertEqual(alphaDifference, 0, "\(name) at \(scale): the mask's coverage differs", file: file, line: line)
            XCTAssertLessThanOrEqual(colourDifference, 2, "\(name) at \(scale): the mask's colour differs", file: file, line: line)
        } else {
            guard let unscaled = WidgetRenderer.render(widget, scale: 1) else {
                return XCTFail("\(name) did not render at 1x", file: file, line: line)
            }
            var unscaledInk = 0
            for y in 0..<unscaled.height { for x in 0..<unscaled.width { unscaledInk += Int(unscaled.pixel(x: x, y: y).alpha) } }
            let shapeInk = Double(unscaledInk) * scale * scale
            let nearTheReference = abs(Double(drawnInk - referenceInk)) <= Double(referenceInk) * 0.01
            let nearerTheShape = abs(Double(drawnInk) - shapeInk) <= abs(Double(referenceInk) - shapeInk)
            XCTAssertTrue(nearTheReference || nearerTheShape,
                          "\(name) at \(scale): ink \(drawnInk) through the mask, \(referenceInk) as before, "
                          + "\(Int(shapeInk)) for the shape", file: file, line: line)
            guard measuresEdge else { return }
            if let referenceEdge, let drawnEdge {
                XCTAssertGreaterThanOrEqual(drawnEdge.steepness, referenceEdge.steepness - 0.02,
                                            "\(name) at \(scale): blurrier through the mask", file: file, line: line)
            } else {
                XCTFail("\(name) at \(scale): no edge to measure", file: file, line: line)
            }
        }
    }
}

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
                let image = WidgetRenderer.render(widget, scale: scale)
                if let directory = ProcessInfo.processInfo.environment["GTKHUD_SHARPNESS_DIR"] {
                    WidgetRenderer.savePNG(widget, to: "\(directory)/\(name)-\(scale).png", scale: scale)
                }
                return image.flatMap(Self.sharpness)
            }
            guard let spinnerEdge = measure(spinner, "ring-spinner"), let ringEdge = measure(ring, "ring-annular"),
                  let gtkEdge = measure(gtkSpinner, "gtkspinner") else {
                return XCTFail("an indicator drew nothing at scale \(scale)")
            }
            let adwEdge = adwSpinner.flatMap { measure($0, "adwspinner") }
            // scripts and the README quote this line.
            print("sharpness at device scale \(scale), GTK \(gtk_get_minor_version()): ring spinner \(spinnerEdge); "
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
}

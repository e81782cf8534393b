import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// The bezel's blurred shadow drawn in bands around its inside (``ShadowBands``,
/// issue #28): every pixel of the window as it was with GTK's own shadow node,
/// at the display's scale (1x, the 2x pass, Wayland at 1.25, 1.5 and 2 on
/// GTK 4.14+), on the pass's renderer; and no band reaches the ring, so a frame
/// that redraws only the spinning ring draws none of the shadow.
final class ShadowBandsTests: XCTestCase {
    /// GtkHUD's default, put back after each test (the tests turn bands on and off).
    @MainActor private static let bandsByDefault = HUDOverlayWidget.shadowBandsUse

    override func setUp() {
        MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            _ = Self.bandsByDefault
        }
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            HUDTesting.setAnimations(true)
            HUDOverlayWidget.shadowBandsUse = Self.bandsByDefault
        }
    }

    /// Looks to compare: the default shadow around a ring, a success mark and a
    /// small text-only bezel; square corners; and an app's stylesheet with two
    /// shadows, offset and spread.
    private struct Look {
        let name: String
        let css: String?
        /// The most opaque shadow's alpha: an offscreen rendering at another
        /// scale may differ by a quarter of it (``ShadowBands``).
        var shadowAlpha = 0.25
        let configure: @MainActor (HUD) -> Void
    }

    @MainActor
    private static let looks: [Look] = [
        Look(name: "ring and status", css: nil) { $0.mode = .annularDeterminate; $0.progress = 0.4; $0.label = "Uploading" },
        Look(name: "success", css: nil) { $0.mode = .success; $0.label = "Saved" },
        Look(name: "text only", css: nil) { $0.mode = .text; $0.label = "Hi" },
        Look(name: "square corners", css: nil) { hud in
            hud.mode = .determinate; hud.progress = 0.7; hud.label = "Square"
            var appearance = hud.appearance
            appearance.cornerRadius = 0
            hud.appearance = appearance
        },
        Look(name: "two shadows from an app's stylesheet",
             css: "hudbezel { box-shadow: 3px 5px 18px 2px rgba(0, 0, 0, 0.6), -2px 0 3px rgba(200, 0, 0, 0.8); }", shadowAlpha: 0.8) {
            $0.mode = .annularDeterminate; $0.progress = 0.25; $0.label = "Styled"
        },
    ]

    /// Each (clip, outset shadow) pair in the overlay's last frame: the clip
    /// rectangles, in the bezel's coordinates; and the shadows drawn whole.
    /// (The overlay's, not the window's: a window's own shadows, client-side
    /// decorations on Wayland, are GTK's.)
    @MainActor
    private static func shadowBands(in overlay: UnsafeMutablePointer<GtkWidget>) -> (bands: [graphene_rect_t], bareShadows: Int, nodes: [OpaquePointer]) {
        guard let root = RenderNodeTree.lastDrawing(of: overlay) else { return ([], 0, []) }
        defer { gsk_render_node_unref(root) }
        return shadowBands(under: root)
    }

    /// The same in a node tree (the nodes are valid while `root` is referenced).
    private static func shadowBands(under root: OpaquePointer) -> (bands: [graphene_rect_t], bareShadows: Int, nodes: [OpaquePointer]) {
        var bands: [graphene_rect_t] = []
        var nodes: [OpaquePointer] = []
        var shadowsUnderClips = 0, shadows = 0
        for node in RenderNodeTree.nodes(under: root) {
            switch gsk_render_node_get_node_type(node) {
            case GSK_OUTSET_SHADOW_NODE: shadows += 1
            case GSK_CLIP_NODE where gsk_render_node_get_node_type(gsk_clip_node_get_child(node)) == GSK_OUTSET_SHADOW_NODE:
                shadowsUnderClips += 1
                bands.append(gsk_clip_node_get_clip(node).pointee)
                nodes.append(node)
            default: break
            }
        }
        return (bands, shadows - shadowsUnderClips, nodes)
    }

    @MainActor
    private static func redraw(_ host: HostWindow, bands: Bool, overlay: UnsafeMutablePointer<GtkWidget>) {
        HUDOverlayWidget.shadowBandsUse = bands ? .everyRenderer : .never
        gtk_widget_queue_draw(overlay)
        host.waitForFrames(3)
    }

    func testBandsDrawEveryPixelAsGTKsShadowDoes() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            for look in Self.looks {
                let sheet = look.css.map { css -> StyleSheet in
                    let sheet = StyleSheet(priority: .user)
                    XCTAssertEqual(sheet.load(css), [], look.name)
                    XCTAssertTrue(sheet.install())
                    return sheet
                }
                defer { sheet?.uninstall() }
                let (host, _) = HUDTesting.window()
                defer { host.close() }
                let hud = try! HUD(on: host.window)
                look.configure(hud)
                hud.show()
                HUDTesting.wait("HUD visible") { hud.isVisible }
                let bezel = hud.view.bezelWidget!
                let overlay = gtk_widget_get_parent(bezel)!

                HUDTesting.wait("the bezel faded in") { gtk_widget_get_opacity(bezel) >= 1 }
                Self.redraw(host, bands: true, overlay: overlay)
                let banded = Self.shadowBands(in: overlay)
                let shadowCount = look.css == nil ? 1 : 2
                XCTAssertEqual(banded.bands.count, 4 * shadowCount, "\(look.name): each shadow in four bands")
                XCTAssertEqual(banded.bareShadows, 0, "\(look.name): no shadow drawn whole")
                let withBands = WidgetRenderer.renderOnSurfaceGrid(host.window)
                let offscreenBands = WidgetRenderer.render(host.window, scale: 1.25)

                Self.redraw(host, bands: false, overlay: overlay)
                let plain = Self.shadowBands(in: overlay)
                XCTAssertEqual(plain.bands.count, 0, "\(look.name): GTK's own shadow node")
                XCTAssertEqual(plain.bareShadows, shadowCount, look.name)
                let withoutBands = WidgetRenderer.renderOnSurfaceGrid(host.window)
                let offscreenPlain = WidgetRenderer.render(host.window, scale: 1.25)

                guard let withBands, let withoutBands, let offscreenBands, let offscreenPlain else { return XCTFail("\(look.name): not rendered") }
                let scale = DeviceScale.of(host.window)
                let onScreen = Self.difference(withBands, withoutBands)
                XCTAssertEqual(onScreen.largest, 0, "\(look.name): the bands changed pixels at scale \(scale) "
                               + "(\(Self.rendererName(host.window))): \(onScreen.pixels) pixels, the most at \(onScreen.at)")
                if onScreen.largest > 0, let directory = ProcessInfo.processInfo.environment["GTKHUD_SCREENSHOT_DIR"] {
                    let name = look.name.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: "'", with: "")
                    Self.save(withBands, to: "\(directory)/bands-\(name)-\(scale).ppm")
                    Self.save(withoutBands, to: "\(directory)/whole-\(name)-\(scale).ppm")
                }
                // Offscreen at another scale than the window's the bands' edges may
                // split a pixel row of the shadow: ShadowBands' documented bound.
                let offscreen = Self.difference(offscreenBands, offscreenPlain)
                XCTAssertLessThanOrEqual(offscreen.largest, Int((look.shadowAlpha * 255 / 4).rounded(.up)),
                                         "\(look.name): offscreen at 1.25 on a window at \(scale), the most at \(offscreen.at)")
            }
        }
    }

    /// By default bands are drawn on GTK's cairo renderer from GTK 4.16 only
    /// (``HUDOverlayWidget/shadowBandsUse``): on GL a banded shadow costs a
    /// window another shader variant, on GTK 4.8 the bands cost more than they save.
    func testByDefaultBandsOnlyOnTheCairoRendererFromGTK416() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = try! HUD(on: host.window)
            hud.label = "Loading"
            hud.show()
            HUDTesting.wait("HUD visible") { hud.isVisible }
            host.waitForFrames(3)
            let renderer = Self.rendererName(host.window)
            let expected = GtkEnvironment.runtimeAtLeast(4, 16) && renderer == "GskCairoRenderer" ? 4 : 0
            let bands = Self.shadowBands(in: gtk_widget_get_parent(hud.view.bezelWidget!)!)
            XCTAssertEqual(bands.bands.count, expected, "GTK \(GtkEnvironment.runtimeVersion), \(renderer)")
            XCTAssertEqual(bands.bareShadows, 1 - expected / 4, "GTK \(GtkEnvironment.runtimeVersion), \(renderer)")
        }
    }

    func testNoBandReachesTheSpinningRing() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            HUDOverlayWidget.shadowBandsUse = .everyRenderer
            for status in ["Loading", nil] {
                let (host, _) = HUDTesting.window()
                defer { host.close() }
                let hud = try! HUD(on: host.window)
                hud.mode = .indeterminate
                hud.label = status
                hud.show()
                HUDTesting.wait("HUD visible") { hud.isVisible }
                host.waitForFrames(3)
                let bezel = hud.view.bezelWidget!
                let ring = try! XCTUnwrap(HUDBezelWidget.of(bezel)?.ringWidget?.widget)
                var ringBounds = graphene_rect_t()
                XCTAssertNotEqual(gtk_widget_compute_bounds(ring, bezel, &ringBounds), 0)
                let overlay = gtk_widget_get_parent(bezel)!
                let first = try! XCTUnwrap(RenderNodeTree.lastDrawing(of: overlay))
                defer { gsk_render_node_unref(first) }
                let (bands, _, nodes) = Self.shadowBands(under: first)
                XCTAssertEqual(bands.count, 4, "status \(status ?? "none")")
                // The ring's next frames draw the overlay anew and reuse the same band
                // nodes: GTK's diff finds nothing changed there. (The first frame's tree
                // stays referenced, so a node made anew cannot come back at its address.)
                HUDTesting.setAnimations(true)
                defer { HUDTesting.setAnimations(false) }
                HUDTesting.wait("the ring spinning") { HUDBezelWidget.of(bezel)?.ringWidget?.isSpinning == true }
                host.waitForFrames(3)
                let later = try! XCTUnwrap(RenderNodeTree.lastDrawing(of: overlay))
                defer { gsk_render_node_unref(later) }
                XCTAssertNotEqual(later, first, "status \(status ?? "none"): the overlay was not drawn again")
                XCTAssertEqual(Self.shadowBands(under: later).nodes, nodes, "status \(status ?? "none"): bands made anew")
                for band in bands {
                    var band = band
                    XCTAssertFalse(graphene_rect_intersection(&band, &ringBounds, nil),
                                   "status \(status ?? "none"): a shadow band \(band) reaches the ring at \(ringBounds)")
                }
            }
        }
    }

    /// The largest difference of a colour channel, where it is (device pixels), and how many pixels differ.
    private static func difference(_ first: RenderedImage, _ second: RenderedImage) -> (largest: Int, at: (x: Int, y: Int), pixels: Int) {
        guard first.width == second.width, first.height == second.height, first.bytes.count == second.bytes.count else {
            return (.max, (0, 0), first.width * first.height)
        }
        var largest = 0, at = 0, pixels = 0
        for pixel in stride(from: 0, to: first.bytes.count, by: 4) {
            var most = 0
            for channel in pixel..<pixel + 4 { most = max(most, abs(Int(first.bytes[channel]) - Int(second.bytes[channel]))) }
            if most > 0 { pixels += 1 }
            if most > largest { largest = most; at = pixel }
        }
        return (largest, ((at % first.stride) / 4, at / first.stride), pixels)
    }

    /// A binary PPM of the image (alpha dropped), to look at a failure.
    private static func save(_ image: RenderedImage, to path: String) {
        var data = Data("P6\n\(image.width) \(image.height)\n255\n".utf8)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                data.append(contentsOf: [pixel.red, pixel.green, pixel.blue])
            }
        }
        _ = FileManager.default.createFile(atPath: path, contents: data)
    }

    @MainActor
    private static func rendererName(_ window: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let native = gtk_widget_get_native(window), let renderer = gtk_native_get_renderer(native) else { return "no renderer" }
        return String(cString: g_type_name(UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type))
    }
}

import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Every HUD and banner style is legible: text reaches WCAG's 4.5:1 against
/// its background and icons and the ring 3:1, measured in the window's
/// rendered pixels (what the user sees, translucency included). scripts/test
/// runs this suite at normal contrast, under libadwaita's high-contrast style
/// (`ADW_DEBUG_HIGH_CONTRAST=1`), under GTK's HighContrast theme
/// (`GTK_THEME=HighContrast`) and on a 2x display.
final class ContrastTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            adw_style_manager_set_color_scheme(adw_style_manager_get_default(), ADW_COLOR_SCHEME_DEFAULT)
        }
    }

    typealias Pixel = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)
    typealias Rect = (x: Double, y: Double, width: Double, height: Double)

    /// WCAG 2 relative luminance of an opaque sRGB pixel.
    static func luminance(_ pixel: Pixel) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(pixel.red) + 0.7152 * channel(pixel.green) + 0.0722 * channel(pixel.blue)
    }

    static func ratio(_ first: Pixel, _ second: Pixel) -> Double {
        let a = luminance(first), b = luminance(second)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The window as the user sees it, at its device scale.
    struct Screen {
        let image: RenderedImage
        let scale: Double
        let window: UnsafeMutablePointer<GtkWidget>

        @MainActor
        init?(_ window: UnsafeMutablePointer<GtkWidget>) {
            scale = DeviceScale.of(window)
            guard let image = WidgetRenderer.render(window, scale: scale) else { return nil }
            self.image = image
            self.window = window
        }

        @MainActor
        func rect(of widget: UnsafeMutablePointer<GtkWidget>) -> Rect {
            BannerGtkTesting.bounds(of: widget, in: window)
        }

        func pixel(x: Double, y: Double) -> Pixel {
            image.pixel(x: Int(x * scale), y: Int(y * scale))
        }

        /// The contrast of the ink in `rect` against `background`: the pixel
        /// farthest from it in luminance (a glyph's stem, an icon's body).
        func inkContrast(in rect: Rect, against background: Pixel) -> Double {
            var best = 1.0
            for y in Int(rect.y * scale)..<Int((rect.y + rect.height) * scale) {
                for x in Int(rect.x * scale)..<Int((rect.x + rect.width) * scale) {
                    best = max(best, ContrastTests.ratio(image.pixel(x: x, y: y), background))
                }
            }
            return best
        }
    }

    static var setting: String {
        let highContrast = adw_style_manager_get_high_contrast(adw_style_manager_get_default()) != 0
        let theme = ProcessInfo.processInfo.environment["GTK_THEME"].map { " GTK_THEME=\($0)" } ?? ""
        return (highContrast ? "libadwaita high contrast" : "normal contrast") + theme
    }

    /// Whether this run asked for high contrast (libadwaita's debug switch or a high-contrast GTK theme).
    @MainActor
    static var highContrastAsked: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["ADW_DEBUG_HIGH_CONTRAST"] == "1" || GtkEnvironment.isHighContrastTheme(environment["GTK_THEME"] ?? "")
    }

    @MainActor
    static func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if gtk_widget_get_visible(current) != 0 { result += [current] + descendants(of: current) }
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }

    func testEveryHUDStyleIsLegible() throws {
        try HUDTesting.withWindow { host, _ in
            var report: [String] = []
            for scheme in [ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK] {
                adw_style_manager_set_color_scheme(adw_style_manager_get_default(), scheme)
                for style in [HUDAppearance.Style.automatic, .light, .dark] {
                    for mode in [HUD.Mode.indeterminate, .success, .error, .text] {
                        var appearance = HUD.defaultAppearance
                        appearance.style = style
                        let hud = try! HUD(on: host.window, appearance: appearance)
                        hud.mode = mode
                        hud.label = "Saved"
                        hud.detailsLabel = "Two files"
                        hud.show(animated: false)
                        host.waitForFrames(3)
                        let bezel = hud.view.bezelWidget!
                        let overlay = gtk_widget_get_parent(hud.view.maskWidgetPointer)!
                        XCTAssertEqual(gtk_widget_has_css_class(overlay, "high-contrast") != 0, Self.highContrastAsked,
                                       "the overlay follows the high-contrast setting (\(Self.setting))")
                        guard let screen = Screen(host.window) else { return XCTFail("no rendering") }
                        let box = screen.rect(of: bezel)
                        // Inside the bezel's padding, clear of its rounded corners and outline.
                        let background = screen.pixel(x: box.x + 8, y: box.y + box.height / 2)
                        let name = "\(style) bezel, \(mode), \(scheme == ADW_COLOR_SCHEME_FORCE_DARK ? "dark" : "light") scheme"
                        for part in Self.descendants(of: bezel) {
                            let isText = gtk_widget_has_css_class(part, "status") != 0 || gtk_widget_has_css_class(part, "details") != 0
                            let isIcon = gtk_widget_has_css_class(part, "hudimage") != 0 || HUDRingWidget.of(part) != nil
                            guard isText || isIcon else { continue }
                            let contrast = screen.inkContrast(in: screen.rect(of: part), against: background)
                            let kind = isText ? String(cString: gtk_widget_get_css_classes(part)![0]!) : "icon"
                            report.append(String(format: "%@ %@ %.1f", name, kind, contrast))
                            XCTAssertGreaterThanOrEqual(contrast, isText ? 4.5 : 3, "\(Self.setting): \(name): \(kind)")
                        }
                        hud.hide(animated: false)
                        host.waitForFrames(1)
                    }
                }
            }
            print("HUD contrast (\(Self.setting)): " + report.joined(separator: "; "))
        }
    }

    func testEveryBannerStyleIsLegible() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            var report: [String] = []
            for scheme in [ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK] {
                adw_style_manager_set_color_scheme(adw_style_manager_get_default(), scheme)
                for priority in [BannerPriority.normal, .high] {
                    let banner = try! NotificationBanner(title: "Saved", subtitle: "Report.pdf is in Documents",
                                                         image: .iconName("emblem-ok-symbolic"))
                    banner.priority = priority
                    banner.showsCloseButton = true
                    guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
                    window.waitUntilSettled(widget)
                    guard let screen = Screen(window.window) else { return XCTFail("no rendering") }
                    let box = screen.rect(of: widget.widget)
                    // Beside the image, clear of the top and bottom outlines.
                    let background = screen.pixel(x: box.x + 6, y: box.y + box.height / 2)
                    let name = "\(priority) banner, \(scheme == ADW_COLOR_SCHEME_FORCE_DARK ? "dark" : "light") scheme"
                    let parts: [(String, UnsafeMutablePointer<GtkWidget>, Double)] = [
                        ("title", widget.titleLabel, 4.5), ("subtitle", widget.subtitleLabel, 4.5),
                        ("image", widget.imageWidget, 3), ("close button", widget.closeButton, 3),
                    ]
                    for (part, partWidget, needed) in parts {
                        let contrast = screen.inkContrast(in: screen.rect(of: partWidget), against: background)
                        report.append(String(format: "%@ %@ %.1f", name, part, contrast))
                        XCTAssertGreaterThanOrEqual(contrast, needed, "\(Self.setting): \(name): \(part)")
                    }
                    window.center.dismissAll()
                    window.host.waitForFrames(2)
                }
            }
            print("Banner contrast (\(Self.setting)): " + report.joined(separator: "; "))
        }
    }

    /// The banner's 1px line on its inner side is a border of one colour on
    /// every side (the others 0 px wide): GTK 4.8's GL renderer draws such a
    /// border on a square box as plain rectangles, where a border of two
    /// colours needs its border shader, 1.9 MiB more in each window under
    /// Mesa's software GL (`gtkhud-bench --only memory`, issue #28). It looks
    /// as the two-colour border did: the window's pixels are the same with an
    /// app stylesheet that gives the other sides the text colour again (at
    /// normal contrast; the high-contrast outline was of one colour before).
    func testTheBannersLineIsOneColourAndLooksAsATwoColourOne() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            for position in [BannerPosition.top, .bottom] {
                let banner = try! NotificationBanner(title: "Saved", subtitle: "Report.pdf is in Documents")
                banner.position = position
                guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(widget)
                window.host.waitForFrames(2)
                XCTAssertEqual(Self.bordersAreOneColour(in: widget.widget), [true],
                               "\(position) banner: one border node, of one colour on every side")
                if Self.highContrastAsked {
                    // The high-contrast outline (2px on every side, one colour) was one colour before too.
                    window.center.dismissAll()
                    window.host.waitForFrames(2)
                    continue
                }
                guard let oneColour = Screen(window.window) else { return XCTFail("no rendering") }
                let sheet = StyleSheet(priority: .application)
                sheet.load("hudbanner.top, hudbanner.bottom { border-color: currentColor; }"
                           + " hudbanner.top { border-bottom-color: @headerbar_shade_color; }"
                           + " hudbanner.bottom { border-top-color: @headerbar_shade_color; }")
                sheet.install()
                window.host.waitForFrames(3)
                let twoColours = Screen(window.window)
                XCTAssertEqual(Self.bordersAreOneColour(in: widget.widget), [false],
                               "\(position) banner: the app stylesheet did not give the border two colours")
                sheet.uninstall()
                guard let twoColours else { return XCTFail("no rendering") }
                let box = oneColour.rect(of: widget.widget)
                var differing = 0
                for y in Int(box.y * oneColour.scale)..<Int((box.y + box.height) * oneColour.scale) {
                    for x in Int(box.x * oneColour.scale)..<Int((box.x + box.width) * oneColour.scale)
                    where oneColour.image.pixel(x: x, y: y) != twoColours.image.pixel(x: x, y: y) {
                        differing += 1
                    }
                }
                XCTAssertEqual(differing, 0, "\(position) banner at \(oneColour.scale): \(differing) pixels differ from a two-colour border's")
                window.center.dismissAll()
                window.host.waitForFrames(2)
            }
        }
    }

    /// Whether a border node's four sides have the same colour.
    static func isOneColour(_ border: OpaquePointer) -> Bool {
        guard let colors = gsk_border_node_get_colors(border) else { return false }
        return (1..<4).allSatisfy { gdk_rgba_equal(colors + $0, colors) != 0 }
    }

    /// Whether each border node in `widget`'s own last drawing has one colour.
    @MainActor
    static func bordersAreOneColour(in widget: UnsafeMutablePointer<GtkWidget>) -> [Bool] {
        RenderNodeTree.withNodes(of: widget) { nodes in
            nodes.filter { gsk_render_node_get_node_type($0) == GSK_BORDER_NODE }.map(isOneColour)
        }
    }
}

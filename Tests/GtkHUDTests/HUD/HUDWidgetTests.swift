import CGtk
@testable import GtkHUD
import GtkSupport
import HUDWidgets
import XCTest

/// Real widgets under Xvfb: every mode renders, geometry follows progress,
/// CSS and the dark style change pixels, masks block or pass input.
final class HUDWidgetTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { HUDTesting.setAnimations(false) }
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            HUDTesting.setAnimations(true)
            adw_style_manager_set_color_scheme(adw_style_manager_get_default(), ADW_COLOR_SCHEME_DEFAULT)
        }
    }

    private typealias Pixel = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)

    @MainActor
    private static func shownHUD(_ configure: (HUD) -> Void) -> (HostWindow, HUD) {
        let (host, _) = HUDTesting.window()
        let hud = (try! HUD(on: host.window))
        configure(hud)
        hud.show()
        HUDTesting.wait("HUD visible") { hud.isVisible }
        host.waitForFrames(3)
        return (host, hud)
    }

    /// Pixels that differ clearly from the widget's background: its top centre for
    /// a bezel, transparent for an indicator drawn on its own.
    @MainActor
    private static func inkPixels(_ widget: UnsafeMutablePointer<GtkWidget>, row: Int? = nil, transparent: Bool = false) -> Int {
        guard let image = WidgetRenderer.render(widget) else { return -1 }
        let background = transparent ? (red: 0, green: 0, blue: 0, alpha: 0) : image.pixel(x: image.width / 2, y: 1)
        if transparent { return image.count(in: row.map { (0, $0, image.width, 1) }) { $0.alpha > 128 } }
        let rect = row.map { (0, $0, image.width, 1) }
        return image.count(in: rect) { pixel in
            pixel.alpha > 128 && abs(Int(pixel.red) - Int(background.red)) + abs(Int(pixel.green) - Int(background.green))
                + abs(Int(pixel.blue) - Int(background.blue)) > 90
        }
    }

    func testEveryModeRendersSomethingInTheBezel() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let modes: [HUD.Mode] = [.indeterminate, .determinate, .annularDeterminate, .determinateHorizontalBar, .text, .success, .error, .info]
            for mode in modes {
                let (host, hud) = Self.shownHUD { hud in
                    hud.mode = mode
                    hud.progress = 0.6
                    hud.label = mode == .text ? "Text only" : nil
                }
                let bezel = hud.view.bezelWidget!
                XCTAssertGreaterThan(Self.inkPixels(bezel), 20, "mode \(mode) drew nothing")
                WidgetRenderer.savePNG(host.window, to: "/tmp/gtkhud-mode-\(mode).png")
                host.close()
            }
        }
    }

    func testRingArcAndBarWidthFollowProgress() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            var measured: [HUD.Mode: [Int]] = [:]
            for mode in [HUD.Mode.annularDeterminate, .determinateHorizontalBar, .determinate] {
                for fraction in [0.25, 0.75] {
                    let (host, hud) = Self.shownHUD { $0.mode = mode; $0.progress = fraction }
                    if let bar = hud.view.barWidget?.widget {
                        // The bar's middle row: outline ends plus the filled run.
                        measured[mode, default: []].append(Self.inkPixels(bar, row: Int(gtk_widget_get_height(bar)) / 2, transparent: true))
                    } else {
                        measured[mode, default: []].append(Self.inkPixels(hud.view.ringWidget!.widget, transparent: true))
                    }
                    host.close()
                }
            }
            for (mode, counts) in measured {
                XCTAssertGreaterThan(counts[1], counts[0] * 2, "\(mode): 75 % must draw well over twice the ink of 25 % (\(counts))")
            }
        }
    }

    func testAnnularMatchesHUDContentAndAccessibleRoles() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, hud) = Self.shownHUD { $0.mode = .annularDeterminate; $0.progress = 0.42; $0.label = "Uploading" }
            let ring = hud.view.ringWidget!
            XCTAssertEqual(gtk_accessible_get_accessible_role(ring.widget.accessible), GTK_ACCESSIBLE_ROLE_PROGRESS_BAR)
            XCTAssertEqual(ring.shownProgress, 0.42, accuracy: 0.001)
            hud.mode = .error
            host.waitForFrames(2)
            XCTAssertEqual(gtk_accessible_get_accessible_role(hud.view.bezelWidget!.accessible), GTK_ACCESSIBLE_ROLE_ALERT)
            host.close()
        }
    }

    func testApplicationCSSOverridesTheDefaultStylesheet() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, hud) = Self.shownHUD { $0.label = "Styled" }
            let bezel = hud.view.bezelWidget!
            let isGreen: (Pixel) -> Bool = { $0.green > 200 && $0.red < 60 && $0.blue < 60 }
            XCTAssertEqual(WidgetRenderer.render(bezel)?.count(where: isGreen), 0)
            let sheet = StyleSheet(priority: .application)
            sheet.load("hudbezel { background-color: rgb(0, 255, 0); }")
            sheet.install()
            host.waitForFrames(2)
            let image = WidgetRenderer.render(bezel)!
            XCTAssertGreaterThan(image.count(where: isGreen), image.width * image.height / 2)
            sheet.uninstall()
            host.close()
        }
    }

    func testAutomaticStyleFollowsLibadwaitaDarkSetting() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, hud) = Self.shownHUD { $0.label = "Theme" }
            let bezel = hud.view.bezelWidget!
            @MainActor func meanLuminance() -> Double {
                guard let image = WidgetRenderer.render(bezel) else { return -1 }
                let center = image.pixel(x: image.width / 2, y: 4)
                return (Double(center.red) + Double(center.green) + Double(center.blue)) / 3
            }
            adw_style_manager_set_color_scheme(adw_style_manager_get_default(), ADW_COLOR_SCHEME_FORCE_LIGHT)
            host.waitForFrames(2)
            let light = meanLuminance()
            XCTAssertTrue(gtk_widget_has_css_class(bezel, "light") != 0)
            adw_style_manager_set_color_scheme(adw_style_manager_get_default(), ADW_COLOR_SCHEME_FORCE_DARK)
            host.waitForFrames(2)
            let dark = meanLuminance()
            XCTAssertTrue(gtk_widget_has_css_class(bezel, "dark") != 0)
            XCTAssertGreaterThan(light, 180, "light bezel should be light")
            XCTAssertLessThan(dark, 100, "dark bezel should be dark")
            host.close()
        }
    }

    func testMasksBlockOrPassPointerInput() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            for (mask, blocks) in [(HUDAppearance.Mask.none, false), (.clear, true), (.black, true), (.gradient, true)] {
                var appearance = HUD.defaultAppearance
                appearance.mask = mask
                let (host, content) = HUDTesting.window()
                let hud = (try! HUD(on: host.window, appearance: appearance))
                hud.label = "Mask"
                hud.show()
                host.waitForFrames(3)
                // A point on the content, well outside the bezel (in the content's
                // coordinates: a Wayland window has a client-side shadow around it).
                let onContent = BannerGtkTesting.bounds(of: content, in: host.window)
                let picked = gtk_widget_pick(host.window, onContent.x + 12, onContent.y + 12, GTK_PICK_DEFAULT)
                var reachesContent = false
                var node = picked
                while let current = node {
                    if current == content { reachesContent = true }
                    node = gtk_widget_get_parent(current)
                }
                XCTAssertEqual(reachesContent, !blocks, "mask \(mask): input \(blocks ? "must not" : "must") reach the content")
                if blocks {
                    XCTAssertEqual(gtk_widget_get_can_focus(content), 0, "keyboard must not reach the content behind a blocking mask")
                }
                hud.hide(animated: false)
                host.waitForFrames(1)
                XCTAssertEqual(gtk_widget_get_can_focus(content), 1, "content focus must come back")
                host.close()
            }
        }
    }

    func testBlackMaskDimsTheContent() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            var appearance = HUD.defaultAppearance
            appearance.mask = .black
            let (host, content) = HUDTesting.window()
            host.waitForFrames(2)
            // A pixel of the content (a Wayland window has a client-side shadow around it).
            let point = BannerGtkTesting.bounds(of: content, in: host.window)
            let (x, y) = (Int(point.x) + 10, Int(point.y) + 10)
            let before = WidgetRenderer.render(host.window)!.pixel(x: x, y: y)
            let hud = (try! HUD(on: host.window, appearance: appearance))
            hud.show()
            host.waitForFrames(3)
            let after = WidgetRenderer.render(host.window)!.pixel(x: x, y: y)
            XCTAssertEqual(Double(after.red), Double(before.red) * 0.6, accuracy: 6, "black mask dims by 0.4")
            host.close()
        }
    }

    func testTopmostLookupHideForWidgetAndHostDestroyedCleanUp() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, content) = HUDTesting.window()
            let first = (try! HUD.show(on: host.window))
            let second = (try! HUD.show(on: content))
            XCTAssertTrue(HUD.hud(for: host.window) === second)
            XCTAssertEqual(HUD.allHUDs(for: content).count, 2)
            XCTAssertTrue(HUD.hide(for: host.window, animated: false))
            HUDTesting.wait("second finished") { second.isFinished }
            XCTAssertTrue(HUD.hud(for: host.window) === first)

            var outcomes: [HUDDismissOutcome] = []
            var events: [String] = []
            let observation = first.observeEvents { events.append($0.kind) }
            first.graceTime = 0
            first.hide(afterDelay: 30) { outcomes.append($0) }
            host.close() // host destroyed while showing with a pending timer
            XCTAssertEqual(outcomes, [.cancelled], "completion runs exactly once when the host dies")
            XCTAssertEqual(events.last, "didDisappear", "events still pair up")
            XCTAssertTrue(first.isFinished)
            observation.cancel()
        }
    }

    func testGraceTimeHidesNothingWhenWorkIsQuick() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            let hud = (try! HUD(on: host.window))
            hud.graceTime = 0.5
            var events: [String] = []
            let observation = hud.observeEvents { events.append($0.kind) }
            hud.show()
            var outcome: HUDDismissOutcome?
            hud.hide { outcome = $0 }
            host.waitForFrames(3)
            XCTAssertEqual(events, [])
            XCTAssertEqual(outcome, .dismissed)
            XCTAssertFalse(hud.view.isAttached)
            observation.cancel()
            host.close()
        }
    }
}

final class HighContrastTests: XCTestCase {
    /// libadwaita reports high contrast from the desktop (portal or GSettings),
    /// which a test process cannot switch; the overlay mirrors it as the
    /// `.high-contrast` class, so the test sets that class and checks the CSS.
    func testHighContrastClassMakesTheBezelOpaqueAndOutlined() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            let hud = (try! HUD(on: host.window))
            hud.label = "Contrast"
            hud.show(animated: false)
            host.waitForFrames(2)
            let overlay = gtk_widget_get_parent(hud.view.maskWidgetPointer)!
            let systemHighContrast = adw_style_manager_get_high_contrast(adw_style_manager_get_default()) != 0
            XCTAssertEqual(gtk_widget_has_css_class(overlay, "high-contrast") != 0, systemHighContrast)
            let bezel = hud.view.bezelWidget!
            let before = WidgetRenderer.render(bezel)!
            XCTAssertLessThan(before.pixel(x: before.width / 2, y: before.height / 2 + 2).alpha, 255, "translucent by default")
            gtk_widget_add_css_class(overlay, "high-contrast")
            host.waitForFrames(2)
            let after = WidgetRenderer.render(bezel)!
            XCTAssertEqual(after.pixel(x: after.width / 2, y: after.height / 2 + 2).alpha, 255, "opaque in high contrast")
            let darkestEdge = (0..<3).map { row in
                let pixel = after.pixel(x: after.width / 2, y: row)
                return Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)
            }.min()!
            XCTAssertLessThan(darkestEdge, 200, "outlined in the text colour")
            host.close()
        }
    }

    /// Leaving a high-contrast GTK theme while a HUD is up gives the normal,
    /// translucent look back (the overlay follows the theme both ways).
    func testLeavingAHighContrastThemeGivesTheNormalLookBack() throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            if GtkEnvironment.prefersHighContrast {
                throw XCTSkip("the session asks for high contrast itself; this test switches the theme")
            }
            let settings = try XCTUnwrap(gtk_settings_get_default())
            let original = gtkhud_settings_string(settings, "gtk-theme-name").map { name in
                defer { g_free(name) }
                return String(cString: name)
            }
            func setTheme(_ name: String?) {
                var value = GValue()
                g_value_init(&value, g_type_from_name("gchararray"))
                g_value_set_string(&value, name)
                g_object_set_property(UnsafeMutableRawPointer(settings).asObject, "gtk-theme-name", &value)
                g_value_unset(&value)
            }
            let (host, _) = HUDTesting.window()
            defer {
                setTheme(original)
                host.close()
            }
            let hud = try XCTUnwrap(HUD(on: host.window))
            hud.label = "Contrast"
            hud.show(animated: false)
            host.waitForFrames(2)
            let overlay = try XCTUnwrap(gtk_widget_get_parent(hud.view.maskWidgetPointer))
            let isHighContrast = { gtk_widget_has_css_class(overlay, "high-contrast") != 0 }
            XCTAssertFalse(isHighContrast())
            setTheme("HighContrast")
            HUDTesting.wait("the high-contrast look") { isHighContrast() }
            setTheme(original)
            HUDTesting.wait("the normal look back") { !isHighContrast() }
            host.waitForFrames(2)
            let bezel = try XCTUnwrap(hud.view.bezelWidget)
            let image = try XCTUnwrap(WidgetRenderer.render(bezel))
            XCTAssertLessThan(image.pixel(x: image.width / 2, y: image.height / 2 + 2).alpha, 255, "translucent again")
            hud.hide(animated: false)
        }
    }

    /// Under high contrast, theme-coloured banners turn opaque and outlined;
    /// "colours your app sets on a banner are kept" (README), outline included.
    func testHighContrastKeepsTheColoursAnAppSetsOnABanner() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            let themed = try! NotificationBanner(title: "Themed")
            let coloured = try! NotificationBanner(title: "Coloured", backgroundColor: HUDColor(red: 0, green: 160 / 255, blue: 80 / 255))
            window.center.maxVisible = 2
            guard let themedWidget = window.show(themed), let colouredWidget = window.show(coloured) else {
                return XCTFail("no banner widgets")
            }
            window.waitUntilSettled(colouredWidget)
            let overlay = try! XCTUnwrap(gtk_widget_get_ancestor(colouredWidget.widget, HUDOverlayWidget.gtype))
            gtk_widget_add_css_class(overlay, "high-contrast")
            window.host.waitForFrames(2)
            let image = try! XCTUnwrap(WidgetRenderer.render(colouredWidget.widget))
            for point in [(image.width / 2, 0), (image.width / 2, image.height / 2), (2, image.height / 2)] {
                let pixel = image.pixel(x: point.0, y: point.1)
                XCTAssertEqual(Double(pixel.green), 160, accuracy: 12, "the app's green at \(point) (no outline over it)")
                XCTAssertLessThan(pixel.red, 20, "the app's green at \(point)")
            }
            let themedImage = try! XCTUnwrap(WidgetRenderer.render(themedWidget.widget))
            XCTAssertEqual(themedImage.pixel(x: themedImage.width / 2, y: themedImage.height / 2).alpha, 255, "a themed banner is opaque")
            window.center.dismissAll()
        }
    }
}

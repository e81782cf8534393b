import CGtk
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// GNOME's Large Text (`gtk-xft-dpi`): the HUD's and banners' pixel metrics
/// grow with the text and follow a live change; at every scale (and mirrored)
/// nothing is clipped and nothing overlaps.
final class TextScaleTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            TextScale.set(1)
            gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR)
        }
    }

    typealias Rect = (x: Double, y: Double, width: Double, height: Double)

    /// The visible children of `parent` with their bounds in its coordinates.
    @MainActor
    static func children(of parent: UnsafeMutablePointer<GtkWidget>) -> [(UnsafeMutablePointer<GtkWidget>, Rect)] {
        var result: [(UnsafeMutablePointer<GtkWidget>, Rect)] = []
        var child = gtk_widget_get_first_child(parent)
        while let current = child {
            if gtk_widget_get_visible(current) != 0 { result.append((current, BannerGtkTesting.bounds(of: current, in: parent))) }
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }

    /// Every visible child lies inside `parent` and no two overlap.
    @MainActor
    static func assertNothingClippedOrOverlapping(_ parent: UnsafeMutablePointer<GtkWidget>, _ what: String,
                                                  file: StaticString = #filePath, line: UInt = #line) {
        let width = Double(gtk_widget_get_width(parent)), height = Double(gtk_widget_get_height(parent))
        let laidOut = children(of: parent)
        for (child, rect) in laidOut {
            let name = String(cString: gtk_widget_get_css_name(child))
            XCTAssertTrue(rect.x >= -0.5 && rect.y >= -0.5 && rect.x + rect.width <= width + 0.5 && rect.y + rect.height <= height + 0.5,
                          "\(what): \(name) \(rect) is clipped by its \(width)x\(height) parent", file: file, line: line)
        }
        for (index, first) in laidOut.enumerated() {
            for second in laidOut[(index + 1)...] {
                let a = first.1, b = second.1
                let overlaps = a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5
                XCTAssertFalse(overlaps, "\(what): \(String(cString: gtk_widget_get_css_name(first.0))) \(a) overlaps "
                               + "\(String(cString: gtk_widget_get_css_name(second.0))) \(b)", file: file, line: line)
            }
        }
    }

    func testHUDMetricsGrowWithTheTextScaleAndFollowItLive() throws {
        try HUDTesting.withWindow { host, _ in
            let hud = try! HUD(on: host.window)
            hud.label = "Loading"
            hud.detailsLabel = "Three files"
            hud.setButton("Cancel") {}
            hud.show(animated: false)
            host.waitForFrames(3)
            for factor in [1.0, 1.25, 1.5, 1.0] {
                // Live: the same HUD stays on screen while the setting changes.
                TextScale.set(factor)
                host.waitForFrames(3)
                let bezel = hud.view.bezelWidget!
                guard let ring = HUDBezelWidget.of(bezel)?.ringWidget else { return XCTFail("no ring") }
                let ringBounds = BannerGtkTesting.bounds(of: ring.widget, in: bezel)
                XCTAssertEqual(ringBounds.height, (2 * 18 * factor + 2 * factor).rounded(.up), accuracy: 0.5, "ring at \(factor)")
                // Widget coordinates start at the content box: the bezel's own bounds start at minus its padding.
                let border = BannerGtkTesting.bounds(of: bezel, in: bezel)
                let outline = GtkEnvironment.prefersHighContrast ? 2.0 : 0 // the high-contrast border (not scaled)
                XCTAssertEqual(ringBounds.y - border.y, 20 * factor + outline, accuracy: 0.5, "bezel padding at \(factor)")
                let label = BannerGtkTesting.bounds(of: hud.view.bezelView!.statusLabelWidget!, in: bezel)
                XCTAssertEqual(label.y - (ringBounds.y + ringBounds.height), 8 * factor, accuracy: 1, "spacing at \(factor)")
                Self.assertNothingClippedOrOverlapping(bezel, "bezel at \(factor)")
            }
            hud.mode = .success
            for factor in [1.0, 1.5] {
                TextScale.set(factor)
                host.waitForFrames(3)
                let bezel = hud.view.bezelWidget!
                guard let image = Self.children(of: bezel).first(where: { gtk_widget_has_css_class($0.0, "hudimage") != 0 }) else {
                    return XCTFail("no success image")
                }
                XCTAssertEqual(image.1.width, 28 * factor, accuracy: 0.5, "status icon at \(factor)")
                Self.assertNothingClippedOrOverlapping(bezel, "success bezel at \(factor)")
            }
        }
    }

    /// A ring on its own (not rebuilt by a bezel) follows a live change by itself.
    func testARingOnScreenFollowsTheTextScaleLive() throws {
        try HUDTesting.withWindow { host, _ in
            let ring = HUDRingWidget.createSpinner()
            gtk_widget_set_halign(ring, GTK_ALIGN_CENTER)
            gtk_widget_set_valign(ring, GTK_ALIGN_CENTER)
            host.setChild(ring)
            host.waitForFrames(2)
            for factor in [1.5, 1.0] {
                TextScale.set(factor)
                host.waitForFrames(3)
                XCTAssertEqual(Double(gtk_widget_get_width(ring)), (2 * 18 * factor + 2 * factor).rounded(.up), accuracy: 0.5, "ring at \(factor)")
            }
        }
    }

    /// GTK's own spinner (`.native`) is sized in pixels (32 at 1.0): a live
    /// change of the text size rebuilds it at the new size, both ways.
    func testTheNativeSpinnerFollowsTheTextScaleLive() throws {
        try HUDTesting.withWindow { host, _ in
            let hud = try! HUD(on: host.window)
            var appearance = HUD.defaultAppearance
            appearance.indicatorAnimation = .native
            hud.appearance = appearance
            hud.label = "Loading"
            hud.show(animated: false)
            host.waitForFrames(3)
            for factor in [1.0, 1.5, 1.25, 1.0] {
                TextScale.set(factor)
                host.waitForFrames(3)
                let bezel = hud.view.bezelWidget!
                guard let spinner = Self.children(of: bezel).first(where: { String(cString: gtk_widget_get_css_name($0.0)) == "spinner" })?.0 else {
                    return XCTFail("no native spinner at \(factor)")
                }
                var width: Int32 = 0, height: Int32 = 0
                gtk_widget_get_size_request(spinner, &width, &height)
                XCTAssertEqual(Double(width), 32 * factor, accuracy: 0.5, "native spinner at \(factor)")
                XCTAssertEqual(Double(height), 32 * factor, accuracy: 0.5, "native spinner at \(factor)")
                Self.assertNothingClippedOrOverlapping(bezel, "native spinner bezel at \(factor)")
            }
            hud.hide(animated: false)
        }
    }

    /// A ring does not watch the setting while it is off screen; shown after
    /// a change, it has the size of the text beside it, not the size it was made at.
    func testARingMadeBeforeAChangeIsShownAtTheNewSize() throws {
        try HUDTesting.withWindow { host, _ in
            let ring = HUDRingWidget.createSpinner()
            g_object_ref_sink(ring.raw)
            defer { g_object_unref(ring.raw) }
            TextScale.set(1.5)
            gtk_widget_set_halign(ring, GTK_ALIGN_CENTER)
            gtk_widget_set_valign(ring, GTK_ALIGN_CENTER)
            host.setChild(ring)
            host.waitForFrames(3)
            XCTAssertEqual(Double(gtk_widget_get_width(ring)), (2 * 18 * 1.5 + 2 * 1.5).rounded(.up), accuracy: 0.5)
        }
    }

    func testBannerMetricsGrowWithTheTextScaleAndFollowItLive() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            let banner = try! NotificationBanner(title: "Saved", subtitle: "Report.pdf is in Documents",
                                                 image: .iconName("dialog-information-symbolic"))
            banner.showsCloseButton = true
            banner.setAction("Open") {}
            guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
            window.waitUntilSettled(widget)
            for factor in [1.0, 1.25, 1.5] {
                TextScale.set(factor)
                window.host.waitForFrames(3)
                let image = BannerGtkTesting.bounds(of: widget.imageWidget, in: widget.widget)
                XCTAssertEqual(image.width, 25 * factor, accuracy: 0.5, "image at \(factor)")
                XCTAssertEqual(image.x, 15 * factor, accuracy: 0.5, "image inset at \(factor)")
                let close = BannerGtkTesting.bounds(of: widget.closeButton, in: widget.widget)
                XCTAssertGreaterThanOrEqual(close.width, 24 * factor - 0.5, "close button at \(factor)")
                XCTAssertGreaterThanOrEqual(Double(gtk_widget_get_height(widget.widget)), 40 * factor - 0.5, "minimum height at \(factor)")
                Self.assertNothingClippedOrOverlapping(widget.widget, "banner at \(factor)")
            }
        }
    }

    /// libadwaita's stylesheet sits above GtkHUD's defaults and has its own
    /// button sizes in pixels: `button.circular` 34 × 34, every button at least
    /// 24 px high with 5 px padding, at every text size. GtkHUD's buttons must
    /// still grow with the text, whatever the theme says: the banner's close
    /// button is 24 px with a 16 px icon at 1.0, and every button (the close
    /// button, the banner's action button, the HUD's Cancel) grows in
    /// proportion with the text scale, as the labels in them do.
    func testEveryButtonGrowsWithTheTextScaleWhateverTheThemesButtonRules() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            window.host.waitForFrames(1)
            // The theme's rule is really there: a plain circular image button is 34 px under libadwaita.
            let probe = gtk_button_new_from_icon_name("window-close-symbolic")!
            gtk_widget_add_css_class(probe, "circular")
            var probeHeight: Int32 = 0
            gtk_widget_measure(probe, GTK_ORIENTATION_VERTICAL, -1, &probeHeight, nil, nil, nil)
            g_object_ref_sink(UnsafeMutableRawPointer(probe))
            g_object_unref(UnsafeMutableRawPointer(probe))
            print("TextScaleTests: a circular image button under this theme measures \(probeHeight) px")

            let banner = try! NotificationBanner(title: "Saved", subtitle: "Report.pdf is in Documents")
            banner.showsCloseButton = true
            banner.setAction("Open") {}
            guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
            window.waitUntilSettled(widget)
            let hud = try! HUD(on: window.window)
            hud.label = "Loading"
            hud.setButton("Cancel") {}
            hud.show(animated: false)
            defer { hud.hide(animated: false) }
            typealias Sizes = (close: Rect, icon: Double, action: Rect, cancel: Rect)
            var measured: [Double: Sizes] = [:]
            for factor in [1.0, 1.25, 1.5] {
                TextScale.set(factor)
                window.host.waitForFrames(3)
                guard let icon = gtk_widget_get_first_child(widget.closeButton),
                      let cancel = hud.view.bezelWidget.flatMap({ HUDBezelWidget.of($0)?.buttonWidget }) else {
                    return XCTFail("no close icon or HUD button")
                }
                // The image fills the button; the icon it draws is its natural size.
                var iconSize: Int32 = 0
                gtk_widget_measure(icon, GTK_ORIENTATION_HORIZONTAL, -1, nil, &iconSize, nil, nil)
                let sizes: Sizes = (BannerGtkTesting.bounds(of: widget.closeButton, in: window.window), Double(iconSize),
                                    BannerGtkTesting.bounds(of: widget.actionButton, in: window.window),
                                    BannerGtkTesting.bounds(of: cancel, in: window.window))
                print("TextScaleTests: at \(factor) close \(sizes.close.width)x\(sizes.close.height), icon \(sizes.icon), "
                      + "action \(sizes.action.width)x\(sizes.action.height), Cancel \(sizes.cancel.width)x\(sizes.cancel.height)")
                measured[factor] = sizes
                // Its content box: a theme's border (GTK's HighContrast has one) comes on top.
                XCTAssertEqual(Double(gtk_widget_get_width(widget.closeButton)), 24 * factor, accuracy: 1, "close button width at \(factor)")
                XCTAssertEqual(Double(gtk_widget_get_height(widget.closeButton)), 24 * factor, accuracy: 1, "close button height at \(factor)")
                XCTAssertEqual(sizes.icon, 16 * factor, accuracy: 1, "close icon at \(factor)")
                Self.assertNothingClippedOrOverlapping(widget.widget, "banner at \(factor)")
            }
            guard let base = measured[1] else { return }
            for factor in [1.25, 1.5] {
                guard let sizes = measured[factor] else { continue }
                // Heights: a minimum height and padding in pixels that stay put would hold them still.
                XCTAssertEqual(sizes.action.height, base.action.height * factor, accuracy: 1.5, "action button height at \(factor)")
                XCTAssertEqual(sizes.cancel.height, base.cancel.height * factor, accuracy: 1.5, "HUD button height at \(factor)")
                // Widths follow the label, whose glyphs are hinted: in proportion within a tenth.
                XCTAssertGreaterThan(sizes.action.width, base.action.width * factor * 0.9, "action button width at \(factor)")
                XCTAssertGreaterThan(sizes.cancel.width, base.cancel.width * factor * 0.9, "HUD button width at \(factor)")
            }
        }
    }

    func testRightToLeftAtLargeTextMirrorsWithoutClippingOrOverlap() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
            TextScale.set(1.5)
            let banner = try! NotificationBanner(title: "تم الحفظ", subtitle: "التقرير في المستندات",
                                                 image: .iconName("dialog-information-symbolic"))
            banner.showsCloseButton = true
            banner.setAction("فتح") {}
            guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
            window.waitUntilSettled(widget)
            let width = Double(gtk_widget_get_width(widget.widget))
            let image = BannerGtkTesting.bounds(of: widget.imageWidget, in: widget.widget)
            XCTAssertEqual(image.x + image.width, width - 15 * 1.5, accuracy: 0.5, "the image sits at the right, scaled inset")
            let close = BannerGtkTesting.bounds(of: widget.closeButton, in: widget.widget)
            let action = BannerGtkTesting.bounds(of: widget.actionButton, in: widget.widget)
            XCTAssertEqual(close.x, 8 * 1.5, accuracy: 0.5, "the close button is at the left edge")
            XCTAssertGreaterThan(action.x, close.x + close.width, "the action button follows it towards the text")
            Self.assertNothingClippedOrOverlapping(widget.widget, "RTL banner at 1.5")

            let hud = try! HUD(on: window.window)
            hud.label = "جار التحميل"
            hud.setButton("إلغاء") {}
            hud.show(animated: false)
            window.host.waitForFrames(3)
            Self.assertNothingClippedOrOverlapping(hud.view.bezelWidget!, "RTL bezel at 1.5")
            hud.hide(animated: false)
        }
    }
}

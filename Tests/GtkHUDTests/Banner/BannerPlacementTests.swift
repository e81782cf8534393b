import CGtk
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Where banners sit, how they move in, and how CSS and content change what they draw.
final class BannerPlacementTests: XCTestCase {
    func testTopBannerSpringsInAndHangsFromTheTopEdgeAtFullWidth() throws {
        try BannerGtkTesting.withWindow(animations: true) { window in
            let banner = try! NotificationBanner(title: "Saved", subtitle: "Your document was saved")
            guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
            XCTAssertTrue(widget.isAnimating, "the entrance must be a running spring animation")
            XCTAssertLessThan(widget.reveal, 1)
            XCTAssertLessThan(window.frame(of: widget).y, 0, "the banner starts above the window")

            XCTAssertTrue(window.waitUntilSettled(widget), "the spring must settle")
            XCTAssertEqual(widget.reveal, 1, accuracy: 0.001)
            let frame = window.frame(of: widget)
            XCTAssertEqual(frame.y, 0, accuracy: 1)
            XCTAssertEqual(frame.x, 0, accuracy: 0.5)
            XCTAssertEqual(frame.width, window.size.width, accuracy: 0.5)
            XCTAssertGreaterThanOrEqual(frame.height, 40, "BRYXBanner's minimum height without a status bar")
            XCTAssertEqual(banner.state, .showing)
        }
    }

    func testBottomBannerStandsOnTheBottomEdge() throws {
        try BannerGtkTesting.withWindow(animations: true) { window in
            let banner = try! NotificationBanner(title: "Bottom")
            banner.position = .bottom
            banner.springiness = .heavy
            guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
            XCTAssertGreaterThan(window.frame(of: widget).y, window.size.height - widget.naturalHeight,
                                 "a bottom banner starts below its resting place")
            XCTAssertTrue(window.waitUntilSettled(widget))
            let frame = window.frame(of: widget)
            XCTAssertEqual(frame.y, window.size.height - frame.height, accuracy: 1)
            XCTAssertEqual(frame.width, window.size.width, accuracy: 0.5)
            XCTAssertTrue(gtk_widget_has_css_class(widget.widget, "bottom") != 0)
        }
    }

    func testWithAnimationsOffTheBannerIsInPlaceImmediately() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            let banner = try! NotificationBanner(title: "Instant")
            banner.show(on: window.window)
            guard let widget = banner.widget?.gtkWidget.flatMap({ BannerWidget.of($0) }) else { return XCTFail("no banner widget") }
            XCTAssertEqual(widget.reveal, 1, "no animation: shown at once")
            XCTAssertFalse(widget.isAnimating)
            window.host.waitForFrames(1)
            XCTAssertEqual(window.frame(of: widget).y, 0, accuracy: 0.5)

            var finished = false
            banner.onDismiss = { _ in finished = true }
            banner.dismiss()
            XCTAssertEqual(widget.reveal, 0, "no animation: hidden at once")
            XCTAssertTrue(MainLoop.run(until: { finished }, timeoutMilliseconds: 1_000), "the exit takes no time")
        }
    }

    /// The user turns animations off while the window's banners are in use:
    /// the next banner follows the setting at once, without a new window.
    func testTurningAnimationsOffLiveMakesTheNextBannerInstant() throws {
        try BannerGtkTesting.withWindow(animations: true) { window in
            XCTAssertTrue(window.center.queue.animationsEnabled, "the center was made with animations on")
            BannerGtkTesting.setAnimationsEnabled(false)
            XCTAssertFalse(window.center.queue.animationsEnabled, "the change reached the queue")
            let banner = try! NotificationBanner(title: "Instant")
            banner.show(on: window.window)
            guard let widget = banner.widget?.gtkWidget.flatMap({ BannerWidget.of($0) }) else { return XCTFail("no banner widget") }
            XCTAssertEqual(widget.reveal, 1, "no animation: shown at once")
            banner.dismiss()
        }
    }

    func testStackedBannersAreOffsetBySlotAndClampingCentresThem() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            window.center.maxVisible = 2
            window.center.stacking = .expanded
            let first = try! NotificationBanner(title: "First")
            let second = try! NotificationBanner(title: "Second", subtitle: "Arrived later")
            guard let firstWidget = window.show(first), let secondWidget = window.show(second) else {
                return XCTFail("no banner widgets")
            }
            window.host.waitForFrames(2)
            XCTAssertEqual(window.frame(of: secondWidget).y, 0, accuracy: 0.5, "the newest banner is nearest the edge")
            XCTAssertEqual(window.frame(of: firstWidget).y, window.frame(of: secondWidget).height, accuracy: 1,
                           "the older banner is pushed down by the newer one's height")

            window.center.maximumWidth = 200
            window.host.waitForFrames(2)
            let clamped = window.frame(of: secondWidget)
            XCTAssertEqual(clamped.width, 200, accuracy: 0.5)
            XCTAssertEqual(clamped.x, (window.size.width - 200) / 2, accuracy: 1)
            XCTAssertTrue(gtk_widget_has_css_class(window.center.stackWidget.gtkWidget, "clamped") != 0)

            second.dismiss()
            window.host.waitForFrames(2)
            XCTAssertEqual(window.frame(of: firstWidget).y, 0, accuracy: 0.5, "the remaining banner moves up to slot 0")
        }
    }

    func testApplicationCSSOverridesTheBannerBackground() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            // Colours set from code, so the override must beat the generated class too.
            let banner = try! NotificationBanner(title: "Styled", subtitle: "Green, please",
                                                 backgroundColor: HUDColor(red: 1, green: 0, blue: 0))
            guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
            window.host.waitForFrames(2)
            @MainActor func greenShare() -> Double {
                guard let image = WidgetRenderer.render(widget.widget) else { return -1 }
                let green = image.count { $0.green > 200 && $0.red < 60 && $0.blue < 60 }
                return Double(green) / Double(image.width * image.height)
            }
            @MainActor func redShare() -> Double {
                guard let image = WidgetRenderer.render(widget.widget) else { return -1 }
                let red = image.count { $0.red > 200 && $0.green < 60 && $0.blue < 60 }
                return Double(red) / Double(image.width * image.height)
            }
            XCTAssertLessThan(greenShare(), 0.01)
            XCTAssertGreaterThan(redShare(), 0.5, "the colour set from code paints the banner")

            let sheet = StyleSheet(priority: .application)
            XCTAssertEqual(sheet.load("hudbanner { background-color: rgb(0, 255, 0); }"), [])
            sheet.install()
            defer { sheet.uninstall() }
            window.host.waitForFrames(2)
            XCTAssertGreaterThan(greenShare(), 0.5, "application CSS must repaint the banner green")
        }
    }

    func testImageIsTintedWithTheTextColourUnlessTurnedOff() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            // A solid red 16×16 texture as the picture; green text on black.
            let bytes: [UInt8] = (0..<(16 * 16 * 4)).map { $0 % 4 == 0 || $0 % 4 == 3 ? 255 : 0 }
            let gbytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            let texture = gdk_memory_texture_new(16, 16, GDK_MEMORY_R8G8B8A8, gbytes, 64)!
            g_bytes_unref(gbytes)
            defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
            let banner = try! NotificationBanner(title: "Tinted", image: .paintable(texture),
                                                 backgroundColor: .black, textColor: HUDColor(red: 0, green: 1, blue: 0))
            guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
            window.host.waitForFrames(2)
            let imageFrame = BannerGtkTesting.bounds(of: widget.imageWidget, in: widget.widget)
            XCTAssertEqual(imageFrame.x, 15, accuracy: 0.5, "BRYXBanner: image 15 px from the leading edge")
            XCTAssertEqual(imageFrame.width, 25, accuracy: 0.5)
            let titleFrame = BannerGtkTesting.bounds(of: widget.titleLabel, in: widget.widget)
            XCTAssertEqual(titleFrame.x, 55, accuracy: 0.5, "text starts 15 px after the 25 px image")
            @MainActor func count(_ test: @escaping ((red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool) -> Int {
                guard let image = WidgetRenderer.render(widget.imageWidget) else { return -1 }
                return image.count(where: test)
            }
            XCTAssertGreaterThan(count { $0.green > 200 && $0.red < 60 }, 200, "tinted: the red square is drawn green")
            XCTAssertEqual(count { $0.red > 200 && $0.green < 60 }, 0)
            banner.tintsImage = false
            window.host.waitForFrames(2)
            XCTAssertGreaterThan(count { $0.red > 200 && $0.green < 60 }, 200, "untinted: its own colours")
            XCTAssertTrue(gtk_widget_has_css_class(widget.imageWidget, "untinted") != 0)

            // A symbolic icon takes the text colour too (GTK recolours it).
            let icon = try! NotificationBanner(title: "Icon", image: .iconName("window-close-symbolic"),
                                               backgroundColor: .black, textColor: HUDColor(red: 0, green: 1, blue: 0))
            banner.dismiss()
            guard let iconWidget = window.show(icon) else { return XCTFail("no banner widget") }
            window.host.waitForFrames(2)
            let green = WidgetRenderer.render(iconWidget.imageWidget)?.count { $0.green > 150 && $0.red < 80 && $0.blue < 80 } ?? 0
            XCTAssertGreaterThan(green, 10, "the symbolic icon is drawn in the text colour")
        }
    }

    func testRightToLeftMirrorsTheLayout() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            let banner = try! NotificationBanner(title: "مرحبا", image: .iconName("dialog-information-symbolic"))
            banner.showsCloseButton = true
            guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
            gtk_widget_set_direction(widget.widget, GTK_TEXT_DIR_RTL)
            window.host.waitForFrames(2)
            let width = Double(gtk_widget_get_width(widget.widget))
            let image = BannerGtkTesting.bounds(of: widget.imageWidget, in: widget.widget)
            XCTAssertEqual(image.x + image.width, width - 15, accuracy: 0.5, "the image sits at the right in RTL")
            let close = BannerGtkTesting.bounds(of: widget.closeButton, in: widget.widget)
            XCTAssertLessThan(close.x, width / 2, "the close button moves to the left in RTL")
        }
    }

    func testMarkupIsShownLiterallyUnlessRequested() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            window.center.maxVisible = 3
            let literal = try! NotificationBanner(title: "<b>Bold</b> & co", subtitle: "<i>x</i>")
            let markup = try! NotificationBanner(title: "<b>Bold</b> &amp; co")
            markup.usesMarkup = true
            let broken = try! NotificationBanner(title: "<b>unclosed & bad")
            broken.usesMarkup = true
            guard let literalWidget = window.show(literal), let markupWidget = window.show(markup),
                  let brokenWidget = window.show(broken) else { return XCTFail("no banner widgets") }
            XCTAssertEqual(literalWidget.titleText, "<b>Bold</b> & co")
            XCTAssertEqual(literalWidget.subtitleText, "<i>x</i>")
            XCTAssertEqual(markupWidget.titleText, "Bold & co")
            XCTAssertEqual(brokenWidget.titleText, "<b>unclosed & bad", "invalid markup falls back to literal text")
        }
    }

    /// A banner's buttons are made only when its content needs them (a plain
    /// banner shows faster); made later, in either order, the action button
    /// still comes before the close button, the order Tab follows.
    func testButtonsAreMadeWhenNeededAndKeepTheirOrder() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            let banner = try! NotificationBanner(title: "Saved")
            guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
            @MainActor func buttons() -> [UnsafeMutablePointer<GtkWidget>] {
                var found: [UnsafeMutablePointer<GtkWidget>] = [], child = gtk_widget_get_first_child(widget.widget)
                while let current = child {
                    if gtkhud_is_a(current.raw, gtk_button_get_type()) != 0 { found.append(current) }
                    child = gtk_widget_get_next_sibling(current)
                }
                return found
            }
            XCTAssertEqual(buttons().count, 0, "a banner without action or close button makes none")
            banner.showsCloseButton = true
            MainLoop.run(until: { buttons().count == 1 }, timeoutMilliseconds: 2_000)
            banner.setAction("_Undo") {}
            MainLoop.run(until: { buttons().count == 2 }, timeoutMilliseconds: 2_000)
            XCTAssertEqual(buttons(), [widget.actionButton, widget.closeButton], "action before close")
            XCTAssertTrue(gtk_widget_get_visible(widget.actionButton) != 0)
            XCTAssertTrue(gtk_widget_get_visible(widget.closeButton) != 0)
            banner.showsCloseButton = false
            MainLoop.run(until: { gtk_widget_get_visible(widget.closeButton) == 0 }, timeoutMilliseconds: 2_000)
            XCTAssertEqual(gtk_widget_get_visible(widget.closeButton), 0, "a made button hides again")
        }
    }

    func testBannerIsAnAlertAndItsButtonsAreFocusable() throws {
        try XInput.require()
        try BannerGtkTesting.withWindow(animations: false) { window in
            let banner = try! NotificationBanner(title: "Deleted", subtitle: "1 file")
            banner.setAction("_Undo") {}
            banner.showsCloseButton = true
            guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
            XCTAssertEqual(gtk_accessible_get_accessible_role(widget.widget.accessible), GTK_ACCESSIBLE_ROLE_ALERT)
            XCTAssertTrue(gtk_widget_get_visible(widget.actionButton) != 0)
            XCTAssertTrue(gtk_widget_get_focusable(widget.actionButton) != 0, "the action button is reachable with Tab")
            XCTAssertTrue(gtk_widget_get_focusable(widget.closeButton) != 0)
            // Real Tab presses: GtkWindow's own focus chain knows only its child and
            // title bar, and the banners' layer joins it through the window's Tab binding.
            guard let input = XInput(window: window.window) else { return XCTFail("the window's X id") }
            defer { input.restore() }
            gtk_widget_grab_focus(window.content)
            let onAction: @MainActor () -> Bool = {
                guard let focus = gtk_window_get_focus(window.window.asWindow) else { return false }
                return focus == widget.actionButton || gtk_widget_is_ancestor(focus, widget.actionButton) != 0
            }
            var reached = false
            for _ in 0..<4 where !reached {
                input.key("Tab")
                reached = MainLoop.run(until: onAction, timeoutMilliseconds: 500)
            }
            XCTAssertTrue(reached, "Tab moves focus from the content to the banner's action button")
            for name in ["top", "has-subtitle", "has-action", "has-close-button", "has-shadow"] {
                XCTAssertTrue(gtk_widget_has_css_class(widget.widget, name) != 0, "missing .\(name)")
            }
        }
    }
}

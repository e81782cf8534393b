import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Banners anchored to a widget (issue #27), with real widgets under Xvfb: the
/// banner's allocation against the anchor's bounds after it shows, after the
/// window is resized (xdotool `windowsize`), after the anchor moves alone,
/// is hidden, shown, and destroyed; what a rendering shows; and bad anchors.
///
/// The anchor is a plain button lifted off the bottom edge by a margin, not a
/// bar: bars at the window's edges are found without an anchor
/// (``BannerPlacement/belowHeaderBar``), so only the anchor can put a banner here.
final class BannerAnchorTests: XCTestCase {
    // MARK: - Where the banner stands

    func testBottomBannerStandsOnTheAnchorAndFollowsAWindowResize() throws {
        try AnchorWindow.run { window in
            window.center.anchor = .above(window.anchor)
            guard let banner = window.showBanner(position: .bottom) else { return XCTFail("no banner widget") }
            window.assertStandsOnAnchor(banner, "after show")

            guard let input = XInput(window: window.window) else { return XCTFail("no X window for xdotool") }
            defer { input.restore() }
            let before = window.size.height
            input.run(["windowsize", input.windowID, "520", "460"])
            XInput.wait("the window to grow") { window.size.height > before + 100 }
            window.host.waitForFrames(3)
            window.assertStandsOnAnchor(banner, "after the window grew")
            XCTAssertGreaterThan(window.frame(of: banner).y, before - 60, "the banner moved down with the anchor")
        }
    }

    /// The anchor moves while the window keeps its size (the overlay is not
    /// laid out again by itself): the banner follows after the next layout.
    func testTheBannerFollowsAnAnchorThatMovesAlone() throws {
        try AnchorWindow.run { window in
            window.center.anchor = .above(window.anchor)
            guard let banner = window.showBanner(position: .bottom) else { return XCTFail("no banner widget") }
            let firstTop = window.top(of: window.anchor)
            gtk_widget_set_margin_bottom(window.anchor, 120)
            window.host.waitForFrames(3)
            XCTAssertEqual(window.top(of: window.anchor), firstTop - 80, accuracy: 1, "the anchor moved up 80 px")
            window.assertStandsOnAnchor(banner, "after the anchor moved")

            gtk_widget_set_size_request(window.anchor, -1, 90)
            window.host.waitForFrames(3)
            window.assertStandsOnAnchor(banner, "after the anchor grew")
        }
    }

    func testHiddenAnchorSendsTheBannerToTheEdgeAndShowingItBringsItBack() throws {
        try AnchorWindow.run { window in
            window.center.anchor = .above(window.anchor)
            guard let banner = window.showBanner(position: .bottom) else { return XCTFail("no banner widget") }
            window.assertStandsOnAnchor(banner, "after show")
            let (_, messages) = BannerGtkTesting.capturingMessages {
                gtk_widget_set_visible(window.anchor, 0)
                window.host.waitForFrames(3)
            }
            XCTAssertTrue(messages.isEmpty, "a hidden anchor is no mistake: \(messages)")
            window.assertStandsOnEdge(banner, "the anchor hidden")
            gtk_widget_set_visible(window.anchor, 1)
            window.host.waitForFrames(3)
            window.assertStandsOnAnchor(banner, "the anchor shown again")
            XCTAssertNotNil(window.center.anchor, "a hidden anchor stays set")
        }
    }

    func testDestroyedAnchorSendsTheBannerToTheEdgeSaysSoAndIsCleared() throws {
        try AnchorWindow.run { window in
            window.center.anchor = .above(window.anchor)
            guard let banner = window.showBanner(position: .bottom) else { return XCTFail("no banner widget") }
            window.assertStandsOnAnchor(banner, "after show")
            let liveAnchor = WeakObjectRef(window.anchor.raw)
            let (_, messages) = BannerGtkTesting.capturingMessages {
                // The box holds the only reference: removing it destroys it.
                gtk_box_remove(window.box.cast(to: GtkBox.self), window.anchor)
                window.host.waitForFrames(3)
            }
            XCTAssertFalse(liveAnchor.isAlive, "the anchor was finalized")
            XCTAssertEqual(messages.map(\.source), ["BannerCenter.anchor"])
            XCTAssertTrue(messages.first?.text.contains("destroyed") ?? false, "\(messages)")
            XCTAssertNil(window.center.anchor, "a destroyed anchor is cleared")
            window.assertStandsOnEdge(banner, "the anchor destroyed")
            XCTAssertEqual(window.bannerState, .showing, "the banner is still up, nothing stuck")

            // The next banner shows at the edge too, and a new anchor works.
            window.center.dismissAll()
            window.host.waitForFrames(2)
            guard let next = window.showBanner(position: .bottom) else { return XCTFail("no second banner") }
            window.assertStandsOnEdge(next, "a banner after the anchor went")
        }
    }

    func testBelowAnAnchorTopBannersHangFromIt() throws {
        try AnchorWindow.run { window in
            window.center.anchor = .below(window.toolbar)
            window.center.maxVisible = 2
            guard let banner = window.showBanner(position: .top) else { return XCTFail("no banner widget") }
            XCTAssertEqual(window.frame(of: banner).y, window.bottom(of: window.toolbar), accuracy: 1, "hangs from the toolbar's bottom")
            guard let bottom = window.showBanner(position: .bottom) else { return XCTFail("no bottom banner") }
            window.assertStandsOnEdge(bottom, "the other edge is the window's")
        }
    }

    /// An anchor takes the banners of one edge: the others keep theirs.
    func testAnAboveAnchorLeavesTopBannersAtTheTop() throws {
        try AnchorWindow.run { window in
            window.center.anchor = .above(window.anchor)
            guard let banner = window.showBanner(position: .top) else { return XCTFail("no banner widget") }
            XCTAssertEqual(window.frame(of: banner).y, 0, accuracy: 1)
        }
    }

    // MARK: - What is drawn

    /// Settled, the banner is drawn right above the anchor and not over it;
    /// while it slides up, the part still behind the anchor is not drawn.
    func testTheBannerIsDrawnAboveTheAnchorAndSlidesOutFromBehindIt() throws {
        try AnchorWindow.run(animations: true) { window in
            window.center.anchor = .above(window.anchor)
            guard let banner = window.showBanner(position: .bottom, springiness: .heavy, frames: 1) else { return XCTFail("no banner widget") }
            let anchor = BannerGtkTesting.bounds(of: window.anchor, in: window.window)
            let entering = BannerGtkTesting.bounds(of: banner.widget, in: window.window)
            XCTAssertGreaterThan(entering.y + entering.height, anchor.y + 5, "the entering banner reaches into the anchor")
            XCTAssertEqual(window.redPixels(in: anchor), 0, "nothing of the banner is drawn over the anchor while it slides")

            XCTAssertTrue(MainLoop.run(until: { !banner.isAnimating }, timeoutMilliseconds: 4_000), "the spring settles")
            window.host.waitForFrames(2)
            window.assertStandsOnAnchor(banner, "settled")
            XCTAssertEqual(window.redPixels(in: anchor), 0, "the anchor is drawn, not covered")
            let above = (x: 0.0, y: anchor.y - 20, width: Double(gtk_widget_get_width(window.window)), height: 19.0)
            XCTAssertGreaterThan(window.redPixels(in: above), Int(above.width) * 10, "the banner is drawn just above the anchor")
            window.saveScreenshot("anchored-banner")
        }
    }

    // MARK: - Bad anchors

    func testAnAnchorInAnotherWindowIsReportedAndTheBannerKeepsTheEdge() throws {
        try AnchorWindow.run { window in
            let other = HostWindow(width: 200, height: 200, title: "Other")
            defer { other.close() }
            let elsewhere = gtk_button_new_with_label("Elsewhere")!
            other.setChild(elsewhere)
            other.present()
            let (_, messages) = BannerGtkTesting.capturingMessages { window.center.anchor = .above(elsewhere) }
            XCTAssertEqual(messages.map(\.source), ["BannerCenter.anchor"])
            XCTAssertTrue(messages.first?.text.contains("another window") ?? false, "\(messages)")
            let (banner, later) = BannerGtkTesting.capturingMessages { window.showBanner(position: .bottom) }
            guard let banner else { return XCTFail("no banner widget") }
            XCTAssertTrue(later.isEmpty, "said once, not at every layout: \(later)")
            window.assertStandsOnEdge(banner, "an anchor in another window")
        }
    }

    func testAnAnchorOutsideTheContentIsReportedAndWorksOncePutInside() throws {
        try AnchorWindow.run { window in
            let loose = g_object_ref_sink(gtk_button_new_with_label("Not packed"))!.asWidget
            defer { g_object_unref(loose) }
            let (_, messages) = BannerGtkTesting.capturingMessages { window.center.anchor = .above(loose) }
            XCTAssertEqual(messages.map(\.source), ["BannerCenter.anchor"])
            XCTAssertTrue(messages.first?.text.contains("not inside") ?? false, "\(messages)")
            guard let banner = window.showBanner(position: .bottom) else { return XCTFail("no banner widget") }
            window.assertStandsOnEdge(banner, "an anchor in no window")

            gtk_widget_set_margin_bottom(loose, 100)
            gtk_box_append(window.box.cast(to: GtkBox.self), loose)
            window.host.waitForFrames(3)
            XCTAssertEqual(window.frame(of: banner).y + window.frame(of: banner).height, window.top(of: loose), accuracy: 1,
                           "once inside the content, the banner stands on it")
        }
    }

    /// The banner layer itself is no anchor (a banner anchored to itself would chase itself).
    func testTheBannerLayerIsNoAnchor() throws {
        try AnchorWindow.run { window in
            let (_, messages) = BannerGtkTesting.capturingMessages { window.center.anchor = .above(window.center.stackWidget) }
            XCTAssertTrue(messages.first?.text.contains("not inside") ?? false, "\(messages)")
        }
    }

    func testNotAWidgetIsRefusedAndNilClears() throws {
        try AnchorWindow.run { window in
            window.center.anchor = .above(window.anchor)
            let notAWidget = OpaquePointer(g_object_new_with_properties(g_object_get_type(), 0, nil, nil)!)
            defer { g_object_unref(UnsafeMutableRawPointer(notAWidget)) }
            let (_, messages) = BannerGtkTesting.capturingMessages { window.center.anchor = .above(notAWidget) }
            XCTAssertEqual(messages.map(\.source), ["BannerCenter.anchor"])
            XCTAssertTrue(messages.first?.text.contains("not a GtkWidget") ?? false, "\(messages)")
            XCTAssertEqual(window.center.anchor?.widget, GtkWidgetRef(window.anchor), "the anchor stays as it was")

            guard let banner = window.showBanner(position: .bottom) else { return XCTFail("no banner widget") }
            window.assertStandsOnAnchor(banner, "anchored")
            window.center.anchor = nil
            window.host.waitForFrames(3)
            window.assertStandsOnEdge(banner, "the anchor cleared")
            XCTAssertNil(window.center.anchor)
        }
    }
}

/// A window whose content is a toolbar above a filler, and a button lifted 40
/// px off the bottom edge to anchor banners to. Animations are off unless asked.
@MainActor
final class AnchorWindow {
    let host: HostWindow
    let box: UnsafeMutablePointer<GtkWidget>
    let toolbar: UnsafeMutablePointer<GtkWidget>
    let anchor: UnsafeMutablePointer<GtkWidget>
    private var lastBanner: NotificationBanner?
    var window: UnsafeMutablePointer<GtkWidget> { host.window }

    init() {
        host = HostWindow(width: 400, height: 320, title: "Anchor test")
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        toolbar = gtk_button_new_with_label("Toolbar")
        gtk_widget_set_margin_top(toolbar, 30)
        gtk_box_append(box.cast(to: GtkBox.self), toolbar)
        let filler = gtk_label_new("Content")!
        gtk_widget_set_vexpand(filler, 1)
        gtk_box_append(box.cast(to: GtkBox.self), filler)
        anchor = gtk_button_new_with_label("Compose")
        gtk_widget_set_margin_bottom(anchor, 40)
        gtk_widget_set_halign(anchor, GTK_ALIGN_END)
        gtk_box_append(box.cast(to: GtkBox.self), anchor)
        host.setChild(box)
        host.present()
    }

    nonisolated static func run(animations: Bool = false, _ body: @MainActor (AnchorWindow) -> Void) throws {
        try BannerGtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            BannerGtkTesting.setAnimationsEnabled(animations)
            defer { BannerGtkTesting.setAnimationsEnabled(true) }
            let window = AnchorWindow()
            defer { window.host.close() }
            body(window)
        }
    }

    var center: BannerCenter { BannerCenter.for(window)! }
    var overlay: UnsafeMutablePointer<GtkWidget> { gtk_widget_get_parent(center.stackWidget.gtkWidget)! }
    var size: (width: Double, height: Double) { (Double(gtk_widget_get_width(overlay)), Double(gtk_widget_get_height(overlay))) }
    var bannerState: BannerState? { lastBanner?.state }

    /// Shows a red banner without shadow and waits `frames` frames.
    func showBanner(position: BannerPosition, springiness: BannerSpringiness = .none, frames: Int = 3) -> BannerWidget? {
        let banner = try! NotificationBanner(title: "Moved to Trash", backgroundColor: BannerHeaderBarLayoutTests.red)
        banner.position = position
        banner.springiness = springiness
        banner.hasShadows = false
        banner.show(on: window, duration: 0)
        lastBanner = banner
        host.waitForFrames(frames)
        return banner.widget?.gtkWidget.flatMap { BannerWidget.of($0) }
    }

    func frame(of banner: BannerWidget) -> (x: Double, y: Double, width: Double, height: Double) {
        BannerGtkTesting.bounds(of: banner.widget, in: overlay)
    }

    func top(of widget: UnsafeMutablePointer<GtkWidget>) -> Double { BannerGtkTesting.bounds(of: widget, in: overlay).y }

    func bottom(of widget: UnsafeMutablePointer<GtkWidget>) -> Double {
        let bounds = BannerGtkTesting.bounds(of: widget, in: overlay)
        return bounds.y + bounds.height
    }

    func assertStandsOnAnchor(_ banner: BannerWidget, _ when: String, file: StaticString = #filePath, line: UInt = #line) {
        let frame = frame(of: banner)
        XCTAssertEqual(frame.y + frame.height, top(of: anchor), accuracy: 1, "the banner's bottom is the anchor's top \(when)",
                       file: file, line: line)
        XCTAssertEqual(frame.width, size.width, accuracy: 0.5, "full width \(when)", file: file, line: line)
    }

    func assertStandsOnEdge(_ banner: BannerWidget, _ when: String, file: StaticString = #filePath, line: UInt = #line) {
        let frame = frame(of: banner)
        XCTAssertEqual(frame.y + frame.height, size.height, accuracy: 1, "the banner stands on the bottom edge: \(when)",
                       file: file, line: line)
    }

    /// The banner's red pixels inside `rect` (window coordinates) of a rendering of the window.
    func redPixels(in rect: (x: Double, y: Double, width: Double, height: Double)) -> Int {
        guard let image = WidgetRenderer.render(window) else { return -1 }
        let bounds = BannerGtkTesting.bounds(of: window, in: window)
        let scaleX = Double(image.width) / bounds.width, scaleY = Double(image.height) / bounds.height
        let left = ((rect.x - bounds.x) * scaleX).rounded(), top = ((rect.y - bounds.y) * scaleY).rounded()
        let right = ((rect.x + rect.width - bounds.x) * scaleX).rounded(), bottom = ((rect.y + rect.height - bounds.y) * scaleY).rounded()
        return image.count(in: (Int(left), Int(top), Int(right - left), Int(bottom - top))) { $0.red > 200 && $0.green < 60 && $0.blue < 60 }
    }

    /// With GTKHUD_SCREENSHOT_DIR set, the window as drawn, to look at.
    func saveScreenshot(_ name: String) {
        guard let directory = ProcessInfo.processInfo.environment["GTKHUD_SCREENSHOT_DIR"] else { return }
        WidgetRenderer.savePNG(window, to: "\(directory)/\(name).png")
    }
}

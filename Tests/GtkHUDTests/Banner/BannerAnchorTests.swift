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
/// is hidden, shown, and destroyed, and after the anchor is set, switched and
/// cleared while banners show; what a rendering shows; and bad anchors.
///
/// An anchor takes every banner of its window, whatever its own position: the
/// banners here keep the default (top) unless a test says otherwise.
///
/// The anchor is a plain button lifted off the bottom edge by a margin, not a
/// bar: bars at the window's edges are found without an anchor
/// (``BannerPlacement/belowHeaderBar``), so only the anchor can put a banner here.
final class BannerAnchorTests: XCTestCase {
    // MARK: - Where the banner stands

    /// The trap found in review: an app sets `.above(bar)` and shows a plain
    /// banner (top by default); it must stand on the bar.
    func testADefaultBannerStandsOnAnAboveAnchorAndFollowsAWindowResize() throws {
        try AnchorWindow.run { window in
            window.center.anchor = .above(window.anchor)
            guard let banner = window.showBanner() else { return XCTFail("no banner widget") }
            window.assertStandsOnAnchor(banner, "after show")
            XCTAssertEqual(window.lastBanner?.position, .top, "the banner's own position reads back as the app left it")
            XCTAssertEqual(banner.position, .bottom, "it stands, swipes and slides as a bottom banner")

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
            guard let banner = window.showBanner() else { return XCTFail("no banner widget") }
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

    /// A hidden anchor is no place: the banner falls back to the anchor's
    /// edge (the bottom, for `.above`), not to its own (the top).
    func testHiddenAnchorSendsTheBannerToTheAnchorsEdgeAndShowingItBringsItBack() throws {
        try AnchorWindow.run { window in
            window.center.anchor = .above(window.anchor)
            guard let banner = window.showBanner() else { return XCTFail("no banner widget") }
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

    /// Destroyed, the anchor is cleared as if the app had set nil: the banner
    /// goes back to its own edge (the top), and so do the next ones.
    func testDestroyedAnchorIsClearedSaysSoAndTheBannersGoBackToTheirOwnEdge() throws {
        try AnchorWindow.run { window in
            window.center.anchor = .above(window.anchor)
            guard let banner = window.showBanner() else { return XCTFail("no banner widget") }
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
            window.assertHangsFromTopEdge(banner, "the anchor destroyed")
            XCTAssertEqual(window.bannerState, .showing, "the banner is still up, nothing stuck")

            window.center.dismissAll()
            window.host.waitForFrames(2)
            guard let next = window.showBanner(position: .bottom) else { return XCTFail("no second banner") }
            window.assertStandsOnEdge(next, "a bottom banner after the anchor went")
        }
    }

    /// `.below` takes every banner too: a bottom banner hangs from the
    /// toolbar, and a second one makes a deck with it there (the older peeks
    /// out under the newest); hidden, they hang from the anchor's edge (the top).
    func testBelowAnAnchorEveryBannerHangsFromIt() throws {
        try AnchorWindow.run { window in
            window.center.anchor = .below(window.toolbar)
            window.center.maxVisible = 2
            guard let older = window.showBanner(position: .bottom) else { return XCTFail("no banner widget") }
            window.assertHangsFromToolbar(older, "a bottom banner")
            XCTAssertEqual(older.position, .top)
            guard let newer = window.showBanner() else { return XCTFail("no second banner") }
            window.assertHangsFromToolbar(newer, "the newest, nearest the anchor")
            window.assertPeeksOut(older, behind: newer, towards: .bottom, "one deck at the anchor")

            gtk_widget_set_visible(window.toolbar, 0)
            window.host.waitForFrames(3)
            window.assertHangsFromTopEdge(newer, "the toolbar hidden: the anchor's edge, not the bottom banner's own")
            window.assertPeeksOut(older, behind: newer, towards: .bottom, "the toolbar hidden")
        }
    }

    /// The anchor set, switched and cleared while banners show (animated):
    /// they move to the new edge, restacked, and none is left stuck.
    func testSettingSwitchingAndClearingTheAnchorWhileBannersShowMovesThem() throws {
        try AnchorWindow.run(animations: true) { window in
            window.center.maxVisible = 2
            guard let top = window.showBanner(springiness: .heavy),
                  let bottom = window.showBanner(position: .bottom, springiness: .heavy) else { return XCTFail("no banner widgets") }
            window.waitUntilSettled([top, bottom])
            window.assertHangsFromTopEdge(top, "no anchor")
            window.assertStandsOnEdge(bottom, "no anchor")

            window.center.anchor = .above(window.anchor)
            window.waitUntilSettled([top, bottom])
            window.assertStandsOnAnchor(bottom, "the newest, on the anchor")
            window.assertPeeksOut(top, behind: bottom, towards: .top, "the older banner moved from the top into the anchor's deck")
            XCTAssertEqual(top.position, .bottom)

            window.center.anchor = .below(window.toolbar)
            window.waitUntilSettled([top, bottom])
            window.assertHangsFromToolbar(bottom, "switched to below the toolbar")
            window.assertPeeksOut(top, behind: bottom, towards: .bottom, "switched")

            window.center.anchor = nil
            window.waitUntilSettled([top, bottom])
            window.assertHangsFromTopEdge(top, "cleared: back to its own edge")
            window.assertStandsOnEdge(bottom, "cleared: back to its own edge")
            XCTAssertEqual([top.position, bottom.position], [.top, .bottom])
            XCTAssertEqual(window.center.presenter.stack.banners.count, 2,
                           "nothing left behind")
        }
    }

    // MARK: - What is drawn

    /// Settled, the banner is drawn right above the anchor and not over it;
    /// while it slides up, the part still behind the anchor is not drawn.
    func testTheBannerIsDrawnAboveTheAnchorAndSlidesOutFromBehindIt() throws {
        try AnchorWindow.run(animations: true) { window in
            window.center.anchor = .above(window.anchor)
            guard let banner = window.showBanner(springiness: .heavy, frames: 1) else { return XCTFail("no banner widget") }
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

    func testAnAnchorInAnotherWindowIsReportedAndTheBannerStandsOnTheAnchorsEdge() throws {
        try AnchorWindow.run { window in
            let other = HostWindow(width: 200, height: 200, title: "Other")
            defer { other.close() }
            let elsewhere = gtk_button_new_with_label("Elsewhere")!
            other.setChild(elsewhere)
            other.present()
            let (_, messages) = BannerGtkTesting.capturingMessages { window.center.anchor = .above(elsewhere) }
            XCTAssertEqual(messages.map(\.source), ["BannerCenter.anchor"])
            XCTAssertTrue(messages.first?.text.contains("another window") ?? false, "\(messages)")
            let (banner, later) = BannerGtkTesting.capturingMessages { window.showBanner() }
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
            guard let banner = window.showBanner() else { return XCTFail("no banner widget") }
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
    /// The banner shown last, as the app holds it.
    private(set) var lastBanner: NotificationBanner?
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

    /// Shows a red banner without shadow at `position` (nil: the default) and waits `frames` frames.
    func showBanner(position: BannerPosition? = nil, springiness: BannerSpringiness = .none, frames: Int = 3) -> BannerWidget? {
        let banner = try! NotificationBanner(title: "Moved to Trash", backgroundColor: BannerHeaderBarLayoutTests.red)
        if let position { banner.position = position }
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

    func assertHangsFromTopEdge(_ banner: BannerWidget, _ when: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(frame(of: banner).y, 0, accuracy: 1, "the banner hangs from the top edge: \(when)", file: file, line: line)
    }

    func assertHangsFromToolbar(_ banner: BannerWidget, _ when: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(frame(of: banner).y, bottom(of: toolbar), accuracy: 1, "the banner hangs from the toolbar's bottom: \(when)",
                       file: file, line: line)
    }

    /// `older` sits behind `newer` in a collapsed deck, peeking out on the side away from the anchor.
    func assertPeeksOut(_ older: BannerWidget, behind newer: BannerWidget, towards side: BannerPosition, _ when: String,
                        file: StaticString = #filePath, line: UInt = #line) {
        let back = frame(of: older), front = frame(of: newer)
        let peek = side == .bottom ? (back.y + back.height) - (front.y + front.height) : front.y - back.y
        XCTAssertEqual(peek, BannerStackWidget.peek, accuracy: 1, "the older banner peeks out \(side == .bottom ? "under" : "over") the newest: \(when)",
                       file: file, line: line)
    }

    /// Waits until the banners' springs settled, then two frames more.
    func waitUntilSettled(_ banners: [BannerWidget], file: StaticString = #filePath, line: UInt = #line) {
        host.waitForFrames(2)
        XCTAssertTrue(MainLoop.run(until: { banners.allSatisfy { !$0.isAnimating } }, timeoutMilliseconds: 4_000),
                      "the springs settle", file: file, line: line)
        host.waitForFrames(2)
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

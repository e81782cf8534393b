import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// `.belowHeaderBar` in the window layouts apps really use: a top banner never
/// covers a header bar (its title and window buttons), a bottom banner stands
/// on a bottom bar, and both follow the bars live (revealed, hidden, resized).
///
/// AdwToolbarView, AdwNavigationSplitView and AdwOverlaySplitView are
/// libadwaita 1.4: those tests reach them through `dlsym` (we build against
/// libadwaita 1.2's headers) and skip, saying why, where the running libadwaita
/// is older (Debian 12); the Debian 13 root runs them.
final class BannerHeaderBarLayoutTests: XCTestCase {
    /// The banners are painted in this colour, so their pixels can be told apart from the bars'.
    static let red = HUDColor(red: 1, green: 0, blue: 0)

    // MARK: - libadwaita 1.2 and GTK layouts (every system)

    /// AdwHeaderBar in the window's title bar slot: the layer lies over the
    /// window's child only, so the banner starts right under the title bar.
    func testTitlebarHeaderBarStaysVisibleAboveTheBanner() throws {
        try LayoutWindow.run {
            let window = LayoutWindow(content: gtk_button_new_with_label("Content"), titlebar: adw_header_bar_new())
            defer { window.close() }
            guard let titlebar = gtk_window_get_titlebar(window.window.asWindow),
                  let banner = window.showBanner() else { return XCTFail("no title bar or banner") }
            let bar = BannerGtkTesting.bounds(of: titlebar, in: window.window)
            let frame = BannerGtkTesting.bounds(of: banner.widget, in: window.window)
            XCTAssertGreaterThan(bar.height, 20, "the title bar is laid out")
            XCTAssertEqual(frame.y, bar.y + bar.height, accuracy: 1, "the banner starts where the title bar ends")
            window.assertNoBannerPixels(in: bar, "the title bar")
            window.assertBannerPixels(below: bar.y + bar.height, "below the title bar")
        }
    }

    /// Two panes side by side, each with its own header bar (AdwLeaflet's and
    /// AdwFlap's layouts in libadwaita 1.2): the banner spans both, so it goes
    /// below the taller one, wherever that pane is.
    func testTopBannerGoesBelowTheTallestHeaderBarOfSideBySidePanes() throws {
        try LayoutWindow.run {
            let panes = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            let tallBar = adw_header_bar_new()!
            gtk_widget_set_size_request(tallBar, -1, 80)
            for bar in [adw_header_bar_new()!, tallBar] {
                let pane = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
                gtk_widget_set_hexpand(pane, 1)
                gtk_box_append(pane.cast(to: GtkBox.self), bar)
                let content = gtk_label_new("Pane")!
                gtk_widget_set_vexpand(content, 1)
                gtk_box_append(pane.cast(to: GtkBox.self), content)
                gtk_box_append(panes.cast(to: GtkBox.self), pane)
            }
            let window = LayoutWindow(content: panes)
            defer { window.close() }
            guard let banner = window.showBanner() else { return XCTFail("no banner widget") }
            XCTAssertEqual(window.frame(of: banner).y, window.bottom(of: tallBar), accuracy: 1, "below the 80 px header bar of the second pane")
            window.assertNoBannerPixels(in: BannerGtkTesting.bounds(of: tallBar, in: window.window), "the second pane's header bar")
        }
    }

    /// A GtkBox of header bar, view and action bar: the bars stay visible and
    /// the banners follow a bar that grows while they are shown.
    func testBannersFollowABoxedHeaderBarAndActionBarLive() throws {
        try LayoutWindow.run {
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let header = adw_header_bar_new()!, actionBar = gtk_action_bar_new()!
            gtk_action_bar_pack_start(OpaquePointer(actionBar), gtk_button_new_with_label("Action"))
            let content = gtk_label_new("Content")!
            gtk_widget_set_vexpand(content, 1)
            for child in [header, content, actionBar] { gtk_box_append(box.cast(to: GtkBox.self), child) }
            let window = LayoutWindow(content: box)
            defer { window.close() }
            window.center.maxVisible = 2
            guard let top = window.showBanner(), let bottom = window.showBanner(position: .bottom) else {
                return XCTFail("no banner widgets")
            }
            XCTAssertEqual(window.frame(of: top).y, window.bottom(of: header), accuracy: 1)
            let bottomFrame = window.frame(of: bottom)
            XCTAssertEqual(bottomFrame.y + bottomFrame.height, window.top(of: actionBar), accuracy: 1, "the bottom banner stands on the action bar")
            gtk_widget_set_size_request(header, -1, 90)
            window.host.waitForFrames(3)
            XCTAssertGreaterThan(window.bottom(of: header), 89)
            XCTAssertEqual(window.frame(of: top).y, window.bottom(of: header), accuracy: 1, "the banner follows the header bar as it grows")
        }
    }

    // MARK: - libadwaita 1.4+ (AdwToolbarView and the split views)

    /// The layout libadwaita recommends since 1.4 (GNOME's templates, Adwaita
    /// for Swift): an AdwWindow whose content is an AdwToolbarView with a
    /// header bar as top bar. The toolbar view's first child is its content,
    /// its top bar comes after; the banner must still start below the bar, in
    /// either top bar style.
    func testTopBannerSitsBelowAToolbarViewsTopBarInEitherStyle() throws {
        let adw = try Adw14.require()
        try LayoutWindow.run {
            for style in [Adw14.flat, Adw14.raised] {
                let (view, header) = adw.toolbarView()
                adw.setTopBarStyle(view, style)
                let window = LayoutWindow(content: view, adwaita: true)
                defer { window.close() }
                guard let banner = window.showBanner() else { return XCTFail("no banner widget") }
                let barHeight = Double(adw.topBarHeight(view))
                XCTAssertGreaterThan(barHeight, 30, "the top bar is laid out (style \(style))")
                XCTAssertEqual(window.frame(of: banner).y, window.top(of: view) + barHeight, accuracy: 1,
                               "the banner starts below the top bar (style \(style))")
                let headerBounds = BannerGtkTesting.bounds(of: header, in: window.window)
                window.assertNoBannerPixels(in: headerBounds, "the header bar (style \(style))")
                window.assertBannerPixels(below: headerBounds.y + headerBounds.height + 2, "under the bar (style \(style))")
            }
        }
    }

    /// Top bars hidden and shown again (`reveal-top-bars`), instantly and
    /// animated: the banner follows the bar's height on every frame, and takes
    /// the top edge while the bars are hidden.
    func testTopBannerFollowsTheTopBarsRevealAndHide() throws {
        try withToolbarViewBanner { adw, window, view, banner in
            let shown = Double(adw.topBarHeight(view))
            XCTAssertEqual(window.frame(of: banner).y, shown, accuracy: 1)
            adw.setRevealTopBars(view, false)
            window.host.waitForFrames(3)
            XCTAssertEqual(adw.topBarHeight(view), 0, "hidden bars have no height")
            XCTAssertEqual(window.frame(of: banner).y, 0, accuracy: 1, "hidden bars: the banner takes the top edge")
            adw.setRevealTopBars(view, true)
            window.host.waitForFrames(3)
            XCTAssertEqual(window.frame(of: banner).y, shown, accuracy: 1, "revealed again: below the bar")

            // Animated: GtkRevealer slides the bar, the toolbar view reports its height frame by frame.
            BannerGtkTesting.setAnimationsEnabled(true)
            defer { BannerGtkTesting.setAnimationsEnabled(false) }
            adw.setRevealTopBars(view, false)
            var sampled = 0, inBetween = 0
            for _ in 0..<60 {
                window.host.waitForFrames(1)
                let height = Double(adw.topBarHeight(view))
                XCTAssertEqual(window.frame(of: banner).y, height, accuracy: 1, "the banner follows the sliding bar (at \(height) px)")
                sampled += 1
                if height > 0, height < shown { inBetween += 1 }
                if height == 0 { break }
            }
            print("BannerHeaderBarLayoutTests: \(sampled) frames sampled while the bar slid out, \(inBetween) mid-way")
            XCTAssertTrue(MainLoop.run(until: { adw.topBarHeight(view) == 0 }, timeoutMilliseconds: 3_000), "the bar slides out")
            window.host.waitForFrames(2)
            XCTAssertEqual(window.frame(of: banner).y, 0, accuracy: 1)
        }
    }

    /// A top bar that grows (a second bar added while the banner is shown).
    func testTopBannerFollowsATopBarThatGrows() throws {
        try withToolbarViewBanner { adw, window, view, banner in
            let before = Double(adw.topBarHeight(view))
            let second = gtk_label_new("Second bar")!
            gtk_widget_set_size_request(second, -1, 40)
            adw.addTopBar(view, second)
            window.host.waitForFrames(3)
            let after = Double(adw.topBarHeight(view))
            XCTAssertEqual(after, before + 40, accuracy: 1, "the second bar adds its height")
            XCTAssertEqual(window.frame(of: banner).y, after, accuracy: 1, "the banner moved below both bars")
        }
    }

    /// Bottom bars: a bottom banner stands on them, and on the edge while they are hidden.
    func testBottomBannerStandsOnAToolbarViewsBottomBar() throws {
        let adw = try Adw14.require()
        try LayoutWindow.run {
            let (view, _) = adw.toolbarView()
            let actionBar = gtk_action_bar_new()!
            gtk_action_bar_pack_start(OpaquePointer(actionBar), gtk_button_new_with_label("Action"))
            adw.addBottomBar(view, actionBar)
            let window = LayoutWindow(content: view, adwaita: true)
            defer { window.close() }
            guard let banner = window.showBanner(position: .bottom) else { return XCTFail("no banner widget") }
            let barHeight = Double(adw.bottomBarHeight(view))
            XCTAssertGreaterThan(barHeight, 30, "the bottom bar is laid out")
            var frame = window.frame(of: banner)
            XCTAssertEqual(frame.y + frame.height, window.size.height - barHeight, accuracy: 1, "the banner stands on the bottom bar")
            window.assertNoBannerPixels(in: BannerGtkTesting.bounds(of: actionBar, in: window.window), "the bottom bar")
            adw.setRevealBottomBars(view, false)
            window.host.waitForFrames(3)
            frame = window.frame(of: banner)
            XCTAssertEqual(frame.y + frame.height, window.size.height, accuracy: 1, "hidden bottom bars: on the bottom edge")
        }
    }

    /// An AdwWindow with a toolbar view (a header bar as top bar) and a top banner shown.
    private func withToolbarViewBanner(_ body: @MainActor (Adw14, LayoutWindow, UnsafeMutablePointer<GtkWidget>, BannerWidget) -> Void) throws {
        let adw = try Adw14.require()
        try LayoutWindow.run {
            let (view, _) = adw.toolbarView()
            let window = LayoutWindow(content: view, adwaita: true)
            defer { window.close() }
            guard let banner = window.showBanner() else { return XCTFail("no banner widget") }
            body(adw, window, view, banner)
        }
    }

    /// AdwNavigationSplitView, side by side: a toolbar view in each pane. The
    /// banner spans both panes, so it goes below the taller of their top bars
    /// (the content's here).
    func testTopBannerSitsBelowTheTopBarsOfANavigationSplitView() throws {
        try assertBelowTheTallerPaneBar(tallSidebar: false) { $0.navigationSplitView(sidebar: $1, content: $2) }
    }

    /// AdwOverlaySplitView: the same, with plain widgets as panes (the sidebar's bar the taller).
    func testTopBannerSitsBelowTheTopBarsOfAnOverlaySplitView() throws {
        try assertBelowTheTallerPaneBar(tallSidebar: true) { $0.overlaySplitView(sidebar: $1, content: $2) }
    }

    /// Two toolbar views with header bars, one 70 px high, in the split view `make` builds.
    private func assertBelowTheTallerPaneBar(tallSidebar: Bool, file: StaticString = #filePath, line: UInt = #line,
                                             _ make: @escaping @MainActor (Adw14, UnsafeMutablePointer<GtkWidget>,
                                                                           UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>) throws {
        let adw = try Adw14.require()
        try LayoutWindow.run {
            let (sidebar, sidebarHeader) = adw.toolbarView(title: "Sidebar")
            let (content, contentHeader) = adw.toolbarView(title: "Content")
            gtk_widget_set_size_request(tallSidebar ? sidebarHeader : contentHeader, -1, 70)
            let window = LayoutWindow(content: make(adw, sidebar, content), adwaita: true, width: 800)
            defer { window.close() }
            guard let banner = window.showBanner() else { return XCTFail("no banner widget", file: file, line: line) }
            let panes = [(sidebar, sidebarHeader), (content, contentHeader)]
            for (_, header) in panes {
                XCTAssertGreaterThan(BannerGtkTesting.bounds(of: header, in: window.overlay).width, 50, "both panes are shown", file: file, line: line)
            }
            let expected = panes.map { window.top(of: $0.0) + Double(adw.topBarHeight($0.0)) }.max() ?? 0
            for (view, header) in panes {
                print("BannerHeaderBarLayoutTests: pane at \(window.top(of: view)), top bars \(adw.topBarHeight(view)) px, header bar "
                      + "\(BannerGtkTesting.bounds(of: header, in: window.overlay)); banner at \(window.frame(of: banner).y)")
            }
            XCTAssertGreaterThanOrEqual(expected, 69, "the taller bar", file: file, line: line)
            XCTAssertEqual(window.frame(of: banner).y, expected, accuracy: 0.5, "below both panes' top bars", file: file, line: line)
            for (_, header) in panes {
                window.assertNoBannerPixels(in: BannerGtkTesting.bounds(of: header, in: window.window), "a pane's header bar", file: file, line: line)
            }
        }
    }
}

/// A presented window (GtkWindow, or AdwWindow as libadwaita apps use) with
/// the given content and title bar, and its banner center.
@MainActor
final class LayoutWindow {
    let host: HostWindow
    var window: UnsafeMutablePointer<GtkWidget> { host.window }

    init(content: UnsafeMutablePointer<GtkWidget>, titlebar: UnsafeMutablePointer<GtkWidget>? = nil,
         adwaita: Bool = false, width: Int32 = 500) {
        if adwaita {
            let window = adw_window_new()!
            adw_window_set_content(window.cast(to: AdwWindow.self), content)
            host = HostWindow(adopting: window, width: width, height: 400)
        } else {
            host = HostWindow(width: width, height: 400, title: "Layout test")
            gtk_window_set_titlebar(host.window.asWindow, titlebar)
            host.setChild(content)
        }
        host.present()
    }

    func close() { host.close() }

    /// Runs `body` on the main actor with animations off (turned on again afterwards).
    nonisolated static func run(_ body: @MainActor () -> Void) throws {
        try BannerGtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            BannerGtkTesting.setAnimationsEnabled(false)
            defer { BannerGtkTesting.setAnimationsEnabled(true) }
            body()
        }
    }

    var center: BannerCenter { BannerCenter.for(window)! }
    var overlay: UnsafeMutablePointer<GtkWidget> { gtk_widget_get_parent(center.stackWidget.gtkWidget)! }
    var size: (width: Double, height: Double) { (Double(gtk_widget_get_width(overlay)), Double(gtk_widget_get_height(overlay))) }

    /// Shows a red banner without shadow and waits until it is laid out.
    func showBanner(position: BannerPosition = .top) -> BannerWidget? {
        let banner = try! NotificationBanner(title: "Saved", subtitle: "Report.pdf", backgroundColor: BannerHeaderBarLayoutTests.red)
        banner.position = position
        banner.hasShadows = false
        banner.show(on: window)
        host.waitForFrames(3)
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

    private func redPixels(in rect: (x: Double, y: Double, width: Double, height: Double)) -> Int {
        guard let image = WidgetRenderer.render(window) else { return -1 }
        // The window's paintable is its bounds (with the frame a window draws
        // around its content on Debian 13: 5 px each side) drawn into the
        // rendering's size (the content's): map window coordinates onto it.
        let bounds = BannerGtkTesting.bounds(of: window, in: window)
        let scaleX = Double(image.width) / bounds.width, scaleY = Double(image.height) / bounds.height
        let left = ((rect.x - bounds.x) * scaleX).rounded(), top = ((rect.y - bounds.y) * scaleY).rounded()
        let right = ((rect.x + rect.width - bounds.x) * scaleX).rounded(), bottom = ((rect.y + rect.height - bounds.y) * scaleY).rounded()
        let area = (x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
        return image.count(in: area) { $0.red > 200 && $0.green < 60 && $0.blue < 60 }
    }

    /// No banner pixel inside `rect` (window coordinates): the bar is drawn, not covered.
    /// Its last row is left out: the banner begins on the seam, and rounding may take one row.
    func assertNoBannerPixels(in rect: (x: Double, y: Double, width: Double, height: Double), _ what: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        let red = redPixels(in: (rect.x, rect.y, rect.width, rect.height - 1))
        XCTAssertEqual(red, 0, "banner pixels over \(what) \(rect)", file: file, line: line)
        // To look at: the window as drawn, bars and banner (named by the asserting line).
        if let directory = ProcessInfo.processInfo.environment["GTKHUD_SCREENSHOT_DIR"] {
            WidgetRenderer.savePNG(window, to: "\(directory)/layout-\(line)\(red == 0 ? "" : "-covered").png")
        }
    }

    /// The banner is drawn in the 20 px under `y` (window coordinates).
    func assertBannerPixels(below y: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let rect = (x: 0.0, y: y, width: Double(gtk_widget_get_width(window)), height: 20.0)
        XCTAssertGreaterThan(redPixels(in: rect), Int(rect.width) * 10, "the banner is drawn \(what)", file: file, line: line)
    }
}

/// libadwaita 1.4's toolbar view and split views, looked up at run time (the
/// headers we build against are libadwaita 1.2's).
struct Adw14: Sendable {
    static let flat: Int32 = 0, raised: Int32 = 1

    private typealias New = @convention(c) () -> UnsafeMutablePointer<GtkWidget>?
    private typealias SetWidget = @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GtkWidget>?) -> Void
    private typealias SetInt = @convention(c) (UnsafeMutablePointer<GtkWidget>?, Int32) -> Void
    private typealias GetInt = @convention(c) (UnsafeMutablePointer<GtkWidget>?) -> Int32
    private typealias PageNew = @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<GtkWidget>?

    private static func symbol<T>(_ name: String, as type: T.Type) throws -> T {
        guard let found = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            throw XCTSkip("libadwaita \(adw_get_major_version()).\(adw_get_minor_version()) has no \(name) (it is 1.4+)")
        }
        return unsafeBitCast(found, to: type)
    }

    /// The functions, or a skip that says which libadwaita runs.
    static func require() throws -> Adw14 {
        try BannerGtkTesting.requireDisplay()
        guard adw_get_minor_version() >= 4 || adw_get_major_version() > 1 else {
            let reason = "libadwaita \(adw_get_major_version()).\(adw_get_minor_version()) has no AdwToolbarView (1.4+); the Debian 13 root runs this test"
            print("BannerHeaderBarLayoutTests: skipped: \(reason)")
            throw XCTSkip(reason)
        }
        return try Adw14()
    }

    private let toolbarViewNew: New, setContent: SetWidget, addTop: SetWidget, addBottom: SetWidget
    private let revealTop: SetInt, revealBottom: SetInt, topStyle: SetInt, topHeight: GetInt, bottomHeight: GetInt
    private let navigationNew: New, navigationSidebar: SetWidget, navigationContent: SetWidget, pageNew: PageNew
    private let overlayNew: New, overlaySidebar: SetWidget, overlayContent: SetWidget

    private init() throws {
        toolbarViewNew = try Self.symbol("adw_toolbar_view_new", as: New.self)
        setContent = try Self.symbol("adw_toolbar_view_set_content", as: SetWidget.self)
        addTop = try Self.symbol("adw_toolbar_view_add_top_bar", as: SetWidget.self)
        addBottom = try Self.symbol("adw_toolbar_view_add_bottom_bar", as: SetWidget.self)
        revealTop = try Self.symbol("adw_toolbar_view_set_reveal_top_bars", as: SetInt.self)
        revealBottom = try Self.symbol("adw_toolbar_view_set_reveal_bottom_bars", as: SetInt.self)
        topStyle = try Self.symbol("adw_toolbar_view_set_top_bar_style", as: SetInt.self)
        topHeight = try Self.symbol("adw_toolbar_view_get_top_bar_height", as: GetInt.self)
        bottomHeight = try Self.symbol("adw_toolbar_view_get_bottom_bar_height", as: GetInt.self)
        navigationNew = try Self.symbol("adw_navigation_split_view_new", as: New.self)
        navigationSidebar = try Self.symbol("adw_navigation_split_view_set_sidebar", as: SetWidget.self)
        navigationContent = try Self.symbol("adw_navigation_split_view_set_content", as: SetWidget.self)
        pageNew = try Self.symbol("adw_navigation_page_new", as: PageNew.self)
        overlayNew = try Self.symbol("adw_overlay_split_view_new", as: New.self)
        overlaySidebar = try Self.symbol("adw_overlay_split_view_set_sidebar", as: SetWidget.self)
        overlayContent = try Self.symbol("adw_overlay_split_view_set_content", as: SetWidget.self)
    }

    /// A toolbar view with an AdwHeaderBar as top bar and a label as content.
    func toolbarView(title: String = "Toolbar view") -> (view: UnsafeMutablePointer<GtkWidget>, header: UnsafeMutablePointer<GtkWidget>) {
        let view = toolbarViewNew()!, header = adw_header_bar_new()!
        addTop(view, header)
        let content = gtk_label_new(title)!
        gtk_widget_set_vexpand(content, 1)
        setContent(view, content)
        return (view, header)
    }

    func setTopBarStyle(_ view: UnsafeMutablePointer<GtkWidget>, _ style: Int32) { topStyle(view, style) }
    func setRevealTopBars(_ view: UnsafeMutablePointer<GtkWidget>, _ reveal: Bool) { revealTop(view, reveal ? 1 : 0) }
    func setRevealBottomBars(_ view: UnsafeMutablePointer<GtkWidget>, _ reveal: Bool) { revealBottom(view, reveal ? 1 : 0) }
    func addTopBar(_ view: UnsafeMutablePointer<GtkWidget>, _ bar: UnsafeMutablePointer<GtkWidget>) { addTop(view, bar) }
    func addBottomBar(_ view: UnsafeMutablePointer<GtkWidget>, _ bar: UnsafeMutablePointer<GtkWidget>) { addBottom(view, bar) }
    func topBarHeight(_ view: UnsafeMutablePointer<GtkWidget>) -> Int32 { topHeight(view) }
    func bottomBarHeight(_ view: UnsafeMutablePointer<GtkWidget>) -> Int32 { bottomHeight(view) }

    func navigationSplitView(sidebar: UnsafeMutablePointer<GtkWidget>, content: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let split = navigationNew()!
        navigationSidebar(split, "Sidebar".withCString { pageNew(sidebar, $0) })
        navigationContent(split, "Content".withCString { pageNew(content, $0) })
        return split
    }

    func overlaySplitView(sidebar: UnsafeMutablePointer<GtkWidget>, content: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let split = overlayNew()!
        overlaySidebar(split, sidebar)
        overlayContent(split, content)
        return split
    }
}

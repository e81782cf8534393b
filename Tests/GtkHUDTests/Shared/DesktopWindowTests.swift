import CGtk
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Desktop windows: banners keep clear of header bars (the window's title and
/// buttons stay usable), and GtkHUD never takes the app's widget out of its window.
final class DesktopWindowTests: XCTestCase {
    /// How the window under test carries its header bar.
    enum HeaderKind { case titlebar, adwContent }

    @MainActor
    final class DesktopWindow {
        let window: UnsafeMutablePointer<GtkWidget>
        let header: UnsafeMutablePointer<GtkWidget>
        let content: UnsafeMutablePointer<GtkWidget>
        let view: UnsafeMutablePointer<GtkWidget>
        var bottomBar: UnsafeMutablePointer<GtkWidget>?

        /// `.titlebar`: a GtkWindow with a GtkHeaderBar in its titlebar slot.
        /// `.adwContent`: an AdwApplicationWindow whose content is a box of
        /// AdwHeaderBar, view and GtkActionBar (the usual libadwaita layout before AdwToolbarView).
        init(_ kind: HeaderKind) {
            view = gtk_button_new_with_label("Document")!
            gtk_widget_set_vexpand(view, 1)
            switch kind {
            case .titlebar:
                window = gtk_window_new()
                header = gtk_header_bar_new()
                gtk_window_set_titlebar(window.asWindow, header)
                content = view
                gtk_window_set_child(window.asWindow, content)
            case .adwContent:
                window = adw_application_window_new(nil)
                header = adw_header_bar_new()
                let bar = gtk_action_bar_new()!
                gtk_action_bar_pack_start(OpaquePointer(bar), gtk_label_new("Status"))
                bottomBar = bar
                content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
                let box = content.raw.typed(GtkBox.self)
                gtk_box_append(box, header)
                gtk_box_append(box, view)
                gtk_box_append(box, bar)
                adw_application_window_set_content(window.raw.typed(AdwApplicationWindow.self), content)
            }
            gtk_window_set_title(window.asWindow, "Desktop placement")
            gtk_window_set_default_size(window.asWindow, 480, 360)
            g_object_ref(window.raw) // outlives gtk_window_destroy, to check what happened to it
            gtk_window_present(window.asWindow)
            HUDTesting.wait("mapped") { gtk_widget_get_mapped(self.window) != 0 }
            waitForFrames(2)
        }

        /// What the window itself says its content is.
        var windowContent: UnsafeMutablePointer<GtkWidget>? {
            if gtkhud_is_a(window.raw, adw_application_window_get_type()) != 0 {
                return adw_application_window_get_content(window.raw.typed(AdwApplicationWindow.self))
            }
            return gtk_window_get_child(window.asWindow)
        }

        var isOpen: Bool {
            guard let list = gtk_window_get_toplevels() else { return false }
            for index in 0..<g_list_model_get_n_items(list) {
                guard let item = g_list_model_get_item(list, index) else { continue }
                g_object_unref(item)
                if item == window.raw { return true }
            }
            return false
        }

        func waitForFrames(_ count: Int) {
            guard let clock = gtk_widget_get_frame_clock(window) else { return }
            let start = gdk_frame_clock_get_frame_counter(clock)
            MainLoop.run(until: {
                gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
                return gdk_frame_clock_get_frame_counter(clock) >= start + count
            }, timeoutMilliseconds: 2_000)
        }

        /// `widget`'s bounds in window coordinates.
        func bounds(_ widget: UnsafeMutablePointer<GtkWidget>) -> (x: Double, y: Double, width: Double, height: Double) {
            BannerGtkTesting.bounds(of: widget, in: window)
        }

        /// Shows `banner` with animations off and returns its widget once laid out.
        func show(_ banner: NotificationBanner) -> BannerWidget? {
            banner.show(on: window, duration: 60)
            waitForFrames(2)
            return banner.widget.flatMap { BannerWidget.of($0) }
        }

        /// The window's close button (GtkWindowControls puts a `.close` button in the header bar).
        var closeButton: UnsafeMutablePointer<GtkWidget>? { Self.find(in: header) { gtk_widget_has_css_class($0, "close") != 0 } }

        private static func find(in root: UnsafeMutablePointer<GtkWidget>,
                                 _ match: (UnsafeMutablePointer<GtkWidget>) -> Bool) -> UnsafeMutablePointer<GtkWidget>? {
            if match(root) { return root }
            var child = gtk_widget_get_first_child(root)
            while let current = child {
                if let found = find(in: current, match) { return found }
                child = gtk_widget_get_next_sibling(current)
            }
            return nil
        }

        func close() {
            if isOpen { gtk_window_destroy(window.asWindow) }
            while MainLoop.iterate() {}
            g_object_unref(window.raw)
        }
    }

    @MainActor
    private static func withDesktopWindow(_ kind: HeaderKind, _ body: (DesktopWindow) throws -> Void) throws {
        BannerGtkTesting.setAnimationsEnabled(false)
        defer { BannerGtkTesting.setAnimationsEnabled(true) }
        let desktop = DesktopWindow(kind)
        defer { desktop.close() }
        try body(desktop)
    }

    // MARK: - B: banners below the header bar

    func testTopBannerSitsBelowTheHeaderBarAndTheCloseButtonStillClosesTheWindow() throws {
        try XInput.require()
        try MainActor.assumeIsolated {
            for kind in [HeaderKind.titlebar, .adwContent] {
                try Self.withDesktopWindow(kind) { desktop in
                    let banner = try NotificationBanner(title: "Saved", subtitle: "Your document was saved")
                    guard let widget = desktop.show(banner) else { return XCTFail("\(kind): no banner widget") }
                    let header = desktop.bounds(desktop.header), frame = desktop.bounds(widget.widget)
                    XCTAssertGreaterThan(header.height, 0, "\(kind): the header bar is laid out")
                    XCTAssertGreaterThanOrEqual(frame.y, header.y + header.height - 0.5,
                                                "\(kind): the banner's top (\(frame.y)) is at or below the header bar's bottom (\(header.y + header.height))")
                    XCTAssertEqual(frame.width, desktop.bounds(desktop.view).width, accuracy: 1, "\(kind): full width")
                    XCTAssertEqual(banner.state, .showing)

                    let close = try XCTUnwrap(desktop.closeButton, "\(kind): the header bar shows a close button")
                    let input = try XCTUnwrap(XInput(window: desktop.window), "\(kind): the window's X id")
                    defer { input.restore() }
                    input.click(at: input.center(of: close))
                    XCTAssertTrue(MainLoop.run(until: { !desktop.isOpen }, timeoutMilliseconds: 3_000),
                                  "\(kind): a real click on the close button closes the window while the banner shows")
                }
            }
        }
    }

    func testBottomBannerStandsOnTheBottomBar() throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            try Self.withDesktopWindow(.adwContent) { desktop in
                let banner = try NotificationBanner(title: "Bottom")
                banner.position = .bottom
                guard let widget = desktop.show(banner), let bar = desktop.bottomBar else { return XCTFail("no banner widget") }
                let frame = desktop.bounds(widget.widget), barFrame = desktop.bounds(bar)
                XCTAssertEqual(frame.y + frame.height, barFrame.y, accuracy: 1, "the bottom banner stands on the action bar")
            }
        }
    }

    func testCoversTopEdgePlacementKeepsTheBannerLookOverTheTitleBar() throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            for kind in [HeaderKind.titlebar, .adwContent] {
                try Self.withDesktopWindow(kind) { desktop in
                    let center = try XCTUnwrap(BannerCenter.for(desktop.window))
                    XCTAssertEqual(center.placement, .belowHeaderBar, "the desktop placement is the default")
                    center.placement = .coversTopEdge
                    let banner = try NotificationBanner(title: "Over the top")
                    guard let widget = desktop.show(banner) else { return XCTFail("\(kind): no banner widget") }
                    let header = desktop.bounds(desktop.header), frame = desktop.bounds(widget.widget)
                    XCTAssertEqual(frame.y, header.y, accuracy: 1, "\(kind): the banner hangs from the window's top edge, over the header bar")
                    let centerOfHeader = (header.x + header.width / 2, header.y + header.height / 2)
                    let picked = gtk_widget_pick(desktop.window, centerOfHeader.0, centerOfHeader.1, GTK_PICK_DEFAULT)
                    XCTAssertTrue(picked.map { $0 == widget.widget || gtk_widget_is_ancestor($0, widget.widget) != 0 } == true,
                                  "\(kind): the banner, not the header bar, takes a click there")
                }
            }
        }
    }

    // MARK: - C: the app's content stays its own

    func testAHUDOverlayThatIsTheWindowsChildIsUsedAsBefore() throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            let overlay = try XCTUnwrap(HUDOverlay(content: gtk_button_new_with_label("Inside")))
            let host = HostWindow(width: 320, height: 240, title: "Own overlay")
            defer { host.close() }
            host.setChild(overlay.widget)
            host.present()
            let hud = try XCTUnwrap(HUD.show(on: host.window, animated: false))
            XCTAssertTrue(gtk_widget_get_parent(try XCTUnwrap(hud.view.bezelWidget)) == overlay.widget,
                          "the app's own overlay serves its window")
            XCTAssertNil(HUDOverlay.windowLayer(of: host.window), "no second layer is added")
            hud.hide(animated: false)
        }
    }

    func testWindowContentStaysTheAppsWidgetAfterHUDsAndBanners() throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            for kind in [HeaderKind.titlebar, .adwContent] {
                try Self.withDesktopWindow(kind) { desktop in
                    let hud = try XCTUnwrap(HUD.show(on: desktop.window, animated: false))
                    let banner = try NotificationBanner(title: "Hello")
                    XCTAssertNotNil(desktop.show(banner), "\(kind): the banner shows")
                    XCTAssertTrue(desktop.windowContent == desktop.content,
                                  "\(kind): get_content/get_child still return the app's widget after a HUD and a banner")
                    XCTAssertTrue(gtk_widget_get_parent(desktop.content) != nil
                                  && HUDOverlayWidget.of(gtk_widget_get_parent(desktop.content)) == nil,
                                  "\(kind): the app's widget is not wrapped")
                    // The HUD is up and centred over the content.
                    let bezel = try XCTUnwrap(hud.view.bezelWidget)
                    XCTAssertTrue(gtk_widget_get_mapped(bezel) != 0, "\(kind): the HUD shows")
                    hud.hide(animated: false)
                    XCTAssertTrue(MainLoop.run(until: { hud.isFinished }, timeoutMilliseconds: 2_000))

                    // The app replaces its content: calls on "its" window work and HUDs follow.
                    let replacement = gtk_label_new("New page")!
                    if kind == .titlebar {
                        gtk_window_set_child(desktop.window.asWindow, replacement)
                    } else {
                        adw_application_window_set_content(desktop.window.raw.typed(AdwApplicationWindow.self), replacement)
                    }
                    XCTAssertTrue(desktop.windowContent == replacement, "\(kind): set_content/set_child work as usual")
                    let second = try XCTUnwrap(HUD.show(on: replacement, animated: false))
                    desktop.waitForFrames(2)
                    let bezelFrame = desktop.bounds(try XCTUnwrap(second.view.bezelWidget))
                    let area = desktop.bounds(replacement)
                    XCTAssertEqual(bezelFrame.x + bezelFrame.width / 2, area.x + area.width / 2, accuracy: 2,
                                   "\(kind): the HUD is centred over the new content")
                    XCTAssertEqual(bezelFrame.y + bezelFrame.height / 2, area.y + area.height / 2, accuracy: 2)
                    XCTAssertEqual(banner.state, .showing, "\(kind): the banner stayed")
                    second.hide(animated: false)
                    banner.dismiss()
                }
            }
        }
    }
}

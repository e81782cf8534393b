import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Issue #27 with real widgets: each `HUDOverlay` is a context with its own
/// banner queue, its own block, its own visibility; bad contexts are refused
/// clearly and leave nothing stuck.
final class ContextTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            ProgressHUD.reset()
            ProgressHUD.context = .automatic
            HUDTesting.setAnimations(true)
        }
    }

    func testEachPaneHasItsOwnQueue() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            let split = SplitWindow()
            defer { split.host.close() }
            let left = try! NotificationBanner(title: "Left"), right = try! NotificationBanner(title: "Right")
            left.show(in: .overlay(split.left))
            right.show(on: split.rightButtons[0])
            XCTAssertEqual(left.state, .showing)
            XCTAssertEqual(right.state, .showing, "one banner at a time per context, not per window")
            XCTAssertFalse(BannerCenter.for(.overlay(split.left)) === BannerCenter.for(.overlay(split.right)))
            let leftStack = try! XCTUnwrap(BannerCenter.for(.overlay(split.left))?.stackWidget.gtkWidget)
            XCTAssertEqual(gtk_widget_get_parent(leftStack), split.left.pointer, "the left pane's banners are laid over the left pane")
            BannerCenter.for(.overlay(split.left))?.dismissAll()
            XCTAssertEqual(right.state, .showing, "dismissing one pane's banners leaves the other's")
        }
    }

    /// A blocking HUD in one pane blocks that pane's content only.
    func testABlockingHUDBlocksOnlyItsPane() throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            let split = SplitWindow()
            defer { split.host.close() }
            let hud = try HUD(in: .widget(split.leftButtons[1]), appearance: SplitWindow.blocking)
            hud.show(animated: false)
            XCTAssertEqual(gtk_widget_get_can_focus(try XCTUnwrap(split.left.content?.gtkWidget)), 0)
            XCTAssertNotEqual(gtk_widget_get_can_focus(try XCTUnwrap(split.right.content?.gtkWidget)), 0)
            XCTAssertTrue(HUD.hud(for: split.leftButtons[0]) === hud)
            XCTAssertNil(HUD.hud(for: split.rightButtons[0]), "the right pane has no HUD")
            hud.hide(animated: false)
            HUDTesting.wait("the block to end") { gtk_widget_get_can_focus(split.left.content!.gtkWidget!) != 0 }
        }
    }

    /// A `GtkStack` page switched away pauses its banners' timeouts; switching
    /// back resumes them with the time they had left.
    func testAStackPageSwitchedAwayPausesItsBanners() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            let host = HostWindow(width: 480, height: 300, title: "Stack")
            defer { host.close() }
            let stack = gtk_stack_new()!
            let page = HUDOverlay(content: gtk_label_new("Page one"))!
            gtk_stack_add_named(OpaquePointer(stack), page.pointer, "one")
            gtk_stack_add_named(OpaquePointer(stack), gtk_label_new("Page two"), "two")
            host.setChild(stack)
            host.present()
            let banner = try! NotificationBanner(title: "On page one")
            banner.pausesWhileWindowInactive = true
            banner.show(in: .overlay(page), duration: 30)
            HUDTesting.wait("the banner to count") { banner.state == .showing && !banner.isTimeoutPaused && banner.remainingTime != nil }
            gtk_stack_set_visible_child_name(OpaquePointer(stack), "two")
            HUDTesting.wait("the banner to pause with its page") { banner.isTimeoutPaused }
            let left = try! XCTUnwrap(banner.remainingTime)
            host.waitForFrames(3)
            XCTAssertEqual(banner.remainingTime, left, "no time passes while the page is away")
            gtk_stack_set_visible_child_name(OpaquePointer(stack), "one")
            HUDTesting.wait("the banner to go on") { !banner.isTimeoutPaused }
            banner.dismiss()
        }
    }

    /// A widget in a dialog window (transient, modal) resolves to the dialog, not its parent.
    func testAWidgetInADialogWindowGoesToTheDialog() throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            let (parent, _) = HUDTesting.window()
            defer { parent.close() }
            let dialog = HostWindow(width: 300, height: 200, title: "Dialog")
            defer { dialog.close() }
            gtk_window_set_transient_for(dialog.window.asWindow, parent.window.asWindow)
            gtk_window_set_modal(dialog.window.asWindow, 1)
            let button = gtk_button_new_with_label("In the dialog")!
            dialog.setChild(button)
            dialog.present()
            let stack = try XCTUnwrap(BannerCenter.for(button)?.stackWidget.gtkWidget)
            XCTAssertEqual(gtk_widget_get_root(stack).map { UnsafeMutableRawPointer($0) }, dialog.window.raw)
            let hud = try HUD(in: .widget(button))
            hud.show(animated: false)
            let bezel = try XCTUnwrap(hud.view.bezelWidget)
            XCTAssertEqual(gtk_widget_get_root(bezel).map { UnsafeMutableRawPointer($0) }, dialog.window.raw)
            hud.hide(animated: false)
        }
    }

    /// Contexts from a `.ui` file: a `GtkPaned` whose two children are `GtkHUDOverlay`s.
    func testPanesFromAUIFileAreContextsOfTheirOwn() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            HUDOverlay.registerWidgetTypes()
            let ui = """
            <interface>
              <object class="GtkWindow" id="window">
                <child>
                  <object class="GtkPaned">
                    <property name="start-child">
                      <object class="GtkHUDOverlay"><child><object class="GtkButton" id="left"/></child></object>
                    </property>
                    <property name="end-child">
                      <object class="GtkHUDOverlay"><child><object class="GtkButton" id="right"/></child></object>
                    </property>
                  </object>
                </child>
              </object>
            </interface>
            """
            let builder = gtk_builder_new_from_string(ui, -1)!
            defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
            let object = { (id: String) in UnsafeMutableRawPointer(gtk_builder_get_object(builder, id)!).asWidget }
            let window = object("window")
            defer { gtk_window_destroy(window.asWindow) }
            gtk_window_present(window.asWindow)
            let left = BannerCenter.for(.widget(object("left"))), right = BannerCenter.for(.widget(object("right")))
            XCTAssertNotNil(left)
            XCTAssertNotNil(right)
            XCTAssertFalse(left === right, "each pane of the .ui file has its own queue")
            XCTAssertFalse(left === BannerCenter.for(.window(window)))
        }
    }

    // MARK: Bad input

    /// A widget not in a window yet: each front end says so under its own name; nothing shows.
    func testAContextWidgetNotInAWindowIsRefusedUnderEachPublicName() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let loose = g_object_ref_sink(gtk_button_new_with_label("Loose"))!.asWidget
            defer { g_object_unref(loose) }
            let banner = try! NotificationBanner(title: "Nowhere")
            let messages = HUDTesting.captureDiagnostics {
                do { _ = try HUD(in: .widget(loose)); XCTFail("no HUD outside a window") }
                catch { XCTAssertEqual(error as? HUDError, .notInWindow) }
                banner.show(in: .widget(loose))
                ProgressHUD.context = .widget(loose)
                ProgressHUD.show(status: "Nowhere")
                XCTAssertNil(BannerCenter.for(.window(loose)))
            }
            XCTAssertEqual(banner.state, .hidden)
            XCTAssertFalse(ProgressHUD.isVisible)
            XCTAssertEqual(messages.map(\.source), ["HUD.init(in:)", "NotificationBanner.show(in:duration:)", "ProgressHUD.show(status:)"])
            XCTAssertTrue(messages.allSatisfy { $0.text.contains("not inside a window yet") }, "\(messages)")
        }
    }

    /// The pane's overlay destroyed while a HUD blocks it: the HUD ends, the
    /// focus is not left on a dead widget, and the other pane takes it with Tab.
    func testAPaneDestroyedWhileItsHUDBlocksLeavesNothingStuck() throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            let host = HostWindow(width: 480, height: 300, title: "Destroyed pane")
            defer { host.close() }
            let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
            let blockedButton = gtk_button_new_with_label("Blocked")!
            let otherButton = gtk_button_new_with_label("Other")!
            do { // the app keeps no HUDOverlay: the paned holds the only reference
                let overlay = HUDOverlay(content: blockedButton)!
                gtk_paned_set_start_child(OpaquePointer(paned), overlay.pointer)
            }
            gtk_paned_set_end_child(OpaquePointer(paned), otherButton)
            host.setChild(paned)
            host.present()
            gtk_widget_grab_focus(blockedButton)
            let hud = try HUD(on: blockedButton, appearance: SplitWindow.blocking)
            var outcome: HUDDismissOutcome?
            hud.show(animated: false)
            hud.hide(afterDelay: 60) { outcome = $0 }
            XCTAssertTrue(hud.isVisible)
            let overlay = WeakObjectRef(try XCTUnwrap(gtk_paned_get_start_child(OpaquePointer(paned))).raw)
            let (trouble, _) = BannerGtkTesting.capturingGLibTrouble {
                gtk_paned_set_start_child(OpaquePointer(paned), nil)
                let focus = gtk_window_get_focus(host.window.asWindow)
                XCTAssertTrue(focus == nil || focus == otherButton, "the focus is not left on a widget of the removed pane")
                // GTK's accessibility layer lets go of removed widgets at an idle; then the overlay is disposed.
                HUDTesting.wait("the pane's overlay to be disposed") { !overlay.isAlive }
            }
            // The HUD's end gave the focus back to a pane outside any window: GTK
            // logged a critical (gtk_window_get_focus on no window) until it was refused.
            XCTAssertEqual(trouble, [], "GLib criticals or warnings while the pane went")
            XCTAssertFalse(hud.isVisible, "the HUD ended with its pane")
            XCTAssertEqual(outcome, .cancelled, "its completion ran")
            _ = gtk_widget_child_focus(host.window, GTK_DIR_TAB_FORWARD)
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), otherButton, "Tab reaches the other pane")
        }
    }

    /// An overlay moved into another window takes its banners along, and they
    /// follow the new window's attention.
    func testAContextMovedToAnotherWindowKeepsItsBanners() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            let (first, _) = HUDTesting.window()
            let (second, _) = HUDTesting.window()
            defer {
                first.close()
                second.close()
            }
            let overlay = HUDOverlay(content: gtk_label_new("Moving"))!
            first.setChild(overlay.pointer)
            first.waitForFrames(2)
            let banner = try! NotificationBanner(title: "Travels along")
            banner.show(in: .overlay(overlay), duration: 30)
            let center = BannerCenter.for(.overlay(overlay))
            first.setChild(nil)
            second.setChild(overlay.pointer)
            second.waitForFrames(2)
            XCTAssertEqual(banner.state, .showing)
            XCTAssertTrue(BannerCenter.for(.overlay(overlay)) === center, "the same context, the same queue")
            XCTAssertEqual(OverlayHost.existing(overlay.implementation)?.window, second.window, "its window is watched now")
            banner.dismiss()
        }
    }
}

/// A folded `AdwLeaflet` (libadwaita 1.2; deprecated from 1.4, so looked up at
/// run time) shows one child: the other pane's banners wait for it.
final class LeafletContextTests: XCTestCase {
    private typealias New = @convention(c) () -> UnsafeMutablePointer<GtkWidget>?
    private typealias Append = @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GtkWidget>?) -> OpaquePointer?
    private typealias SetBool = @convention(c) (UnsafeMutablePointer<GtkWidget>?, Int32) -> Void
    private typealias SetChild = @convention(c) (UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GtkWidget>?) -> Void

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }

    func testTheFoldedAwayPaneHoldsItsBanners() throws {
        try HUDTesting.requireDisplay()
        guard let new = Self.symbol("adw_leaflet_new", as: New.self),
              let append = Self.symbol("adw_leaflet_append", as: Append.self),
              let setCanUnfold = Self.symbol("adw_leaflet_set_can_unfold", as: SetBool.self),
              let setVisible = Self.symbol("adw_leaflet_set_visible_child", as: SetChild.self) else {
            throw XCTSkip("this libadwaita has no AdwLeaflet")
        }
        MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            defer { HUDTesting.setAnimations(true) }
            let host = HostWindow(width: 480, height: 300, title: "Leaflet")
            defer { host.close() }
            let leaflet = new()!
            setCanUnfold(leaflet, 0) // always folded: one pane at a time, as on a phone
            let sidebar = HUDOverlay(content: gtk_label_new("Sidebar"))!
            let content = gtk_label_new("Content")!
            _ = append(leaflet, sidebar.pointer)
            _ = append(leaflet, content)
            host.setChild(leaflet)
            host.present()
            let banner = try! NotificationBanner(title: "In the sidebar")
            banner.show(in: .overlay(sidebar), duration: 30)
            HUDTesting.wait("the banner to count") { banner.state == .showing && !banner.isTimeoutPaused && banner.remainingTime != nil }
            setVisible(leaflet, content)
            HUDTesting.wait("the sidebar's banner to wait while the content shows") { banner.isTimeoutPaused }
            setVisible(leaflet, sidebar.pointer)
            HUDTesting.wait("the banner to go on") { !banner.isTimeoutPaused }
            banner.dismiss()
        }
    }
}

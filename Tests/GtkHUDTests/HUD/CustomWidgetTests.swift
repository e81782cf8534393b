import CGtk
@testable import GtkHUD
import GtkSupport
import XCTest

/// Custom widgets fresh from a GTK constructor are owned, shown and let go.
final class CustomWidgetTests: XCTestCase {
    func testSharedHUDShowsASecondCustomWidgetAndFinalisesBoth() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            defer { HUDTesting.setAnimations(true) }
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            ProgressHUD.host = host.window
            defer { ProgressHUD.host = nil }
            let first = gtk_image_new_from_icon_name("starred-symbolic")! // floating, as GTK returns it
            let second = gtk_image_new_from_icon_name("mail-send-symbolic")!
            let firstAlive = WeakObjectRef(first.raw), secondAlive = WeakObjectRef(second.raw)
            ProgressHUD.setCustomWidget(first)
            ProgressHUD.showCustomWidget(status: "First")
            XCTAssertNotNil(gtk_widget_get_parent(first), "the first widget is in the bezel")
            ProgressHUD.setCustomWidget(second)
            ProgressHUD.showCustomWidget(status: "Second")
            XCTAssertNotNil(gtk_widget_get_parent(second), "the second widget replaced the first (it was ignored)")
            XCTAssertFalse(firstAlive.isAlive, "the replaced widget is finalised")
            ProgressHUD.setCustomWidget(nil)
            ProgressHUD.reset()
            host.waitForFrames(2)
            XCTAssertFalse(secondAlive.isAlive, "a floating widget taken with a plain ref was never finalised")
        }
    }

    func testInstanceHUDCustomWidgetIsFinalisedWithTheHUD() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            var alive: WeakObjectRef?
            do {
                let hud = (try! HUD(on: host.window))
                hud.mode = .customView
                let image = gtk_image_new_from_icon_name("starred-symbolic")!
                alive = WeakObjectRef(image.raw)
                hud.customWidget = image
                hud.show(animated: false)
                XCTAssertNotNil(gtk_widget_get_parent(image))
                hud.customWidget = nil
                hud.hide(animated: false)
            }
            host.waitForFrames(2)
            XCTAssertEqual(alive?.isAlive, false)
        }
    }
}

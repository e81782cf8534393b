import CGtk
import Foundation
@testable import GtkHUD
@testable import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// An app's custom widget in the bezel: taken over, replaced, finalised (issue #11 item 4).
final class CustomWidgetLifetimeTests: XCTestCase {

    func testAFloatingCustomWidgetIsFinalised() throws {
        try HUDTesting.withWindow { host, _ in
            let label = try XCTUnwrap(gtk_label_new("Custom"))
            XCTAssertNotEqual(g_object_is_floating(label.raw), 0)
            let weakLabel = WeakObjectRef(label.raw)
            let hud = try XCTUnwrap(HUD(on: host.window))
            hud.customWidget = GtkWidgetRef(label)
            hud.mode = .customView
            hud.show()
            XCTAssertEqual(gtk_widget_get_parent(label), hud.view.bezelWidget)
            hud.hide()
            hud.customWidget = nil
            hud.mode = .text
            XCTAssertFalse(weakLabel.isAlive, "the HUD let go of the widget it was given")
        }
    }

    func testASecondSharedCustomWidgetReplacesTheFirst() throws {
        try HUDTesting.withWindow { host, _ in
            ProgressHUD.host = host.window
            let first = try XCTUnwrap(gtk_label_new("First"))
            let second = try XCTUnwrap(gtk_label_new("Second"))
            let weakFirst = WeakObjectRef(first.raw)
            ProgressHUD.setCustomWidget(first)
            ProgressHUD.showCustomWidget(status: "One")
            XCTAssertEqual(gtk_widget_get_parent(first), ProgressHUD.bezelWidget?.gtkWidget)
            ProgressHUD.setCustomWidget(second)
            ProgressHUD.showCustomWidget(status: "One")
            XCTAssertEqual(gtk_widget_get_parent(second), ProgressHUD.bezelWidget?.gtkWidget, "the second widget is shown")
            XCTAssertFalse(weakFirst.isAlive, "the first widget was let go")
            ProgressHUD.dismiss()
            ProgressHUD.setCustomWidget(nil)
        }
    }
}

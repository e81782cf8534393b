import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// A banner's GAction target checked against the action's parameter type
/// (issue #19 bug 10): a wrong one never reaches GLib, it is refused with a
/// message, and a right one is activated by a real click.
final class BannerActionInputTests: XCTestCase {
    /// The action is in a group inserted on the window, which GtkHUD cannot
    /// look into when the banner is shown: GTK's own resolution decides at the press.
    func testAWrongTargetForAnInsertedActionIsRefusedAtTheClick() throws {
        try MainActor.assumeIsolated {
            try BannerInputTests.withInput { window, input in
                let group = g_simple_action_group_new()!
                defer { g_object_unref(UnsafeMutableRawPointer(group)) }
                let stringType = g_variant_type_new("s")
                defer { g_variant_type_free(stringType) }
                let action = g_simple_action_new("open", stringType)!
                var received: [String] = []
                Signal.connectPointer(UnsafeMutableRawPointer(action), "activate") { parameter in
                    received.append(parameter.map { String(cString: g_variant_get_string(OpaquePointer($0), nil)) } ?? "(none)")
                }
                g_action_map_add_action(OpaquePointer(UnsafeMutableRawPointer(group)), OpaquePointer(UnsafeMutableRawPointer(action)))
                g_object_unref(UnsafeMutableRawPointer(action))
                gtk_widget_insert_action_group(window.window, "test", OpaquePointer(group))

                for (target, activates) in [(NotificationBanner.ActionTarget.int(3), false), (nil, false), (.string("inbox"), true)] {
                    let banner = try! NotificationBanner(title: "New mail")
                    banner.setAction("Open", actionName: "test.open", target: target)
                    let (trouble, messages) = BannerGtkTesting.capturingGLibTrouble {
                        BannerGtkTesting.capturingMessages { () -> Void in
                            guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
                            window.waitUntilSettled(widget)
                            input.click(at: input.center(of: widget.actionButton))
                            XInput.wait("the press to dismiss the banner") { banner.state.isGone }
                        }.messages
                    }
                    XCTAssertEqual(trouble, [], "no GLib critical for target \(String(describing: target))")
                    XCTAssertEqual(banner.state, .gone(.action))
                    if activates {
                        XCTAssertEqual(messages.map(\.source), [])
                        XCTAssertEqual(received, ["inbox"], "the right target is activated")
                    } else {
                        XCTAssertEqual(messages.map(\.source), ["NotificationBanner.setAction(_:actionName:target:)"],
                                       "target \(String(describing: target))")
                        XCTAssertTrue(messages.first?.text.contains("test.open") ?? false, "\(messages)")
                        XCTAssertEqual(received, [], "a wrong target is not activated")
                    }
                    XInput.wait("the banner to leave") { banner.widget == nil }
                }
            }
        }
    }

    /// An action GtkHUD can look up (a widget-class action of the window) is
    /// checked when the banner is shown: the button is removed, with a message.
    func testAWrongTargetForAVisibleActionIsRefusedWhenShown() throws {
        try MainActor.assumeIsolated {
            try BannerInputTests.withInput { window, _ in
                let banner = try! NotificationBanner(title: "Close the window?")
                banner.setAction("Close", actionName: "window.close", target: .bool(true))
                let (trouble, messages) = BannerGtkTesting.capturingGLibTrouble {
                    BannerGtkTesting.capturingMessages { window.show(banner, duration: 30) }.messages
                }
                XCTAssertEqual(trouble, [])
                XCTAssertEqual(messages.map(\.source), ["NotificationBanner.setAction(_:actionName:target:)"])
                XCTAssertTrue(messages.first?.text.contains("takes no parameter") ?? false, "\(messages)")
                XCTAssertNil(banner.actionLabel, "the button was removed")
                XCTAssertEqual(banner.state, .showing, "the message is still shown")
                banner.dismiss()
            }
        }
    }

    /// A `win.` action GtkHUD can look up that takes a parameter, given no
    /// target: the button is removed when the banner is shown, with a message.
    func testAMissingTargetForAVisibleActionIsRefusedWhenShown() throws {
        try BannerGtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            let window = adw_application_window_new(nil)!
            adw_application_window_set_content(window.raw.typed(AdwApplicationWindow.self), gtk_button_new_with_label("Content"))
            defer { gtk_window_destroy(window.asWindow) }
            let stringType = g_variant_type_new("s")
            defer { g_variant_type_free(stringType) }
            let action = g_simple_action_new("open", stringType)!
            g_action_map_add_action(OpaquePointer(window.raw), OpaquePointer(UnsafeMutableRawPointer(action)))
            g_object_unref(UnsafeMutableRawPointer(action))
            gtk_window_present(window.asWindow)
            HUDTesting.wait("the window mapped") { gtk_widget_get_mapped(window) != 0 }

            let banner = try! NotificationBanner(title: "New mail")
            banner.setAction("Open", actionName: "win.open")
            let (trouble, messages) = BannerGtkTesting.capturingGLibTrouble {
                BannerGtkTesting.capturingMessages { banner.show(on: window, duration: 30) }.messages
            }
            XCTAssertEqual(trouble, [])
            XCTAssertEqual(messages.map(\.source), ["NotificationBanner.setAction(_:actionName:target:)"])
            XCTAssertTrue(messages.first?.text.contains("no target was given") ?? false, "\(messages)")
            XCTAssertNil(banner.actionLabel, "the button was removed")
            banner.dismiss()
        }
    }
}

import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// GLib criticals and warnings logged while `BannerGtkTesting.capturingGLibTrouble` runs.
nonisolated(unsafe) private var glibTrouble: [String] = []

/// Shared set-up for the banner widget tests (real GTK under Xvfb).
/// Without a display they skip, unless GTKHUD_REQUIRE_DISPLAY=1 makes that a failure.
enum BannerGtkTesting {
    static func requireDisplay() throws { try HUDTesting.requireDisplay() }

    /// Runs `body` on the main actor with a fresh banner window and animations
    /// on or off, closing the window and turning animations back on afterwards.
    static func withWindow(animations: Bool, _ body: @MainActor (BannerTestWindow) -> Void) throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            setAnimationsEnabled(animations)
            defer { setAnimationsEnabled(true) }
            let window = BannerTestWindow()
            defer { window.close() }
            body(window)
        }
    }

    /// Sets `gtk-enable-animations` on the default GtkSettings.
    @MainActor
    static func setAnimationsEnabled(_ enabled: Bool) { HUDTesting.setAnimations(enabled) }

    /// Runs `body` with `Diagnostics.handler` replaced, returning what it reported.
    @MainActor
    static func capturingMessages<T>(_ body: () throws -> T) rethrows -> (result: T, messages: [HUDCore.Diagnostics.Message]) {
        var messages: [HUDCore.Diagnostics.Message] = []
        let previous = HUDCore.Diagnostics.handler
        HUDCore.Diagnostics.handler = { messages.append($0) }
        defer { HUDCore.Diagnostics.handler = previous }
        let result = try body()
        return (result, messages)
    }

    /// Runs `body`, collecting the GLib criticals and warnings of GLib, GObject, GDK and GTK.
    @MainActor
    static func capturingGLibTrouble<T>(_ body: () -> T) -> (trouble: [String], result: T) {
        glibTrouble = []
        let levels = GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue)
        let domains: [String] = ["GLib", "GLib-GObject", "GLib-GIO", "Gdk", "Gtk"]
        let handlers = domains.map { domain in
            (domain, g_log_set_handler(domain, levels, { domain, _, message, _ in
                glibTrouble.append("\(domain.map { String(cString: $0) } ?? ""): \(message.map { String(cString: $0) } ?? "")")
            }, nil))
        }
        let result = body()
        for (domain, id) in handlers { g_log_remove_handler(domain, id) }
        return (glibTrouble, result)
    }

    /// The bounds of `widget` in `target`'s coordinates.
    @MainActor
    static func bounds(of widget: UnsafeMutablePointer<GtkWidget>,
                       in target: UnsafeMutablePointer<GtkWidget>) -> (x: Double, y: Double, width: Double, height: Double) {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, target, &rect) != 0 else { return (.nan, .nan, .nan, .nan) }
        return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
    }

    /// Emits `key-pressed` (no modifiers) on each key controller of `widget`,
    /// and activates each shortcut of its shortcut controllers whose chord is
    /// that key alone, as GTK does for a key press that reaches it; returns
    /// whether one handled it.
    @MainActor
    static func pressKey(_ keyval: UInt32, on widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let controllers = gtk_widget_observe_controllers(widget) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        let keyType = gtk_event_controller_key_get_type()
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let item = g_list_model_get_item(controllers, index) else { continue }
            defer { g_object_unref(item) }
            if gtkhud_is_a(item, gtk_shortcut_controller_get_type()) != 0 {
                if activateShortcut(for: keyval, in: OpaquePointer(item), on: widget) { return true }
                continue
            }
            guard gtkhud_is_a(item, keyType) != 0 else { continue }
            var parameters = [GValue](repeating: GValue(), count: 4)
            g_value_init(&parameters[0], keyType)
            g_value_set_object(&parameters[0], item)
            g_value_init(&parameters[1], gtkhud_type_uint())
            g_value_set_uint(&parameters[1], keyval)
            g_value_init(&parameters[2], gtkhud_type_uint())
            g_value_set_uint(&parameters[2], 9)
            g_value_init(&parameters[3], gdk_modifier_type_get_type())
            g_value_set_flags(&parameters[3], 0)
            var result = GValue()
            g_value_init(&result, gtkhud_type_boolean())
            g_signal_emitv(parameters, g_signal_lookup("key-pressed", keyType), 0, &result)
            let handled = g_value_get_boolean(&result) != 0
            g_value_unset(&result)
            for index in parameters.indices { g_value_unset(&parameters[index]) }
            if handled { return true }
        }
        return false
    }

    /// Activates the shortcut of `controller` (a GtkShortcutController, which
    /// is a list of its shortcuts) whose chord is `keyval` without modifiers.
    @MainActor
    private static func activateShortcut(for keyval: UInt32, in controller: OpaquePointer,
                                         on widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        for index in 0..<g_list_model_get_n_items(controller) {
            guard let shortcut = g_list_model_get_item(controller, index) else { continue }
            defer { g_object_unref(shortcut) }
            guard let trigger = gtk_shortcut_get_trigger(OpaquePointer(shortcut)),
                  gtkhud_is_a(UnsafeMutableRawPointer(trigger), gtk_keyval_trigger_get_type()) != 0,
                  gtk_keyval_trigger_get_keyval(trigger) == keyval, gtk_keyval_trigger_get_modifiers(trigger).rawValue == 0,
                  let action = gtk_shortcut_get_action(OpaquePointer(shortcut)) else { continue }
            if gtk_shortcut_action_activate(action, GtkShortcutActionFlags(0), widget, nil) != 0 { return true }
        }
        return false
    }

    /// Runs the main loop for `milliseconds`, whatever happens (to let stray timers fire).
    @MainActor
    static func idle(milliseconds: UInt32) {
        var done = false
        MainLoop.after(milliseconds: milliseconds) { done = true }
        MainLoop.run(until: { done }, timeoutMilliseconds: milliseconds + 1_000)
    }
}

/// A presented window with a full-size button as content, for banners to cover.
@MainActor
final class BannerTestWindow {
    let host: HostWindow
    let content: UnsafeMutablePointer<GtkWidget>

    init(width: Int32 = 400, height: Int32 = 300) {
        host = HostWindow(width: width, height: height, title: "Banner test")
        content = gtk_button_new_with_label("Content")
        host.setChild(content)
        host.present()
        HUDTesting.assertDrawnAtTheExpectedScale(host.window)
    }

    var window: UnsafeMutablePointer<GtkWidget> { host.window }

    /// The window's banner center (installs the overlay on first use).
    var center: BannerCenter { BannerCenter.for(window)! }

    /// The overlay above the content, once a banner center exists.
    var overlay: UnsafeMutablePointer<GtkWidget> { gtk_widget_get_parent(center.stackWidget.gtkWidget)! }

    var size: (width: Double, height: Double) {
        (Double(gtk_widget_get_width(overlay)), Double(gtk_widget_get_height(overlay)))
    }

    /// Shows `banner` here and waits until its widget exists and has been laid out.
    @discardableResult
    func show(_ banner: NotificationBanner, duration: Double? = nil) -> BannerWidget? {
        banner.show(on: window, duration: duration)
        host.waitForFrames(1)
        return banner.widget?.gtkWidget.flatMap { BannerWidget.of($0) }
    }

    /// Waits until every animation of `widget` has ended, then for two frames.
    @discardableResult
    func waitUntilSettled(_ widget: BannerWidget, timeoutMilliseconds: UInt32 = 4_000) -> Bool {
        let settled = MainLoop.run(until: { !widget.isAnimating }, timeoutMilliseconds: timeoutMilliseconds)
        host.waitForFrames(2)
        return settled
    }

    /// The banner's frame in the overlay's coordinates.
    func frame(of widget: BannerWidget) -> (x: Double, y: Double, width: Double, height: Double) {
        BannerGtkTesting.bounds(of: widget.widget, in: overlay)
    }

    /// The widget that takes a click at (x, y) of the overlay, picked from the window
    /// (as GTK does for a real click).
    func pick(_ x: Double, _ y: Double) -> UnsafeMutablePointer<GtkWidget>? {
        var point = graphene_point_t(x: Float(x), y: Float(y)), inWindow = graphene_point_t()
        guard gtk_widget_compute_point(overlay, window, &point, &inWindow) != 0 else { return nil }
        return gtk_widget_pick(window, Double(inWindow.x), Double(inWindow.y), GTK_PICK_DEFAULT)
    }

    func close() { host.close() }
}

/// Counts calls of a closure.
@MainActor
final class BannerCallCounter {
    private(set) var count = 0
    private(set) var reasons: [BannerDismissReason] = []
    func tick() { count += 1 }
    func dismissed(_ reason: BannerDismissReason) {
        count += 1
        reasons.append(reason)
    }
}

/// Holds a dismissal reason delivered by a task.
@MainActor
final class BannerReasonBox {
    var reason: BannerDismissReason?
}

/// Where a banner is and how it moves, read from the motion its stack keeps.
@MainActor
extension BannerWidget {
    var motion: BannerMotion? { gtk_widget_get_parent(widget).flatMap { BannerStackWidget.of($0)?.motion(of: self) } }
    var isAnimating: Bool { motion?.isAnimating ?? false }
    var reveal: Double { motion?.reveal.value ?? 0 }
    var dragOffset: Double { motion?.drag.value ?? 0 }
    var naturalHeight: Double { motion?.naturalHeight ?? 0 }
    var isDragging: Bool { motion?.isDragging ?? false }
}

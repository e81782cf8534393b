import CGtk
import GtkSupport
import HUDCore

/// Sends GtkHUD's desktop notifications as `GNotification`s through the
/// app's default `GApplication` (`g_application_get_default()`), the way
/// GNOME apps hand a message to the desktop: GNOME Shell, the Flatpak portal,
/// or a freedesktop.org server (dunst, notification-daemon, xfce4-notifyd), as
/// GLib picks.
///
/// Each notification's body runs `app.gtkhud-present` and its button (if any)
/// `app.gtkhud-action`, both with the notification's id as a string target.
/// The two actions are added to the application once, the first time one is
/// sent through it, and removed when it shuts down (or another application
/// takes its place), so an app never sees them unless it notifies. What a
/// notification does when activated is kept here by id, as closures that hold
/// their banner or HUD weakly, and dropped when it is withdrawn.
@MainActor
final class DesktopNotificationSender {
    static let shared = DesktopNotificationSender()

    /// The action run by a notification's body (`app.gtkhud-present`).
    static let presentAction = "gtkhud-present"
    /// The action run by a notification's button (`app.gtkhud-action`).
    static let buttonAction = "gtkhud-action"

    /// What a notification does when the user activates it.
    struct Activation {
        /// Its body was clicked: bring the window forward.
        let present: @MainActor () -> Void
        /// Its button was pressed.
        let button: (@MainActor () -> Void)?
    }

    /// The application the actions are registered on, and the connections to it.
    private var application: WeakObjectRef?
    private var applicationAddress: UnsafeMutableRawPointer?
    private var actions: [ObjectRef] = []
    private var connections: [SignalConnection] = []
    private var activations: [String: Activation] = [:]
    /// Whether the "no application" message went out: once per process, so an
    /// app that shows many banners is told once.
    var hasReportedMissingApplication = false
    /// Repeats a withdrawal that may have come before GLib filed the notification.
    private lazy var withdrawals = NotificationWithdrawals(scheduler: GLibScheduler.shared) { [weak self] id in
        self?.application?.withObject { g_application_withdraw_notification($0.typed(GApplication.self), id) }
    }

    /// Sends a notification with `id` (replacing one sent with the same id).
    /// - Parameters:
    ///   - source: the public name to report a missing application under.
    /// - Returns: whether it was sent; `false` when there is no registered
    ///   application to send it through (reported once).
    func send(id: String, title: String, body: String?, buttonLabel: String?,
              source: String, activation: Activation) -> Bool {
        guard let app = usableApplication(source: source) else { return false }
        registerActions(on: app)
        let notification = g_notification_new(title)
        if let body { g_notification_set_body(notification, body) }
        g_notification_set_default_action_and_target_value(notification, "app.\(Self.presentAction)", g_variant_new_string(id))
        if let buttonLabel {
            g_notification_add_button_with_target_value(notification, Self.withoutMnemonics(buttonLabel),
                                                        "app.\(Self.buttonAction)", g_variant_new_string(id))
        }
        activations[id] = activation
        withdrawals.sent(id)
        g_application_send_notification(app, id, notification)
        g_object_unref(UnsafeMutableRawPointer(notification))
        return true
    }

    /// Withdraws the notification sent with `id`, if it is still out.
    func withdraw(id: String) {
        guard activations.removeValue(forKey: id) != nil else { return }
        withdrawals.withdrawn(id)
    }

    /// Withdrawal repeats still to come (each holds a GLib timeout until it fires).
    var pendingWithdrawalRepeats: Int { withdrawals.pendingRepeats }

    /// Whether GtkHUD's actions are registered on an application now.
    var hasApplication: Bool { application?.isAlive ?? false }

    /// Whether a notification with `id` is out (sent and not withdrawn).
    func isOut(_ id: String) -> Bool { activations[id] != nil }

    /// Removes the actions from the application and forgets every notification
    /// (its shutdown, or a test that ends its application).
    func releaseApplication() {
        connections.forEach { $0.disconnect() }
        connections = []
        application?.withObject { app in
            for name in [Self.presentAction, Self.buttonAction] {
                g_action_map_remove_action(OpaquePointer(app), name)
            }
        }
        actions = []
        withdrawals.reset()
        application = nil
        applicationAddress = nil
        activations = [:]
    }

    // MARK: - Private

    /// The default application if it can send: registered, and the primary
    /// instance (GLib refuses a remote one with a critical).
    private func usableApplication(source: String) -> UnsafeMutablePointer<GApplication>? {
        if let app = g_application_get_default(), g_application_get_is_registered(app) != 0,
           g_application_get_is_remote(app) == 0 {
            return app
        }
        if !hasReportedMissingApplication {
            hasReportedMissingApplication = true
            HUDCore.Diagnostics.report(source, "there is no registered GApplication to send desktop notifications "
                + "through (g_application_get_default() has none, or it is not registered or not the primary "
                + "instance yet); banners show in their windows only. Show them once your GtkApplication or "
                + "AdwApplication has started (or call g_application_register).")
        }
        return nil
    }

    private func registerActions(on app: UnsafeMutablePointer<GApplication>) {
        let address = UnsafeMutableRawPointer(app)
        if address == applicationAddress, application?.isAlive == true { return }
        releaseApplication()
        application = WeakObjectRef(address)
        applicationAddress = address
        let stringType = g_variant_type_new("s")
        defer { g_variant_type_free(stringType) }
        for (name, run) in [(Self.presentAction, Self.presentActivated(_:)), (Self.buttonAction, Self.buttonActivated(_:))] {
            let action = ObjectRef(adopting: UnsafeMutableRawPointer(g_simple_action_new(name, stringType)))
            connections.append(Signal.connectPointer(action.pointer, "activate") { parameter in
                guard let parameter, let id = g_variant_get_string(OpaquePointer(parameter), nil) else { return }
                run(String(cString: id))
            })
            g_action_map_add_action(OpaquePointer(address), OpaquePointer(action.pointer))
            actions.append(action)
        }
        // The app is ending: its actions and notifications go with it.
        connections.append(Signal.connect(address, "shutdown") { DesktopNotificationSender.shared.releaseApplication() })
    }

    private static func presentActivated(_ id: String) {
        shared.activations[id]?.present()
    }

    private static func buttonActivated(_ id: String) {
        shared.activations[id]?.button?()
    }

    /// A button label as the desktop shows it: GTK's mnemonic underscores
    /// removed ("_Undo" → "Undo", "__" → "_").
    static func withoutMnemonics(_ label: String) -> String {
        var result = "", escaped = false
        for character in label {
            if character == "_", !escaped {
                escaped = true
                continue
            }
            result.append(character)
            escaped = false
        }
        return result
    }
}

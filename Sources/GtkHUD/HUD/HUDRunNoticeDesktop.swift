import CGtk
import GtkSupport
import HUDCore

/// Carries out a window's ``/HUDCore/HUDRunNotices`` (``HUD/notifiesWhenUnattended``):
/// sends and withdraws the notices as `GNotification`s, brings the window
/// forward when one is clicked (and tells the ledger), and sets or clears the
/// window's X11 urgency hint. When to do each is decided in HUDCore.
@MainActor
final class HUDRunNoticeDesktop: HUDRunNoticePresenter {
    /// The ledger this carries out (owned by the host, which owns this too).
    weak var notices: HUDRunNotices?
    /// The window the notices are about, now.
    private let window: @MainActor () -> UnsafeMutablePointer<GtkWidget>?

    init(window: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>?) {
        self.window = window
    }

    func sendRunNotice(_ notice: HUDRunNotices.Notice) -> Bool {
        let id = notice.id
        let activation = DesktopNotificationSender.Activation(present: { [weak self] in self?.activated(id) }, button: nil)
        return DesktopNotificationSender.shared.send(id: id, title: notice.title, body: notice.body, buttonLabel: nil,
                                                     source: "HUD.notifiesWhenUnattended", activation: activation)
    }

    func withdrawRunNotice(id: String) {
        DesktopNotificationSender.shared.withdraw(id: id)
    }

    /// The X11 urgency hint (the window manager's taskbar flash); no other
    /// display has one GTK 4 can set.
    func setWindowUrgent(_ urgent: Bool) {
        guard let window = window() else { return }
        _ = gtkhud_x11_surface_set_urgency(gtkhud_window_surface(window), urgent ? 1 : 0)
    }

    private func activated(_ id: String) {
        if let window = window() { GtkHUDWindows.presentNow(window) }
        notices?.activated(id: id)
    }
}

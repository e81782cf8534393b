/// Whether a banner also goes to the desktop's notifications (GNOME Shell's
/// list, dunst, the Flatpak portal), so a message from a window the user is
/// not looking at is not lost.
///
/// The default is ``never``: a banner is an in-window message, as `AdwToast`
/// and SwiftMessages' views are, and an app that uses one expects it to stay in
/// its window. Sending it to the desktop as well is the app's decision, per
/// message, because it needs what only the app can provide (an application id
/// and, on GNOME, a matching `.desktop` file) and because a notification
/// outlives the window's moment: it belongs to messages worth coming back for
/// ("Export finished"), not to every "Copied".
public enum DesktopNotificationPolicy: Hashable, Sendable, CaseIterable {
    /// Only in the window. The default.
    case never
    /// Stands in for the banner while the user cannot see it: sent when the
    /// banner arrives, or comes on screen, while its window is away (not the
    /// active one, minimised, or suspended, after having been active once);
    /// withdrawn as soon as the user sees the banner (the window is attended
    /// with the banner on screen), acts on it, or it ends. A banner already on
    /// screen when the user leaves is not sent: they saw it, and it waits for
    /// them (its timeout pauses while the window is away).
    case whenUnattended
    /// Mirrors the banner on the desktop for as long as it lasts: sent when
    /// the banner arrives, withdrawn when it ends (dismissed, acted on, timed
    /// out, or its window destroyed).
    case always
}

/// The desktop side of a ``BannerQueue``'s desktop notifications: the queue
/// decides when a banner's notification is sent and withdrawn (at most once
/// each, a withdrawal only after a send) and calls these; the GTK layer turns
/// them into a `GNotification`.
@MainActor
public protocol DesktopNotificationPresenter: AnyObject {
    /// Sends `banner`'s notification with the id `id` (its title, subtitle and
    /// action are in ``Banner/content``).
    /// - Returns: whether it was sent; `false` (no application to send it
    ///   through) ends the banner's notification for good: it is not tried again.
    func sendDesktopNotification(for banner: Banner, id: String) -> Bool

    /// Withdraws the notification sent with `id`.
    func withdrawDesktopNotification(id: String)

    /// Replaces the notification out with `id` by one that shows `banner`'s
    /// content now: what it shows (title, subtitle, button, markup) changed.
    /// The default sends it again with the same id, which a `GNotification`
    /// (and the freedesktop.org `replaces_id`) turns into a replacement.
    func updateDesktopNotification(for banner: Banner, id: String)
}

extension DesktopNotificationPresenter {
    public func updateDesktopNotification(for banner: Banner, id: String) {
        _ = sendDesktopNotification(for: banner, id: id)
    }
}

/// Where one banner's desktop notification is: the exactly-once rules.
struct DesktopNotificationLedger {
    enum Stage: Equatable {
        /// Not sent yet; may still be.
        case waiting
        /// Sent; withdrawn when the banner is seen only if `withdrawsWhenSeen`.
        case sent(withdrawsWhenSeen: Bool)
        /// Withdrawn, seen before it was needed, refused, or the banner ended: never sent again.
        case settled
    }

    private(set) var stage = Stage.waiting

    /// Whether a notification should go out now, given the policy and the window.
    func shouldSend(policy: DesktopNotificationPolicy, isWindowAway: Bool) -> Bool {
        guard stage == .waiting else { return false }
        switch policy {
        case .never: return false
        case .whenUnattended: return isWindowAway
        case .always: return true
        }
    }

    mutating func didSend(_ sent: Bool, policy: DesktopNotificationPolicy) {
        stage = sent ? .sent(withdrawsWhenSeen: policy == .whenUnattended) : .settled
    }

    /// The banner was seen: returns whether a sent notification must be withdrawn.
    /// A `.whenUnattended` banner seen before it was sent is never sent.
    mutating func seen(policy: DesktopNotificationPolicy) -> Bool {
        switch stage {
        case .waiting:
            if policy == .whenUnattended { stage = .settled }
            return false
        case .sent(let withdrawsWhenSeen):
            guard withdrawsWhenSeen else { return false }
            stage = .settled
            return true
        case .settled:
            return false
        }
    }

    /// Whether a notification is out now.
    var isOut: Bool {
        if case .sent = stage { true } else { false }
    }

    /// The notification is no longer wanted (the banner ended, or was acted
    /// on from the notification): returns whether one was out.
    mutating func end() -> Bool {
        defer { stage = .settled }
        if case .sent = stage { return true }
        return false
    }
}

/// When a banner's desktop notification goes out and when it is withdrawn
/// (see ``DesktopNotificationPolicy``). The queue knows what is on screen and
/// whether the window is attended; the ``desktopNotifier`` only carries it out.
/// Each banner is sent at most once and withdrawn at most once, after its send.
extension BannerQueue {
    /// The user activated `banner`'s desktop notification (clicked its body):
    /// the view brings the window forward, and the banner counts as seen, so
    /// its notification is withdrawn (a server that already closed it ignores that).
    public func desktopNotificationActivated(_ banner: Banner) {
        guard banner.owner === self else { return }
        withdrawDesktopNotification(of: banner)
    }

    /// The button of `banner`'s desktop notification was pressed: as the
    /// banner's own button, it dismisses the banner with
    /// ``BannerDismissReason/action`` (withdrawing the notification) and calls
    /// ``Banner/onAction`` once, also for a banner still waiting its turn. A
    /// banner already gone (its button was pressed in the window) does nothing.
    public func desktopNotificationActionInvoked(_ banner: Banner) {
        guard banner.owner === self, banner.state == .showing || banner.state == .queued,
              let action = banner.content.action else { return }
        let handler = banner.onAction
        dismiss(banner, reason: .action)
        // Before settle(): a waiting banner's end is reported there, and its
        // action (a GAction looked up from the window's banners) must run first.
        handler?(action.identifier)
        settle()
    }

    // MARK: - Called by the queue and the banner

    /// A banner arrived, or came on screen: sends its notification if its
    /// policy asks for one now.
    func sendDesktopNotificationIfDue(for banner: Banner) {
        let policy = banner.content.desktopNotification
        guard banner.desktopNotificationLedger.shouldSend(policy: policy, isWindowAway: isWindowAway) else { return }
        let sent = desktopNotifier?.sendDesktopNotification(for: banner, id: banner.desktopNotificationID) ?? false
        banner.desktopNotificationLedger.didSend(sent, policy: policy)
    }

    /// `banner` was just presented: seen at once if the window is attended
    /// (a `.whenUnattended` banner then never goes out), else sent if it is due.
    func followDesktopNotification(ofPresented banner: Banner) {
        if isWindowAttended { desktopNotificationSeen(for: banner) }
        sendDesktopNotificationIfDue(for: banner)
    }

    /// The user sees `banner` (on screen, window attended).
    func desktopNotificationSeen(for banner: Banner) {
        guard banner.desktopNotificationLedger.seen(policy: banner.content.desktopNotification) else { return }
        desktopNotifier?.withdrawDesktopNotification(id: banner.desktopNotificationID)
    }

    /// `banner` took newer content under its id (``BannerIDPolicy/updateInPlace``):
    /// a notification that is out is sent again with the same id, which
    /// replaces it on the desktop, so it never tells the old words.
    func refreshDesktopNotification(of banner: Banner) {
        guard banner.desktopNotificationLedger.isOut, banner.content.desktopNotification != .never else { return }
        _ = desktopNotifier?.sendDesktopNotification(for: banner, id: banner.desktopNotificationID)
    }

    /// `banner` ended: its notification, if one is out, is withdrawn.
    func desktopNotificationEnded(for banner: Banner) {
        withdrawDesktopNotification(of: banner)
    }

    /// The app changed `banner`'s policy (or other content): turning it to
    /// ``DesktopNotificationPolicy/never`` withdraws a notification that is
    /// out; another policy is followed as if the banner arrived now.
    func desktopNotificationPolicyMayHaveChanged(for banner: Banner) {
        guard banner.state == .showing || banner.state == .queued else { return }
        if banner.content.desktopNotification == .never {
            // Only one that is out: a banner whose notification never went out
            // keeps its chance, should the app choose another policy later.
            if banner.desktopNotificationLedger.isOut { withdrawDesktopNotification(of: banner) }
        } else if banner.state == .showing {
            followDesktopNotification(ofPresented: banner)
        } else {
            sendDesktopNotificationIfDue(for: banner)
        }
    }

    private func withdrawDesktopNotification(of banner: Banner) {
        guard banner.desktopNotificationLedger.end() else { return }
        desktopNotifier?.withdrawDesktopNotification(id: banner.desktopNotificationID)
    }
}

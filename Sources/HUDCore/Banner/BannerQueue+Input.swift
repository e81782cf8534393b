/// What the user does to banners, forwarded by the view: taps, buttons,
/// swipes, and what holds a timeout (hover, press, focus, drag).
extension BannerQueue {
    /// A tap or click on a showing banner: dismisses it if
    /// ``BannerContent/dismissesOnTap`` is on, then calls ``Banner/onTap`` once.
    /// Taps on banners that are not showing (e.g. already leaving) are ignored.
    public func tap(_ banner: Banner) {
        guard isShowing(banner) else { return }
        let handler = banner.onTap
        if banner.content.dismissesOnTap { dismiss(banner, reason: .tap) }
        settle()
        handler?()
    }

    /// The action button of a showing banner was pressed: dismisses the banner
    /// (unless its action keeps it, ``BannerAction/dismissesBanner``), then
    /// calls ``Banner/onAction`` once with the action's identifier.
    public func activateAction(_ banner: Banner) {
        guard isShowing(banner), let action = banner.content.action else { return }
        let handler = banner.onAction
        if action.dismissesBanner { dismiss(banner, reason: .action) }
        settle()
        handler?(action.identifier)
    }

    /// The close button of a showing banner was pressed.
    public func closeButtonClicked(_ banner: Banner) {
        guard isShowing(banner) else { return }
        dismiss(banner, reason: .closeButton)
        settle()
    }

    /// A swipe towards the banner's edge finished (see ``BannerDragModel``).
    /// - Returns: whether the banner was dismissed; `false` when it is not
    ///   showing or ``BannerContent/dismissesOnSwipe`` is off.
    @discardableResult
    public func swipe(_ banner: Banner) -> Bool {
        guard isShowing(banner), banner.content.dismissesOnSwipe else { return false }
        dismiss(banner, reason: .swipe)
        settle()
        return true
    }

    /// Pauses the banner's timeout for `reason` (pointer entered, press began,
    /// focus entered, drag began). Repeating a reason has no extra effect.
    /// Ignored unless the banner is showing or was pushed back by a
    /// high-priority banner: then the reason is remembered, and the banner
    /// comes back paused.
    public func inhibit(_ banner: Banner, _ reason: BannerInhibitReason) {
        guard takesInput(banner) else { return }
        banner.inhibitors.insert(reason)
        banner.countdown?.setHeldByBanner(true)
    }

    /// Ends the pause for `reason`. When no reason is left the timeout goes on
    /// with the time that remained, not the full duration. A release without
    /// a matching inhibit is ignored; one for a pushed-back banner is remembered.
    public func release(_ banner: Banner, _ reason: BannerInhibitReason) {
        guard takesInput(banner) else { return }
        banner.inhibitors.remove(reason)
        banner.countdown?.setHeldByBanner(!banner.inhibitors.isEmpty)
    }

    func isShowing(_ banner: Banner) -> Bool {
        banner.owner === self && banner.state == .showing
    }

    /// Whether the view may report input for `banner`: it is on screen, or it
    /// was and has been pushed back (its widget may still be leaving).
    func takesInput(_ banner: Banner) -> Bool {
        banner.owner === self && (banner.state == .showing || (banner.state == .queued && banner.hasBeenOnScreen))
    }
}

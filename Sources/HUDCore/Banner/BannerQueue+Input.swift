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
    ///
    /// An undo banner's Undo (``Banner/offerUndo(_:source:)``) takes its
    /// change back first (once: its button turns insensitive at once, and a
    /// second press finds the banner leaving), and screen readers hear the
    /// outcome ("Undone: Deleted 3 files").
    public func activateAction(_ banner: Banner) {
        guard isShowing(banner), let action = banner.content.action else { return }
        if banner.actionIsUndo {
            undo(banner, reason: .action, source: "BannerQueue.activateAction(_:)")
            return
        }
        let handler = banner.onAction
        if action.dismissesBanner { dismiss(banner, reason: .action) }
        settle()
        handler?(action.identifier)
    }

    /// Takes back the change of `banner` (showing or waiting here) and ends
    /// it with `reason`: its Undo button (``BannerDismissReason/action``) or
    /// the app (``Banner/undoChange(source:)``, ``BannerDismissReason/programmatic``).
    /// The button turns insensitive, the banner leaves, screen readers hear
    /// the outcome if it was on screen, then the undo closure runs.
    @discardableResult
    func undo(_ banner: Banner, reason: BannerDismissReason, source: String) -> Bool {
        guard let undo = banner.undo, undo.isPending, banner.owner === self,
              banner.state == .showing || banner.state == .queued else { return false }
        // The button cannot be pressed twice: insensitive from the first press.
        banner.content.action?.isSensitive = false
        // Spoken while the banner is still on screen (a banner never seen says nothing).
        if isShowing(banner), let words = BannerAnnouncement(banner.content) {
            presenter?.announce(banner, words.undone())
        }
        dismiss(banner, reason: reason)
        // Undone before the banner's end is reported, so that end commits nothing.
        let ran = undo.undo(source: source)
        settle()
        return ran
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
        // The pointer or the keyboard on a banner opens the deck.
        reportDeck()
    }

    /// Ends the pause for `reason`. When no reason is left the timeout goes on
    /// with the time that remained, not the full duration. A release without
    /// a matching inhibit is ignored; one for a pushed-back banner is remembered.
    public func release(_ banner: Banner, _ reason: BannerInhibitReason) {
        guard takesInput(banner) else { return }
        banner.inhibitors.remove(reason)
        banner.countdown?.setHeldByBanner(!banner.inhibitors.isEmpty)
        reportDeck()
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

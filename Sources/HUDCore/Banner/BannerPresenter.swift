/// The view side of a ``BannerQueue``: creates, moves and removes banner
/// widgets. The queue decides *what* happens and *when*; the presenter only
/// animates, using the ``BannerTransition`` it is given so that its animation
/// ends when the queue's timer does.
///
/// The queue's lists are already up to date when it calls these methods, so
/// input forwarded from inside them (a focus or pointer leave while a widget
/// hides) is handled. Adding banners from inside them is not supported: do it
/// from an idle callback instead.
@MainActor
public protocol BannerPresenter: AnyObject {
    /// Puts `banner` on screen in `slot` (0 is nearest the banner's edge;
    /// slots are counted separately for top and bottom banners).
    ///
    /// This can arrive for a banner whose ``beginHide(_:reason:transition:)``
    /// is still running (it was pre-empted and is back already): turn the
    /// exit around. No ``finishHide(_:)`` follows for that exit.
    func present(_ banner: Banner, slot: Int, transition: BannerTransition)

    /// Moves a banner that is already on screen to another slot, because
    /// banners in front of it came or went.
    func restack(_ banner: Banner, slot: Int, transition: BannerTransition)

    /// The banner's ``Banner/content`` changed while it is on screen or leaving.
    func update(_ banner: Banner)

    /// Starts moving `banner` off screen. It no longer takes input.
    func beginHide(_ banner: Banner, reason: BannerHideReason, transition: BannerTransition)

    /// The exit started by ``beginHide(_:reason:transition:)`` is over: remove the widget.
    func finishHide(_ banner: Banner)
}

/// The view side of a ``HUDLifecycle``: the GTK layer implements this to animate the HUD widget.
///
/// The lifecycle owns the timing: it calls `beginAppear` / `beginDisappear` with
/// the duration it will wait before it considers the transition done, and the
/// view animates over that same duration. Each animation starts from the
/// widget's current state, because a transition can be reversed midway (a show
/// during a fade-out, a hide during a fade-in).
@MainActor
public protocol HUDPresenter: AnyObject {
    /// Put the HUD on screen if needed and animate it in over `duration` (zero: appear at once).
    func beginAppear(duration: Duration)
    /// Animate the HUD out over `duration` (zero: at once). The widget stays in its host until `finishDisappear`.
    func beginDisappear(duration: Duration)
    /// Remove the HUD from its host. May come at any point after `beginAppear`, without a `beginDisappear` first
    /// (the host is being destroyed).
    func finishDisappear()
}

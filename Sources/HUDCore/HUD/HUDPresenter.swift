/// The view side of a HUD: the GTK layer implements this to show content and
/// animate the HUD widget. It is the one channel from the logic to the view:
/// content, progress steps and appear/disappear all arrive here.
///
/// The lifecycle owns the timing: it calls `beginAppear` / `beginDisappear` with
/// the duration it will wait before it considers the transition done, and the
/// view animates over that same duration. Each animation starts from the
/// widget's current state, because a transition can be reversed midway (a show
/// during a fade-out, a hide during a fade-in).
@MainActor
public protocol HUDPresenter: AnyObject {
    /// Show `content` (indicator, texts, button), replacing what was shown.
    func display(_ content: HUDContent)
    /// The fast road: only the progress fraction of the content shown changed.
    func displayProgress(_ fraction: Double)
    /// Tell screen readers `announcement` (``HUDController`` decides what and when).
    func announce(_ announcement: HUDAnnouncement)
    /// Put the HUD on screen if needed and animate it in over `duration` (zero: appear at once).
    func beginAppear(duration: Duration)
    /// Animate the HUD out over `duration` (zero: at once). The widget stays in its host until `finishDisappear`.
    func beginDisappear(duration: Duration)
    /// Remove the HUD from its host. May come at any point after `beginAppear`, without a `beginDisappear` first
    /// (the host is being destroyed).
    func finishDisappear()
}

extension HUDPresenter {
    /// The one road for content, used by both front-ends: a progress step when
    /// only the fraction moved, the whole content otherwise, nothing when equal.
    public func update(from old: HUDContent, to new: HUDContent) {
        guard new != old else { return }
        if let fraction = new.indicator.progressFraction, new.differsOnlyInProgress(from: old) {
            displayProgress(fraction)
        } else {
            display(new)
        }
    }
}

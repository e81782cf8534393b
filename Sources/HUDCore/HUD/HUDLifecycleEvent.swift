/// What a ``HUDLifecycle`` tells its observers.
///
/// The events of one lifecycle always form a prefix of the sequence
/// `(willAppear didAppear willDisappear didDisappear)*`:
/// appear and disappear are strictly paired, every `willAppear` is followed by
/// `didAppear` (right before `willDisappear` when a hide cuts the fade-in
/// short, or the host goes away during it), and `didDisappear` always
/// follows `willDisappear`. When a show cancels a fade-out, the announced
/// disappearance is closed with `didDisappear` and the return is announced
/// with `willAppear` (then `didAppear` when the fade-in ends), even though
/// the view never left the screen.
public enum HUDLifecycleEvent: Equatable, Sendable, CaseIterable {
    /// The HUD is about to fade in (grace time, if any, is over).
    case willAppear
    /// The fade-in ended: the HUD is fully shown, or a hide cut the fade-in
    /// short and `willDisappear` follows at once.
    case didAppear
    /// The HUD is about to fade out.
    case willDisappear
    /// The announced disappearance is over: the view was removed, or a show cancelled the fade-out.
    case didDisappear
}

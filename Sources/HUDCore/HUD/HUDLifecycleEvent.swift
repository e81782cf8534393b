/// What a ``HUDLifecycle`` tells its observers.
///
/// The events of one lifecycle always form a prefix of the sequence
/// `(willAppear didAppear? willDisappear didDisappear)*`:
/// appear and disappear are strictly paired, `didAppear` is skipped only when
/// a hide reverses the fade-in before it ends, and `didDisappear` always
/// follows `willDisappear`. When a show cancels a fade-out, the announced
/// disappearance is closed with `didDisappear` and the return is announced
/// with `willAppear` (then `didAppear` when the fade-in ends), even though
/// the view never left the screen.
public enum HUDLifecycleEvent: Equatable, Sendable, CaseIterable {
    /// The HUD is about to fade in (grace time, if any, is over).
    case willAppear
    /// The fade-in finished; the HUD is fully shown.
    case didAppear
    /// The HUD is about to fade out.
    case willDisappear
    /// The announced disappearance is over: the view was removed, or a show cancelled the fade-out.
    case didDisappear
}

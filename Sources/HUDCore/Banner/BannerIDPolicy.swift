/// What a banner does when it arrives while another banner with its
/// ``BannerContent/id`` is showing or waiting in the same window.
///
/// Ids are the app's: a banner without one never meets another, and none is
/// made from the text (two messages that read alike are not the same message
/// unless the app says so). A banner that is sliding out is no longer there:
/// one with its id arriving then shows as a new banner. Ids are per window:
/// the same id in two windows names two messages.
///
/// The default is ``updateInPlace``: an app that shows a message under an id
/// it used before usually means "this is the same message, newer" ("Syncing…"
/// then "Synced"), so the words change where the user is already looking,
/// with no second banner and no second slide.
public enum BannerIDPolicy: Hashable, Sendable, CaseIterable {
    /// The new banner is dropped: the one already there stays as it is (its
    /// timeout is not restarted). The new banner ends at once with
    /// ``BannerDismissReason/sameID``.
    case ignore
    /// The banner already there goes (with ``BannerDismissReason/replaced``)
    /// and the new one takes its place: its slot on screen, or its place in
    /// the queue.
    case replace
    /// The banner already there takes the new banner's content (everything
    /// but its edge), its tap and action, and the new duration; its timeout
    /// starts again. Screen readers hear the change once, if the words
    /// changed. The new banner ends at once with ``BannerDismissReason/sameID``.
    /// The default.
    case updateInPlace
    /// The banner already there counts the arrival: it shows "×N" and its
    /// timeout starts again with the new duration, its content stays.
    /// Screen readers hear the count once per burst ("Saved, 3 times"), not
    /// once per arrival. The new banner ends at once with ``BannerDismissReason/sameID``.
    case count
}

import CGtk
import GtkSupport
import HUDCore

/// Speaks HUD and banner messages to screen readers, on the GTK users have.
///
/// What each path was measured to do with the real Orca is in
/// `docs/accessibility.md`; in short:
/// - GTK ≥ 4.14: `gtk_accessible_announce` (looked up at run time): errors
///   and high-priority banners assertively, everything else politely.
/// - GTK 4.8–4.12, which cannot announce: Orca 43 presents a description
///   change only for its *locus of focus* (the focused widget, or the window
///   when nothing in it has focus). So the message becomes, for a moment, the
///   accessible description of whatever has keyboard focus, without moving
///   that focus: typing in an entry goes on undisturbed. The description is
///   given back on the next main-loop turn, once the change event has gone
///   out (a reset to nothing is not spoken), so a focus presentation a moment
///   later (Alt+Tab back, "where am I") does not read the message again; a
///   widget with a tooltip gets its tooltip back once focus has left it, so
///   the restore is not read out either. The timing is HUDCore's
///   `DescriptionLoans`.
/// - A HUD with a blocking mask takes keyboard focus on its bezel, whose role
///   and name carry the message (SVProgressHUD's modal VoiceOver behaviour),
///   and gives focus back on dismissal; its later messages are descriptions
///   of the bezel, which is then the locus of focus.
///
/// Each mechanism can be turned off with ``mechanisms``. Messages are never
/// flooded: HUDs announce a status once and progress at quarters at most every
/// two seconds (HUDCore's `HUDAnnouncementPolicy`).
@MainActor
public enum Announcer {
    /// The ways GtkHUD makes a message speakable.
    public struct Mechanisms: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `gtk_accessible_announce` where the running GTK has it (4.14+).
        public static let native = Mechanisms(rawValue: 1)
        /// Blocking HUDs take keyboard focus on their bezel (GTK < 4.14 needs it to speak them).
        public static let focusForBlockingHUDs = Mechanisms(rawValue: 2)
        /// The focused widget's (or the window's) description carries the message (GTK < 4.14).
        public static let focusDescription = Mechanisms(rawValue: 4)
        /// The old name of ``focusDescription``.
        @available(*, deprecated, renamed: "focusDescription", message: "Orca speaks descriptions of what has focus, not of the window")
        public static let windowDescription = focusDescription
        /// Every mechanism (the default of ``Announcer/mechanisms``).
        public static let all: Mechanisms = [.native, .focusForBlockingHUDs, .focusDescription]
    }

    /// How urgent a message is.
    public enum Priority: Sendable, Equatable {
        /// Waits for the screen reader to finish (status, success, info, normal banners).
        case polite
        /// Interrupts (errors, high-priority banners).
        case assertive
    }

    /// One announcement, for logs (the gallery's accessibility page shows them).
    public struct Record: Sendable, Equatable {
        /// What was announced.
        public let text: String
        /// How urgently.
        public let priority: Priority
        /// `"native"`, `"focus"` (spoken as a focused HUD's name) or `"description"`.
        public let mechanism: String
    }

    /// Which mechanisms are on (all by default).
    public static var mechanisms: Mechanisms = .all
    /// Has no effect: a borrowed description is given back as soon as its
    /// change has gone out to the screen reader (issue #29: kept for a second,
    /// a focus presentation inside that second read the message twice).
    @available(*, deprecated, message: "the description is given back as soon as the change has gone out; this setting has no effect")
    public static var descriptionResetDelay: Double = 1

    /// Whether messages go through `gtk_accessible_announce` (GTK ≥ 4.14 and `.native` on).
    public static var usesNativeAnnouncements: Bool {
        mechanisms.contains(.native) && Accessible.canAnnounce
    }

    private static var observers: [Int: @MainActor (Record) -> Void] = [:]
    private static var nextObserver = 0

    /// Calls `handler` for every announcement until the observation is cancelled.
    public static func observe(_ handler: @escaping @MainActor (Record) -> Void) -> HUDObservation {
        nextObserver += 1
        let id = nextObserver
        observers[id] = handler
        return HUDObservation { observers[id] = nil }
    }

    /// Announces `text` on behalf of `source` (a HUD bezel or banner widget).
    /// `spokenByFocus` means a focused widget whose accessible name is this very
    /// message already carries it (a blocking HUD's bezel taking focus, or its
    /// name changing while focused), so on old GTK nothing more is needed.
    /// Line breaks are read as spaces; blank text says "Loading", in the user's language.
    public static func announce(_ text: String, from widget: some GtkWidgetConvertible,
                                priority: Priority, spokenByFocus: Bool = false) {
        announce(SpokenText(text, whenEmpty: HUDStrings.current.loading), from: widget,
                 priority: priority, spokenByFocus: spokenByFocus)
    }

    /// Announces text the core already made speakable (HUDs and banners): trusted as it is.
    static func announce(_ message: SpokenText, from widget: some GtkWidgetConvertible,
                         priority: Priority, spokenByFocus: Bool = false) {
        guard !message.isEmpty, let source = widget.gtkWidget else { return }
        // Announcing as well would say it twice (Orca 48 speaks both).
        if spokenByFocus {
            notify(Record(text: message.text, priority: priority, mechanism: "focus"))
            return
        }
        // From the window, not the bezel or banner: Orca 48 drops an event of
        // the same type from the same app within 0.1 s of the previous one
        // unless its source is a frame (or focused, selected, an alert...), so
        // nine HUDs shown at once were one announcement from their bezels.
        let speaker = gtk_widget_get_root(source).map { UnsafeMutableRawPointer($0).asWidget } ?? source
        if usesNativeAnnouncements, Accessible.announce(message.text, from: speaker, assertive: priority == .assertive) {
            notify(Record(text: message.text, priority: priority, mechanism: "native"))
            return
        }
        guard mechanisms.contains(.focusDescription) else { return }
        let weakSource = WeakObjectRef(source.raw)
        loans.lend(message, to: {
            weakSource.withObject { locusCandidates(near: $0.asWidget).map(LentDescription.of) } ?? []
        }, delivered: {
            notify(Record(text: message.text, priority: priority, mechanism: "description"))
        })
    }

    /// The fallback's timing (HUDCore), on the main loop.
    private static let loans: DescriptionLoans<LentDescription> = {
        let loans = DescriptionLoans<LentDescription>(scheduler: GLibScheduler.shared)
        loans.describe = { target, text in target.describe(text) }
        loans.giveBack = { target in target.giveBack() }
        loans.mustWaitForFocusToLeave = { target in target.restoringWouldBeSpoken }
        return loans
    }()

    /// The objects a screen reader may treat as focused in `source`'s window.
    /// Orca speaks a description change only for its locus of focus, so the
    /// message can go to every candidate and is still spoken once:
    /// - the focus widget, or its nearest ancestor that is in the accessible
    ///   tree (an entry's inner `GtkText` has no role; the entry is what Orca tracks);
    /// - the selected rows of the list box holding the focus (Orca moves its
    ///   locus to a row selected programmatically while focus stays put);
    /// - the window itself, Orca's locus when nothing in it has focus.
    static func locusCandidates(near source: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        guard let root = gtk_widget_get_root(source) else { return [] }
        let window = UnsafeMutableRawPointer(root).asWidget
        var focus = gtk_root_get_focus(root)
        while let widget = focus, widget != window, !isInAccessibleTree(widget) {
            focus = gtk_widget_get_parent(widget)
        }
        var candidates = [window]
        if let focus, focus != window {
            candidates.append(focus)
            candidates += selectedRows(around: focus).filter { $0 != focus }
        }
        return candidates
    }

    private static func isInAccessibleTree(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        let role = gtk_accessible_get_accessible_role(widget.accessible)
        return role != GTK_ACCESSIBLE_ROLE_NONE && role != GTK_ACCESSIBLE_ROLE_PRESENTATION
    }

    /// The selected rows of the `GtkListBox` that is `widget` or holds it.
    private static func selectedRows(around widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let candidate = current, gtkhud_is_a(candidate.raw, gtk_list_box_get_type()) == 0 {
            current = gtk_widget_get_parent(candidate)
        }
        guard let list = current else { return [] }
        var rows: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(list)
        while let row = child {
            if gtkhud_is_a(row.raw, gtk_list_box_row_get_type()) != 0,
               gtk_list_box_row_is_selected(row.cast(to: GtkListBoxRow.self)) != 0 {
                rows.append(row)
            }
            child = gtk_widget_get_next_sibling(row)
        }
        return rows
    }

    /// Gives back a description set by the fallback now, and drops messages
    /// waiting to be set (tests use it to start from a clean state).
    static func clearPendingDescription() {
        loans.giveEverythingBack()
    }

    /// The widgets holding a message now (tests).
    static var lentWidgets: [UnsafeMutablePointer<GtkWidget>] {
        loans.lentTargets.compactMap { $0.widget.withObject { $0.asWidget } }
    }

    fileprivate static func focusLeft(_ target: LentDescription) { loans.focusLeft(target) }
    fileprivate static func forget(_ target: LentDescription) { loans.forget(target) }

    private static func notify(_ record: Record) {
        for observer in observers.values { observer(record) }
    }
}

/// A widget whose accessible description carries a message for a moment
/// (when and how long is ``DescriptionLoans``' decision).
///
/// Giving it back means resetting it, or, for a widget with a tooltip (GTK
/// exposes tooltips as descriptions), restoring the tooltip, but only once the
/// widget has lost focus: Orca speaks description changes of the focused
/// widget, and the restored tooltip would otherwise be read out as junk.
@MainActor
private final class LentDescription: Hashable {
    private static var current: [UnsafeMutableRawPointer: LentDescription] = [:]

    /// The one object for `widget` while it holds a message (so loans of it stay one loan).
    static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> LentDescription {
        if let lent = current[widget.raw] { return lent }
        let lent = LentDescription(widget)
        current[widget.raw] = lent
        return lent
    }

    let widget: WeakObjectRef
    private let address: UnsafeMutableRawPointer
    private var focusWatch: SignalConnection?
    private var destroyWatch: SignalConnection?

    private init(_ target: UnsafeMutablePointer<GtkWidget>) {
        widget = WeakObjectRef(target.raw)
        address = target.raw
        destroyWatch = Signal.connect(target.raw, "destroy") { [weak self] in self?.gone() }
        // The loans ignore a focus change unless this widget waits for focus to leave.
        focusWatch = Signal.connect(target.raw, "notify::has-focus") { [weak self] in
            guard let self, self.widget.withObject({ gtk_widget_has_focus($0.asWidget) == 0 }) ?? false else { return }
            Announcer.focusLeft(self)
        }
    }

    func describe(_ text: String) {
        widget.withObject { Accessible.setDescription($0.asWidget, text) }
    }

    /// Whether giving the description back now would be read out (a tooltip on the focused widget).
    var restoringWouldBeSpoken: Bool {
        widget.withObject { object in
            let target = object.asWidget
            return gtk_widget_get_tooltip_text(target) != nil && gtk_widget_has_focus(target) != 0
        } ?? false
    }

    func giveBack() {
        widget.withObject { object in
            let target = object.asWidget
            Accessible.setDescription(target, gtk_widget_get_tooltip_text(target).map { String(cString: $0) })
        }
        stopWatching()
    }

    private func gone() {
        Announcer.forget(self)
        stopWatching()
    }

    private func stopWatching() {
        focusWatch?.disconnect()
        focusWatch = nil
        destroyWatch?.disconnect()
        destroyWatch = nil
        if Self.current[address] === self { Self.current[address] = nil }
    }

    nonisolated static func == (lhs: LentDescription, rhs: LentDescription) -> Bool { lhs === rhs }
    nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

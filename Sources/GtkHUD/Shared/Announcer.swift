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
///   reset about a second later (a reset to nothing is not spoken; a widget
///   with a tooltip gets its tooltip back once focus has left it, so the
///   restore is not read out either).
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
    /// Seconds before a description set by the fallback is reset (1; clamped to 0.05...30).
    public static var descriptionResetDelay: Double = 1

    /// Whether messages go through `gtk_accessible_announce` (GTK ≥ 4.14 and `.native` on).
    public static var usesNativeAnnouncements: Bool {
        mechanisms.contains(.native) && Accessible.canAnnounce
    }

    private static var observers: [Int: @MainActor (Record) -> Void] = [:]
    private static var nextObserver = 0
    private static var borrowed: [BorrowedDescription] = []

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
    public static func announce(_ text: String, from widget: some GtkWidgetConvertible,
                                priority: Priority, spokenByFocus: Bool = false) {
        let message = HUDValues.accessibleName(for: text, whenEmpty: HUDStrings.current.loading)
        guard !message.isEmpty, let source = widget.gtkWidget else { return }
        // Announcing as well would say it twice (Orca 48 speaks both).
        if spokenByFocus {
            notify(Record(text: message, priority: priority, mechanism: "focus"))
            return
        }
        // From the window, not the bezel or banner: Orca 48 drops an event of
        // the same type from the same app within 0.1 s of the previous one
        // unless its source is a frame (or focused, selected, an alert...), so
        // nine HUDs shown at once were one announcement from their bezels.
        let speaker = gtk_widget_get_root(source).map { UnsafeMutableRawPointer($0).asWidget } ?? source
        if usesNativeAnnouncements, Accessible.announce(message, from: speaker, assertive: priority == .assertive) {
            notify(Record(text: message, priority: priority, mechanism: "native"))
            return
        }
        guard mechanisms.contains(.focusDescription) else { return }
        pending.append((message, priority, WeakObjectRef(source.raw)))
        if pendingDelivery == nil {
            pendingDelivery = MainLoop.after(milliseconds: deliveryDelay) { deliverPending() }
        }
    }

    /// How long a description waits before it is set. When the same click
    /// that shows a HUD also moves focus (or selects a row), Orca first
    /// presents the newly focused object, description included, then the
    /// description change: the message would be spoken twice. A short wait
    /// lets the focus presentation go first.
    static var deliveryDelay: UInt32 = 150
    private static var pending: [(text: String, priority: Priority, source: WeakObjectRef)] = []
    private static var pendingDelivery: MainLoopSource?

    private static func deliverPending() {
        pendingDelivery = nil
        let messages = pending
        pending = []
        for message in messages {
            message.source.withObject { source in
                let targets = locusCandidates(near: source.asWidget)
                guard !targets.isEmpty else { return }
                describe(targets, with: message.text)
                notify(Record(text: message.text, priority: message.priority, mechanism: "description"))
            }
        }
    }

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

    private static var alternate = false

    private static func describe(_ targets: [UnsafeMutablePointer<GtkWidget>], with message: String) {
        // The same text twice in a row is no change, and would not be spoken:
        // alternate an invisible mark so every announcement is a new value.
        alternate.toggle()
        let text = alternate ? message : message + "\u{200B}"
        for target in targets {
            if let lent = borrowed.first(where: { $0.isFor(target) }) {
                lent.postponeReset(by: resetDelay)
            } else {
                borrowed.append(BorrowedDescription(target, resetAfter: resetDelay) { finished in
                    borrowed.removeAll { $0 === finished }
                })
            }
            Accessible.setDescription(target, text)
        }
    }

    private static var resetDelay: UInt32 {
        let seconds = descriptionResetDelay.isFinite ? min(max(descriptionResetDelay, 0.05), 30) : 1
        return UInt32(seconds * 1000)
    }

    /// Gives back a description set by the fallback now instead of after the
    /// delay (tests use it to start from a clean state).
    static func clearPendingDescription() {
        pendingDelivery?.cancel()
        pendingDelivery = nil
        pending = []
        for lent in borrowed { lent.giveBack() }
        borrowed = []
    }

    private static func notify(_ record: Record) {
        for observer in observers.values { observer(record) }
    }
}

/// A widget's accessible description, lent to announcements for a moment.
///
/// Giving it back means resetting it, or, for a widget with a tooltip (GTK
/// exposes tooltips as descriptions), restoring the tooltip, but only once the
/// widget has lost focus: Orca speaks description changes of the focused
/// widget, and the restored tooltip would otherwise be read out as junk.
@MainActor
private final class BorrowedDescription {
    private let widget: WeakObjectRef
    private var timer: MainLoopSource?
    private var focusWatch: SignalConnection?
    private var destroyWatch: SignalConnection?
    private let finished: @MainActor (BorrowedDescription) -> Void

    init(_ target: UnsafeMutablePointer<GtkWidget>, resetAfter milliseconds: UInt32,
         finished: @escaping @MainActor (BorrowedDescription) -> Void) {
        widget = WeakObjectRef(target.raw)
        self.finished = finished
        destroyWatch = Signal.connect(target.raw, "destroy") { [weak self] in self?.stopWatching() }
        postponeReset(by: milliseconds)
    }

    func isFor(_ target: UnsafeMutablePointer<GtkWidget>) -> Bool {
        widget.withObject { $0 == target.raw } ?? false
    }

    func postponeReset(by milliseconds: UInt32) {
        timer?.cancel()
        focusWatch?.disconnect()
        focusWatch = nil
        timer = MainLoop.after(milliseconds: milliseconds) { [weak self] in self?.giveBackWhenQuiet() }
    }

    /// Resets now, unless a tooltip must wait for focus to leave.
    private func giveBackWhenQuiet() {
        timer = nil
        let waits = widget.withObject { object -> Bool in
            let target = object.asWidget
            return gtk_widget_get_tooltip_text(target) != nil && gtk_widget_has_focus(target) != 0
        } ?? false
        guard waits else { return giveBack() }
        widget.withObject { object in
            focusWatch = Signal.connect(object, "notify::has-focus") { [weak self] in self?.giveBack() }
        }
    }

    func giveBack() {
        widget.withObject { object in
            let target = object.asWidget
            Accessible.setDescription(target, gtk_widget_get_tooltip_text(target).map { String(cString: $0) })
        }
        stopWatching()
    }

    private func stopWatching() {
        timer?.cancel()
        timer = nil
        focusWatch?.disconnect()
        focusWatch = nil
        destroyWatch?.disconnect()
        destroyWatch = nil
        finished(self)
    }
}

import CGtk
import GtkSupport
import HUDCore

/// Speaks HUD and banner messages to screen readers, on the GTK users have.
///
/// - GTK ≥ 4.14: `gtk_accessible_announce` (looked up at run time): errors
///   and high-priority banners assertively, everything else politely.
/// - GTK 4.8–4.12, which cannot announce: a HUD with a blocking mask takes
///   keyboard focus on its bezel, whose role and name carry the message, so
///   the screen reader speaks it as it lands (SVProgressHUD's modal VoiceOver
///   behaviour) and later name changes too; focus goes back on dismissal.
///   Everything else uses the description technique Orca's documentation
///   recommends for old GTK, applied to the window: its accessible description
///   is set to the message (Orca speaks description changes of the focused
///   object and of the active frame), then reset a few seconds later. The
///   window rather than the focused widget, because GTK 4.8 only sends events
///   for widgets a screen reader has already visited, and the window is always
///   one of them; the focused widget may not be.
///
/// Each mechanism can be turned off with ``mechanisms``. Messages are never
/// flooded: HUDs announce a status once and progress at quarters at most every
/// two seconds (``HUDAnnouncementPolicy``).
@MainActor
public enum Announcer {
    /// The ways GtkHUD makes a message speakable.
    public struct Mechanisms: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `gtk_accessible_announce` where the running GTK has it (4.14+).
        public static let native = Mechanisms(rawValue: 1)
        /// Blocking HUDs take keyboard focus on their bezel (GTK 4.8 path).
        public static let focusForBlockingHUDs = Mechanisms(rawValue: 2)
        /// The window's description carries the message (GTK 4.8 path).
        public static let windowDescription = Mechanisms(rawValue: 4)
        public static let all: Mechanisms = [.native, .focusForBlockingHUDs, .windowDescription]
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
        public let text: String
        public let priority: Priority
        /// `"native"`, `"focus"` or `"description"`.
        public let mechanism: String
    }

    /// Which mechanisms are on (all by default).
    public static var mechanisms: Mechanisms = .all
    /// Seconds before a description set by the fallback is cleared again.
    public static var descriptionResetDelay: Double = 4

    /// Whether messages go through `gtk_accessible_announce` (GTK ≥ 4.14 and `.native` on).
    public static var usesNativeAnnouncements: Bool {
        mechanisms.contains(.native) && Accessible.canAnnounce
    }

    private static var observers: [Int: @MainActor (Record) -> Void] = [:]
    private static var nextObserver = 0
    private static var pendingReset: (widget: WeakObjectRef, timer: MainLoopSource, destroyed: SignalConnection)?

    /// Calls `handler` for every announcement until the observation is cancelled.
    public static func observe(_ handler: @escaping @MainActor (Record) -> Void) -> HUDObservation {
        nextObserver += 1
        let id = nextObserver
        observers[id] = handler
        return HUDObservation { observers[id] = nil }
    }

    /// Announces `text` on behalf of `source` (a HUD bezel or banner widget).
    /// `sourceHasFocus` means the message is already carried by a focused widget
    /// whose name is the message, so on old GTK nothing more is needed.
    public static func announce(_ text: String, from source: UnsafeMutablePointer<GtkWidget>,
                                priority: Priority, sourceHasFocus: Bool = false) {
        let message = HUDInput.accessibleName(for: text)
        if usesNativeAnnouncements, Accessible.announce(message, from: source, assertive: priority == .assertive) {
            notify(Record(text: message, priority: priority, mechanism: "native"))
            return
        }
        if sourceHasFocus {
            notify(Record(text: message, priority: priority, mechanism: "focus"))
            return
        }
        guard mechanisms.contains(.windowDescription), let target = window(of: source) else { return }
        describe(target, with: message)
        notify(Record(text: message, priority: priority, mechanism: "description"))
    }

    /// The window of `source` (the active frame for a screen reader).
    private static func window(of source: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        gtk_widget_get_root(source).map { UnsafeMutableRawPointer($0).asWidget }
    }

    private static var alternate = false

    private static func describe(_ target: UnsafeMutablePointer<GtkWidget>, with message: String) {
        clearPendingDescription()
        // The same text twice in a row is no change, and would not be spoken:
        // alternate an invisible mark so every announcement is a new value.
        alternate.toggle()
        Accessible.setDescription(target, alternate ? message : message + "\u{200B}")
        let delay = UInt32(clamping: Int(max(0.5, descriptionResetDelay.isFinite ? descriptionResetDelay : 4) * 1000))
        let timer = MainLoop.after(milliseconds: delay) { clearPendingDescription() }
        // A widget destroyed before the reset takes its timer with it.
        let destroyed = Signal.connect(target.raw, "destroy") { clearPendingDescription() }
        pendingReset = (WeakObjectRef(target.raw), timer, destroyed)
    }

    /// Clears a description set by the fallback now instead of after the delay
    /// (tests use it to start from a clean state).
    static func clearPendingDescription() {
        guard let pending = pendingReset else { return }
        pendingReset = nil
        pending.timer.cancel()
        pending.destroyed.disconnect()
        pending.widget.withObject { Accessible.setDescription($0.asWidget, nil) }
    }

    private static func notify(_ record: Record) {
        for observer in observers.values { observer(record) }
    }
}

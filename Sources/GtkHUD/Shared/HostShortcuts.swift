import CGtk
import GtkSupport
import HUDCore

/// The keys one ``OverlayHost`` answers, kept on the host as `AdwToastOverlay`
/// keeps its Escape binding: one `GtkShortcutController` with named entries,
/// on the overlay's key-event target (the window, for a window layer).
///
/// - `escape`: the HUDs' and banners' Escape handlers, newest first.
/// - `focus-banners`: ``GtkHUDAttention/bannerShortcut`` (Ctrl+F6 by default).
///
/// Scope LOCAL, phase BUBBLE: a key reaches the table only after the focused
/// widget and its ancestors passed it on, so an app that binds the same chord
/// in the focused widget wins, and a widget that uses Escape itself keeps it.
@MainActor
final class HostShortcuts {
    /// The names of the entries.
    enum Entry: String {
        case escape
        case focusBanners = "focus-banners"
    }

    private let table = ShortcutTable(scope: GTK_SHORTCUT_SCOPE_LOCAL, phase: GTK_PHASE_BUBBLE)
    private var escapeHandlers = HandlerList<@MainActor () -> Bool>()

    /// Every live table, so a change of ``GtkHUDAttention/bannerShortcut`` reaches windows already open.
    private static var live: [WeakTable] = []
    private struct WeakTable { weak var table: HostShortcuts? }

    /// Puts the table on `target`; `focusBanners` runs for the banner shortcut
    /// and says whether it took the key.
    init(on target: UnsafeMutablePointer<GtkWidget>, focusBanners: @escaping @MainActor () -> Bool) {
        table.add(Entry.escape.rawValue, trigger: .key(GDK_KEY_Escape)) { [weak self] in self?.escape() ?? false }
        table.add(Entry.focusBanners.rawValue, trigger: GtkHUDAttention.bannerShortcutTrigger, action: focusBanners)
        table.attach(to: target)
        Self.live.removeAll { $0.table == nil }
        Self.live.append(WeakTable(table: self))
        // The spoken hint names the chord in the language in use when a window gets its host.
        GtkHUDAttention.refreshBannerShortcutLabel()
    }

    /// Adds a handler for Escape (without modifiers) pressed anywhere in the
    /// content. Handlers are tried newest first; the first that returns true
    /// takes the key, and if none does it goes on to the window. Returns an id
    /// for ``removeEscapeHandler(_:)``.
    @discardableResult
    func addEscapeHandler(_ handler: @escaping @MainActor () -> Bool) -> Int {
        escapeHandlers.add(handler)
    }

    /// Removes a handler added with ``addEscapeHandler(_:)``.
    func removeEscapeHandler(_ id: Int) {
        escapeHandlers.remove(id)
    }

    private func escape() -> Bool {
        escapeHandlers.handlers.reversed().contains { $0() }
    }

    /// The host went: the keys are given back to the window.
    func tearDown() {
        _ = escapeHandlers.removeAll()
        table.detach()
        Self.live.removeAll { $0.table == nil || $0.table === self }
    }

    /// ``GtkHUDAttention/bannerShortcut`` changed: every open window follows.
    static func bannerShortcutChanged(to trigger: ShortcutTrigger?) {
        live.removeAll { $0.table == nil }
        for entry in live { entry.table?.table.setTrigger(trigger, of: Entry.focusBanners.rawValue) }
    }
}

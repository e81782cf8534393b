import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import Synchronization

/// A storm window: a GtkWindow (even slots) or an AdwWindow (odd slots), named
/// "storm<slot>" and added to the storm's application (issue #27's
/// `.activeWindow(of:)`, `.window(named:of:)` and `broadcast`). Its content, top
/// to bottom: a toolbar label (an anchor for `.below`), a split (GtkPaned) of a
/// pane that is a context of its own (context 1) and a GtkStack of two pages,
/// each a context (2 and 3: one shows, the other is hidden), an action button
/// lifted off the bottom (an anchor for `.above`), and an entry in the
/// bottom-left corner, away from the centred bezel, so a click can test whether
/// the content takes focus. Each context holds an entry too.
@MainActor
final class StormWindow {
    let slot: Int
    let window: UnsafeMutablePointer<GtkWidget>
    let content: UnsafeMutablePointer<GtkWidget>
    let entry: UnsafeMutablePointer<GtkWidget>
    /// Issue #27's contexts (1: the pane, 2 and 3: the stack's pages) and the entry in each.
    private(set) var contexts: [Int: HUDOverlay] = [:]
    private(set) var contextEntries: [Int: UnsafeMutablePointer<GtkWidget>] = [:]
    let pages: UnsafeMutablePointer<GtkWidget>
    /// The anchors (nil once destroyed).
    private(set) var toolbar: UnsafeMutablePointer<GtkWidget>?
    private(set) var actionButton: UnsafeMutablePointer<GtkWidget>?
    private var input: XInput?
    /// Whether the window has had the keyboard focus since it opened.
    private(set) var hasBeenActive = false
    /// The slot of each live storm window, by its GtkWindow's address.
    static var slots: [UnsafeMutableRawPointer: Int] = [:]

    init(slot: Int) {
        self.slot = slot
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let toolbar = gtk_label_new("Storm window \(slot)")!
        gtk_widget_set_margin_top(toolbar, 4)
        let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        gtk_widget_set_vexpand(paned, 1)
        let pages = gtk_stack_new()!
        self.pages = pages
        for context in 1...3 {
            let pane = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let label = gtk_label_new("Context \(context)")!
            gtk_widget_set_vexpand(label, 1)
            let paneEntry = gtk_entry_new()!
            gtk_widget_set_halign(paneEntry, GTK_ALIGN_CENTER)
            gtk_widget_set_margin_bottom(paneEntry, 4)
            gtk_editable_set_width_chars(OpaquePointer(paneEntry), 6)
            gtk_box_append(pane.cast(to: GtkBox.self), label)
            gtk_box_append(pane.cast(to: GtkBox.self), paneEntry)
            let overlay = HUDOverlay(content: GtkWidgetRef(pointer: pane))!
            contexts[context] = overlay
            contextEntries[context] = paneEntry
            if context == 1 {
                gtk_paned_set_start_child(OpaquePointer(paned), overlay.pointer)
            } else {
                "page\(context)".withCString { _ = gtk_stack_add_named(OpaquePointer(pages), overlay.pointer, $0) }
            }
        }
        gtk_paned_set_end_child(OpaquePointer(paned), pages)
        gtk_paned_set_position(OpaquePointer(paned), 240)
        let actionButton = gtk_button_new_with_label("Action")!
        gtk_widget_set_halign(actionButton, GTK_ALIGN_END)
        gtk_widget_set_margin_end(actionButton, 8)
        let entry = gtk_entry_new()!
        gtk_widget_set_halign(entry, GTK_ALIGN_START)
        gtk_widget_set_margin_start(entry, 8)
        gtk_widget_set_margin_bottom(entry, 8)
        gtk_editable_set_width_chars(OpaquePointer(entry), 8)
        for child in [toolbar, paned, actionButton, entry] { gtk_box_append(box.cast(to: GtkBox.self), child) }
        self.toolbar = toolbar
        self.actionButton = actionButton
        if slot % 2 == 1 {
            window = adw_window_new()!
            adw_window_set_content(window.raw.typed(AdwWindow.self), box)
        } else {
            window = gtk_window_new()!
            gtk_window_set_child(window.asWindow, box)
        }
        content = box
        self.entry = entry
        "storm\(slot)".withCString { gtk_widget_set_name(window, $0) }
        gtk_window_set_application(window.asWindow, StormApplication.shared)
        // Before it is presented: with no window manager, X gives the focus to the
        // window under the pointer, so a window can be active from its first frame.
        // GLib releases the closure with the window.
        Signal.connect(window.raw, "notify::is-active") { [weak self] in
            guard let self, gtk_window_is_active(self.window.asWindow) != 0 else { return }
            self.hasBeenActive = true
        }
        "Storm \(slot)".withCString { gtk_window_set_title(window.asWindow, $0) }
        gtk_window_set_default_size(window.asWindow, 480, 360)
        gtk_window_present(window.asWindow)
        MainLoop.run(until: { gtk_widget_get_mapped(self.window) != 0 }, timeoutMilliseconds: 5_000)
        waitForFrames(2)
        Self.slots[UnsafeMutableRawPointer(window)] = slot
    }

    /// The stack page that shows (2 or 3).
    var visiblePage: Int {
        gtk_stack_get_visible_child_name(OpaquePointer(pages)).map { String(cString: $0) } == "page3" ? 3 : 2
    }

    func showPage(_ page: Int) {
        "page\(page)".withCString { gtk_stack_set_visible_child_name(OpaquePointer(pages), $0) }
    }

    /// The toolbar and the action button (the anchors) hidden or shown.
    func setAnchorsVisible(_ visible: Bool) {
        for widget in [toolbar, actionButton].compactMap({ $0 }) { gtk_widget_set_visible(widget, visible ? 1 : 0) }
    }

    /// Takes the toolbar and the action button out of the window: the box held the only references, so they are destroyed.
    func destroyAnchors() {
        for widget in [toolbar, actionButton].compactMap({ $0 }) { gtk_box_remove(content.cast(to: GtkBox.self), widget) }
        toolbar = nil
        actionButton = nil
    }

    /// Whether the user left the window after being in it: its banners pause.
    var isLeft: Bool { hasBeenActive && gtk_window_is_active(window.asWindow) == 0 }

    /// Lets this window's frame clock tick `count` times (paced progress lands on ticks).
    func waitForFrames(_ count: Int) {
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        let start = gdk_frame_clock_get_frame_counter(clock)
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
        XInput.pump(until: {
            let done = gdk_frame_clock_get_frame_counter(clock) >= start + count
            if !done { gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT) }
            return done
        }, timeoutMilliseconds: 1_000)
    }

    /// Real input into this window: raised above the other storm windows and focused first.
    func withInput(_ body: (XInput) -> Void) {
        if input == nil { input = XInput(window: window) }
        guard let input else { return }
        input.run(["windowraise", input.windowID, "windowfocus", input.windowID])
        XInput.pump(until: { gtk_window_is_active(self.window.asWindow) != 0 }, timeoutMilliseconds: 2_000)
        body(input)
        XInput.pump(until: { false }, timeoutMilliseconds: 30) // GTK takes the events
    }

    /// The widget with the keyboard focus in this window.
    var focus: UnsafeMutablePointer<GtkWidget>? { gtk_widget_get_root(window).flatMap { gtk_root_get_focus($0) } }

    /// Whether keyboard focus is in the entry.
    var entryHasFocus: Bool { Self.hasFocus(entry) }

    static func hasFocus(_ entry: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(entry), let focus = gtk_root_get_focus(root) else { return false }
        return focus == entry || gtk_widget_is_ancestor(focus, entry) != 0
    }

    /// Whether the entry could take keyboard focus: it and every ancestor up to the window can focus.
    var entryCanTakeFocus: Bool { canTakeFocus(entry) }

    func canTakeFocus(_ entry: UnsafeMutablePointer<GtkWidget>) -> Bool {
        var current: UnsafeMutablePointer<GtkWidget>? = entry
        while let widget = current, widget != window {
            if gtk_widget_get_can_focus(widget) == 0 { return false }
            current = gtk_widget_get_parent(widget)
        }
        return true
    }

    func destroy() {
        input = nil
        Self.slots[UnsafeMutableRawPointer(window)] = nil
        gtk_window_destroy(window.asWindow)
    }
}

/// The storm's application: registered once (its `startup` ran), never run; each
/// storm window is added to it, so GTK keeps its windows in the order the user focused them.
@MainActor
enum StormApplication {
    static let shared: UnsafeMutablePointer<GtkApplication> = {
        let app = gtk_application_new("org.gtkhud.StormTests", G_APPLICATION_NON_UNIQUE)!
        let previous = g_application_get_default()
        let application = UnsafeMutableRawPointer(app).assumingMemoryBound(to: GApplication.self)
        g_application_register(application, nil, nil)
        // Not the process's default application: the storm names it in every call that takes one.
        if previous == nil, g_application_get_default() == application { g_application_set_default(nil) }
        return app
    }()
}

/// Work for `HUD.run` that the storm finishes, fails or cancels when it chooses.
final class StormGate: Sendable {
    struct WorkFailed: Error {}
    private struct State: @unchecked Sendable {
        var waiter: CheckedContinuation<Void, any Error>?
        var outcome: Result<Void, any Error>?
    }
    private let state = Mutex(State())

    func wait() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ready = state.withLock { state -> Result<Void, any Error>? in
                    if let outcome = state.outcome { return outcome }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            resolve(.failure(CancellationError()))
        }
    }

    func resolve(_ outcome: Result<Void, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: outcome)
    }
}

enum StormThreads {
    /// Runs `body` on a new thread and waits for it: the call comes from another
    /// thread, yet its order among the storm's calls stays fixed.
    nonisolated static func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.start()
        done.wait()
    }
}

import CGtk
import Foundation
import GtkHUD
import GtkSupport
import Synchronization

/// A storm window: a GtkWindow (even slots) or an AdwWindow (odd slots) whose
/// content has an entry in its bottom-left corner, away from the centred bezel
/// and the banners at the top, so a click can test whether the content takes focus.
@MainActor
final class StormWindow {
    let slot: Int
    let window: UnsafeMutablePointer<GtkWidget>
    let content: UnsafeMutablePointer<GtkWidget>
    let entry: UnsafeMutablePointer<GtkWidget>
    private var input: XInput?
    /// Whether the window has had the keyboard focus since it opened.
    private(set) var hasBeenActive = false
    /// The slot of each live storm window, by its GtkWindow's address.
    static var slots: [UnsafeMutableRawPointer: Int] = [:]

    init(slot: Int) {
        self.slot = slot
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let spacer = gtk_label_new("Storm window \(slot)")!
        gtk_widget_set_vexpand(spacer, 1)
        let entry = gtk_entry_new()!
        gtk_widget_set_halign(entry, GTK_ALIGN_START)
        gtk_widget_set_margin_start(entry, 8)
        gtk_widget_set_margin_bottom(entry, 8)
        gtk_box_append(box.cast(to: GtkBox.self), spacer)
        gtk_box_append(box.cast(to: GtkBox.self), entry)
        if slot % 2 == 1 {
            window = adw_window_new()!
            adw_window_set_content(window.raw.typed(AdwWindow.self), box)
        } else {
            window = gtk_window_new()!
            gtk_window_set_child(window.asWindow, box)
        }
        content = box
        self.entry = entry
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

    /// Whether keyboard focus is in the entry.
    var entryHasFocus: Bool {
        guard let root = gtk_widget_get_root(entry), let focus = gtk_root_get_focus(root) else { return false }
        return focus == entry || gtk_widget_is_ancestor(focus, entry) != 0
    }

    /// Whether the entry could take keyboard focus: it and every ancestor up to the window can focus.
    var entryCanTakeFocus: Bool {
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

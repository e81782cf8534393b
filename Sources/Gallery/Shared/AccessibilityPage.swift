// Accessibility: the reduced-motion switch (GtkSettings gtk-enable-animations),
// what this GTK offers screen readers, and a live log of HUD and banner events.
import CGtk
import Foundation
import GtkHUD
import GtkSupport

@MainActor
final class AccessibilityPage: GalleryPage {
    let name = "accessibility"
    let title = "Accessibility"
    let subtitle = "Reduced motion and a live event log"
    let icon = "preferences-desktop-accessibility-symbolic"
    private(set) var widget: Widget!

    private var logView: Widget!
    private var logBuffer: UnsafeMutablePointer<GtkTextBuffer>!
    private var motionRow: Widget!
    private var reduceSwitch: Widget!
    /// An entry to type in while messages appear (the focus must stay in it).
    private(set) var typingEntry: Widget!
    private var lines = 0
    private let started = Date()
    static let maximumLines = 400

    init() {
        let reduce = UI.switchRow("Reduce motion", subtitle: "Turns GtkSettings:gtk-enable-animations off: HUDs and banners appear without animating",
                                  active: !UI.animationsEnabled) { reduced in
            UI.animationsEnabled = !reduced
            self.updateMotionRow()
        }
        reduceSwitch = reduce.toggle
        motionRow = UI.row("Animations now", subtitle: "")
        let reducedMotion = GtkEnvironment.prefersReducedMotion.map { $0 ? "on" : "off" } ?? "not in this GTK (4.22 and later)"
        let motion = UI.group("Motion", [
            reduce.row,
            motionRow,
            UI.row("gtk-interface-reduced-motion", subtitle: reducedMotion),
            UI.actionRow("Try it", subtitle: "A success HUD") { ProgressHUD.showSuccess(status: "Done") },
        ])
        let version = GtkEnvironment.runtimeVersion
        let readers = UI.group("Screen readers", [
            UI.row("GTK \(version.major).\(version.minor).\(version.micro)",
                   subtitle: Accessible.canAnnounce ? "gtk_accessible_announce is available: HUD text is announced"
                       : "No gtk_accessible_announce (GTK 4.14+): HUDs rely on focus and accessible descriptions"),
        ])

        typingEntry = gtk_entry_new()!
        gtk_widget_set_valign(typingEntry, GTK_ALIGN_CENTER)
        gtk_widget_set_hexpand(typingEntry, 1)
        Accessible.setLabel(typingEntry, "Notes")
        let typing = UI.group("Keep typing", description: "Messages must not take the keyboard away: type here, press Show, and keep typing while a banner and a HUD appear.", [
            UI.row("Notes", [typingEntry]),
            UI.actionRow("Show a banner and a HUD", subtitle: "In one second, while you type") {
                MainLoop.after(milliseconds: 1000) { Self.showMessagesWhileTyping() }
            },
        ])

        logView = gtk_text_view_new()!
        gtk_text_view_set_editable(logView.cast(to: GtkTextView.self), 0)
        gtk_text_view_set_cursor_visible(logView.cast(to: GtkTextView.self), 0)
        gtk_text_view_set_monospace(logView.cast(to: GtkTextView.self), 1)
        gtk_text_view_set_left_margin(logView.cast(to: GtkTextView.self), 8)
        gtk_text_view_set_wrap_mode(logView.cast(to: GtkTextView.self), GTK_WRAP_WORD_CHAR)
        logBuffer = gtk_text_view_get_buffer(logView.cast(to: GtkTextView.self))
        Accessible.setLabel(logView, "HUD and banner events")
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(scroller.op, logView)
        gtk_widget_set_size_request(scroller, -1, 240)
        gtk_widget_add_css_class(scroller, "card")
        let clear = UI.button("Clear") { gtk_text_buffer_set_text(self.logBuffer, "", 0); self.lines = 0 }
        let log = UI.group("Live event log", description: "Every HUD and banner event, as your code observes it (observeEvents / events).",
                           [scroller])
        adw_preferences_group_set_header_suffix(log.cast(to: AdwPreferencesGroup.self), clear)
        widget = UI.page([motion, readers, typing, log])
        updateMotionRow()
        EventCenter.shared.addListener { [weak self] line in self?.append(line) }
        Signal.connectPointer(UnsafeMutableRawPointer(gtk_settings_get_default()!), "notify::gtk-enable-animations") { [weak self] _ in
            self?.updateMotionRow()
        }
    }

    /// A banner and a non-blocking HUD, as an app shows them while the user types.
    static func showMessagesWhileTyping() {
        guard let banner = try? NotificationBanner(title: "Draft saved", subtitle: "Your notes are safe") else { return }
        BannerTracker.shared.track(banner)
        banner.show(on: Gallery.window, duration: 2)
        ProgressHUD.showInfo(status: "Syncing in the background")
    }

    /// Flips the "Reduce motion" switch, as a click would.
    func setReducedMotion(_ reduced: Bool) {
        gtk_switch_set_active(reduceSwitch.op, reduced ? 1 : 0)
    }

    private func updateMotionRow() {
        UI.setSubtitle(motionRow, UI.animationsEnabled ? "On (gtk-enable-animations is true)" : "Off: fades last 0 s")
    }

    private func append(_ line: String) {
        let stamp = String(format: "%7.3f", Date().timeIntervalSince(started))
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(logBuffer, &end)
        gtk_text_buffer_insert(logBuffer, &end, "\(stamp)  \(line)\n", -1)
        lines += 1
        if lines > Self.maximumLines {
            var start = GtkTextIter(), cut = GtkTextIter()
            gtk_text_buffer_get_start_iter(logBuffer, &start)
            gtk_text_buffer_get_iter_at_line(logBuffer, &cut, Int32(lines - Self.maximumLines))
            gtk_text_buffer_delete(logBuffer, &start, &cut)
            lines = Self.maximumLines
        }
        gtk_text_buffer_get_end_iter(logBuffer, &end)
        let mark = gtk_text_buffer_get_insert(logBuffer)
        gtk_text_buffer_place_cursor(logBuffer, &end)
        gtk_text_view_scroll_mark_onscreen(logView.cast(to: GtkTextView.self), mark)
    }
}

// Attention: banners that wait while the user is in another window, follow
// the screen reader and the timeout multiplier, and are reached with Ctrl+F6.
import CGtk
import Foundation
import GtkHUD
import GtkSupport

@MainActor
final class AttentionPage: GalleryPage {
    let name = "attention"
    let title = "Attention"
    let subtitle = "Other windows, screen readers, more time, the keyboard"
    let icon = "alarm-symbolic"
    private(set) var widget: Widget!

    private var statusRow: Widget!
    private var readerRow: Widget!
    private var lastBanner: NotificationBanner?
    private var timer: RepeatingTimer?

    init() {
        let shortcut = GtkHUDAttention.bannerShortcut ?? "off"
        let keyboard = UI.group("Keyboard", description: "Press \(shortcut) anywhere in this window to reach the newest banner; Tab goes round the banners, Escape dismisses, Enter acts. While the keyboard is inside, every banner waits.", [
            UI.actionRow("A banner with Undo", subtitle: "Reach its button with \(shortcut)") { self.show(action: true, seconds: 6) },
            UI.entryRow("Shortcut", text: GtkHUDAttention.bannerShortcut ?? "") { text in
                GtkHUDAttention.bannerShortcut = text.isEmpty ? nil : text
            },
        ])
        let window = UI.group("The window you are in", description: "Show a banner, then switch to another window: it waits, and goes on with the time it had left when you come back.", [
            UI.actionRow("A banner for 5 s", subtitle: "Pauses while this window is not active") { self.show(action: false, seconds: 5) },
            UI.actionRow("In 3 s, a banner for 5 s", subtitle: "Switch away now: it gets its whole time when you return") {
                MainLoop.after(milliseconds: 3000) { self.show(action: false, seconds: 5) }
            },
            UI.switchRow("Pause while the window is left", subtitle: "GtkHUDAttention.pausesWhileWindowInactive",
                         active: GtkHUDAttention.pausesWhileWindowInactive) { GtkHUDAttention.pausesWhileWindowInactive = $0 }.row,
        ])
        readerRow = UI.row("Screen reader", subtitle: "")
        let modes: [GtkHUDAttention.ScreenReader] = [.automatic, .on, .off]
        let reader = UI.group("Screen readers and time", [
            readerRow,
            UI.comboRow("Screen reader detection", subtitle: "GtkHUDAttention.screenReader", items: ["Automatic", "On", "Off"]) { index in
                GtkHUDAttention.screenReader = modes[index]
                self.refresh()
            },
            UI.spinRow("Timeout multiplier", subtitle: "GtkHUDAttention.timeoutMultiplier: banners, HUD results, delayed hides",
                       range: 1...10, step: 0.5, value: GtkHUDAttention.timeoutMultiplier) { GtkHUDAttention.timeoutMultiplier = $0 },
            UI.actionRow("A success HUD", subtitle: "Stays longer with the multiplier") { ProgressHUD.showSuccess(status: "Saved") },
        ])
        statusRow = UI.row("Last banner", subtitle: "none yet")
        widget = UI.page([keyboard, window, reader, UI.group("Now", [statusRow])])
        refresh()
    }

    func didShow() { refresh() }

    private func show(action: Bool, seconds: Double) {
        guard let banner = try? NotificationBanner(title: action ? "Photo deleted" : "Download finished",
                                                   subtitle: action ? "Undo brings it back" : "report.pdf is in Downloads",
                                                   image: .iconName(action ? "user-trash-symbolic" : "folder-download-symbolic")) else { return }
        if action { banner.setAction("_Undo") { EventCenter.shared.log("Banner: Undo pressed") } }
        BannerTracker.shared.track(banner)
        banner.show(on: Gallery.window, duration: seconds)
        lastBanner = banner
        if timer == nil { timer = RepeatingTimer(every: 0.1) { [weak self] in self?.refresh() ?? false } }
    }

    /// Shows what the last banner's clock does, and what GtkHUD believes about the screen reader.
    @discardableResult
    private func refresh() -> Bool {
        UI.setSubtitle(readerRow, GtkHUDAttention.isScreenReaderRunning
            ? "Running: banners with an action stay until acted on" : "Not running: every banner times out")
        guard let banner = lastBanner, banner.state == .showing else {
            if lastBanner != nil { UI.setSubtitle(statusRow, "gone") }
            timer = nil
            return false
        }
        let left = banner.remainingTime.map { String(format: "%.1f s left", Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18) } ?? "no timeout"
        UI.setSubtitle(statusRow, left + (banner.isTimeoutPaused ? ", paused" : ""))
        return true
    }
}

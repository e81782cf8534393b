// Contexts (issue #27): messages confined to a part of a window. Two panes
// side by side, each a HUDOverlay with its own banners and its own blocking
// HUD; a stack whose hidden page holds its banners; a dialog window; a
// second window of the application (active-window routing, a broadcast).
import CGtk
import Foundation
import GtkHUD
import GtkSupport

@MainActor
final class ContextsPage: GalleryPage {
    let name = "contexts"
    let title = "Contexts"
    let subtitle = "Panes, stack pages and dialogs with messages of their own"
    let icon = "view-dual-symbolic"
    private(set) var widget: Widget!

    /// The two panes, left and right.
    private(set) var panes: [HUDOverlay] = []
    private(set) var stackPage: HUDOverlay?
    private var stack: Widget!
    private var stackStatus: Widget!
    private var stackBanner: NotificationBanner?
    private var stackTimer: RepeatingTimer?
    /// The dialog window while it is open, and the widget the scenario focuses in it.
    private(set) var dialog: Widget?
    private(set) var dialogButton: Widget?
    /// The application's second window while it is open ("second" by name).
    private(set) var secondWindow: Widget?

    init() {
        let split = UI.group("Split view", description: "Each pane is a HUDOverlay: its own banner queue, its own mask. A blocking HUD in one pane blocks only that pane: Tab cannot enter it, the other pane works on.",
                             [splitView()])
        stackStatus = UI.row("Banner on page one", subtitle: "none yet")
        let stackGroup = UI.group("Stack", description: "Show a banner on page one, then switch to page two: its time stands still until page one shows again.",
                                  [stackView(), UI.actionRow("A banner on page one for 5 s", subtitle: "BannerCenter.for(.overlay(page))") {
                                      self.showOnStackPage()
                                  }, stackStatus])
        let dialogGroup = UI.group("Dialog", description: "A widget in a dialog window is in the dialog's context: its banners and HUDs show there, not in this window.", [
            UI.actionRow("Open a dialog", subtitle: "gtk_window_set_transient_for, modal") { self.openDialog() },
        ])
        let windowsGroup = UI.group("Windows", description: "A second window of this application. Messages routed to the application's active window go where you are when they show; a broadcast puts one banner in each window.", [
            UI.actionRow("Open a second window", subtitle: "adw_application_window_new, named “second”") { self.openSecondWindow() },
            UI.actionRow("A HUD in the active window in 2 s", subtitle: ".activeWindow(): switch windows meanwhile") {
                MainLoop.after(milliseconds: 2_000) { self.showInActiveWindow() }
            },
            UI.actionRow("A banner in every window", subtitle: "BannerCenter.broadcast(title:)") { self.broadcast() },
            UI.actionRow("A banner in the second window", subtitle: ".window(named: \"second\")") { self.showInSecondWindow() },
        ])
        widget = UI.page([split, stackGroup, dialogGroup, windowsGroup])
    }

    func didShow() {}

    // MARK: Split view

    private func splitView() -> Widget {
        let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
        gtk_widget_set_size_request(paned, -1, 260)
        let (left, right) = (pane("Left"), pane("Right"))
        panes = [left, right]
        gtk_paned_set_start_child(paned.op, left.widget.gtkWidget)
        gtk_paned_set_end_child(paned.op, right.widget.gtkWidget)
        gtk_paned_set_shrink_start_child(paned.op, 0)
        gtk_paned_set_shrink_end_child(paned.op, 0)
        return paned
    }

    private func pane(_ side: String) -> HUDOverlay {
        let box = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        UI.margins(box, 12)
        gtk_widget_set_size_request(box, 240, -1)
        let overlay = HUDOverlay(content: box)!
        UI.append(box, UI.label("\(side) pane", css: ["heading"]))
        UI.append(box, UI.button("Banner in this pane") { self.showBanner(in: overlay, side: side) })
        UI.append(box, UI.button("Block this pane for 3 s") { self.block(overlay, side: side) })
        let entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(entry.cast(to: GtkEntry.self), "Type here")
        UI.append(box, entry)
        return overlay
    }

    @discardableResult
    func showBanner(in overlay: HUDOverlay, side: String, seconds: Double = 4) -> NotificationBanner? {
        guard let banner = try? NotificationBanner(title: "\(side) pane", subtitle: "Only this pane's queue",
                                                   image: .iconName("view-dual-symbolic")) else { return nil }
        BannerTracker.shared.track(banner)
        banner.show(in: .overlay(overlay), duration: seconds)
        return banner
    }

    /// A blocking HUD in `overlay` for `seconds`.
    @discardableResult
    func block(_ overlay: HUDOverlay, side: String, seconds: Double = 3) -> HUD? {
        var appearance = HUD.defaultAppearance
        appearance.mask = .black
        guard let hud = try? HUD(in: .overlay(overlay), appearance: appearance) else { return nil }
        hud.label = "Busy: \(side.lowercased()) pane"
        hud.show()
        hud.hide(afterDelay: seconds)
        return hud
    }

    // MARK: Stack

    private func stackView() -> Widget {
        stack = gtk_stack_new()!
        gtk_widget_set_size_request(stack, -1, 120)
        let pageOne = HUDOverlay(content: UI.label("Page one: its banners wait while page two shows", wrap: true, xalign: 0.5))!
        stackPage = pageOne
        gtk_stack_add_titled(stack.op, pageOne.widget.gtkWidget, "one", "Page one")
        gtk_stack_add_titled(stack.op, UI.label("Page two", xalign: 0.5), "two", "Page two")
        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(switcher.op, stack.op)
        let box = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 6, [switcher, stack])
        UI.margins(box, 6)
        return box
    }

    /// Shows page `name` ("one" or "two").
    func showStackPage(_ name: String) {
        gtk_stack_set_visible_child_name(stack.op, name)
    }

    @discardableResult
    func showOnStackPage(seconds: Double = 5) -> NotificationBanner? {
        guard let stackPage, let banner = try? NotificationBanner(title: "Page one", subtitle: "Waits while page two shows") else { return nil }
        BannerTracker.shared.track(banner)
        banner.show(in: .overlay(stackPage), duration: seconds)
        stackBanner = banner
        if stackTimer == nil { stackTimer = RepeatingTimer(every: 0.1) { [weak self] in self?.refreshStackStatus() ?? false } }
        return banner
    }

    private func refreshStackStatus() -> Bool {
        guard let banner = stackBanner, banner.state == .showing else {
            UI.setSubtitle(stackStatus, "gone")
            stackTimer = nil
            return false
        }
        let left = banner.remainingTime.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }
        UI.setSubtitle(stackStatus, (left.map { String(format: "%.1f s left", $0) } ?? "no timeout") + (banner.isTimeoutPaused ? ", paused" : ""))
        return true
    }

    // MARK: Dialog

    /// Opens a modal dialog window over the gallery, with a button that shows a banner in the dialog.
    @discardableResult
    func openDialog() -> Widget {
        if let dialog { return dialog }
        let window = gtk_window_new()!
        gtk_window_set_title(window.asWindow, "Dialog with its own messages")
        gtk_window_set_transient_for(window.asWindow, Gallery.window.asWindow)
        gtk_window_set_modal(window.asWindow, 1)
        gtk_window_set_default_size(window.asWindow, 420, 260)
        let box = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        UI.margins(box, 18)
        let button = UI.button("Show a banner in this dialog") { self.showInDialog() }
        UI.append(box, UI.label("Messages for this dialog show here.", wrap: true))
        UI.append(box, button)
        UI.append(box, UI.button("Close") { self.closeDialog() })
        gtk_window_set_child(window.asWindow, box)
        _ = Signal.connect(window.raw, "destroy") { [weak self] in
            self?.dialog = nil
            self?.dialogButton = nil
        }
        dialog = window
        dialogButton = button
        gtk_window_present(window.asWindow)
        return window
    }

    @discardableResult
    func showInDialog(seconds: Double = 4) -> NotificationBanner? {
        guard let dialogButton, let banner = try? NotificationBanner(title: "Saved in the dialog", subtitle: "This dialog's own banner",
                                                                     image: .iconName("document-save-symbolic")) else { return nil }
        BannerTracker.shared.track(banner)
        banner.show(in: .widget(dialogButton), duration: seconds)
        return banner
    }

    func closeDialog() {
        if let dialog { gtk_window_destroy(dialog.asWindow) }
    }

    // MARK: Windows

    /// Opens (or brings forward) the application's second window, named "second".
    @discardableResult
    func openSecondWindow() -> Widget {
        if let secondWindow {
            gtk_window_present(secondWindow.asWindow)
            return secondWindow
        }
        let app = gtk_window_get_application(Gallery.window.asWindow)!
        let window = adw_application_window_new(app)!
        gtk_widget_set_name(window, "second")
        gtk_window_set_title(window.asWindow, "Second window")
        gtk_window_set_default_size(window.asWindow, 360, 240)
        let label = UI.label("A second window of the gallery. Its messages are its own.", wrap: true, xalign: 0.5)
        UI.margins(label, 24)
        adw_application_window_set_content(window.raw.typed(AdwApplicationWindow.self), label)
        _ = Signal.connect(window.raw, "destroy") { [weak self] in self?.secondWindow = nil }
        secondWindow = window
        gtk_window_present(window.asWindow)
        return window
    }

    func closeSecondWindow() {
        if let secondWindow { gtk_window_destroy(secondWindow.asWindow) }
    }

    /// A success HUD in the application's active window, wherever the user is now.
    func showInActiveWindow() {
        guard let hud = try? HUD(in: .activeWindow()) else { return }
        hud.mode = .success
        hud.label = "In the active window"
        hud.show()
        hud.hide(afterDelay: 2)
    }

    /// One banner in each window of the application.
    @discardableResult
    func broadcast(seconds: Double = 4) -> [NotificationBanner] {
        let banners = BannerCenter.broadcast(title: "In every window", subtitle: "One banner per window", duration: seconds)
        banners.forEach { BannerTracker.shared.track($0) }
        return banners
    }

    /// A banner in the window named "second" (refused with a message while it is closed).
    @discardableResult
    func showInSecondWindow(seconds: Double = 4) -> NotificationBanner? {
        guard let banner = try? NotificationBanner(title: "In the second window", subtitle: "Shown while you were elsewhere") else { return nil }
        BannerTracker.shared.track(banner)
        banner.show(in: .window(named: "second"), duration: seconds)
        return banner
    }
}

// The shared HUD (`ProgressHUD`, SVProgressHUD style): every show and dismiss
// call, styles, masks, transitions, grace and minimum times, auto-dismiss.
import CGtk
import Foundation
import GtkHUD
import GtkSupport

@MainActor
final class SharedHUDPage: GalleryPage {
    let name = "shared-hud"
    let title = "Shared HUD"
    let subtitle = "ProgressHUD: one HUD for the whole app"
    let icon = "emblem-synchronizing-symbolic"
    private(set) var widget: Widget!

    /// Indeterminate HUDs stay until dismissed; the gallery dismisses them after this long (0 = never).
    var autoDismissAfter = 2.5
    private var progressTimer: RepeatingTimer?
    private var autoDismiss: MainLoopSource?
    private var statusIndex = 0
    private var dismissRow: Widget!
    private var awaitRow: Widget!
    private var durationRow: Widget!
    private var customWidget: ObjectRef?

    static let styles: [(String, HUDAppearance.Style)] = [("Automatic", .automatic), ("Light", .light), ("Dark", .dark), ("Custom colours", .custom)]
    static let masks: [(String, HUDAppearance.Mask)] = [
        ("None (clicks pass through)", .none), ("Clear", .clear), ("Black", .black), ("Gradient", .gradient),
        ("Custom colour", .custom(HUDColor(red: 0.1, green: 0.2, blue: 0.5, alpha: 0.45))),
    ]
    static let transitions: [(String, HUDAppearance.Transition)] = [("Pop (SVProgressHUD)", .pop), ("Fade", .fade), ("Zoom", .zoom), ("Zoom out", .zoomOut), ("Zoom in", .zoomIn)]
    static let indicators: [(String, HUDAppearance.IndicatorAnimation)] = [("Flat arc", .flat), ("Native GtkSpinner", .native)]

    init() {
        widget = UI.page([showGroup(), dismissGroup(), appearanceGroup(), timingGroup()])
    }

    // MARK: Show

    private func showGroup() -> Widget {
        UI.group("Show", description: "Each call is what your code writes; indeterminate HUDs are dismissed by the gallery after a moment.", [
            UI.actionRow("show()", subtitle: "Indeterminate, no text") { self.show(nil) },
            UI.actionRow("show(status:)", subtitle: "Indeterminate with a status") { self.show("Loading") },
            UI.actionRow("showProgress(_:status:)", subtitle: "Determinate ring, then success") { self.showProgress() },
            UI.actionRow("setProgress(_:) from a background thread", subtitle: "Coalesced: at most one redraw a frame") { self.backgroundProgress() },
            UI.actionRow("showSuccess(status:)", subtitle: "Dismisses itself") { ProgressHUD.showSuccess(status: "Saved") },
            UI.actionRow("showError(status:)", subtitle: "Dismisses itself") { ProgressHUD.showError(status: "Could not connect") },
            UI.actionRow("showInfo(status:)", subtitle: "Dismisses itself") { ProgressHUD.showInfo(status: "Heads up") },
            UI.actionRow("showImage(_:status:)", subtitle: "An icon name, a file, a resource or a paintable") { ProgressHUD.showImage(.iconName("mail-send-symbolic"), status: "Sent") },
            UI.actionRow("showCustomWidget(status:)", subtitle: "A widget of yours in the bezel") { self.showCustom() },
            UI.actionRow("setStatus(_:)", subtitle: "Changes the text on screen", button: "Change") { self.changeStatus() },
            UI.actionRow("show() ×2, popActivity() ×2", subtitle: "Stays until the last activity ends") { self.activities() },
            {
                durationRow = UI.actionRow("Long status", subtitle: "Display time grows with the text") { self.longStatus() }
                return durationRow
            }(),
            UI.switchRow("Gallery: dismiss indeterminate HUDs", subtitle: "After 2.5 s (SVProgressHUD would keep them)", active: true) {
                self.autoDismissAfter = $0 ? 2.5 : 0
            }.row,
        ])
    }

    func show(_ status: String?) {
        progressTimer?.cancel()
        ProgressHUD.show(status: status)
        scheduleAutoDismiss()
    }

    private func scheduleAutoDismiss() {
        autoDismiss?.cancel()
        guard autoDismissAfter > 0 else { return }
        autoDismiss = MainLoop.after(milliseconds: UInt32(autoDismissAfter * 1000)) { ProgressHUD.dismiss() }
    }

    func showProgress(duration: Double = 2.5, status: String = "Downloading", finish: Bool = true) {
        autoDismiss?.cancel()
        progressTimer?.cancel()
        progressTimer = animateProgress(duration: duration, update: { ProgressHUD.showProgress($0, status: status) }) {
            if finish { ProgressHUD.showSuccess(status: "Downloaded") }
        }
    }

    private func backgroundProgress() {
        autoDismiss?.cancel()
        progressTimer?.cancel()
        ProgressHUD.showProgress(0, status: "Working in the background")
        Task.detached {
            for step in 0...2_000 {
                ProgressHUD.setProgress(Double(step) / 2_000)
                if step % 40 == 0 { try? await Task.sleep(nanoseconds: 40_000_000) }
            }
            await MainActor.run { ProgressHUD.showSuccess(status: "2,001 updates, one a frame") }
        }
    }

    func showCustom(status: String = "Starred") {
        if customWidget == nil {
            let image = gtk_image_new_from_icon_name("starred-symbolic")!
            gtk_image_set_pixel_size(image.op, 40)
            customWidget = ObjectRef(adopting: image.raw)
        }
        ProgressHUD.setCustomWidget(customWidget?.widget)
        ProgressHUD.showCustomWidget(status: status)
        scheduleAutoDismiss()
    }

    private func changeStatus() {
        let texts = ["Connecting", "Downloading", "Unpacking", "Almost there"]
        if !ProgressHUD.isVisible { show(texts[0]) }
        statusIndex = (statusIndex + 1) % texts.count
        ProgressHUD.setStatus(texts[statusIndex])
        scheduleAutoDismiss()
    }

    private func activities() {
        autoDismiss?.cancel()
        ProgressHUD.show(status: "Two activities")
        ProgressHUD.show(status: "Two activities")
        MainLoop.after(milliseconds: 1_200) {
            ProgressHUD.popActivity()
            ProgressHUD.setStatus("One activity left")
        }
        MainLoop.after(milliseconds: 2_400) { ProgressHUD.popActivity() }
    }

    private func longStatus() {
        let text = "Your photos are being uploaded to the shared album; this may take a while"
        UI.setSubtitle(durationRow, String(format: "displayDuration(for:) = %.1f s", ProgressHUD.displayDuration(for: text)))
        ProgressHUD.showInfo(status: text)
    }

    // MARK: Dismiss

    private func dismissGroup() -> Widget {
        dismissRow = UI.actionRow("dismiss(withDelay:completion:)", subtitle: "Completion runs exactly once", button: "Dismiss") {
            let started = Date()
            ProgressHUD.dismiss(withDelay: 1) {
                UI.setSubtitle(self.dismissRow, String(format: "Completion ran after %.2f s", Date().timeIntervalSince(started)))
            }
        }
        awaitRow = UI.actionRow("await dismissAndWait()", subtitle: "Returns how the dismissal ended", button: "Dismiss") {
            Task { @MainActor in
                let outcome = await ProgressHUD.dismissAndWait()
                UI.setSubtitle(self.awaitRow, "Outcome: \(outcome)")
            }
        }
        return UI.group("Dismiss", [
            UI.actionRow("dismiss()", button: "Dismiss") { self.cancelTimers(); ProgressHUD.dismiss() },
            UI.actionRow("dismiss(withDelay: 1)", button: "Dismiss") { self.cancelTimers(); ProgressHUD.dismiss(withDelay: 1) },
            dismissRow,
            awaitRow,
        ])
    }

    func cancelTimers() {
        progressTimer?.cancel()
        autoDismiss?.cancel()
    }

    // MARK: Appearance

    private func appearanceGroup() -> Widget {
        UI.group("Appearance", description: "ProgressHUD.appearance: applies to the HUD on screen too.", [
            UI.comboRow("Style", items: Self.styles.map(\.0)) { index in
                var appearance = ProgressHUD.appearance
                appearance.style = Self.styles[index].1
                if appearance.style == .custom {
                    appearance.backgroundColor = HUDColor(red: 0.11, green: 0.32, blue: 0.62, alpha: 0.95)
                    appearance.foregroundColor = .white
                } else {
                    appearance.backgroundColor = nil
                    appearance.foregroundColor = nil
                }
                ProgressHUD.appearance = appearance
            },
            UI.comboRow("Mask", subtitle: "Blocking masks: click outside to dismiss", items: Self.masks.map(\.0)) { index in
                ProgressHUD.appearance.mask = Self.masks[index].1
            },
            UI.comboRow("Transition", items: Self.transitions.map(\.0)) { index in
                ProgressHUD.appearance.transition = Self.transitions[index].1
            },
            UI.comboRow("Indeterminate indicator", items: Self.indicators.map(\.0)) { index in
                ProgressHUD.appearance.indicatorAnimation = Self.indicators[index].1
            },
            UI.switchRow("Square bezel", active: false) { ProgressHUD.appearance.isSquare = $0 }.row,
            UI.spinRow("Corner radius", range: 0...40, step: 1, value: 14, digits: 0) { ProgressHUD.appearance.cornerRadius = $0 },
        ])
    }

    // MARK: Timing

    private func timingGroup() -> Widget {
        UI.group("Timing", description: "Seconds. Grace time hides HUDs for work that finishes quickly.", [
            UI.spinRow("Grace time", subtitle: "Dismissed within it, the HUD never shows", range: 0...5, step: 0.1, value: ProgressHUD.graceTime) { ProgressHUD.graceTime = $0 },
            UI.spinRow("Minimum dismiss time", subtitle: "Shortest display of success, error and info", range: 0...10, step: 0.5, value: ProgressHUD.minimumDismissTime) { ProgressHUD.minimumDismissTime = $0 },
            UI.spinRow("Fade in", range: 0...2, step: 0.05, value: ProgressHUD.fadeInDuration, digits: 2) { ProgressHUD.fadeInDuration = $0 },
            UI.spinRow("Fade out", range: 0...2, step: 0.05, value: ProgressHUD.fadeOutDuration, digits: 2) { ProgressHUD.fadeOutDuration = $0 },
            UI.actionRow("Quick task under a 0.5 s grace time", subtitle: "show(), then dismiss() after 0.2 s: nothing appears", button: "Run") {
                let saved = ProgressHUD.graceTime
                ProgressHUD.graceTime = 0.5
                ProgressHUD.show(status: "You should not see this")
                MainLoop.after(milliseconds: 200) {
                    ProgressHUD.dismiss()
                    ProgressHUD.graceTime = saved
                }
            },
        ])
    }
}

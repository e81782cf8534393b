// Instance HUDs (`HUD`, MBProgressHUD / JGProgressHUD style): every mode and
// transition, details label, a button, several at once, a Foundation
// `Progress`, async sequences and run-while-working with cancel.
import CGtk
import Foundation
import GtkHUD
import GtkSupport

/// Something the work can throw (shown by the error HUD).
struct GalleryError: Error, CustomStringConvertible {
    let description: String
}

@MainActor
final class InstanceHUDPage: GalleryPage {
    let name = "instance-hud"
    let title = "Instance HUD"
    let subtitle = "HUD: as many as you like, on any widget"
    let icon = "view-app-grid-symbolic"
    private(set) var widget: Widget!

    static let modes: [(name: String, title: String, mode: HUD.Mode, label: String)] = [
        ("indeterminate", "Indeterminate", .indeterminate, "Loading"),
        ("pie", "Determinate (pie)", .determinate, "Exporting"),
        ("annular", "Annular determinate", .annularDeterminate, "Uploading"),
        ("bar", "Horizontal bar", .determinateHorizontalBar, "Copying"),
        ("custom", "Custom view", .customView, "Starred"),
        ("text", "Text only", .text, "Message sent"),
        ("success", "Success", .success, "Done"),
        ("error", "Error", .error, "Failed"),
        ("info", "Info", .info, "Note"),
    ]

    var label = ""
    var details = "Details label: smaller text"
    var showsDetails = true
    var appearance = HUD.defaultAppearance
    var animationDuration = 0.3
    var graceTime = 0.0
    var minimumShowTime = 0.0
    private var timers: [RepeatingTimer] = []
    private var runRow: Widget!
    private var graceRow: Widget!

    init() {
        widget = UI.page([modesGroup(), optionsGroup(), moreGroup()])
    }

    // MARK: Making HUDs

    /// A new HUD on the gallery window (or `host`) with the page's options, followed by the event log.
    func makeHUD(_ mode: HUD.Mode, label: String?, on host: Widget? = nil, name: String = "HUD") -> HUD? {
        guard let hud = try? HUD(on: host ?? Gallery.window, appearance: appearance) else { return nil }
        hud.mode = mode
        hud.label = self.label.isEmpty ? label : self.label
        hud.detailsLabel = showsDetails ? details : nil
        hud.animationDuration = animationDuration
        hud.graceTime = graceTime
        hud.minimumShowTime = minimumShowTime
        if mode == .customView { hud.customWidget = GtkWidgetRef(Self.customImage()) }
        EventCenter.shared.follow(hud, name: name)
        return hud
    }

    static func customImage() -> Widget {
        let image = gtk_image_new_from_icon_name("starred-symbolic")!
        gtk_image_set_pixel_size(image.op, 40)
        return image
    }

    /// Shows a HUD in `mode`: progress modes fill over `duration`, the others stay `duration`.
    @discardableResult
    func demo(_ mode: HUD.Mode, label: String?, duration: Double = 2, host: Widget? = nil, place: PositionsPage.Placement? = nil) -> HUD? {
        guard let hud = makeHUD(mode, label: label, on: host) else { return nil }
        place?(&hud.appearance)
        hud.show()
        switch mode {
        case .determinate, .annularDeterminate, .determinateHorizontalBar:
            timers.append(animateProgress(duration: duration, update: { hud.progress = $0 }) { hud.hide(afterDelay: 0.3) })
        default:
            hud.hide(afterDelay: duration)
        }
        return hud
    }

    func stopTimers() {
        timers.forEach { $0.cancel() }
        timers.removeAll()
    }

    // MARK: Groups

    private func modesGroup() -> Widget {
        UI.group("Modes", description: "HUD.Mode: each button shows a new HUD that hides itself.",
                 Self.modes.map { entry in
                     UI.actionRow(entry.title, subtitle: ".\(entry.mode)") { self.demo(entry.mode, label: entry.label) }
                 })
    }

    private func optionsGroup() -> Widget {
        UI.group("Options", description: "Apply to the next HUD you show.", [
            UI.entryRow("Label (empty: the mode's own)", text: "") { self.label = $0 },
            UI.entryRow("Details label", text: details) { self.details = $0 },
            UI.switchRow("Show the details label", active: true) { self.showsDetails = $0 }.row,
            UI.comboRow("Transition", subtitle: "MBProgressHUD's animations, and SVProgressHUD's pop",
                        items: ["Fade", "Zoom", "Zoom out", "Zoom in", "Pop"]) { index in
                self.appearance.transition = [.fade, .zoom, .zoomOut, .zoomIn, .pop][index]
            },
            UI.comboRow("Indeterminate indicator", items: SharedHUDPage.indicators.map(\.0)) { index in
                self.appearance.indicatorAnimation = SharedHUDPage.indicators[index].1
            },
            UI.comboRow("Style", items: SharedHUDPage.styles.map(\.0)) { index in
                self.appearance.style = SharedHUDPage.styles[index].1
                let custom = self.appearance.style == .custom
                self.appearance.backgroundColor = custom ? HUDColor(red: 0.55, green: 0.16, blue: 0.42, alpha: 0.95) : nil
                self.appearance.foregroundColor = custom ? .white : nil
            },
            UI.comboRow("Mask", items: SharedHUDPage.masks.map(\.0)) { index in
                self.appearance.mask = SharedHUDPage.masks[index].1
            },
            UI.spinRow("Animation duration", range: 0...3, step: 0.1, value: animationDuration) { self.animationDuration = $0 },
            UI.spinRow("Grace time", range: 0...5, step: 0.1, value: 0) { self.graceTime = $0 },
            UI.spinRow("Minimum show time", range: 0...5, step: 0.1, value: 0) { self.minimumShowTime = $0 },
        ])
    }

    private func moreGroup() -> Widget {
        runRow = UI.actionRow("HUD.run: work with a Cancel button", subtitle: "3 s of work; Cancel or Escape stops it", button: "Run") { self.runWhileWorking() }
        graceRow = UI.actionRow("HUD.run: quick work", subtitle: "0.2 s of work under a 0.5 s grace time: no HUD", button: "Run") { self.quickWork() }
        return UI.group("More", [
            UI.actionRow("Button in the bezel", subtitle: "setButton(\"Cancel\"): stops the upload") { self.withButton() },
            UI.actionRow("Several HUDs at once", subtitle: "Three HUDs, three corners") { self.several() },
            UI.actionRow("Foundation Progress", subtitle: "observe(progress), updated from a background thread") { self.foundationProgress() },
            UI.actionRow("Async sequence", subtitle: "track(values): an AsyncStream of fractions") { self.asyncSequence() },
            runRow,
            graceRow,
            UI.actionRow("HUD.run: work that fails", subtitle: "The error HUD shows the error", button: "Run") { self.failingWork() },
        ])
    }

    // MARK: Demos

    /// A progress HUD with a Cancel button; `onCancel` runs when it is pressed.
    @discardableResult
    func withButton(label: String = "Uploading", onCancel: @escaping @MainActor () -> Void = {}) -> HUD? {
        guard let hud = makeHUD(.annularDeterminate, label: label) else { return nil }
        hud.detailsLabel = "Press Cancel or Escape"
        let timer = animateProgress(duration: 6, update: { hud.progress = $0 }) { hud.hide() }
        // GtkHUD's own words, in the user's language, serve the app's button too.
        hud.setButton(HUDStrings.current.cancel) {
            timer.cancel()
            hud.setButton(nil)
            hud.mode = .info
            hud.label = HUDStrings.current.cancelled
            hud.detailsLabel = nil
            hud.hide(afterDelay: 1)
            onCancel()
        }
        timers.append(timer)
        hud.show()
        return hud
    }

    @discardableResult
    func several() -> [HUD] {
        let entries: [(HUD.Mode, String, Int)] = [
            (.indeterminate, "Syncing", 0), (.annularDeterminate, "Uploading", 4), (.text, "3 new messages", 8),
        ]
        return entries.compactMap { mode, text, position in
            let hud = demo(mode, label: text, duration: 2.5, place: PositionsPage.positions[position].place)
            hud?.detailsLabel = nil
            return hud
        }
    }

    func foundationProgress() {
        guard let hud = makeHUD(.annularDeterminate, label: "Preparing", name: "HUD (Progress)") else { return }
        hud.detailsLabel = "Foundation.Progress"
        let progress = Progress(totalUnitCount: 100)
        hud.observe(progress)
        hud.show()
        let shared = progress
        Task.detached {
            for _ in 0..<100 {
                shared.completedUnitCount += 1
                try? await Task.sleep(nanoseconds: 25_000_000)
            }
            await MainActor.run { hud.hide(afterDelay: 0.3) }
        }
    }

    func asyncSequence() {
        guard let hud = makeHUD(.determinateHorizontalBar, label: "Streaming", name: "HUD (AsyncStream)") else { return }
        hud.detailsLabel = "AsyncStream<Double>"
        let (stream, continuation) = AsyncStream<Double>.makeStream()
        hud.track(stream)
        hud.show()
        Task.detached {
            for step in 0...50 {
                continuation.yield(Double(step) / 50)
                try? await Task.sleep(nanoseconds: 40_000_000)
            }
            continuation.finish()
            await MainActor.run { hud.hide(afterDelay: 0.3) }
        }
    }

    /// A HUD for `run`: like `HUD.run(on:label:graceTime:…)`, but followed by the event log.
    func workHUD(_ label: String, grace: Double) -> HUD? {
        guard let hud = makeHUD(.indeterminate, label: label, name: "HUD (run)") else { return nil }
        hud.detailsLabel = nil
        hud.graceTime = grace
        hud.minimumShowTime = 0.5
        return hud
    }

    private func runWhileWorking() {
        Task { @MainActor in
            do {
                guard let hud = self.workHUD("Working", grace: 0.3) else { return }
                let seconds = try await hud.run(successLabel: "Finished") { () async throws -> Double in
                    try await Task.sleep(nanoseconds: 3_000_000_000)
                    return 3
                }
                UI.setSubtitle(runRow, "Finished after \(Int(seconds)) s")
            } catch is CancellationError {
                UI.setSubtitle(runRow, "Cancelled")
            } catch {
                UI.setSubtitle(runRow, "Failed: \(error)")
            }
        }
    }

    private func quickWork() {
        Task { @MainActor in
            let before = EventCenter.shared.counters.willAppear
            guard let hud = self.workHUD("You should not see this", grace: 0.5) else { return }
            _ = try? await hud.run {
                try await Task.sleep(nanoseconds: 200_000_000)
            }
            let shown = EventCenter.shared.counters.willAppear - before
            UI.setSubtitle(graceRow, shown == 0 ? "Finished in 0.2 s: no HUD was shown" : "A HUD appeared (grace time ignored?)")
        }
    }

    private func failingWork() {
        Task { @MainActor in
            guard let hud = self.workHUD("Connecting", grace: 0) else { return }
            _ = try? await hud.run { () async throws -> Int in
                try await Task.sleep(nanoseconds: 1_000_000_000)
                throw GalleryError(description: "Server not found")
            }
        }
    }
}

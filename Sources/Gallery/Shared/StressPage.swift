// Stress: thousands of random operations on the shared HUD and instance HUDs
// (shows, progress from other threads, status changes, dismissals with and
// without delays), with live counters. Afterwards every appearance must be
// paired: as many willAppear as didAppear, willDisappear and didDisappear.
import CGtk
import Foundation
import GtkHUD
import GtkSupport

/// A small, seedable random generator (SplitMix64) so a run can be replayed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@MainActor
final class StressPage: GalleryPage {
    let name = "stress"
    let title = "Stress"
    let subtitle = "Thousands of random operations"
    let icon = "applications-system-symbolic"
    private(set) var widget: Widget!

    private var valueLabels: [String: Widget] = [:]
    private var running = false
    private var seed: UInt64 = 2024
    private var buttons: [Widget] = []
    static let counterNames = ["Operations", "Shared HUD calls", "Instance HUD calls", "Banner calls", "Banners shown", "Background progress updates",
                               "willAppear", "didAppear", "willDisappear", "didDisappear", "On screen now", "Elapsed", "Result"]
    private var operations = 0, sharedCalls = 0, instanceCalls = 0, bannerCalls = 0, backgroundUpdates = 0
    private var banners: [NotificationBanner] = []

    init() {
        var rows: [Widget] = []
        for name in Self.counterNames {
            let value = UI.label("–", css: ["numeric"])
            valueLabels[name] = value
            rows.append(UI.row(name, [value]))
        }
        let run1000 = UI.button("Run 1,000", css: ["suggested-action"]) { self.start(1_000) }
        let run5000 = UI.button("Run 5,000") { self.start(5_000) }
        buttons = [run1000, run5000]
        let controls = UI.group("Random operations", description: "show, showProgress, setProgress from background threads, setStatus, popActivity, success/error/info, dismiss with random delays; six instance HUDs shown, hidden and changed; banners at both edges, some high priority, dismissed at random.", [
            UI.row("Run", subtitle: "Seeded: the same button replays the same run", [run1000, run5000]),
        ])
        widget = UI.page([controls, UI.group("Counters", rows)])
    }

    private func start(_ count: Int) {
        guard !running else { return }
        Task { @MainActor in _ = await run(operations: count) }
    }

    private func set(_ name: String, _ value: String) {
        if let label = valueLabels[name] { UI.setText(label, value) }
    }

    private func refreshCounters(started: Date) {
        let counters = EventCenter.shared.counters
        set("Operations", "\(operations)")
        set("Shared HUD calls", "\(sharedCalls)")
        set("Instance HUD calls", "\(instanceCalls)")
        set("Banner calls", "\(bannerCalls)")
        set("Banners shown", "\(counters.bannersShown)")
        set("Background progress updates", "\(backgroundUpdates)")
        set("willAppear", "\(counters.willAppear)")
        set("didAppear", "\(counters.didAppear)")
        set("willDisappear", "\(counters.willDisappear)")
        set("didDisappear", "\(counters.didDisappear)")
        set("On screen now", "\(EventCenter.shared.onScreen)")
        set("Elapsed", String(format: "%.2f s", Date().timeIntervalSince(started)))
    }

    /// Runs `count` random operations, waits for every HUD to go, and returns
    /// whether all events paired up. `report` gets a summary line.
    func run(operations count: Int, report: (@MainActor (String) -> Void)? = nil) async -> Bool {
        guard !running else { return false }
        running = true
        buttons.forEach { gtk_widget_set_sensitive($0, 0) }
        defer {
            running = false
            buttons.forEach { gtk_widget_set_sensitive($0, 1) }
        }
        Gallery.dismissEverything()
        await Gallery.settle()
        let savedMinimum = ProgressHUD.minimumDismissTime
        ProgressHUD.minimumDismissTime = 0.3
        defer { ProgressHUD.minimumDismissTime = savedMinimum }
        EventCenter.shared.resetCounters()
        operations = 0; sharedCalls = 0; instanceCalls = 0; bannerCalls = 0; backgroundUpdates = 0
        banners = []
        let center = BannerCenter.for(Gallery.window)
        center?.maxVisible = 3
        defer { center?.maxVisible = 1 }
        set("Result", "running…")
        var random = SplitMix64(seed: seed)
        var huds: [HUD] = []
        let started = Date()
        let batch = 50
        while operations < count {
            for _ in 0..<min(batch, count - operations) {
                perform(&random, huds: &huds)
                operations += 1
            }
            refreshCounters(started: started)
            await Clock.sleep(0.004)
        }
        Gallery.dismissEverything()
        for hud in huds { hud.hide(animated: false, completion: nil) }
        let settled = await Gallery.settle(timeout: 10)
        // Let progress updates still queued from background threads land, then settle again.
        await Clock.sleep(0.2)
        Gallery.dismissEverything()
        _ = await Gallery.settle(timeout: 5)
        refreshCounters(started: started)
        let counters = EventCenter.shared.counters
        // didAppear is skipped when a hide reverses a fade-in, so it may be fewer.
        let balanced = settled && counters.didAppear <= counters.willAppear && counters.willAppear == counters.willDisappear
            && counters.willDisappear == counters.didDisappear && EventCenter.shared.onScreen == 0
        let summary = "operations: \(operations), banners: \(EventCenter.shared.counters.bannersShown) shown, HUD appearances: \(counters.willAppear)/\(counters.didAppear)/\(counters.willDisappear)/\(counters.didDisappear), balanced: \(balanced)"
        set("Result", balanced ? "All events paired" : "Unpaired events!")
        if !balanced {
            let masks = UI.descendants(of: Gallery.window).filter { String(cString: gtk_widget_get_css_name($0)) == "hudmask" && gtk_widget_get_mapped($0) != 0 }
            let unpaired: [String: Int] = EventCenter.shared.onScreenBySource.filter { $0.value != 0 }
            report?("unpaired: on screen by source \(unpaired), shared HUD visible \(ProgressHUD.isVisible), HUD masks still mapped \(masks.count)")
        }
        if !balanced {
            let visible = HUD.allHUDs(for: Gallery.window).filter(\.isVisible).count
            report?("not settled: settled \(settled), on screen \(EventCenter.shared.onScreen), shared HUD visible \(ProgressHUD.isVisible), instance HUDs visible \(visible), banners pending \(BannerTracker.shared.pending), by source \(EventCenter.shared.onScreenBySource.filter { $0.value != 0 })")
        }
        report?(summary)
        return balanced
    }

    private func perform(_ random: inout SplitMix64, huds: inout [HUD]) {
        huds.removeAll { $0.isFinished }
        banners.removeAll { $0.state.isGone }
        let statuses = ["Loading", "Saving", "Syncing", nil, "Almost done", "🚀 Launching"]
        let status = statuses.randomElement(using: &random) ?? nil
        switch Int.random(in: 0..<18, using: &random) {
        case 0: sharedCalls += 1; ProgressHUD.show(status: status)
        case 1: sharedCalls += 1; ProgressHUD.showProgress(Double.random(in: 0...1, using: &random), status: status)
        case 2:
            sharedCalls += 1
            backgroundUpdates += 20
            let start = Double.random(in: 0...0.8, using: &random)
            Task.detached {
                for step in 0..<20 { ProgressHUD.setProgress(start + Double(step) / 100) }
            }
        case 3: sharedCalls += 1; ProgressHUD.setStatus(status)
        case 4: sharedCalls += 1; ProgressHUD.dismiss()
        case 5: sharedCalls += 1; ProgressHUD.dismiss(withDelay: Double.random(in: 0...0.3, using: &random))
        case 6: sharedCalls += 1; ProgressHUD.popActivity()
        case 7:
            sharedCalls += 1
            switch Int.random(in: 0..<3, using: &random) {
            case 0: ProgressHUD.showSuccess(status: status)
            case 1: ProgressHUD.showError(status: status)
            default: ProgressHUD.showInfo(status: status)
            }
        case 8, 9:
            instanceCalls += 1
            // Up to six HUDs at a time; at six, hide one instead.
            if huds.count >= 6 {
                huds.randomElement(using: &random)?.hide()
                return
            }
            let modes = InstanceHUDPage.modes.filter { $0.mode != .customView }
            let entry = modes.randomElement(using: &random)!
            guard let hud = try? HUD(on: Gallery.window) else { return }
            hud.mode = entry.mode
            hud.label = entry.label
            hud.animationDuration = Double.random(in: 0...0.2, using: &random)
            PositionsPage.positions.randomElement(using: &random)!.place(&hud.appearance)
            EventCenter.shared.follow(hud, name: "Stress HUD")
            hud.show(animated: Bool.random(using: &random))
            huds.append(hud)
        case 10, 11:
            guard let hud = huds.randomElement(using: &random) else { return }
            instanceCalls += 1
            hud.hide(animated: Bool.random(using: &random), afterDelay: Double.random(in: 0...0.2, using: &random))
        case 12, 13:
            guard let hud = huds.randomElement(using: &random) else { return }
            instanceCalls += 1
            switch Int.random(in: 0..<3, using: &random) {
            case 0: hud.progress = Double.random(in: 0...1, using: &random)
            case 1: hud.label = status
            default: hud.mode = InstanceHUDPage.modes.filter { $0.mode != .customView }.randomElement(using: &random)!.mode
            }
        case 15:
            guard banners.count < 8, let banner = Gallery.bannersPage.make(title: status ?? "Stress banner", subtitle: "Random operation \(operations)") else { return }
            bannerCalls += 1
            banner.animationDuration = 0.15
            banner.position = Bool.random(using: &random) ? .top : .bottom
            if Int.random(in: 0..<4, using: &random) == 0 { banner.priority = .high }
            BannerTracker.shared.track(banner)
            banner.show(on: Gallery.window, duration: Double.random(in: 0.1...0.4, using: &random))
            banners.append(banner)
        case 16:
            guard let banner = banners.randomElement(using: &random) else { return }
            bannerCalls += 1
            banner.dismiss()
        case 14:
            guard let hud = huds.randomElement(using: &random) else { return }
            instanceCalls += 1
            backgroundUpdates += 10
            Task.detached {
                for step in 0..<10 { hud.setProgress(Double(step) / 10) }
            }
        default:
            guard let hud = huds.randomElement(using: &random) else { return }
            instanceCalls += 1
            hud.show()
        }
    }
}

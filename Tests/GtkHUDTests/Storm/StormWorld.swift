import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets

/// The real side of the storm: windows, HUDs, runs and banners, driven only
/// through the public API (and real input), plus what the checks read back.
@MainActor
final class StormWorld {
    var windows: [Int: StormWindow] = [:]
    var huds: [Int: HUD] = [:]
    /// The window slot of each HUD whose window is still alive.
    var hudWindows: [Int: Int] = [:]
    var runs: [Int: (task: Task<Void, Never>, gate: StormGate)] = [:]
    var banners: [Int: NotificationBanner] = [:]
    /// Issue #26: each task banner's run, its work's gate, and the progress its work was given.
    var tasks: [Int: (task: Task<Void, Never>, gate: StormGate)] = [:]
    var taskProgress: [Int: BannerTaskProgress] = [:]
    /// Awaited calls that returned (ids as in ``StormModel/awaits``).
    var returned: Set<Int> = []
    /// Announcements not yet looked at by the checks.
    var announcements: [Announcer.Record] = []
    /// Banners that went and were not yet looked at by the checks: when (wall-clock seconds) and why.
    var bannerEnds: [Int: (time: Double, reason: BannerDismissReason)] = [:]
    private var observation: HUDObservation?
    /// The window where the last step clicked the entry, for the focus check.
    var clickedWindow: Int?
    /// Issue #27: the context whose entry the last step clicked (nothing but its content or a mask over it).
    var clickedContext: StormPlace?
    /// Which HUDs were visible just before the last step's click (a result may end between the click and the check).
    var visibleAtClick: (huds: Set<Int>, shared: Bool)?

    /// Notes which HUDs are visible, just before a click.
    func noteVisibilityBeforeClick() {
        visibleAtClick = (Set(huds.filter { $0.value.isVisible }.keys), ProgressHUD.isVisible)
    }
    /// Issue #27: the entries Tab reached from the pane's entry in the last step, by window.
    var tabbedFrom: (window: Int, fromPane: Bool, reached: [UnsafeMutablePointer<GtkWidget>?])?
    /// Issue #27: the context of each HUD made in a pane.
    var hudContexts: [Int: Int] = [:]
    /// Issue #26's undo banners: how often each one's undo and commit closures ran.
    var undoRuns: [Int: Int] = [:]
    var commitRuns: [Int: Int] = [:]
    /// Undo banners whose Undo button the storm clicked where nothing covered it, while pending.
    var undoClicked: Set<Int> = []
    /// What the last `undo()` call on each banner returned (taken by the checks).
    var undoReturns: [Int: Bool] = [:]
    /// Task banners that were neither on screen nor waiting right after `run` was called (taken by the checks).
    var tasksWithoutBanner: Set<Int> = []
    /// Why each banner ended, as its `onDismiss` said (kept: the undo checks read it every step).
    var dismissReasons: [Int: BannerDismissReason] = [:]

    init() {
        observation = Announcer.observe { [weak self] record in self?.announcements.append(record) }
        for slot in 0..<2 { windows[slot] = StormWindow(slot: slot) }
    }

    // MARK: Performing

    func perform(_ operation: StormOperation) {
        switch operation {
        case .show(let status): ProgressHUD.show(status: status)
        case .showProgress(let value, let status): ProgressHUD.showProgress(value, status: status)
        case .setProgress(let value, let fromThread):
            if fromThread {
                StormThreads.onAnotherThread { ProgressHUD.setProgress(value) }
            } else {
                ProgressHUD.setProgress(value)
            }
        case .setStatus(let status): ProgressHUD.setStatus(status)
        case .showResult(let kind, let status):
            switch kind {
            case .success: ProgressHUD.showSuccess(status: status)
            case .error: ProgressHUD.showError(status: status)
            case .info: ProgressHUD.showInfo(status: status)
            case .image: ProgressHUD.showImage(.iconName("mail-send-symbolic"), status: status)
            }
        case .dismiss: ProgressHUD.dismiss()
        case .dismissAndWait(let id):
            Task.immediate { @MainActor [weak self] in
                _ = await ProgressHUD.dismissAndWait()
                self?.returned.insert(id)
            }
        case .popActivity: ProgressHUD.popActivity()
        case .setHost(let slot): ProgressHUD.host = slot.flatMap { windows[$0]?.window }
        case .setSharedMask(let mask): ProgressHUD.appearance.mask = mask.appearanceMask
        case .setSharedStyle(let dark): ProgressHUD.appearance.style = dark ? .dark : .light
        case .destroyWindow(let slot):
            guard let window = windows.removeValue(forKey: slot) else { return }
            for (id, hudSlot) in hudWindows where hudSlot == slot { hudWindows[id] = nil }
            if let host = ProgressHUD.host?.gtkWidget, gtk_widget_get_root(host.raw.asWidget).map({ UnsafeMutableRawPointer($0) })
                == UnsafeMutableRawPointer(window.window) {
                ProgressHUD.host = nil
            }
            window.destroy()
        case .openWindow(let slot):
            if windows[slot] == nil { windows[slot] = StormWindow(slot: slot) }
        case .newHUD(let id, let slot, let mask):
            guard huds[id] == nil, let window = windows[slot] else { return }
            var appearance = HUD.defaultAppearance
            appearance.mask = mask.appearanceMask
            guard let hud = try? HUD(on: window.window, appearance: appearance) else { return }
            hud.animationDuration = StormTiming.fade
            huds[id] = hud
            hudWindows[id] = slot
        case .hudShow(let id): liveHUD(id)?.show()
        case .hudHide(let id): liveHUD(id)?.hide()
        case .hudHideAndWait(let id, let awaitID):
            guard let hud = huds[id] else { return }
            Task.immediate { @MainActor [weak self] in
                _ = await hud.hideAndWait()
                self?.returned.insert(awaitID)
            }
        case .hudMode(let id, let mode): huds[id]?.mode = mode.hudMode
        case .hudLabel(let id, let label): huds[id]?.label = label
        case .hudProgress(let id, let value, let fromThread):
            guard let hud = huds[id] else { return }
            if fromThread {
                StormThreads.onAnotherThread { hud.setProgress(value) } // nonisolated: the point of the call
            } else {
                hud.progress = value
            }
        case .hudMask(let id, let mask): huds[id]?.appearance.mask = mask.appearanceMask
        case .runStart(let run, let id, let label):
            guard runs[run] == nil, let hud = liveHUD(id) else { return }
            if let label { hud.label = label }
            let gate = StormGate()
            let task = Task.immediate { @MainActor [weak self] in
                _ = try? await hud.run(successLabel: "r\(run) done", resultDuration: StormTiming.resultSeconds) {
                    try await gate.wait()
                }
                self?.returned.insert(1_000_000 + run)
            }
            runs[run] = (task, gate)
        case .runEnd(let run, let succeeds):
            runs[run]?.gate.resolve(succeeds ? .success(()) : .failure(StormGate.WorkFailed()))
        case .runCancel(let run): runs[run]?.task.cancel()
        case .bannerShow(let id, let slot, let high, let duration, let action):
            guard banners[id] == nil, let window = windows[slot],
                  let banner = try? NotificationBanner(title: "b\(id)") else { return }
            banner.animationDuration = StormTiming.bannerAnimation
            if high { banner.priority = .high }
            if action { banner.setAction("Open") {} }
            watch(banner, id)
            banner.show(on: window.window, duration: duration)
        case .bannerUpdate(let id, let title):
            guard let banner = banners[id], !banner.state.isGone else { return }
            try? banner.setMessage(title: title, subtitle: nil, image: nil)
        case .bannerDismiss(let id): banners[id]?.dismiss()
        case .taskStart(let id, let slot):
            guard tasks[id] == nil, banners[id] == nil, let window = windows[slot] else { return }
            let gate = StormGate()
            let task = Task.immediate { @MainActor [weak self] in
                _ = try? await NotificationBanner.run("b\(id)", on: window.window, successTitle: "b\(id) done", graceTime: 0,
                                                      minimumShowTime: 0, resultDuration: StormTiming.bannerSeconds,
                                                      retry: {}) { progress in
                    await MainActor.run { self?.taskProgress[id] = progress }
                    try await gate.wait()
                }
                self?.returned.insert(3_000_000 + id)
            }
            tasks[id] = (task, gate)
            // Grace time 0: the banner is in the window's queue once the call is made.
            guard let center = BannerCenter.for(window.window),
                  let banner = (center.visibleBanners + center.queuedBanners).first(where: { $0.title == "b\(id)" }) else {
                tasksWithoutBanner.insert(id)
                return
            }
            banner.animationDuration = StormTiming.bannerAnimation
            watch(banner, id)
        case .taskProgress(let id, let value):
            guard let progress = taskProgress[id] else { return }
            StormThreads.onAnotherThread { progress.report(value) }
        case .taskEnd(let id, let succeeds):
            tasks[id]?.gate.resolve(succeeds ? .success(()) : .failure(StormGate.WorkFailed()))
        case .taskCancel(let id): tasks[id]?.task.cancel()
        case .bannerShowID(let id, let slot, let bannerID, let policy):
            guard banners[id] == nil, let window = windows[slot],
                  let banner = try? NotificationBanner(title: "b\(id)", id: "i\(bannerID)") else { return }
            banner.animationDuration = StormTiming.bannerAnimation
            banner.idPolicy = policy
            watch(banner, id)
            banner.show(on: window.window)
        case .bannerHideID(let slot, let bannerID):
            guard let window = windows[slot] else { return }
            BannerCenter.for(window.window)?.hide(id: "i\(bannerID)")
        case .undoShow(let id, let slot, let high, let duration, let closeButton):
            guard banners[id] == nil, let window = windows[slot],
                  let banner = try? NotificationBanner.undoable(title: "b\(id)", undo: { [weak self] in self?.undoRuns[id, default: 0] += 1 },
                                                                commit: { [weak self] in self?.commitRuns[id, default: 0] += 1 })
            else { return }
            banner.animationDuration = StormTiming.bannerAnimation
            if high { banner.priority = .high }
            banner.showsCloseButton = closeButton
            watch(banner, id)
            banner.show(on: window.window, duration: duration)
        case .pressUndo(let id, let double):
            guard let banner = banners[id], banner.undoOutcome == .pending else { return }
            if click(\.actionButton, of: banner, twice: double) { undoClicked.insert(id) }
        case .callUndo(let id):
            guard let banner = banners[id] else { return }
            undoReturns[id] = banner.undo()
        case .pressClose(let id):
            guard let banner = banners[id], banner.showsCloseButton else { return }
            click(\.closeButton, of: banner, twice: false)
        case .swipe(let id):
            guard let banner = banners[id] else { return }
            fling(banner)
        case .dismissAll(let slot):
            guard let window = windows[slot] else { return }
            BannerCenter.for(window.window)?.dismissAll()
        case .maxVisible(let slot, let value):
            guard let window = windows[slot] else { return }
            BannerCenter.for(window.window)?.maxVisible = value
        case .queueLimit(let slot, let value):
            guard let window = windows[slot] else { return }
            BannerCenter.for(window.window)?.queueLimit = value
        case .overflowPolicy(let slot, let policy):
            guard let window = windows[slot] else { return }
            BannerCenter.for(window.window)?.overflowPolicy = policy
        case .stacking(let slot, let stacking):
            guard let window = windows[slot] else { return }
            BannerCenter.for(window.window)?.stacking = stacking
        case .hover(let slot, let target):
            guard let window = windows[slot] else { return }
            let widget = hoverWidget(target, in: window)
            window.withInput { input in
                if let widget { input.moveTo(input.center(of: widget)) } else { input.restore() }
            }
        case .clickEntry(let slot):
            guard let window = windows[slot] else { return }
            window.withInput { input in
                // A banner at the bottom edge may lie over the entry: the click would be the banner's.
                guard !Self.bannerCovers(window.entry, in: window) else { return }
                noteVisibilityBeforeClick()
                input.click(at: input.center(of: window.entry))
                clickedWindow = slot
            }
        case .tab(let slot):
            windows[slot]?.withInput { $0.key("Tab") }
        case .activate(let slot):
            windows[slot]?.withInput { _ in }
        case .bannerIgnoresAttention(let id):
            banners[id]?.pausesWhileWindowInactive = false
        case .bannerNotifies(let id, let policy): banners[id]?.desktopNotification = policy
        case .multiplier(let value): GtkHUDAttention.timeoutMultiplier = value
        case .screenReader(let on): GtkHUDAttention.screenReader = on ? .on : .off
        case .bannerShortcut(let chord): GtkHUDAttention.bannerShortcut = chord
        case .pressBannerShortcut(let slot):
            let key = GtkHUDAttention.bannerShortcut == "<Control>F8" ? "ctrl+F8" : "ctrl+F6"
            windows[slot]?.withInput { $0.key(key) }
        case .escape(let slot):
            windows[slot]?.withInput { $0.key("Escape") }
        case .animations(let enabled): GtkEnvironment.setAnimationsEnabled(enabled)
        case .wait(let milliseconds): XInput.pump(until: { false }, timeoutMilliseconds: UInt32(milliseconds))
        case .placedBanner, .paneHUD, .contextMaxVisible, .switchPage, .clickContext, .tabRound, .setAnchor, .anchorsVisible,
             .destroyAnchors, .routedBanner, .broadcast, .sharedRoute:
            performContexts(operation)
        }
    }

    /// Files a banner of the storm under `id`: its end is noted and its `dismissed` awaited.
    func watch(_ banner: NotificationBanner, _ id: Int) {
        banner.onDismiss = { [weak self] reason in
            self?.bannerEnds[id] = (StormRunner.now, reason)
            self?.dismissReasons[id] = reason
        }
        banners[id] = banner
        Task.immediate { @MainActor [weak self] in
            _ = await banner.dismissed
            self?.returned.insert(2_000_000 + id)
        }
    }

    /// Clicks a button of a banner on screen with xdotool, if the pointer can reach it there:
    /// the pointer first rests on the banner (which opens a collapsed deck and holds its
    /// timeout), and once the banner stands still the button must be what GTK picks at its centre.
    /// Returns whether it clicked.
    @discardableResult
    private func click(_ button: KeyPath<BannerWidget, UnsafeMutablePointer<GtkWidget>>, of banner: NotificationBanner, twice: Bool) -> Bool {
        guard let (window, widget) = onScreen(banner) else { return false }
        var clicked = false
        window.withInput { input in
            input.moveTo(input.center(of: widget.widget))
            guard banner.state == .showing, Self.standsStill(widget.widget, in: window) else { return }
            let target = widget[keyPath: button]
            guard gtk_widget_get_mapped(target) != 0, gtk_widget_is_sensitive(target) != 0,
                  Self.picks(target, atCentreIn: window) else { return }
            let point = input.center(of: target)
            input.run(input.move(point) + ["click", "1"])
            clicked = true
            guard twice else { return }
            // The second press of a double click, only onto the same button: once the first
            // press took effect, the banner may leave and another slide under the pointer,
            // which a person's second press would hit but the model cannot know about.
            // The button is looked up again each time: a banner that left has no widgets any more.
            @MainActor func stillThere() -> UnsafeMutablePointer<GtkWidget>? {
                banner.state == .showing ? banner.bannerWidget.map { $0[keyPath: button] } : nil
            }
            _ = XInput.pump(until: { stillThere().map { gtk_widget_is_sensitive($0) == 0 } ?? true }, timeoutMilliseconds: 300)
            guard let again = stillThere(), Self.picks(again, atCentreIn: window) else { return }
            input.run(["click", "1"])
        }
        return clicked
    }

    /// Flings a banner on screen towards its edge (a swipe), if the pointer can grab it at its centre.
    private func fling(_ banner: NotificationBanner) {
        guard let (window, widget) = onScreen(banner) else { return }
        window.withInput { input in
            input.moveTo(input.center(of: widget.widget))
            guard banner.state == .showing, Self.standsStill(widget.widget, in: window),
                  Self.picks(widget.widget, atCentreIn: window) else { return }
            let from = input.center(of: widget.widget)
            input.drag(from: from, to: (from.x, from.y - 50), steps: 5, stepMilliseconds: 5)
        }
    }

    private func onScreen(_ banner: NotificationBanner) -> (StormWindow, BannerWidget)? {
        guard banner.state == .showing, let widget = banner.bannerWidget, gtk_widget_get_mapped(widget.widget) != 0,
              let root = gtk_widget_get_root(widget.widget),
              let slot = StormWindow.slots[UnsafeMutableRawPointer(root)], let window = windows[slot] else { return nil }
        return (window, widget)
    }

    /// Waits (up to half a second) until `widget` is where it was two frames before.
    private static func standsStill(_ widget: UnsafeMutablePointer<GtkWidget>, in window: StormWindow) -> Bool {
        var last: graphene_rect_t?
        for _ in 0..<15 {
            window.waitForFrames(2)
            var bounds = graphene_rect_t()
            guard gtk_widget_get_mapped(widget) != 0, gtk_widget_compute_bounds(widget, window.window, &bounds) != 0 else { return false }
            if let last, abs(last.origin.x - bounds.origin.x) < 0.5, abs(last.origin.y - bounds.origin.y) < 0.5 { return true }
            last = bounds
        }
        return false
    }

    /// Whether GTK picks `widget` (or something inside it) at its centre: nothing covers it there.
    private static func picks(_ widget: UnsafeMutablePointer<GtkWidget>, atCentreIn window: StormWindow) -> Bool {
        var centre = graphene_point_t(x: Float(gtk_widget_get_width(widget)) / 2, y: Float(gtk_widget_get_height(widget)) / 2)
        var point = graphene_point_t()
        guard gtk_widget_compute_point(widget, window.window, &centre, &point) != 0,
              let picked = gtk_widget_pick(window.window, Double(point.x), Double(point.y), GTK_PICK_DEFAULT) else { return false }
        return picked == widget || gtk_widget_is_ancestor(picked, widget) != 0
    }

    /// A HUD whose window is still there (showing one in a destroyed window is issue #19's bug 9, not this storm's).
    private func liveHUD(_ id: Int) -> HUD? {
        guard let hud = huds[id], hudWindows[id] != nil else { return nil }
        return hud
    }

    private func hoverWidget(_ target: StormHoverTarget, in window: StormWindow) -> UnsafeMutablePointer<GtkWidget>? {
        let widget: UnsafeMutablePointer<GtkWidget>? = switch target {
        case .sharedBezel: ProgressHUD.bezelWidget?.gtkWidget
        case .hudBezel(let id): huds[id]?.view.bezelWidget
        case .banner(let id): banners[id]?.widget?.gtkWidget
        case .away: nil
        }
        guard let widget, gtk_widget_get_mapped(widget) != 0,
              gtk_widget_get_root(widget).map({ UnsafeMutableRawPointer($0) }) == UnsafeMutableRawPointer(window.window) else { return nil }
        return widget
    }

    // MARK: Settling

    /// Runs the main loop until the step's effects have landed: a few frames
    /// (progress is applied once per frame), then until no HUD is fading or
    /// waiting for its grace time and every resolved run has returned.
    func settle(model: StormModel) {
        for window in windows.values { window.waitForFrames(2) }
        XInput.pump(until: { self.isStable(model: model) }, timeoutMilliseconds: 2_000)
        if !banners.isEmpty { XInput.pump(until: { false }, timeoutMilliseconds: 20) }
    }

    private func isStable(model: StormModel) -> Bool {
        func stable(_ phase: HUDPhase) -> Bool { phase == .hidden || phase == .visible }
        if let phase = SharedHUD.instance?.controller.lifecycle.phase, !stable(phase) { return false }
        for hud in huds.values where !stable(hud.lifecycle.phase) { return false }
        // A posted value waiting for its frame has not landed yet.
        if SharedHUD.progressDelivery.isPending || huds.values.contains(where: { $0.progressDelivery.isPending }) { return false }
        for (id, awaited) in model.awaits where awaited.dueBy != nil && !returned.contains(id) && id < 2_000_000 { return false }
        return true
    }

    // MARK: Ending

    /// Ends everything still going so every awaited call can return.
    func drain() {
        for run in runs.values { run.gate.resolve(.success(())) }
        for task in tasks.values { task.gate.resolve(.success(())) }
        for banner in banners.values { banner.dismiss() }
        ProgressHUD.dismiss()
        for hud in huds.values { hud.hide(animated: false) }
    }

    func tearDown() {
        observation?.cancel()
        observation = nil
        ProgressHUD.reset()
        ProgressHUD.host = nil
        for window in windows.values { window.destroy() }
        windows = [:]
        huds = [:]
        runs = [:]
        tasks = [:]
        taskProgress = [:]
        banners = [:]
    }
}

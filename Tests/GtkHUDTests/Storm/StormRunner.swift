import CGtk
import Foundation
@testable import GtkHUD
@testable import GtkSupport
import HUDCore

/// Runs a list of steps on fresh windows, checking the model after each step,
/// then ends everything and checks that every awaited call returned and that
/// no widget or closure is left.
@MainActor
enum StormRunner {
    private static let clock = ContinuousClock()
    private static let origin = clock.now

    static var now: Double {
        let elapsed = origin.duration(to: clock.now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }

    /// Runs `steps`; returns the first failed check, if any.
    static func run(_ steps: [[StormOperation]]) -> StormFailure? {
        run(steps, stoppingAt: nil).first
    }

    /// Runs `steps` and returns the failures: the first one, or with `checks`,
    /// the first failure of each check, running on past the others (a second
    /// bug can hide behind a first; the model does not follow the widgets into
    /// a wrong state, so what fails after a first failure may be its echo).
    static func run(_ steps: [[StormOperation]], stoppingAt checks: Set<String>?) -> [StormFailure] {
        warmUpOnce()
        let saved = SavedSettings()
        ProgressHUD.reset()
        ProgressHUD.host = nil
        ProgressHUD.graceTime = 0
        ProgressHUD.minimumDismissTime = StormTiming.resultSeconds
        ProgressHUD.maximumDismissTime = StormTiming.resultSeconds
        ProgressHUD.fadeInDuration = StormTiming.fade
        ProgressHUD.fadeOutDuration = StormTiming.fade
        ProgressHUD.appearance = HUDAppearance()
        // The storm decides whether a screen reader runs (the model starts with none).
        GtkHUDAttention.timeoutMultiplier = 1
        GtkHUDAttention.screenReader = .off
        GtkHUDAttention.bannerShortcut = "<Control>F6"
        GtkEnvironment.setAnimationsEnabled(true)
        Announcer.clearPendingDescription()
        XInput.pump(until: { false }, timeoutMilliseconds: 20)
        let widgetsBefore = WidgetTypes.totalLiveInstances
        let closuresBefore = liveClosures

        StormLog.start()
        let world = StormWorld()
        var model = StormModel()
        var checker = StormChecker()
        world.settle(model: model)
        var failures: [StormFailure] = []
        func record(_ found: [StormFailure]) {
            for failure in found where !failures.contains(where: { $0.check == failure.check }) { failures.append(failure) }
        }
        /// Whether the run stops: at the first failure, or at the first of the checks asked for.
        var stops: Bool { checks.map { wanted in failures.contains { wanted.contains($0.check) } } ?? !failures.isEmpty }
        record(checker.check(&model, world, step: 0, now: now))
        var usedInput = false

        for (index, step) in steps.enumerated() where !stops {
            let number = index + 1
            for operation in step where model.canModel(operation) {
                switch operation {
                case .hover, .clickEntry, .tab, .activate, .pressBannerShortcut, .escape, .pressUndo, .pressClose, .swipe,
                     .clickContext, .tabRound: usedInput = true
                default: break
                }
                model.apply(operation, now: now, step: number)
                world.perform(operation)
            }
            world.settle(model: model)
            model.deliverPosts(step: number)
            model.noteDisplayed(step: number)
            record(checker.check(&model, world, step: number, now: now))
            model.endStep(step: number)
        }

        if !stops, let failure = drain(world, &model, step: steps.count + 1) { record([failure]) }
        world.tearDown()
        saved.restore()
        GtkEnvironment.setAnimationsEnabled(true)
        if usedInput { XInput.run(["mouseup", "1", "mousemove", "640", "400"]) }
        Announcer.clearPendingDescription()
        XInput.pump(until: { false }, timeoutMilliseconds: 50)
        StormLog.stop()
        // Every banner is released now: an undo banner's commit must not run again as it goes.
        if !stops, let failure = StormChecker.checkUndosOnce(model, world, step: steps.count + 1) { record([failure]) }
        if !stops {
            // A timer due shortly (a hide after a result's duration) still holds its closure: let it fire.
            XInput.pump(until: {
                WidgetTypes.totalLiveInstances == widgetsBefore && liveClosures == closuresBefore
            }, timeoutMilliseconds: 2_000)
            let widgets = WidgetTypes.totalLiveInstances - widgetsBefore
            let closures = liveClosures - closuresBefore
            if widgets != 0 || closures != 0 {
                record([StormFailure(step: steps.count + 1, check: "leak",
                                     detail: "\(widgets) GtkHUD widgets and \(closures) signal or timer closures outlive the storm")])
            }
        }
        guard let checks else { return Array(failures.prefix(1)) }
        return failures.filter { checks.isEmpty || checks.contains($0.check) }
    }

    /// The closures GLib holds, less a desktop notification's withdrawal repeats still to come: those
    /// run up to 3 s after the banner went (NotificationWithdrawals, bounded), so no leak; waiting them
    /// out cost some 4 s a seed (seed 7 ended with one due, freed in seed 8).
    private static var liveClosures: Int {
        ClosureBoxes.liveCount - DesktopNotificationSender.shared.pendingWithdrawalRepeats
    }

    private static var warmedUp = false

    /// Some GtkHUD state is made once per process, on first use (one signal
    /// connection appears the first time a never-shown HUD's mask changes):
    /// a short storm touching every kind of call makes it before any run
    /// counts closures, so the leak check sees only what a run leaves behind.
    private static func warmUpOnce() {
        guard !warmedUp else { return }
        warmedUp = true
        var generator = StormGenerator(seed: 0)
        let warmUp: [[StormOperation]] = [
            [.newHUD(1, window: 0, mask: .none)], [.hudMask(1, .black)], [.hudShow(1)], [.hudMask(1, .clear)], [.hudHide(1)],
            [.show("t1")], [.setSharedMask(.black)], [.showResult(.success, "t2")], [.dismiss],
            [.bannerShow(2, window: 1, high: true, duration: 0.4, action: true)], [.pressBannerShortcut(window: 1)], [.escape(window: 1)], [.bannerDismiss(2)], [.animations(false)], [.animations(true)],
            [.maxVisible(window: 0, 2)], [.undoShow(3, window: 0, high: false, duration: nil, closeButton: true)],
            [.bannerShow(4, window: 0, high: false, duration: nil, action: false)], [.pressUndo(3, double: false)],
            [.undoShow(5, window: 0, high: false, duration: nil, closeButton: true)], [.pressClose(5)], [.swipe(4)], [.dismissAll(window: 0)],
            [.activate(window: 1)], [.setAnchor(window: 0, .above)], [.placedBanner(6, window: 0, context: 1, bottom: true, duration: nil)],
            [.paneHUD(7, window: 0, mask: .black)], [.hudShow(7)], [.clickContext(window: 0, context: 1)], [.tabRound(window: 0)],
            [.switchPage(window: 0, page: 3)], [.routedBanner(8, .active, duration: nil)], [.broadcast(first: 10, duration: nil)],
            [.sharedRoute(.active)], [.show("t9")], [.dismiss], [.sharedRoute(nil)], [.anchorsVisible(window: 0, false)],
            [.destroyAnchors(window: 0)], [.hudHide(7)],
            // The storm's windows belong to its application: the first desktop notification registers
            // GtkHUD's actions on it, once for the process.
            [.bannerShow(20, window: 1, high: true, duration: nil, action: false), .bannerNotifies(20, .always)], [.wait(milliseconds: 250)],
            [.bannerDismiss(20)],
        ] + generator.steps(40)
        _ = run(warmUp, stoppingAt: [])
    }

    /// Ends every run, banner and HUD, then checks that every awaited call
    /// returns and nothing is left on screen.
    private static func drain(_ world: StormWorld, _ model: inout StormModel, step: Int) -> StormFailure? {
        world.drain()
        let due = now + StormTiming.awaitAllowance
        for key in model.awaits.keys where model.awaits[key]?.dueBy == nil { model.awaits[key]?.dueBy = due }
        XInput.pump(until: {
            model.awaits.keys.allSatisfy { world.returned.contains($0) }
                && !ProgressHUD.isVisible && world.huds.values.allSatisfy { !$0.isVisible }
        }, timeoutMilliseconds: UInt32(StormTiming.awaitAllowance * 1000))
        for (id, awaited) in model.awaits.sorted(by: { $0.key < $1.key }) where !world.returned.contains(id) {
            return StormFailure(step: step, check: "await.neverReturned", detail: "\(awaited.what) never returned after everything ended")
        }
        if ProgressHUD.isVisible {
            return StormFailure(step: step, check: "end.visible", detail: "ProgressHUD is still visible after ProgressHUD.dismiss()")
        }
        for (id, hud) in world.huds.sorted(by: { $0.key < $1.key }) where hud.isVisible {
            return StormFailure(step: step, check: "end.visible", detail: "hud\(id) is still visible after hide()")
        }
        for entry in StormLog.take() where !entry.isDiagnostic && !StormChecker.isNotificationServerMissing(entry, model) {
            return StormFailure(step: step, check: "glib", detail: "\(entry.level) from \(entry.domain): \(entry.message)")
        }
        return nil
    }

    /// ProgressHUD's settings as the suite had them, put back after each run.
    @MainActor
    private struct SavedSettings {
        let appearance = ProgressHUD.appearance
        let grace = ProgressHUD.graceTime
        let minimum = ProgressHUD.minimumDismissTime
        let maximum = ProgressHUD.maximumDismissTime
        let fadeIn = ProgressHUD.fadeInDuration
        let fadeOut = ProgressHUD.fadeOutDuration
        let multiplier = GtkHUDAttention.timeoutMultiplier
        let screenReader = GtkHUDAttention.screenReader
        let bannerShortcut = GtkHUDAttention.bannerShortcut

        func restore() {
            ProgressHUD.appearance = appearance
            ProgressHUD.graceTime = grace
            ProgressHUD.minimumDismissTime = minimum
            ProgressHUD.maximumDismissTime = maximum
            ProgressHUD.fadeInDuration = fadeIn
            ProgressHUD.fadeOutDuration = fadeOut
            GtkHUDAttention.timeoutMultiplier = multiplier
            GtkHUDAttention.screenReader = screenReader
            GtkHUDAttention.bannerShortcut = bannerShortcut
        }
    }
}

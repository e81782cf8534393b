import GtkHUD
import HUDCore
/// SplitMix64: small, fast and the same on every platform, so a seed names one storm.
struct StormRandom {
    private var state: UInt64
    init(seed: UInt64) {
        // Mixed, not just scaled: seeds n and n + 1 must not give the same sequence shifted by one.
        state = 0
        state = Self.mix(seed ^ 0x6A09_E667_F3BC_C909)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}

/// Makes a storm: steps of public calls that are valid for the model's state
/// (a run that exists, a window that is alive), each step one call or a few
/// calls made back to back with no main-loop turn between them (a worker's
/// last `setProgress` just before `showSuccess`, a host change just before a show).
struct StormGenerator {
    private var random: StormRandom
    private var model = StormModel()
    private var nextID = 0
    private var step = 0

    init(seed: UInt64) { random = StormRandom(seed: seed) }

    mutating func steps(_ count: Int) -> [[StormOperation]] {
        (0..<count).map { _ in nextStep() }
    }

    private mutating func id() -> Int { nextID += 1; return nextID }
    private mutating func text() -> String { "t\(id())" }
    private mutating func maybeText() -> String? { random.chance(80) ? text() : nil }
    private mutating func fraction() -> Double { random.chance(5) ? .nan : Double(random.below(101)) / 100 }

    private var liveWindows: [Int] { model.liveWindows.sorted() }
    private var liveHUDs: [Int] { model.huds.filter(\.value.alive).keys.sorted() }
    private var activeRuns: [Int] { model.runs.filter(\.value.active).keys.sorted() }
    private var openBanners: [Int] { model.banners.filter { !$0.value.mustBeGone }.keys.sorted() }
    private var progressIsUp: Bool {
        if case .activity = model.shared.kind, model.shared.progressOpen, !model.shared.uncertain { return true }
        return false
    }

    private mutating func nextStep() -> [StormOperation] {
        step += 1
        let operations = choose()
        for operation in operations { model.apply(operation, now: 0, step: step) }
        model.deliverPosts(step: step)
        model.endStep(step: step)
        return operations
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private mutating func choose() -> [StormOperation] {
        var options: [(weight: Int, make: (inout StormGenerator) -> [StormOperation])] = []
        let windows = liveWindows
        if windows.count < 3 {
            let dead = [0, 1, 2].first { !model.liveWindows.contains($0) }!
            // A third window now and then (issue #27): each one makes every step's settling longer.
            options.append((windows.count < 2 ? 6 : 1, { _ in [.openWindow(dead)] }))
        }
        if !windows.isEmpty {
            options += [
                (8, { g in [.show(g.maybeText())] }),
                (6, { g in [.showProgress(g.fraction(), g.maybeText())] }),
                (5, { g in [.showResult(g.random.pick(StormResult.allCases), g.maybeText())] }),
                (2, { g in [.setStatus(g.text())] }),
                (3, { _ in [.dismiss] }),
                (2, { g in [.dismissAndWait(awaitID: g.id())] }),
                (5, { _ in [.popActivity] }),
                (5, { g in [.setHost(g.random.chance(10) ? nil : g.random.pick(windows))] }),
                (3, { g in [.setSharedMask(g.random.pick(StormMask.allCases))] }),
                (1, { g in [.setSharedStyle(dark: g.random.chance(50))] }),
                (2, { g in [.newHUD(g.id(), window: g.random.pick(windows), mask: g.random.pick(StormMask.allCases))] }),
                (3, { g in [.bannerShow(g.id(), window: g.random.pick(windows), high: g.random.chance(30),
                                         duration: g.random.chance(70) ? StormTiming.bannerSeconds : nil,
                                         action: g.random.chance(30))] }),
                (2, { g in [.bannerShowID(g.id(), window: g.random.pick(windows), id: g.random.below(3),
                                           policy: g.random.pick(BannerIDPolicy.allCases))] }),
                (1, { g in [.bannerHideID(window: g.random.pick(windows), id: g.random.below(3))] }),
                (3, { g in [.taskStart(g.id(), window: g.random.pick(windows))] }),
                (2, { g in [.clickEntry(window: g.random.pick(windows))] }),
                (1, { g in [.hover(window: g.random.pick(windows), g.hoverTarget())] }),
                (1, { g in [.tab(window: g.random.pick(windows))] }),
                (2, { g in [.activate(window: g.random.pick(windows))] }),
                (2, { g in [.pressBannerShortcut(window: g.random.pick(windows))] }),
                (1, { g in [.escape(window: g.random.pick(windows))] }),
            ]
        }
        if !windows.isEmpty { options += stackOptions(windows) + contextOptions(windows) }
        // Late progress is only sent where the intended outcome is clear: onto a
        // progress HUD (possibly followed at once by what ends it, and by a value after that),
        // or after a result or a dismissal (it is dropped).
        if progressIsUp {
            options.append((8, { g in [.setProgress(g.fraction(), fromThread: g.random.chance(50))] }))
            options.append((6, { g in [.setProgress(g.fraction(), fromThread: g.random.chance(50)), g.progressEnd()] }))
            // The worker's loop posts once more after the outcome (bug 1's pattern).
            options.append((3, { g in [.setProgress(g.fraction(), fromThread: true), g.progressEnd(),
                                       .setProgress(g.fraction(), fromThread: true)] }))
            // Issue #29: a post, then in the same turn a main-actor call that keeps the
            // HUD up (the next file's status or value): the post must not land after it.
            options.append((6, { g in [.setProgress(g.fraction(), fromThread: g.random.chance(70)), g.nextTaskCall()] }))
        } else if !model.shared.acceptsProgress {
            options.append((3, { g in [.setProgress(g.fraction(), fromThread: g.random.chance(50))] }))
        }
        if windows.count >= 2 {
            options.append((2, { g in
                let window = g.random.pick(windows)
                let other = windows.first { $0 != window }!
                let sharedThere = g.model.shared.window == window && g.model.shared.kind != .hidden
                var operations: [StormOperation] = [.destroyWindow(window)]
                if g.model.shared.host == window, g.random.chance(70) { operations.append(.setHost(other)) }
                // A worker still posting after the window's end (bug 2's pattern): the value is dropped.
                if sharedThere, g.random.chance(60) { operations.append(.setProgress(g.fraction(), fromThread: true)) }
                return operations
            }))
        }
        let huds = liveHUDs
        if !huds.isEmpty {
            options += [
                (3, { g in [.hudShow(g.random.pick(huds))] }),
                (2, { g in g.hideWithoutRun(huds).map { [.hudHide($0)] } ?? [.hudShow(g.random.pick(huds))] }),
                (1, { g in g.hideWithoutRun(huds).map { [.hudHideAndWait($0, awaitID: g.id())] } ?? [.hudShow(g.random.pick(huds))] }),
                (2, { g in
                    let hud = g.random.pick(huds)
                    let modes = g.model.huds[hud]!.runs.isEmpty ? StormMode.allCases : StormMode.allCases.filter { !$0.isResult }
                    return [.hudMode(hud, g.random.pick(modes))]
                }),
                (2, { g in [.hudLabel(g.random.pick(huds), g.text())] }),
                (2, { g in [.hudProgress(g.random.pick(huds), g.fraction(), fromThread: g.random.chance(50))] }),
                // Issue #29: a worker's value, then in the same turn a main-actor call on the same HUD.
                (4, { g in
                    let hud = g.random.pick(huds)
                    return [.hudProgress(hud, g.fraction(), fromThread: g.random.chance(70))] + g.nextInstanceCalls(hud)
                }),
                (3, { g in [.hudMask(g.random.pick(huds), g.random.pick(StormMask.allCases))] }),
                (4, { g in
                    let hud = g.random.pick(huds)
                    return [.runStart(run: g.id(), hud: hud, label: g.random.chance(60) ? g.text() : nil)]
                }),
            ]
        }
        let runs = activeRuns
        if !runs.isEmpty {
            options.append((5, { g in [.runEnd(run: g.random.pick(runs), succeeds: g.random.chance(60))] }))
            options.append((2, { g in [.runCancel(run: g.random.pick(runs))] }))
        }
        let tasks = model.tasks.filter(\.value).keys.sorted()
        if !tasks.isEmpty {
            options.append((6, { g in [.taskEnd(g.random.pick(tasks), succeeds: g.random.chance(60))] }))
            options.append((1, { g in [.taskCancel(g.random.pick(tasks))] }))
            options.append((2, { g in [.taskProgress(g.random.pick(tasks), g.fraction())] }))
        }
        let banners = openBanners
        if !banners.isEmpty {
            options.append((2, { g in [.bannerUpdate(g.random.pick(banners), title: g.text())] }))
            options.append((2, { g in [.bannerDismiss(g.random.pick(banners))] }))
            options.append((1, { g in [.bannerIgnoresAttention(g.random.pick(banners))] }))
            options.append((1, { g in [.swipe(g.random.pick(banners))] }))
        }
        let undoBanners = banners.filter { model.banners[$0]?.undoable == true }
        if !undoBanners.isEmpty {
            options.append((5, { g in [.pressUndo(g.random.pick(undoBanners), double: g.random.chance(30))] }))
            options.append((2, { g in [.callUndo(g.random.pick(undoBanners))] }))
            options.append((1, { g in [.pressClose(g.random.pick(undoBanners))] }))
        }
        // Undo on one that may be gone already: refused with a message.
        let madeUndoable = model.banners.filter(\.value.undoable).keys.sorted()
        if !madeUndoable.isEmpty {
            options.append((1, { g in [.callUndo(g.random.pick(madeUndoable))] }))
        }
        // Any banner ever made, its window gone or not (gone: the setting is refused).
        let made = model.banners.keys.sorted()
        if !made.isEmpty {
            options.append((1, { g in [.bannerNotifies(g.random.pick(made), g.random.pick([.always, .whenUnattended, .never]))] }))
        }
        // Often, and mostly above 1: a banner must live under a multiplier for the storm to see its time.
        options.append((3, { g in [.multiplier(g.random.chance(10) ? g.random.pick([0, -1]) : g.random.pick([1, 1.5, 2, 3, 3]))] }))
        options.append((2, { g in [.screenReader(on: g.random.chance(70))] }))
        options.append((1, { g in [.bannerShortcut(g.random.pick(["<Control>F6", "<Control>F8", nil, "F6+"]))] }))
        options.append((1, { g in [.animations(g.random.chance(60))] }))
        options.append((4, { g in [.wait(milliseconds: g.random.pick([100, 250, 500, 800]))] }))

        var roll = random.below(options.reduce(0) { $0 + $1.weight })
        for option in options {
            if roll < option.weight { return option.make(&self) }
            roll -= option.weight
        }
        return [.wait(milliseconds: 100)]
    }

    /// Issue #26: undo banners, bursts that fill the line, and each window's settings (bad values included).
    private func stackOptions(_ windows: [Int]) -> [(weight: Int, make: (inout StormGenerator) -> [StormOperation])] {
        let policies: [BannerOverflowPolicy] = [.dropOldest, .queue]
        let stackings: [BannerStacking] = [.deck, .expanded]
        return [
            (5, { g in [g.undoBanner(in: g.random.pick(windows))] }),
            (2, { g in g.burst(in: g.random.pick(windows)) }),
            (1, { g in [.dismissAll(window: g.random.pick(windows))] }),
            (2, { g in [.maxVisible(window: g.random.pick(windows), g.random.pick([1, 2, 2, 3, 3, 0, -1]))] }),
            (2, { g in [.queueLimit(window: g.random.pick(windows), g.random.pick([0, 1, 1, 2, 3, 20, -1]))] }),
            (1, { g in [.overflowPolicy(window: g.random.pick(windows), g.random.pick(policies))] }),
            (1, { g in [.stacking(window: g.random.pick(windows), g.random.pick(stackings))] }),
        ]
    }

    /// Issue #27: banners, HUDs and settings in a window's contexts, page switches, real input
    /// into them, anchors, and the application's windows (routes, broadcasts).
    private func contextOptions(_ windows: [Int]) -> [(weight: Int, make: (inout StormGenerator) -> [StormOperation])] {
        var options: [(weight: Int, make: (inout StormGenerator) -> [StormOperation])] = [
            (4, { g in [.placedBanner(g.id(), window: g.random.pick(windows), context: g.random.below(4), bottom: g.random.chance(30),
                                      duration: g.random.chance(70) ? StormTiming.bannerSeconds : nil)] }),
            (1, { g in [.paneHUD(g.id(), window: g.random.pick(windows), mask: g.random.pick(StormMask.allCases))] }),
            (1, { g in [.contextMaxVisible(window: g.random.pick(windows), context: 1 + g.random.below(3), g.random.pick([1, 2, 3, 0]))] }),
            (2, { g in
                let window = g.random.pick(windows)
                return [.switchPage(window: window, page: g.model.visiblePage[window] == 2 ? 3 : 2)]
            }),
            (2, { g in
                let window = g.random.pick(windows)
                return [.clickContext(window: window, context: g.random.chance(60) ? 1 : g.model.visiblePage[window] ?? 2)]
            }),
            (1, { g in [.tabRound(window: g.random.pick(windows))] }),
            (2, { g in [.setAnchor(window: g.random.pick(windows), g.random.chance(30) ? nil : g.random.pick(StormAnchor.allCases))] }),
            (1, { g in [.anchorsVisible(window: g.random.pick(windows), g.random.chance(50))] }),
            (2, { g in [.routedBanner(g.id(), g.route(windows), duration: g.random.chance(70) ? StormTiming.bannerSeconds : nil)] }),
            (1, { g in
                let first = g.id()
                _ = (g.id(), g.id()) // one id per window slot: first + slot
                return [.broadcast(first: first, duration: g.random.chance(70) ? StormTiming.bannerSeconds : nil)]
            }),
            (1, { g in [.sharedRoute(g.random.chance(25) ? nil : g.route(windows))] }),
        ]
        if windows.contains(where: { !model.anchorsGone.contains($0) }) {
            options.append((1, { g in [.destroyAnchors(window: g.random.pick(windows))] }))
        }
        return options
    }

    /// The active window (when the model knows which it is), or a window by name (now and then one that is gone).
    private mutating func route(_ windows: [Int]) -> StormRoute {
        if model.front != nil, random.chance(50) { return .active }
        return .named(random.chance(10) ? random.below(3) : random.pick(windows))
    }

    /// An undo banner: sometimes high (it pushes another out), mostly timed, some with a close button.
    private mutating func undoBanner(in window: Int) -> StormOperation {
        .undoShow(id(), window: window, high: random.chance(20), duration: random.chance(60) ? StormTiming.bannerSeconds : nil,
                  closeButton: random.chance(40))
    }

    /// Two to five banners in one turn of the main loop: the line fills, the queue limit drops some.
    private mutating func burst(in window: Int) -> [StormOperation] {
        (0..<(2 + random.below(4))).map { _ in
            random.chance(30) ? undoBanner(in: window)
                : .bannerShow(id(), window: window, high: random.chance(10), duration: random.chance(50) ? StormTiming.bannerSeconds : nil,
                              action: false)
        }
    }

    /// What ends a progress HUD while a value is still on its way.
    private mutating func progressEnd() -> StormOperation {
        switch random.below(6) {
        case 0, 1: .showResult(random.pick(StormResult.allCases), maybeText())
        case 2: .dismiss
        case 3: .popActivity
        case 4: .dismissAndWait(awaitID: id())
        default: .showResult(.success, maybeText())
        }
    }

    /// A main-actor call on ProgressHUD that starts the next piece of work, the HUD staying up.
    private mutating func nextTaskCall() -> StormOperation {
        switch random.below(3) {
        case 0: .setStatus(text())
        case 1: .showProgress(fraction(), maybeText())
        default: .show(maybeText())
        }
    }

    /// Main-actor calls on `hud` right after a posted value: the next task
    /// (hide, new label, progress 0, show), or one property.
    private mutating func nextInstanceCalls(_ hud: Int) -> [StormOperation] {
        let idle = model.huds[hud]!.runs.isEmpty
        switch random.below(idle ? 5 : 4) {
        case 0: return [.hudProgress(hud, fraction(), fromThread: false)]
        case 1: return [.hudLabel(hud, text())]
        case 2: return [.hudMode(hud, random.pick(StormMode.allCases.filter { !$0.isResult }))]
        case 3: return [.hudShow(hud)]
        default: return [.hudHide(hud), .hudLabel(hud, text()), .hudProgress(hud, 0, fromThread: false), .hudShow(hud)]
        }
    }

    private mutating func hideWithoutRun(_ huds: [Int]) -> Int? {
        let idle = huds.filter { model.huds[$0]!.runs.isEmpty }
        return idle.isEmpty ? nil : random.pick(idle)
    }

    private mutating func hoverTarget() -> StormHoverTarget {
        switch random.below(4) {
        case 0: .sharedBezel
        case 1: liveHUDs.isEmpty ? .away : .hudBezel(random.pick(liveHUDs))
        case 2: openBanners.isEmpty ? .away : .banner(random.pick(openBanners))
        default: .away
        }
    }
}

import Testing
@testable import HUDCore

/// One seeded random sequence of 100,000 operations over everything that
/// shares a clock in a window: the shared HUD, three instance-HUD lifecycles
/// (different grace, minimum-show and fade settings) and a banner queue, all
/// on one `ManualScheduler`.
///
/// Checked after every operation: each completion and each `onDismissed` ran
/// at most once, lifecycle events pair up, presenter calls are possible ones,
/// the activity count is never negative and equals a counting model. At
/// random "settle" points (every pending timer run, banner pauses released)
/// the visible state must match a simple model: a HUD is up exactly when the
/// last thing asked of it was to show; every live banner without a timeout is
/// still there, only those are on screen, and banners with a timeout are left
/// only in the queue, behind them, when every slot is taken. A banner the
/// model holds (hover, press, focus, drag reported and not released, kept
/// while a high-priority banner pushes it back) never times out, nor does one
/// the queue holds (focus inside, an app hold, the window left after it was
/// active, unless the banner or the app opted out) or one with an action under
/// a screen reader; the multiplier changes as it goes. At the end every
/// completion and every `onDismissed` has run exactly once.
/// Banners carry ids from a small pool with every ``BannerIDPolicy``: the model
/// says which banner holds each id and how often it was counted; after every
/// operation the queue's index must name exactly the one banner showing or
/// waiting per id, and a banner never says the same thing twice in a row
/// without being presented again in between.
/// A failure names the seed and step, so it replays exactly.
@MainActor
@Suite struct StormTests {
    static let operationCount = 100_000

    @Test(arguments: [0x5EED as UInt64])
    func hudsAndBannersKeepTheirPromisesUnderAHundredThousandOperations(seed: UInt64) throws {
        var storm = Storm(seed: seed)
        let previousHandler = Diagnostics.handler
        Diagnostics.handler = { _ in } // negative delays and NaN durations are part of the storm
        defer { Diagnostics.handler = previousHandler }
        for step in 0..<Self.operationCount {
            try storm.step()
            if let failure = storm.failure {
                Issue.record("seed \(seed), step \(step), after \(storm.lastOperation): \(failure)")
                return
            }
        }
        storm.finish()
        if let failure = storm.failure { Issue.record("seed \(seed), at the end: \(failure)") }
        #expect(storm.settleChecks > 300, "the model was compared often")
        #expect(storm.hudCompletions.issued > 10_000)
        #expect(storm.bannersCreated > 5_000)
        #expect(storm.idMeetings > 1_000, "banners met their ids often")
    }
}

/// The storm's state: the real objects, the model, and the first failure seen.
@MainActor
private struct Storm {
    var random: HUDSplitMix64
    let scheduler: ManualScheduler
    let shared: SharedHUDController
    let sharedPresenter: StrictHUDPresenter
    let sharedEvents: HUDEventRecorder
    let lifecycles: [HUDLifecycle]
    let lifecyclePresenters: [StrictHUDPresenter]
    let lifecycleEvents: [HUDEventRecorder]
    let queue: BannerQueue
    let attention = AppAttention()
    let bannerPresenter: StrictBannerPresenter
    let hudCompletions = HUDCompletionProbe()

    // The model.
    var sharedActivities = 0
    var sharedProgressOpen = false
    var sharedShowsStatusHUD = false
    var sharedWantsVisible = false
    var lifecycleWantsVisible: [Bool]
    /// Banners accepted and not dismissed by an operation, with whether they wait to be dismissed (no timeout).
    var liveBanners: [Banner: Bool] = [:]
    var dismissCounts: [Banner: Int] = [:]
    /// What holds each banner's timeout: reported while it is on screen or pushed back, until released.
    var heldBy: [Banner: Set<BannerInhibitReason>] = [:]
    var recentBanners: [Banner] = []
    /// The banner the model says holds each id, and its count.
    var idHolders: [String: Banner] = [:]
    var countsInModel: [Banner: Int] = [:]
    var idMeetings = 0
    /// The queue-wide inputs, as the model sees them.
    var holdsInModel: Set<BannerHold> = []
    var windowAttendedInModel = false
    var windowEverAttendedInModel = false

    var bannersCreated = 0
    var settleChecks = 0
    var failure: String?
    var lastOperation = ""

    init(seed: UInt64) {
        random = HUDSplitMix64(seed: seed)
        let scheduler = ManualScheduler()
        self.scheduler = scheduler
        shared = SharedHUDController(scheduler: scheduler)
        sharedPresenter = StrictHUDPresenter()
        shared.attach(sharedPresenter)
        sharedEvents = HUDEventRecorder(observing: shared.lifecycle, scheduler: scheduler)
        let configurations: [HUDLifecycle.Configuration] = [
            .init(),
            .init(graceTime: .ms(400), minimumShowTime: .ms(1000), fadeInDuration: .ms(300), fadeOutDuration: .ms(300)),
            .init(graceTime: .zero, minimumShowTime: .ms(300), fadeInDuration: .zero, fadeOutDuration: .zero),
        ]
        let lifecycles = configurations.map { configuration in
            let lifecycle = HUDLifecycle(scheduler: scheduler)
            lifecycle.configuration = configuration
            return lifecycle
        }
        self.lifecycles = lifecycles
        lifecyclePresenters = lifecycles.map { _ in StrictHUDPresenter() }
        for (lifecycle, presenter) in zip(lifecycles, lifecyclePresenters) { lifecycle.presenter = presenter }
        lifecycleEvents = lifecycles.map { HUDEventRecorder(observing: $0, scheduler: scheduler) }
        lifecycleWantsVisible = Array(repeating: false, count: lifecycles.count)
        let bannerPresenter = StrictBannerPresenter()
        self.bannerPresenter = bannerPresenter
        queue = BannerQueue(scheduler: scheduler, presenter: bannerPresenter, maxVisible: 2, attention: attention)
        bannerPresenter.queue = queue
        queue.animationsEnabled = true
        DismissCounter.shared.reset()
    }

    // MARK: Operations

    mutating func step() throws {
        let waitingBefore = queue.queuedBanners
        let showingBefore = queue.visibleBanners
        defer { reconcileDrops(waitingBefore: waitingBefore, showingBefore: showingBefore) }
        let roll = Int.random(in: 0..<1000, using: &random)
        switch roll {
        case 0..<300: sharedOperation()
        case 300..<520: lifecycleOperation()
        case 520..<800: try bannerOperation()
        case 800..<960:
            lastOperation = "advance"
            let held = (queue.visibleBanners + queue.queuedBanners).filter { isHeldInModel($0) }
            scheduler.advance(by: .milliseconds(Int.random(in: 0...700, using: &random)))
            if let expired = held.first(where: { $0.state == .gone(.timeout) }) {
                fail("\(expired.name) timed out while held (\(heldBy[expired] ?? []), queue \(holdsInModel), "
                     + "window attended \(windowAttendedInModel), screen reader \(attention.screenReaderRunning))")
            }
        case 960..<995: attentionOperation()
        default: settle()
        }
        checkEveryStep()
    }

    private mutating func sharedOperation() {
        let progressValues: [Double] = [0, 0.25, 0.5, 1, -1, 2, .nan, .infinity, -.infinity]
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<16:
            lastOperation = "shared.show"
            shared.show(status: Bool.random(using: &random) ? "Working" : nil)
            sharedActivities += 1
            sharedShowsStatusHUD = false
            sharedWantsVisible = true
        case 16..<20:
            lastOperation = "shared.showCustom"
            shared.showCustom(ExternalContent(), status: "Custom")
            sharedActivities += 1
            sharedShowsStatusHUD = false
            sharedWantsVisible = true
        case 20..<30:
            lastOperation = "shared.showProgress"
            shared.showProgress(progressValues.randomElement(using: &random)!, status: "Copying")
            if !sharedProgressOpen {
                sharedProgressOpen = true
                sharedActivities += 1
            }
            sharedShowsStatusHUD = false
            sharedWantsVisible = true
        case 30..<35:
            lastOperation = "shared.updateProgress"
            shared.updateProgress(progressValues.randomElement(using: &random)!)
        case 35..<38:
            lastOperation = "shared.setStatus"
            shared.setStatus(["Step", "", nil, "  "].randomElement(using: &random)!)
        case 38..<46:
            lastOperation = "shared.statusHUD"
            switch Int.random(in: 0..<4, using: &random) {
            case 0: shared.showSuccess(status: "Saved")
            case 1: shared.showError(status: nil)
            case 2: shared.showInfo(status: String(repeating: "i", count: 60))
            default: shared.showImage(.iconName("face-smile-symbolic"), status: "Hi")
            }
            sharedActivities = 0
            sharedProgressOpen = false
            sharedShowsStatusHUD = true
            sharedWantsVisible = false // it leaves on its own timer
        case 46..<56:
            lastOperation = "shared.dismiss"
            let delay = [0, 0, 0.2, 1.5, -1, .nan].randomElement(using: &random)!
            shared.dismiss(withDelay: delay, completion: hudCompletions.make())
            sharedDismissedInModel()
        case 56..<72:
            lastOperation = "shared.popActivity"
            shared.popActivity()
            if sharedActivities > 0 { sharedActivities -= 1 }
            if sharedActivities == 0 && !sharedShowsStatusHUD { sharedDismissedInModel() }
        case 72..<74:
            lastOperation = "shared.cancelAll"
            shared.cancelAll()
            sharedDismissedInModel()
        case 74..<77:
            lastOperation = "shared.core.timing.graceTime"
            shared.core.timing.graceTime = [0, 0.1, 0.5].randomElement(using: &random)!
        case 77..<79:
            lastOperation = "shared.core.timing.minimumDismissTime"
            shared.core.timing.minimumDismissTime = [0, 1, 5].randomElement(using: &random)!
        case 79..<81:
            lastOperation = "shared.fades"
            shared.core.timing.fadeInDuration = [0, 0.15, 0.3].randomElement(using: &random)!
            shared.core.timing.fadeOutDuration = [0, 0.15, 0.3].randomElement(using: &random)!
        default:
            lastOperation = "shared.show+dismiss in one turn"
            shared.show(status: "Blink")
            sharedShowsStatusHUD = false
            shared.dismiss(completion: hudCompletions.make())
            sharedDismissedInModel()
        }
    }

    private mutating func sharedDismissedInModel() {
        sharedActivities = 0
        sharedProgressOpen = false
        sharedWantsVisible = false
    }

    private mutating func lifecycleOperation() {
        let index = Int.random(in: 0..<lifecycles.count, using: &random)
        let lifecycle = lifecycles[index]
        let span = Duration.milliseconds(Int.random(in: 0...1500, using: &random))
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<35:
            lastOperation = "lifecycle[\(index)].show"
            lifecycle.show()
            lifecycleWantsVisible[index] = true
        case 35..<55:
            lastOperation = "lifecycle[\(index)].hide"
            lifecycle.hide(completion: hudCompletions.make())
            lifecycleWantsVisible[index] = false
        case 55..<75:
            lastOperation = "lifecycle[\(index)].hide(afterDelay:)"
            lifecycle.hide(afterDelay: span, completion: hudCompletions.make())
            lifecycleWantsVisible[index] = false
        case 75..<88:
            lastOperation = "lifecycle[\(index)].hide(afterShownFor:)"
            lifecycle.hide(afterShownFor: span, completion: hudCompletions.make())
            lifecycleWantsVisible[index] = false
        case 88..<92:
            lastOperation = "lifecycle[\(index)].cancelAll"
            lifecycle.cancelAll()
            lifecycleWantsVisible[index] = false
        default:
            lastOperation = "lifecycle[\(index)].show+hide in one turn"
            lifecycle.show()
            lifecycle.hide(completion: hudCompletions.make())
            lifecycleWantsVisible[index] = false
        }
    }

    private mutating func bannerOperation() throws {
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 30 || recentBanners.isEmpty {
            try addNewBanner()
            return
        }
        let banner = recentBanners.randomElement(using: &random)!
        // Timeouts are not modelled between settles: a timed banner may be gone already.
        if banner.state.isGone, liveBanners[banner] == false { liveBanners[banner] = nil }
        let wasShowing = banner.state == .showing
        switch roll {
        case 30..<40:
            lastOperation = "banner.enqueue again"
            let duration = randomDuration()
            let wasLive = liveBanners[banner] != nil
            queue.enqueue(banner, duration: duration)
            if wasLive { liveBanners[banner] = Self.waitsForDismissal(duration) }
        case 40..<44:
            lastOperation = "banner.show again"
            queue.show(banner, duration: randomDuration()) // BRYXBanner: a no-op for a live banner
        case 44..<56:
            lastOperation = "banner.dismiss"
            queue.dismiss(banner)
            liveBanners[banner] = nil
        case 56..<62:
            lastOperation = "banner.tap"
            queue.tap(banner)
            if wasShowing && banner.content.dismissesOnTap { liveBanners[banner] = nil }
        case 62..<66:
            lastOperation = "banner.activateAction"
            queue.activateAction(banner)
            if wasShowing && banner.content.action != nil { liveBanners[banner] = nil }
        case 66..<69:
            lastOperation = "banner.closeButtonClicked"
            queue.closeButtonClicked(banner)
            if wasShowing { liveBanners[banner] = nil }
        case 69..<72:
            lastOperation = "banner.swipe"
            queue.swipe(banner)
            if wasShowing && banner.content.dismissesOnSwipe { liveBanners[banner] = nil }
        case 72..<82:
            lastOperation = "banner.inhibit"
            let reason = [BannerInhibitReason.hover, .press, .focus, .drag].randomElement(using: &random)!
            queue.inhibit(banner, reason)
            if takesInputInModel(banner) { heldBy[banner, default: []].insert(reason) }
        case 82..<92:
            lastOperation = "banner.release"
            let reason = [BannerInhibitReason.hover, .press, .focus, .drag].randomElement(using: &random)!
            queue.release(banner, reason)
            if takesInputInModel(banner) { heldBy[banner]?.remove(reason) }
        case 92..<94:
            lastOperation = "banner.dismissFront"
            let target = queue.visibleBanners.first { $0.inhibitors.contains(.focus) } ?? queue.visibleBanners.first
            queue.dismissFront()
            if let target { liveBanners[target] = nil }
        case 94..<96:
            lastOperation = "banner.dismissAll"
            queue.dismissAll()
            liveBanners.removeAll()
        case 96..<97:
            lastOperation = "banner.maxVisible"
            queue.maxVisible = Int.random(in: 1...3, using: &random)
        case 97..<98:
            try idOperation(on: banner)
        case 98..<99:
            deckOperation()
        default:
            lastOperation = "banner.content change"
            var content = banner.content
            content.dismissesOnTap.toggle()
            // Issue #27: a banner changes edges on screen unless an anchor holds it.
            if content.dismissesOnTap { content.position = content.position == .top ? .bottom : .top }
            banner.content = content
        }
    }

    /// Issue #26's calm stack: the queue limit and its policy, the stacking, the deck opened and closed.
    private mutating func deckOperation() {
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            let limit = [0, 1, 2, 5, 20].randomElement(using: &random)!
            lastOperation = "queue.queueLimit = \(limit)"
            queue.queueLimit = limit
        case 1:
            let policy: BannerOverflowPolicy = Bool.random(using: &random) ? .queue : .dropOldest
            lastOperation = "queue.overflowPolicy = \(policy)"
            queue.overflowPolicy = policy
        case 2:
            let stacking: BannerStacking = Bool.random(using: &random) ? .deck : .expanded
            lastOperation = "queue.stacking = \(stacking)"
            queue.stacking = stacking
        case 3:
            let edge = [nil, BannerPosition.top, .bottom].randomElement(using: &random)!
            lastOperation = "queue.anchoredEdge = \(String(describing: edge))"
            queue.anchoredEdge = edge
        default:
            let input: BannerDeckInput = Bool.random(using: &random) ? .hover : .focus
            let active = Bool.random(using: &random)
            lastOperation = "queue.deckInput(\(input), \(active))"
            queue.deckInput(input, active)
        }
    }

    /// Banners the queue dropped (``BannerOverflowPolicy/dropOldest``) leave the model: each
    /// was waiting (or just arrived, or was on screen and pushed back by a high-priority
    /// banner: it is then the oldest waiting), the oldest waiting, normal priority before high.
    private mutating func reconcileDrops(waitingBefore: [Banner], showingBefore: [Banner]) {
        guard failure == nil else { return }
        let dropped = liveBanners.keys.filter { $0.state == .gone(.dropped) }
        for banner in dropped {
            liveBanners[banner] = nil
            guard let index = waitingBefore.firstIndex(of: banner) else {
                if banner !== recentBanners.last, !showingBefore.contains(banner) {
                    fail("\(banner.name) dropped without waiting (\(lastOperation))")
                }
                continue
            }
            let olderNormalStillWaits = waitingBefore[..<index].contains {
                $0.content.priority == .normal && queue.queuedBanners.contains($0)
            }
            if banner.content.priority == .normal, olderNormalStillWaits {
                fail("\(banner.name) dropped while an older normal banner still waits (\(lastOperation))")
            }
            if banner.content.priority == .high, queue.queuedBanners.contains(where: { $0.content.priority == .normal }) {
                fail("high-priority \(banner.name) dropped while a normal banner waits (\(lastOperation))")
            }
        }
        if queue.overflowPolicy == .dropOldest, queue.queuedBanners.count > queue.queueLimit {
            fail("\(queue.queuedBanners.count) banners wait, over the limit \(queue.queueLimit)")
        }
        let deck = queue.deck
        if deck.waitingCount != queue.queuedBanners.count { fail("the deck counts \(deck.waitingCount)") }
        // Collapsed only where one edge (the anchor's, or a banner's own) holds two banners or more.
        let mostAtOneEdge = Dictionary(grouping: queue.visibleBanners) { queue.edge(of: $0) }.values.map(\.count).max() ?? 0
        if deck.isCollapsed, queue.stacking == .expanded || mostAtOneEdge < 2 {
            fail("the deck is collapsed with at most \(mostAtOneEdge) at one edge, stacking \(queue.stacking)")
        }
    }

    private static let idPool = ["x", "y", "z"]

    /// The model's holder of `id`: nil once it timed out or was dismissed.
    private mutating func holderInModel(of id: String) -> Banner? {
        guard let holder = idHolders[id] else { return nil }
        if holder.state.isGone, liveBanners[holder] == false { liveBanners[holder] = nil }
        guard liveBanners[holder] != nil else {
            idHolders[id] = nil
            return nil
        }
        return holder
    }

    /// Hides by id, counts down, or tries to change the id of a banner.
    private mutating func idOperation(on banner: Banner) throws {
        let id = Self.idPool.randomElement(using: &random)!
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            lastOperation = "queue.dismiss(id: \(id))"
            let holder = holderInModel(of: id)
            if queue.dismiss(id: id) != (holder != nil) { return fail("dismiss(id: \(id)) disagrees with the model (\(holder?.name ?? "none"))") }
            if let holder { liveBanners[holder] = nil }
        case 1:
            lastOperation = "queue.dismissCounted(id: \(id))"
            let holder = holderInModel(of: id)
            queue.dismissCounted(id: id)
            if let holder {
                if countsInModel[holder, default: 1] > 1 { countsInModel[holder, default: 1] -= 1 } else { liveBanners[holder] = nil }
            }
        default:
            lastOperation = "banner.content.id = \(id)"
            let wasLive = banner.state == .showing || banner.state == .queued
            let before = banner.content.id
            banner.content.id = id
            if wasLive, banner.content.id != before { fail("the id of \(banner.name), live, changed") }
        }
    }

    private mutating func attentionOperation() {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<25:
            let attended = Bool.random(using: &random)
            lastOperation = "queue.windowAttentionChanged(\(attended))"
            queue.windowAttentionChanged(isAttended: attended)
            windowAttendedInModel = attended
            if attended { windowEverAttendedInModel = true }
        case 25..<55:
            let hold = [BannerHold.focusInside, .app("popover")].randomElement(using: &random)!
            if Bool.random(using: &random) {
                lastOperation = "queue.hold(\(hold))"
                queue.hold(hold)
                holdsInModel.insert(hold)
            } else {
                lastOperation = "queue.release(hold: \(hold))"
                queue.release(hold: hold)
                holdsInModel.remove(hold)
            }
        case 55..<58:
            lastOperation = "queue.windowAttentionChanged(false, wasAttendedBefore: true)"
            queue.windowAttentionChanged(isAttended: false, wasAttendedBefore: true)
            windowAttendedInModel = false
            windowEverAttendedInModel = true
        case 58..<70:
            lastOperation = "attention.screenReaderRunning"
            attention.setScreenReaderRunning(Bool.random(using: &random))
        case 70..<80:
            lastOperation = "attention.pausesWhileWindowInactive"
            attention.setPausesWhileWindowInactive(Bool.random(using: &random))
        default:
            lastOperation = "attention.timeoutMultiplier"
            attention.setTimeoutMultiplier([1, 1.5, 3, 0, -1, 20].randomElement(using: &random)!, source: "storm")
        }
    }

    /// Whether the model says nothing may time `banner` out now.
    private func isHeldInModel(_ banner: Banner) -> Bool {
        guard !banner.state.isGone else { return false }
        if !(heldBy[banner] ?? []).isEmpty, takesInputInModel(banner) { return true }
        guard banner.state == .showing else { return false }
        if !holdsInModel.isEmpty { return true }
        if windowEverAttendedInModel, !windowAttendedInModel, attention.pausesWhileWindowInactive,
           banner.content.pausesWhileWindowInactive { return true }
        return attention.screenReaderRunning && banner.content.action != nil && !banner.content.expiresUnderScreenReader
    }

    private mutating func addNewBanner() throws {
        if liveBanners.count > 40 {
            lastOperation = "banner.dismissAll (bound)"
            queue.dismissAll()
            liveBanners.removeAll()
            return
        }
        bannersCreated += 1
        let banner = try makeBanner("B\(bannersCreated)", priority: Bool.random(using: &random) ? .high : .normal) { content in
            content.dismissesOnTap = Bool.random(using: &random)
            content.dismissesOnSwipe = Bool.random(using: &random)
            content.animationDuration = [0, 0.2, 0.4].randomElement(using: &random)!
            if Bool.random(using: &random) { content.action = BannerAction(label: "Undo", identifier: "undo") }
            content.pausesWhileWindowInactive = Int.random(in: 0..<4, using: &random) != 0
            content.expiresUnderScreenReader = Int.random(in: 0..<4, using: &random) == 0
        }
        banner.onDismissed = { [weak banner] _ in
            if let banner { DismissCounter.shared.count(banner) }
        }
        dismissCounts[banner] = 0
        let duration = randomDuration()
        let id = Bool.random(using: &random) ? Self.idPool.randomElement(using: &random)! : nil
        banner.content.id = id
        banner.content.idPolicy = BannerIDPolicy.allCases.randomElement(using: &random)!
        let holder = id.flatMap { holderInModel(of: $0) }
        let holderWasShowing = holder?.state == .showing
        if Bool.random(using: &random) {
            lastOperation = "banner.enqueue new (id \(id ?? "none"), \(banner.content.idPolicy))"
            queue.enqueue(banner, duration: duration)
        } else {
            lastOperation = "banner.show new (id \(id ?? "none"), \(banner.content.idPolicy))"
            queue.show(banner, duration: duration)
        }
        recentBanners.append(banner)
        if let id, let holder {
            idMeetings += 1
            let expectedState: BannerState
            switch banner.content.idPolicy {
            case .ignore:
                expectedState = .gone(.sameID)
            case .replace:
                expectedState = holderWasShowing || banner.content.priority == .high ? .showing : .queued
                if holder.state != .gone(.replaced) { fail("\(holder.name) was not replaced: \(holder.state)") }
                liveBanners[holder] = nil
                liveBanners[banner] = Self.waitsForDismissal(duration)
                idHolders[id] = banner
            case .updateInPlace:
                expectedState = .gone(.sameID)
                if holder.content.title != banner.content.title { fail("\(holder.name) did not take the new words") }
                liveBanners[holder] = Self.waitsForDismissal(duration)
                countsInModel[holder] = 1
            case .count:
                expectedState = .gone(.sameID)
                countsInModel[holder, default: 1] += 1
                liveBanners[holder] = Self.waitsForDismissal(duration)
            }
            if banner.state != expectedState { fail("\(banner.name) met \(holder.name) and is \(banner.state), not \(expectedState)") }
            if let count = countsInModel[holder], holder.content.repeatCount != count, liveBanners[holder] != nil {
                fail("\(holder.name) counts \(holder.content.repeatCount), the model \(count)")
            }
            return
        }
        liveBanners[banner] = Self.waitsForDismissal(duration)
        if let id { idHolders[id] = banner }
        if recentBanners.count > 60 { recentBanners.removeFirst(10) }
    }

    /// Input counts for a banner on screen, or one a high-priority banner pushed back.
    private func takesInputInModel(_ banner: Banner) -> Bool {
        banner.state == .showing || (banner.state == .queued && bannerPresenter.everPresented.contains(banner))
    }

    private mutating func randomDuration() -> Double? {
        [nil, 0, 0.3, 1, 2.5, 4, .infinity, -1, .nan].randomElement(using: &random)!
    }

    private static func waitsForDismissal(_ duration: Double?) -> Bool {
        BannerTimeout(seconds: duration, source: "storm").duration == nil
    }

    // MARK: Checks

    private mutating func checkEveryStep() {
        guard failure == nil else { return }
        if shared.activityCount < 0 { return fail("negative activity count \(shared.activityCount)") }
        if shared.activityCount != sharedActivities {
            return fail("activity count \(shared.activityCount), model says \(sharedActivities)")
        }
        for (name, recorder) in [("shared", sharedEvents)] + lifecycleEvents.enumerated().map({ ("lifecycle[\($0.offset)]", $0.element) })
            where !recorder.violations.isEmpty {
            return fail("\(name) events: \(recorder.violations)")
        }
        for (name, presenter) in [("shared", sharedPresenter)] + lifecyclePresenters.enumerated().map({ ("lifecycle[\($0.offset)]", $0.element) }) {
            if !presenter.violations.isEmpty { return fail("\(name) presenter: \(presenter.violations)") }
        }
        if shared.isVisible != sharedPresenter.isOnScreen { return fail("shared HUD visible \(shared.isVisible), presenter disagrees") }
        for (index, lifecycle) in lifecycles.enumerated() where lifecycle.isVisible != lifecyclePresenters[index].isOnScreen {
            return fail("lifecycle[\(index)] visible \(lifecycle.isVisible), presenter disagrees")
        }
        if !bannerPresenter.violations.isEmpty { return fail("banner presenter: \(bannerPresenter.violations)") }
        if hudCompletions.anyRanTwice { return fail("a HUD completion ran twice") }
        if DismissCounter.shared.anyTwice { return fail("an onDismissed ran twice") }
        if queue.visibleBanners.count < queue.maxVisible && !queue.queuedBanners.isEmpty {
            return fail("\(queue.queuedBanners.count) banners wait while a slot is free")
        }
        checkIDs()
        checkEdges()
    }

    /// Issue #27: the view was told the edge (the anchored one, or the banner's
    /// own) and the slot at that edge of every banner on screen.
    private mutating func checkEdges() {
        for banner in queue.visibleBanners {
            let expected = StrictBannerPresenter.Place(edge: queue.edge(of: banner), slot: queue.slot(of: banner) ?? -1)
            if expected.edge != (queue.anchoredEdge ?? banner.content.position) {
                return fail("\(banner.name) stands at \(expected.edge), anchor \(String(describing: queue.anchoredEdge))")
            }
            if bannerPresenter.placed[banner] != expected {
                return fail("\(banner.name) is at \(String(describing: bannerPresenter.placed[banner])) in the view, \(expected) in the queue")
            }
        }
    }

    /// The queue's id index names exactly the banners showing or waiting, one per id.
    private mutating func checkIDs() {
        var byID: [String: Banner] = [:]
        for banner in queue.visibleBanners + queue.queuedBanners {
            guard let id = banner.content.id else { continue }
            if let other = byID[id] { return fail("\(other.name) and \(banner.name) are both up with id \(id)") }
            byID[id] = banner
        }
        for id in Self.idPool where queue.banner(id: id) !== byID[id] {
            return fail("banner(id: \(id)) is \(queue.banner(id: id)?.name ?? "none"), the queue shows \(byID[id]?.name ?? "none")")
        }
    }

    /// Runs every timer (with banner pauses released) and compares with the model.
    mutating func settle() {
        lastOperation = "settle"
        for banner in queue.visibleBanners + queue.queuedBanners {
            for reason in [BannerInhibitReason.hover, .press, .focus, .drag] { queue.release(banner, reason) }
        }
        heldBy.removeAll()
        for hold in holdsInModel { queue.release(hold: hold) }
        holdsInModel.removeAll()
        if windowEverAttendedInModel {
            queue.windowAttentionChanged(isAttended: true)
            windowAttendedInModel = true
        }
        attention.setScreenReaderRunning(false)
        scheduler.runUntilIdle()
        settleChecks += 1
        if shared.isVisible != sharedWantsVisible {
            return fail("settled shared HUD visible \(shared.isVisible), model says \(sharedWantsVisible)")
        }
        if shared.lifecycle.phase != (sharedWantsVisible ? .visible : .hidden) {
            return fail("settled shared HUD in phase \(shared.lifecycle.phase)")
        }
        for (index, lifecycle) in lifecycles.enumerated() {
            let wanted: HUDPhase = lifecycleWantsVisible[index] ? .visible : .hidden
            if lifecycle.phase != wanted { return fail("settled lifecycle[\(index)] in phase \(lifecycle.phase), model says \(wanted)") }
        }
        // Timed banners on screen have all timed out; queued ones only time out
        // once a slot frees, so behind banners without a timeout they wait for ever.
        let waitingForDismissal = Set(liveBanners.filter(\.value).keys)
        let live = Set(liveBanners.keys)
        let visible = Set(queue.visibleBanners), queued = Set(queue.queuedBanners)
        if !waitingForDismissal.isSubset(of: visible.union(queued)) {
            let missing = waitingForDismissal.subtracting(visible.union(queued)).map(\.name).sorted()
            return fail("settled: banners without a timeout are gone: \(missing)")
        }
        if !visible.union(queued).isSubset(of: live) {
            let extra = visible.union(queued).subtracting(live).map(\.name).sorted()
            return fail("settled: banners the model dismissed are still there: \(extra)")
        }
        if !visible.isSubset(of: waitingForDismissal) {
            return fail("settled: timed banners still on screen: \(visible.subtracting(waitingForDismissal).map(\.name).sorted())")
        }
        if !queued.isEmpty && visible.count < queue.maxVisible {
            return fail("settled: \(queued.count) banners wait with \(visible.count) of \(queue.maxVisible) slots taken")
        }
        // Every id the model holds for a banner that waits for dismissal names that banner, with the model's count.
        for id in Self.idPool {
            guard let holder = holderInModel(of: id), liveBanners[holder] == true else { continue }
            if queue.banner(id: id) !== holder {
                return fail("settled: id \(id) names \(queue.banner(id: id)?.name ?? "none"), the model \(holder.name)")
            }
            if holder.content.repeatCount != countsInModel[holder, default: 1] {
                return fail("settled: \(holder.name) counts \(holder.content.repeatCount), the model \(countsInModel[holder, default: 1])")
            }
        }
        // Timed banners that timed out are gone for good; forget them.
        liveBanners = liveBanners.filter { $0.value || queued.contains($0.key) }
        if scheduler.pendingCount != 0 {
            return fail("\(scheduler.pendingCount) timers still pending after settling")
        }
    }

    /// Ends everything and checks every closure ran exactly once.
    mutating func finish() {
        shared.cancelAll()
        for lifecycle in lifecycles { lifecycle.cancelAll() }
        queue.dismissAll()
        scheduler.runUntilIdle()
        if let broken = hudCompletions.notRunExactlyOnce.first {
            return fail("HUD completion \(broken) ran \(hudCompletions.outcomes(of: broken).count) times")
        }
        for (banner, _) in dismissCounts where DismissCounter.shared.counts[ObjectIdentifier(banner)] != 1 {
            return fail("banner \(banner.name) onDismissed ran \(DismissCounter.shared.counts[ObjectIdentifier(banner)] ?? 0) times")
        }
        for recorder in [sharedEvents] + lifecycleEvents where !recorder.events.isEmpty && recorder.events.last != .didDisappear {
            return fail("events do not end with didDisappear: \(recorder.events.suffix(3))")
        }
        DismissCounter.shared.reset()
    }

    private mutating func fail(_ message: String) {
        if failure == nil { failure = message }
    }
}

/// Counts `onDismissed` calls per banner (closures cannot capture the storm struct).
@MainActor
private final class DismissCounter {
    static let shared = DismissCounter()
    private(set) var counts: [ObjectIdentifier: Int] = [:]
    private(set) var anyTwice = false
    func count(_ banner: Banner) {
        counts[ObjectIdentifier(banner), default: 0] += 1
        if counts[ObjectIdentifier(banner)]! > 1 { anyTwice = true }
    }
    func reset() {
        counts = [:]
        anyTwice = false
    }
}

/// A banner presenter that records impossible call sequences.
@MainActor
private final class StrictBannerPresenter: BannerPresenter {
    private enum Where { case onScreen, leaving }
    private var places: [Banner: Where] = [:]
    /// What each banner last said, until it is presented again.
    private var lastSaid: [Banner: BannerAnnouncement] = [:]
    private(set) var violations: [String] = []
    private(set) var everPresented: Set<Banner> = []
    /// Where the view was last told each banner on screen stands: its edge and slot.
    private(set) var placed: [Banner: Place] = [:]
    struct Place: Equatable { var edge: BannerPosition, slot: Int }

    func present(_ banner: Banner, slot: Int, transition: BannerTransition) {
        if places[banner] == .onScreen { violations.append("present(\(banner.name)) while on screen") }
        if banner.state != .showing { violations.append("present(\(banner.name)) in state \(banner.state)") }
        places[banner] = .onScreen
        placed[banner] = Place(edge: banner.edge, slot: slot)
        everPresented.insert(banner)
        lastSaid[banner] = nil
    }

    func restack(_ banner: Banner, slot: Int, transition: BannerTransition) {
        if places[banner] != .onScreen { violations.append("restack(\(banner.name)) while not on screen") }
        placed[banner]?.slot = slot
    }

    func move(_ banner: Banner, to edge: BannerPosition, slot: Int, transition: BannerTransition) {
        if places[banner] != .onScreen { violations.append("move(\(banner.name)) while not on screen") }
        if banner.edge != edge { violations.append("move(\(banner.name)) to \(edge), its edge is \(banner.edge)") }
        if placed[banner]?.edge == edge { violations.append("move(\(banner.name)) to \(edge), where it is") }
        placed[banner] = Place(edge: edge, slot: slot)
    }

    func update(_ banner: Banner) {
        if places[banner] == nil { violations.append("update(\(banner.name)) while not on screen") }
    }

    func announce(_ banner: Banner, _ announcement: BannerAnnouncement) {
        if places[banner] != .onScreen || banner.state != .showing {
            violations.append("announce(\(banner.name)) while not showing")
        }
        if let said = lastSaid[banner], said.parts == announcement.parts, said.count == announcement.count {
            violations.append("announce(\(banner.name)) said \(said.parts) ×\(said.count) twice")
        }
        lastSaid[banner] = announcement
    }

    func beginHide(_ banner: Banner, reason: BannerHideReason, transition: BannerTransition) {
        if places[banner] != .onScreen { violations.append("beginHide(\(banner.name)) while not on screen") }
        places[banner] = .leaving
        placed[banner] = nil
    }

    func finishHide(_ banner: Banner) {
        if places[banner] != .leaving { violations.append("finishHide(\(banner.name)) while not leaving") }
        places[banner] = nil
    }

    /// The queue this presenter shows, for the deck's checks.
    weak var queue: BannerQueue?
    private var lastDeck: BannerDeck?
    private(set) var deckCounts: [(count: Int, at: Duration)] = []
    private var lastSpokenCount: Int?

    func deckChanged(_ deck: BannerDeck) {
        if deck == lastDeck { violations.append("deckChanged(\(deck)) without a change") }
        if let queue, deck.waitingCount != queue.queuedBanners.count {
            violations.append("deck says \(deck.waitingCount) waiting, the queue has \(queue.queuedBanners.count)")
        }
        if deck.isCollapsed, deck.isExpanded { violations.append("deck both collapsed and open") }
        // An emptied deck may say its next count again, whatever it is.
        if deck.waitingCount == 0 { lastSpokenCount = nil }
        lastDeck = deck
    }

    /// The deck's count is spoken only when it changed, never 0, and never
    /// twice within the burst pause (no flood).
    func announceDeck(count: Int) {
        let now = queue?.scheduler.now ?? .zero
        if count <= 0 { violations.append("announceDeck(\(count))") }
        if lastSpokenCount == count { violations.append("announceDeck(\(count)) twice in a row") }
        if let last = deckCounts.last, now - last.at < BannerQueue.deckAnnouncementDelay {
            violations.append("announceDeck flooding at \(now)")
        }
        if let queue, count != queue.queuedBanners.count { violations.append("announceDeck(\(count)) with \(queue.queuedBanners.count) waiting") }
        lastSpokenCount = count
        deckCounts.append((count, now))
    }
}

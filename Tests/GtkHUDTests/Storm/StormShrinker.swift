/// Shrinks a failing storm to a short replay by delta debugging (Zeller's
/// ddmin): drop chunks of steps, then single calls, keeping a smaller list only
/// if a fresh run of it (new windows, a reset ProgressHUD) fails the same check.
@MainActor
struct StormShrinker {
    let budgetSeconds: Double
    private(set) var runs = 0
    private let started = StormRunner.now

    init(budgetSeconds: Double) { self.budgetSeconds = budgetSeconds }

    private var hasTime: Bool { StormRunner.now - started < budgetSeconds }

    mutating func shrink(_ steps: [[StormOperation]], failure: StormFailure) -> (steps: [[StormOperation]], failure: StormFailure) {
        var best = (steps: Array(steps.prefix(failure.step)), failure: failure)
        if failure.step > steps.count { best = shortestFailingPrefix(best) }
        // Whole steps first (cheap), then the calls inside the steps that are left.
        best = ddmin(best, split: { $0.map { [$0] } }, join: { $0.flatMap { $0 } })
        best = ddmin(best, split: Self.calls, join: Self.steps)
        // Calls on a HUD, run or banner whose creation was dropped did nothing but
        // let time pass; without them the replay compiles. Kept if they matter.
        let pruned = Self.withoutDanglingCalls(best.steps)
        if pruned.count < best.steps.count || pruned.flatMap({ $0 }).count < best.steps.flatMap({ $0 }).count, hasTime,
           let found = fails(pruned, like: best.failure) {
            best = (pruned, found)
        }
        return best
    }

    /// `steps` without the calls that name a HUD, run or banner no earlier call created.
    static func withoutDanglingCalls(_ steps: [[StormOperation]]) -> [[StormOperation]] {
        var huds = Set<Int>(), runs = Set<Int>(), banners = Set<Int>()
        return steps.map { step in
            step.filter { operation in
                switch operation {
                case .newHUD(let hud, _, _), .paneHUD(let hud, _, _): huds.insert(hud); return true
                case .broadcast(let first, _):
                    banners.formUnion(first...(first + 2))
                    return true
                case .runStart(let run, let hud, _):
                    guard huds.contains(hud) else { return false }
                    runs.insert(run)
                    return true
                case .bannerShow(let banner, _, _, _, _), .bannerShowID(let banner, _, _, _), .taskStart(let banner, _),
                     .undoShow(let banner, _, _, _, _), .placedBanner(let banner, _, _, _, _), .routedBanner(let banner, _, _):
                    banners.insert(banner)
                    return true
                case .taskProgress(let banner, _), .taskEnd(let banner, _), .taskCancel(let banner): return banners.contains(banner)
                case .hudShow(let hud), .hudHide(let hud), .hudHideAndWait(let hud, _), .hudMode(let hud, _),
                     .hudLabel(let hud, _), .hudProgress(let hud, _, _), .hudMask(let hud, _),
                     .hover(_, .hudBezel(let hud)):
                    return huds.contains(hud)
                case .runEnd(let run, _), .runCancel(let run): return runs.contains(run)
                case .bannerUpdate(let banner, _), .bannerDismiss(let banner), .bannerIgnoresAttention(let banner), .bannerNotifies(let banner, _),
                     .hover(_, .banner(let banner)), .pressUndo(let banner, _), .callUndo(let banner), .pressClose(let banner),
                     .swipe(let banner):
                    return banners.contains(banner)
                default: return true
                }
            }
        }.filter { !$0.isEmpty }
    }

    /// A failure found only at the end (a leak, an await that never returned):
    /// the shortest prefix that still fails, by bisection (a leak, once made, stays).
    private mutating func shortestFailingPrefix(_ start: (steps: [[StormOperation]], failure: StormFailure))
        -> (steps: [[StormOperation]], failure: StormFailure) {
        var best = start
        var low = 0, high = start.steps.count // prefix(low) passes (assumed), prefix(high) fails
        while high - low > 1, hasTime {
            let middle = (low + high) / 2
            let candidate = Array(start.steps.prefix(middle))
            if let found = fails(candidate, like: start.failure) {
                high = middle
                best = (candidate, found)
            } else {
                low = middle
            }
        }
        return best
    }

    /// The calls of `steps`, each tagged with its step so that calls made back to back stay together.
    private static func calls(_ steps: [[StormOperation]]) -> [(Int, StormOperation)] {
        steps.enumerated().flatMap { index, step in step.map { (index, $0) } }
    }

    private static func steps(_ calls: [(Int, StormOperation)]) -> [[StormOperation]] {
        var result: [[StormOperation]] = []
        var current: Int?
        for (index, operation) in calls {
            if index == current { result[result.count - 1].append(operation) } else { result.append([operation]); current = index }
        }
        return result
    }

    private mutating func fails(_ steps: [[StormOperation]], like failure: StormFailure) -> StormFailure? {
        runs += 1
        return StormRunner.run(steps, stoppingAt: [failure.check]).first
    }

    private mutating func ddmin<Part>(_ start: (steps: [[StormOperation]], failure: StormFailure),
                                      split: ([[StormOperation]]) -> [Part],
                                      join: ([Part]) -> [[StormOperation]]) -> (steps: [[StormOperation]], failure: StormFailure) {
        var parts = split(start.steps)
        var failure = start.failure
        var granularity = 2
        while parts.count >= 2, hasTime {
            let size = (parts.count + granularity - 1) / granularity
            var reduced = false
            var offset = 0
            while offset < parts.count, hasTime {
                // Try the complement of one chunk: everything but parts[offset ..< offset + size].
                var candidate = parts
                candidate.removeSubrange(offset..<min(offset + size, parts.count))
                if !candidate.isEmpty, let found = fails(join(candidate), like: failure) {
                    parts = candidate
                    failure = found
                    granularity = max(granularity - 1, 2)
                    reduced = true
                    // Keep what failed before this step only: later calls cannot matter.
                    let kept = join(parts)
                    if found.step < kept.count { parts = split(Array(kept.prefix(found.step))) }
                    break
                }
                offset += size
            }
            if !reduced {
                if granularity >= parts.count { break }
                granularity = min(granularity * 2, parts.count)
            }
        }
        return (join(parts), failure)
    }
}

/// A failing run printed as Swift a developer can paste into a test.
enum StormReplay {
    static func text(seed: UInt64?, steps: [[StormOperation]], failure: StormFailure) -> String {
        var lines: [String] = []
        lines.append("Storm replay\(seed.map { " (seed \($0))" } ?? ""): \(steps.count) steps; after step \(failure.step) "
            + "the check \"\(failure.check)\" failed: \(failure.detail)")
        lines.append("    // Set-up: window0 (GtkWindow) and window1 (AdwWindow), 480×360, presented; each has an entry.")
        lines.append("    // Helpers in Tests/GtkHUDTests/Storm: gateN = StormGate() (the run's work waits on it), "
            + "onAnotherThread = StormThreads.onAnotherThread, settle() = StormWorld.settle.")
        lines.append("    ProgressHUD.minimumDismissTime = \(StormTiming.resultSeconds); "
            + "ProgressHUD.maximumDismissTime = \(StormTiming.resultSeconds)")
        lines.append("    ProgressHUD.fadeInDuration = \(StormTiming.fade); ProgressHUD.fadeOutDuration = \(StormTiming.fade)")
        for (index, step) in steps.enumerated() {
            lines.append("    // step \(index + 1)")
            for operation in step { lines.append("    " + operation.swiftSource) }
            lines.append("    settle()   // the main loop runs until nothing moves (fades end, progress lands)")
        }
        lines.append("    // → \(failure.check): \(failure.detail)")
        return lines.joined(separator: "\n")
    }
}

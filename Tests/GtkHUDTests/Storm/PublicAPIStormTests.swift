import Foundation
import XCTest

/// Issue #19's storm over the public API on real widgets: seeded random steps
/// of ProgressHUD, HUD, HUD.run, NotificationBanner calls, host changes, window
/// destruction, mask changes, real pointer and key input and animation toggles,
/// over two windows, checked against ``StormModel`` after every step. Issue #26
/// added task banners, ids, undo banners (Undo clicked with xdotool or called,
/// close buttons, swipes), each window's `maxVisible`, `queueLimit`,
/// `overflowPolicy` and `stacking` (bad values included), `dismissAll` and bursts.
///
/// The CI-sized run is a few fixed seeds. The long mode (scripts/storm):
///   GTKHUD_STORM_SEEDS=1-50 GTKHUD_STORM_STEPS=400 (seeds: "7", "1,5,9" or "1-50")
///   GTKHUD_STORM_SHRINK_SECONDS=120 (time for shrinking a failure to a replay; 0: none)
///   GTKHUD_STORM_EVERY_CHECK=1 (run on past a failure; shrink the first failure of each check)
///   GTKHUD_STORM_ONLY_CHECKS=focus.blocked,leak (with EVERY_CHECK: report only these checks)
/// A failing seed prints its shrunk replay as Swift source.
final class PublicAPIStormTests: XCTestCase {
    /// About three minutes on a 2-core machine (some 14 s per seed). With each of
    /// issue #19's fixes reverted (scripts/storm-reverts.list) some seed fails.
    static let ciSeeds: [UInt64] = Array(1...11)
    static let ciSteps = 150

    func testFixedSeedsFollowTheModel() throws {
        try XInput.require()
        let environment = ProcessInfo.processInfo.environment
        let seeds = environment["GTKHUD_STORM_SEEDS"].flatMap(Self.parseSeeds) ?? Self.ciSeeds
        let steps = environment["GTKHUD_STORM_STEPS"].flatMap { Int($0) } ?? Self.ciSteps
        // Shared by all failing seeds: a broken build still ends in a few minutes.
        let shrinkSeconds = environment["GTKHUD_STORM_SHRINK_SECONDS"].flatMap { Double($0) } ?? 120
        let everyCheck = environment["GTKHUD_STORM_EVERY_CHECK"] == "1"
        MainActor.assumeIsolated {
            var budget = shrinkSeconds
            for seed in seeds {
                budget -= Self.run(seed: seed, steps: steps, shrinkSeconds: max(0, budget), everyCheck: everyCheck)
            }
        }
    }

    /// Runs one seed; on a failure, shrinks it and fails the test with the replay.
    /// With `everyCheck`, runs on past failures and shrinks the first failure of each check.
    /// Returns the seconds spent shrinking.
    @MainActor
    @discardableResult
    static func run(seed: UInt64, steps: Int, shrinkSeconds: Double, everyCheck: Bool = false) -> Double {
        let started = StormRunner.now
        var generator = StormGenerator(seed: seed)
        let storm = generator.steps(steps)
        let failures = StormRunner.run(storm, stoppingAt: everyCheck ? [] : nil)
        guard !failures.isEmpty else {
            print("storm seed \(seed): \(steps) steps passed in \(String(format: "%.1f", StormRunner.now - started)) s")
            return 0
        }
        var spent = 0.0
        let only = ProcessInfo.processInfo.environment["GTKHUD_STORM_ONLY_CHECKS"].map { Set($0.split(separator: ",").map(String.init)) }
        for failure in failures where only?.contains(failure.check) ?? true {
            print("storm seed \(seed): step \(failure.step) failed \(failure.check): \(failure.detail)")
            var shrunk: (steps: [[StormOperation]], failure: StormFailure) = (Array(storm.prefix(failure.step)), failure)
            var shrinker = StormShrinker(budgetSeconds: shrinkSeconds - spent)
            let shrinkStarted = StormRunner.now
            if shrinkSeconds - spent > 0 { shrunk = shrinker.shrink(storm, failure: failure) }
            spent += StormRunner.now - shrinkStarted
            let replay = StormReplay.text(seed: seed, steps: shrunk.steps, failure: shrunk.failure)
            print(replay)
            print("(shrunk in \(shrinker.runs) reruns, \(String(format: "%.1f", StormRunner.now - started)) s since the seed started)")
            XCTFail("storm seed \(seed) failed \"\(failure.check)\" at step \(failure.step): \(failure.detail)\n\(replay)")
        }
        return spent
    }

    /// "7", "1,5,9" or "1-50".
    static func parseSeeds(_ text: String) -> [UInt64]? {
        let parts = text.split(separator: "-").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
        if parts.count == 2, text.contains("-") { return Array(parts[0]...parts[1]) }
        let list = text.split(separator: ",").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
        return list.isEmpty ? nil : list
    }
}

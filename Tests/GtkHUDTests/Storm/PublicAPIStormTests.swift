import Foundation
import XCTest

/// Issue #19's storm over the public API on real widgets: seeded random steps
/// of ProgressHUD, HUD, HUD.run, NotificationBanner calls, host changes, window
/// destruction, mask changes, real pointer and key input and animation toggles,
/// over two windows, checked against ``StormModel`` after every step.
///
/// The CI-sized run is a few fixed seeds. The long mode (scripts/storm):
///   GTKHUD_STORM_SEEDS=1-50 GTKHUD_STORM_STEPS=400 (seeds: "7", "1,5,9" or "1-50")
///   GTKHUD_STORM_SHRINK_SECONDS=120 (time for shrinking a failure to a replay; 0: none)
/// A failing seed prints its shrunk replay as Swift source.
final class PublicAPIStormTests: XCTestCase {
    static let ciSeeds: [UInt64] = [1, 2, 3, 4]
    static let ciSteps = 120

    func testFixedSeedsFollowTheModel() throws {
        try XInput.require()
        let environment = ProcessInfo.processInfo.environment
        let seeds = environment["GTKHUD_STORM_SEEDS"].flatMap(Self.parseSeeds) ?? Self.ciSeeds
        let steps = environment["GTKHUD_STORM_STEPS"].flatMap { Int($0) } ?? Self.ciSteps
        let shrinkSeconds = environment["GTKHUD_STORM_SHRINK_SECONDS"].flatMap { Double($0) } ?? 90
        MainActor.assumeIsolated {
            for seed in seeds { Self.run(seed: seed, steps: steps, shrinkSeconds: shrinkSeconds) }
        }
    }

    /// Runs one seed; on a failure, shrinks it and fails the test with the replay.
    @MainActor
    static func run(seed: UInt64, steps: Int, shrinkSeconds: Double) {
        let started = StormRunner.now
        var generator = StormGenerator(seed: seed)
        let storm = generator.steps(steps)
        guard let failure = StormRunner.run(storm) else {
            print("storm seed \(seed): \(steps) steps passed in \(String(format: "%.1f", StormRunner.now - started)) s")
            return
        }
        print("storm seed \(seed): step \(failure.step) failed \(failure.check): \(failure.detail)")
        var shrunk: (steps: [[StormOperation]], failure: StormFailure) = (Array(storm.prefix(failure.step)), failure)
        var shrinker = StormShrinker(budgetSeconds: shrinkSeconds)
        if shrinkSeconds > 0 { shrunk = shrinker.shrink(storm, failure: failure) }
        let replay = StormReplay.text(seed: seed, steps: shrunk.steps, failure: shrunk.failure)
        print(replay)
        print("(shrunk in \(shrinker.runs) reruns, \(String(format: "%.1f", StormRunner.now - started)) s in all)")
        XCTFail("storm seed \(seed) failed \"\(failure.check)\" at step \(failure.step): \(failure.detail)\n\(replay)")
    }

    /// "7", "1,5,9" or "1-50".
    static func parseSeeds(_ text: String) -> [UInt64]? {
        let parts = text.split(separator: "-").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
        if parts.count == 2, text.contains("-") { return Array(parts[0]...parts[1]) }
        let list = text.split(separator: ",").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
        return list.isEmpty ? nil : list
    }
}

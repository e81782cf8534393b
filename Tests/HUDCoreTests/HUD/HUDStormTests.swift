import Testing
@testable import HUDCore

/// Random operations on virtual time, checking invariants after every step.
/// A failure prints the seed and step, so it replays exactly.
@MainActor
@Suite struct HUDStormTests {
    private static let operationCount = 10_000

    @Test(arguments: [1 as UInt64, 42, 0xC0FFEE])
    func lifecycleStormKeepsItsPromises(seed: UInt64) {
        var random = HUDSplitMix64(seed: seed)
        let scheduler = ManualScheduler()
        let lifecycle = HUDLifecycle(scheduler: scheduler)
        let presenter = StrictHUDPresenter()
        lifecycle.presenter = presenter
        let recorder = HUDEventRecorder(observing: lifecycle, scheduler: scheduler)
        let probe = HUDCompletionProbe()

        for step in 0..<Self.operationCount {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<25: lifecycle.show()
            case 25..<37: lifecycle.hide(completion: probe.make())
            case 37..<49: lifecycle.hide(afterDelay: Self.randomSpan(&random), completion: probe.make())
            case 49..<57: lifecycle.hide(afterShownFor: Self.randomSpan(&random), completion: probe.make())
            case 57..<59: lifecycle.cancelAll()
            case 59..<62: lifecycle.configuration = Self.randomConfiguration(&random)
            default: scheduler.advance(by: Self.randomSpan(&random))
            }
            let context = "seed \(seed), step \(step)"
            #expect(recorder.violations.isEmpty, "\(context): \(recorder.violations)")
            #expect(presenter.violations.isEmpty, "\(context): \(presenter.violations)")
            #expect(presenter.isOnScreen == lifecycle.isVisible, "\(context)")
            #expect(!probe.anyRanTwice, "\(context)")
            if recorder.violations.count + presenter.violations.count > 0 { return }
        }

        lifecycle.cancelAll()
        scheduler.runUntilIdle()
        #expect(probe.issued > 1_000)
        #expect(probe.notRunExactlyOnce.isEmpty)
        #expect(recorder.events.last == .didDisappear || recorder.events.isEmpty)
        #expect(!presenter.isOnScreen)
        #expect(scheduler.pendingCount == 0)
    }

    @Test(arguments: [7 as UInt64, 2024, 0xBADC0DE])
    func sharedHUDStormKeepsItsPromises(seed: UInt64) {
        var random = HUDSplitMix64(seed: seed)
        let scheduler = ManualScheduler()
        let hud = SharedHUDController(scheduler: scheduler)
        let presenter = StrictHUDPresenter()
        hud.attach(presenter)
        let recorder = HUDEventRecorder(observing: hud.lifecycle, scheduler: scheduler)
        let probe = HUDCompletionProbe()
        let progressValues: [Double] = [0, 0.25, 0.5, 1, -1, 2, .nan, .infinity]

        for step in 0..<Self.operationCount {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<14: hud.show(status: Bool.random(using: &random) ? "Working" : nil)
            case 14..<22: hud.showProgress(progressValues.randomElement(using: &random)!, status: "Copying")
            case 22..<26: hud.updateProgress(Double.random(in: 0...1, using: &random))
            case 26..<28: hud.setStatus(Bool.random(using: &random) ? "Step" : "")
            case 28..<34: Self.showStatusHUD(on: hud, using: &random)
            case 34..<40: hud.dismiss(completion: probe.make())
            case 40..<45:
                let seconds = Double(Int.random(in: 0...3000, using: &random)) / 1000
                hud.dismiss(withDelay: seconds, completion: probe.make())
            case 45..<58: hud.popActivity()
            case 58..<59: hud.cancelAll()
            case 59..<61: hud.core.timing.graceTime = [0, 0.1, 0.4].randomElement(using: &random)!
            case 61..<62: hud.core.timing.minimumDismissTime = [0, 1, 5].randomElement(using: &random)!
            default: scheduler.advance(by: Self.randomSpan(&random))
            }
            let context = "seed \(seed), step \(step)"
            #expect(hud.activityCount >= 0, "\(context)")
            #expect(recorder.violations.isEmpty, "\(context): \(recorder.violations)")
            #expect(presenter.violations.isEmpty, "\(context): \(presenter.violations)")
            #expect(presenter.isOnScreen == hud.isVisible, "\(context)")
            #expect(!probe.anyRanTwice, "\(context)")
            if hud.activityCount > 0 {
                // A counted activity keeps the HUD up: no hide can be pending or under way.
                #expect([.gracePending, .fadingIn, .visible].contains(hud.lifecycle.phase), "\(context)")
                #expect(!hud.lifecycle.hasPendingHide, "\(context)")
            }
            if recorder.violations.count + presenter.violations.count > 0 { return }
        }

        hud.cancelAll()
        scheduler.runUntilIdle()
        #expect(probe.issued > 500)
        #expect(probe.notRunExactlyOnce.isEmpty)
        #expect(!presenter.isOnScreen)
        #expect(scheduler.pendingCount == 0)
    }

    private static func randomSpan(_ random: inout HUDSplitMix64) -> Duration {
        .milliseconds(Int.random(in: 0...800, using: &random))
    }

    private static func randomConfiguration(_ random: inout HUDSplitMix64) -> HUDLifecycle.Configuration {
        func pick(_ choices: [Int64]) -> Duration { .milliseconds(choices.randomElement(using: &random)!) }
        return .init(
            graceTime: pick([0, 0, 100, 400]),
            minimumShowTime: pick([0, 0, 300, 1000]),
            fadeInDuration: pick([0, 150, 300]),
            fadeOutDuration: pick([0, 150, 300])
        )
    }

    private static func showStatusHUD(on hud: SharedHUDController, using random: inout HUDSplitMix64) {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: hud.showSuccess(status: "Saved")
        case 1: hud.showError(status: nil)
        case 2: hud.showInfo(status: String(repeating: "i", count: 120))
        default: hud.showImage(.iconName("face-smile-symbolic"), status: "Hi")
        }
    }
}

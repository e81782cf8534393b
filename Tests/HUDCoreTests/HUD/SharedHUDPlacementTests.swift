import Testing
@testable import HUDCore

/// Issue #27: a routed shared HUD stays with its run in the window it started
/// in; a named context is followed at every call.
@MainActor
@Suite struct SharedHUDPlacementTests {
    @Test func aNamedContextIsFollowedWhateverTheHUDIsDoing() {
        for phase in HUDPhase.allCases {
            #expect(SharedHUDPlacement.decide(context: .named, phase: phase, placeIsShown: true) == .resolve)
        }
    }

    @Test func aRoutedContextIsRoutedOnlyWhenNoRunIsOnOrItsPlaceIsGone() {
        #expect(SharedHUDPlacement.decide(context: .routed, phase: .hidden, placeIsShown: true) == .resolve)
        for phase in HUDPhase.allCases where phase != .hidden {
            #expect(SharedHUDPlacement.decide(context: .routed, phase: phase, placeIsShown: true) == .stay)
            #expect(SharedHUDPlacement.decide(context: .routed, phase: phase, placeIsShown: false) == .resolve)
        }
    }

    /// From the first show (in its grace time) to the end of its fade-out the
    /// run keeps its window; the next show after that is routed again.
    @Test func aRunKeepsItsWindowUntilTheHUDHasGoneOnVirtualTime() {
        let scheduler = ManualScheduler()
        let hud = SharedHUDController(scheduler: scheduler)
        hud.attach(HUDRecordingPresenter(scheduler: scheduler))
        hud.core.timing.graceTime = 0.5
        hud.core.timing.fadeOutDuration = 0.2
        #expect(hud.placement(for: .routed, placeIsShown: true) == .resolve, "nothing running yet")
        hud.showProgress(0.2, status: "Exporting")
        #expect(hud.placement(for: .routed, placeIsShown: true) == .stay, "in its grace time")
        scheduler.advance(to: .seconds(1))
        #expect(hud.isVisible)
        #expect(hud.placement(for: .routed, placeIsShown: true) == .stay, "on screen")
        hud.dismiss()
        scheduler.advance(to: .milliseconds(1100))
        #expect(hud.placement(for: .routed, placeIsShown: true) == .stay, "fading out: a show now revives it in place")
        scheduler.advance(to: .seconds(2))
        #expect(!hud.isVisible)
        #expect(hud.placement(for: .routed, placeIsShown: true) == .resolve, "gone: the next run is routed")
    }
}

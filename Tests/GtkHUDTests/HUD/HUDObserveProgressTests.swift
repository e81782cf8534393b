import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import XCTest

/// `HUD.observe(Progress)`: paced like `setProgress`, and let go with the HUD's window.
final class HUDObserveProgressTests: XCTestCase {
    func testTheHUDFollowsAProgressOncePerFrame() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = try! HUD(on: host.window)
            let progress = Progress(totalUnitCount: 10)
            hud.observe(progress)
            hud.show(animated: false)
            XCTAssertEqual(hud.mode, .annularDeterminate)
            progress.completedUnitCount = 4
            HUDTesting.wait("the HUD to follow") { hud.progress == 0.4 }
            progress.completedUnitCount = 7
            HUDTesting.wait("the HUD to follow again") { hud.progress == 0.7 }
            hud.observe(nil)
            progress.completedUnitCount = 9
            host.waitForFrames(3)
            XCTAssertEqual(hud.progress, 0.7, "no longer followed")
        }
    }

    /// `observe` switches only the modes without an amount (spinner, text
    /// only) to a ring: a bar or a pie the app chose is kept.
    func testObservingKeepsADeterminateModeAndTurnsTextIntoARing() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            for (mode, expected) in [(HUD.Mode.determinateHorizontalBar, HUD.Mode.determinateHorizontalBar),
                                     (.determinate, .determinate), (.text, .annularDeterminate)] {
                let hud = try! HUD(on: host.window)
                hud.mode = mode
                let progress = Progress(totalUnitCount: 4)
                hud.observe(progress)
                hud.show(animated: false)
                XCTAssertEqual(hud.mode, expected, "observing from \(mode)")
                progress.completedUnitCount = 1
                HUDTesting.wait("the HUD to follow from \(mode)") { hud.progress == 0.25 }
                hud.observe(nil)
                hud.hide(animated: false)
                HUDTesting.wait("hidden") { hud.isFinished }
            }
        }
    }

    /// Found by reading (issue #19): the host's destruction dropped the poll
    /// without removing its frame callback, which kept the `Progress` alive.
    func testTheHostsDestructionLetsTheProgressGo() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            let hud = try! HUD(on: host.window)
            weak var released: Progress?
            do {
                let progress = Progress(totalUnitCount: 10)
                released = progress
                hud.observe(progress)
                hud.show(animated: false)
                host.waitForFrames(2)
            }
            XCTAssertNotNil(released, "followed while shown")
            host.close()
            for _ in 0..<10 { MainLoop.iterate() }
            XCTAssertNil(released, "the window went: nothing holds the Progress any more")
            withExtendedLifetime(hud) {}
        }
    }
}

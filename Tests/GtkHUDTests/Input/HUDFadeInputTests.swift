import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import XCTest

/// Real clicks while a blocking HUD fades, with animations on: a HUD on its way
/// out lets clicks through to the content at once (the app is usable again the
/// moment it dismisses the HUD), and a HUD turned around during its fade-out
/// blocks them again. With animations off both fades take no time and neither
/// case can be seen.
final class HUDFadeInputTests: XCTestCase {
    /// Long enough that xdotool's click lands well inside the fade.
    private static let fadeSeconds = 3.0

    override func tearDown() {
        MainActor.assumeIsolated { HUDTesting.setAnimations(true) }
    }

    /// A window with xdotool attached, a click counter on its content, and a HUD with a `.clear` mask.
    @MainActor
    private static func withFadingHUD(
        _ body: @MainActor (HostWindow, HUD, XInput, _ corner: (x: Int, y: Int), _ contentClicks: () -> Int) -> Void
    ) throws {
        try XInput.require()
        HUDTesting.setAnimations(true)
        let (host, content) = HUDTesting.window()
        defer { host.close() }
        guard let input = XInput(window: host.window) else { return XCTFail("xdotool found no X window for the test window") }
        defer { input.restore() }
        var clicks = 0
        let connection = Signal.connect(UnsafeMutableRawPointer(content), "clicked") { clicks += 1 }
        defer { connection.disconnect() }
        var appearance = HUD.defaultAppearance
        appearance.mask = .clear
        let hud = try! HUD(on: host.window, appearance: appearance)
        hud.animationDuration = fadeSeconds
        body(host, hud, input, input.point(in: content, x: 20, y: 20), { clicks })
    }

    /// Shows `hud` at once, then starts its (long) fade-out.
    @MainActor
    private static func startFadeOut(_ hud: HUD, on host: HostWindow) {
        hud.show(animated: false)
        host.waitForFrames(2)
        hud.hide(animated: true)
        host.waitForFrames(2)
    }

    func testClicksReachTheContentDuringTheFadeOut() throws {
        try MainActor.assumeIsolated {
            try Self.withFadingHUD { host, hud, input, corner, contentClicks in
                Self.startFadeOut(hud, on: host)
                XCTAssertTrue(hud.isVisible, "fading out")
                input.click(at: corner)
                input.waitUntilHandled(on: host)
                XCTAssertTrue(hud.isVisible, "the click landed during the fade-out")
                XCTAssertEqual(contentClicks(), 1, "a dismissed HUD's mask no longer takes clicks while it fades out")
                XInput.wait("the fade-out to end") { hud.isFinished }
            }
        }
    }

    func testAHUDShownAgainDuringItsFadeOutBlocksClicksAgain() throws {
        try MainActor.assumeIsolated {
            try Self.withFadingHUD { host, hud, input, corner, contentClicks in
                Self.startFadeOut(hud, on: host)
                hud.show(animated: false) // turns the fade-out around
                host.waitForFrames(2)
                input.click(at: corner)
                input.waitUntilHandled(on: host)
                XCTAssertEqual(contentClicks(), 0, "the HUD is up again: its .clear mask blocks the click")
                hud.hide(animated: false)
                XInput.wait("the HUD to leave") { hud.isFinished }
            }
        }
    }
}

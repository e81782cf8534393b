import CGtk
@testable import GtkHUD
import GtkSupport
import HUDWidgets
import XCTest

/// How HUDs move: the entrance of a new HUD and the user's animation setting
/// followed live (issue #19, bugs 11 and 12). Animations are ON here: these
/// are the cases that happen only during an entrance or while spinning.
final class HUDMotionTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            ProgressHUD.reset()
            HUDTesting.setAnimations(true)
        }
    }

    /// Bug 12: a new instance HUD shown animated starts transparent and fades in.
    func testANewInstanceHUDFadesInFromTransparent() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            HUDTesting.setAnimations(true)
            for transition in [HUDAppearance.Transition.fade, .zoom] {
                let (host, _) = HUDTesting.window()
                var appearance = HUD.defaultAppearance
                appearance.transition = transition
                let hud = try! HUD(on: host.window, appearance: appearance)
                hud.animationDuration = 0.3
                hud.label = "Fading"
                hud.show(animated: true)
                host.waitForFrames(1)
                let bezel = try! XCTUnwrap(hud.view.bezelWidget)
                XCTAssertLessThan(gtk_widget_get_opacity(bezel), 0.6, "\(transition): the first frame is not fully opaque")
                HUDTesting.wait("\(transition): fully shown") { gtk_widget_get_opacity(bezel) == 1 }
                hud.hide(animated: false)
                host.close()
            }
        }
    }

    /// Bug 11: turning animations off stops a spinner already on screen, and on again restarts it.
    func testASpinnerOnScreenFollowsTheAnimationSettingLive() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            HUDTesting.setAnimations(true)
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            ProgressHUD.host = host.window
            defer { ProgressHUD.host = nil }
            ProgressHUD.show(status: "Spinning")
            let bezel = try! XCTUnwrap(ProgressHUD.bezelWidget?.gtkWidget)
            let ring = try! XCTUnwrap(HUDInputTests.descendant(of: bezel, cssClass: "indeterminate").flatMap { HUDRingWidget.of($0) })
            HUDTesting.wait("the spinner turning") { ring.isSpinning }
            HUDTesting.setAnimations(false)
            host.waitForFrames(1)
            XCTAssertFalse(ring.isSpinning, "the spinner stops when the user turns animations off")
            HUDTesting.setAnimations(true)
            host.waitForFrames(1)
            XCTAssertTrue(ring.isSpinning, "and turns again when they are back on")
        }
    }
}

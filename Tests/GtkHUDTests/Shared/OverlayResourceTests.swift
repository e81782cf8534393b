import CGtk
import Foundation
@testable import GtkHUD
@testable import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// What an overlay keeps does not pile up: dispose handlers and generated CSS (issue #11 item 6).
final class OverlayResourceTests: XCTestCase {

    func testTheSharedHUDDoesNotPileUpDisposeHandlers() throws {
        try HUDTesting.withWindow { host, _ in
            let (other, _) = HUDTesting.window()
            defer { other.close() }
            ProgressHUD.host = host.window
            ProgressHUD.show()
            let overlay = try XCTUnwrap(HUDOverlay.windowLayer(of: host.window).flatMap { HUDOverlayWidget.of($0) })
            let attached = overlay.disposeHandlerCount
            for index in 0..<10 {
                ProgressHUD.host = index % 2 == 0 ? other.window : host.window
                ProgressHUD.show()
                ProgressHUD.dismiss()
            }
            XCTAssertEqual(attached, 1, "one handler per overlay: its host's, which ends everything on it")
            XCTAssertEqual(overlay.disposeHandlerCount, attached, "however often the HUD moved")
            ProgressHUD.host = other.window
            ProgressHUD.show()
            XCTAssertEqual(overlay.disposeHandlerCount, attached, "moving away adds none")
        }
    }

    /// A look-up hands back the overlay's one `HUDOverlay`, not a new wrapper
    /// each time, and holding none keeps nothing alive.
    func testALookUpReturnsTheOverlaysOneObject() throws {
        try HUDTesting.withWindow { host, content in
            weak var released: HUDOverlay?
            do {
                let first = try XCTUnwrap(HUDOverlay.host(for: content))
                let again = try XCTUnwrap(HUDOverlay.host(for: GtkWidgetRef(pointer: host.window)))
                XCTAssertTrue(first === again, "one object per overlay")
                XCTAssertTrue(HUDOverlay.installed(in: host.window) === first)
                released = first
            }
            XCTAssertNil(released, "the overlay holds its HUDOverlay weakly: nothing is kept once the app lets go")
            XCTAssertNotNil(HUDOverlay.host(for: content), "a later look-up makes it anew")

            let made = try XCTUnwrap(HUDOverlay(content: nil))
            XCTAssertTrue(HUDOverlay.host(for: made.widget) === made, "an overlay the app made is the one found")
        }
    }

    func testGeneratedColourRulesAreParsedOnceAndDroppedWhenUnused() throws {
        try HUDTesting.withWindow { host, _ in
            let rulesBefore = GeneratedStyle.liveRuleCount
            let parsedBefore = GeneratedStyle.rulesParsed
            var hud: HUD? = try XCTUnwrap(HUD(on: host.window))
            hud?.label = "Colours"
            hud?.show()
            for step in 0..<50 {
                var appearance = hud!.appearance
                appearance.backgroundColor = HUDColor(red: Double(step) / 50, green: 0.2, blue: 0.3, alpha: 0.9)
                hud?.appearance = appearance
            }
            XCTAssertEqual(GeneratedStyle.liveRuleCount, rulesBefore + 1, "only the colour in use has a rule")
            XCTAssertEqual(GeneratedStyle.rulesParsed - parsedBefore, 50, "each new colour parses one rule, not the whole sheet")
            hud?.hide()
            hud = nil
            host.waitForFrames(1)
            XCTAssertEqual(GeneratedStyle.liveRuleCount, rulesBefore, "the rule went with the last widget using it")
        }
    }
}

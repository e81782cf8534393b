import CGtk
@testable import GtkHUD
import GtkSupport
import HUDCore
import XCTest

/// Issue #27 with real keys: a blocking HUD in one pane blocks only that pane.
/// Tab (xdotool under Xvfb) never takes the focus into the blocked pane's
/// content, moves freely in the other, and reaches both again afterwards.
final class ContextInputTests: XCTestCase {
    /// The widgets Tab visits in `count` presses, each read once the key was handled.
    @MainActor private static func tabRound(_ count: Int, in split: SplitWindow, input: XInput,
                                            key: String = "Tab") -> [UnsafeMutablePointer<GtkWidget>?] {
        (0..<count).map { _ in
            input.key(key)
            input.waitUntilHandled(on: split.host)
            return split.focus
        }
    }

    func testTabNeverEntersTheBlockedPaneAndMovesFreelyInTheOther() throws {
        try XInput.require()
        try MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            defer { HUDTesting.setAnimations(true) }
            let split = SplitWindow()
            defer { split.host.close() }
            let input = try XCTUnwrap(XInput(window: split.host.window))
            defer { input.restore() }
            gtk_widget_grab_focus(split.rightButtons[0])

            let hud = try HUD(in: .overlay(split.left), appearance: SplitWindow.blocking)
            hud.show(animated: false)
            XCTAssertEqual(split.focus, split.rightButtons[0], "a HUD in the left pane leaves the right pane's focus alone")
            let blocked = Self.tabRound(6, in: split, input: input) + Self.tabRound(6, in: split, input: input, key: "shift+Tab")
            XCTAssertFalse(blocked.contains { SplitWindow.isInContent($0, of: split.left) },
                           "Tab took the focus into the blocked pane")
            XCTAssertTrue(blocked.contains(split.rightButtons[0]) && blocked.contains(split.rightButtons[1]),
                          "Tab moves through the free pane")

            hud.hide(animated: false)
            HUDTesting.wait("the HUD gone") { !hud.isVisible }
            let after = Self.tabRound(6, in: split, input: input)
            XCTAssertTrue(split.leftButtons.allSatisfy { button in after.contains(button) }
                          && split.rightButtons.allSatisfy { button in after.contains(button) },
                          "the Tab order is whole again")
        }
    }

    /// Focus inside the pane when it is blocked: the HUD takes it (keys must
    /// not reach the content), Tab leaves for the other pane and never comes
    /// back into the blocked content; the end of the block, with the user in
    /// the other pane, leaves the focus there.
    func testABlockTakesTheFocusFromItsOwnPaneAndTheUserCanLeaveIt() throws {
        try XInput.require()
        try MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            defer { HUDTesting.setAnimations(true) }
            let split = SplitWindow()
            defer { split.host.close() }
            let input = try XCTUnwrap(XInput(window: split.host.window))
            defer { input.restore() }
            gtk_widget_grab_focus(split.leftButtons[0])

            let hud = try HUD(in: .overlay(split.left), appearance: SplitWindow.blocking)
            hud.show(animated: false)
            XCTAssertFalse(SplitWindow.isInContent(split.focus, of: split.left), "the HUD took the focus")
            let visited = Self.tabRound(8, in: split, input: input)
            XCTAssertFalse(visited.contains { SplitWindow.isInContent($0, of: split.left) })
            XCTAssertTrue(visited.contains(split.rightButtons[0]), "Tab leaves the blocked pane")

            gtk_widget_grab_focus(split.rightButtons[1])
            hud.hide(animated: false)
            HUDTesting.wait("the HUD gone") { !hud.isVisible }
            XCTAssertEqual(split.focus, split.rightButtons[1], "the end of the block does not pull the user back")
        }
    }
}

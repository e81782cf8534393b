import Testing
@testable import HUDCore

/// Issue #27: a blocking HUD in one pane leaves the keyboard of another pane alone.
@Suite struct BlockFocusRuleTests {
    @Test func aBlockTakesTheFocusFromItsOwnContextOrFromNowhereButNotFromAnotherPane() {
        #expect(BlockFocusRule.blockTakesFocus(from: .insideContext))
        #expect(BlockFocusRule.blockTakesFocus(from: .nowhere))
        #expect(!BlockFocusRule.blockTakesFocus(from: .elsewhere))
    }

    @Test func theEndOfABlockGivesTheFocusBackOnlyIfTheUserHasNotMovedOn() {
        #expect(BlockFocusRule.releaseRestoresFocus(from: .insideContext))
        #expect(BlockFocusRule.releaseRestoresFocus(from: .nowhere))
        #expect(!BlockFocusRule.releaseRestoresFocus(from: .elsewhere))
    }
}

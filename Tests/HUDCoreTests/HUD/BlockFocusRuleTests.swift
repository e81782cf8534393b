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

    /// The storm's find (issue #27, seed 5): a block that ended after its stack page was
    /// switched away gave the focus back to an entry on the hidden page; keys went into it.
    @Test func theEndOfABlockNeverGivesTheFocusToAWidgetThatNoLongerShows() {
        #expect(BlockFocusRule.release(from: .insideContext, previousFocusShows: false) == .firstInContext)
        #expect(BlockFocusRule.release(from: .nowhere, previousFocusShows: false) == .firstInContext)
        #expect(BlockFocusRule.release(from: .insideContext, previousFocusShows: true) == .restore)
        #expect(BlockFocusRule.release(from: .nowhere, previousFocusShows: true) == .restore)
        #expect(BlockFocusRule.release(from: .elsewhere, previousFocusShows: false) == .stay)
        #expect(BlockFocusRule.release(from: .elsewhere, previousFocusShows: true) == .stay)
    }

    /// A pane removed from its window while its HUD blocked: the block's end asked
    /// GTK to focus a widget in no window (a Gtk-CRITICAL in ContextTests' logs).
    @Test func aContextInNoWindowNeitherTakesNorGetsTheFocus() {
        #expect(!BlockFocusRule.blockTakesFocus(from: .outsideAnyWindow))
        #expect(!BlockFocusRule.releaseRestoresFocus(from: .outsideAnyWindow))
        #expect(BlockFocusRule.release(from: .outsideAnyWindow, previousFocusShows: false) == .stay)
        #expect(BlockFocusRule.release(from: .outsideAnyWindow, previousFocusShows: true) == .stay)
    }
}

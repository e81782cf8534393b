/// Where the keyboard goes when a blocking HUD blocks a context, and when the
/// block ends (issue #27). A context is a window, or a `HUDOverlay`-style
/// part of one (a pane, a stack page, a dialog's content); the GTK layer
/// reports where the focus is, the rule is here.
public enum BlockFocusRule {
    /// Where the keyboard focus is, seen from the blocked context.
    public enum FocusPlace: Sendable, Equatable {
        /// Nothing in the window has the focus.
        case nowhere
        /// Inside the context (on its content, or on a HUD of its own).
        case insideContext
        /// Elsewhere in the window: another pane the user works in.
        case elsewhere
        /// The context is in no window (taken out of it, a pane removed while
        /// blocked): none of its widgets can take the focus.
        case outsideAnyWindow
    }

    /// Whether a blocking HUD takes the focus: yes when the focus was in the
    /// context it blocks (the keys must not reach the content behind, and a
    /// screen reader speaks the HUD), or nowhere; never from another pane,
    /// where the user goes on working while this one is busy.
    public static func blockTakesFocus(from place: FocusPlace) -> Bool {
        place == .insideContext || place == .nowhere
    }

    /// Whether the end of the block gives the focus back to the widget that
    /// had it before: yes while the focus is still on the block (or nowhere);
    /// not when the user has moved on to another pane meanwhile, nor when the
    /// context left its window (GTK has no focus to give outside a window).
    public static func releaseRestoresFocus(from place: FocusPlace) -> Bool {
        place == .insideContext || place == .nowhere
    }

    /// Where the focus goes when a block ends.
    public enum Release: Sendable, Equatable {
        /// Back to the widget that had it before the block.
        case restore
        /// To the first widget of the context that can take it: the one that had
        /// it is no longer shown (a stack page switched away while blocked), and
        /// keys must not go into a widget the user cannot see.
        case firstInContext
        /// Left where it is: the user moved on to another pane.
        case stay
    }

    /// Where the focus goes when a block ends: nowhere new if the user moved on
    /// to another pane; back where it was if that widget still shows; else to
    /// the context's first widget (storm seed 5 found the focus given back to
    /// an entry on a hidden stack page).
    public static func release(from place: FocusPlace, previousFocusShows: Bool) -> Release {
        guard releaseRestoresFocus(from: place) else { return .stay }
        return previousFocusShows ? .restore : .firstInContext
    }
}

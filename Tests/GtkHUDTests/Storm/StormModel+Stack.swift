import GtkHUD
import HUDCore

/// Issue #26's calm stack in the model: each window's banners in order, as the
/// public API documents them (not as `BannerQueue` keeps them):
/// - at most `maxVisible` on screen (below 1 counts as 1, with a message); the
///   others wait in the order they came;
/// - a normal banner waits when the screen is full or others already wait; a
///   high one shows at once, and when the screen is full the oldest normal one
///   on screen (else the oldest) makes room: it waits again at the front of the
///   line, or, offering an undo, ends (`.replaced`) and commits;
/// - a banner that leaves the screen lets the next waiting one on, as the newest;
/// - with `.dropOldest`, more than `queueLimit` waiting (below 0 counts as 0, with
///   a message) ends the oldest waiting ones (normal before high) as `.dropped`;
///   `.queue` keeps them all;
/// - the deck: "+N more" for N waiting; with `.deck` stacking and more than one on
///   screen the older ones collapse behind the newest unless the pointer or the
///   keyboard is on them or on the badge.
/// What the user does (a timeout, Escape, a click on a button, a swipe) is not
/// predicted: the checks read it off the banners (`observeEnd`), and the model
/// then moves the line on by its own rules.
struct StormStack {
    var maxVisible = 1
    var queueLimit = 20
    var overflow = BannerOverflowPolicy.dropOldest
    var stacking = BannerStacking.deck
    /// On screen, newest first.
    var visible: [Int] = []
    /// Waiting, next first.
    var waiting: [Int] = []

    func contains(_ banner: Int) -> Bool { visible.contains(banner) || waiting.contains(banner) }
}

/// Issue #27: a place banners and HUDs go, with a queue of its own: a window
/// (context 0) or one of its contexts (1: the pane, 2 and 3: the stack's pages).
struct StormPlace: Hashable, Comparable, CustomStringConvertible {
    let window: Int
    let context: Int
    init(_ window: Int, _ context: Int = 0) {
        self.window = window
        self.context = context
    }
    static func < (lhs: Self, rhs: Self) -> Bool { (lhs.window, lhs.context) < (rhs.window, rhs.context) }
    var description: String { context == 0 ? "window\(window)" : "window\(window)'s context \(context)" }
    /// The places of a window.
    static func all(of window: Int) -> [StormPlace] { (0...3).map { StormPlace(window, $0) } }
}

extension StormModel {
    /// Whether `banner` is on screen or waiting in its place.
    func isInStack(_ banner: Int) -> Bool {
        guard let model = banners[banner], !model.windowGone else { return false }
        return stacks[model.place]?.contains(banner) ?? false
    }

    /// A new banner arrives in `window`.
    mutating func admit(_ banner: Int, in window: StormPlace) {
        guard var stack = stacks[window] else { return }
        if banners[banner]?.high == true {
            if stack.visible.count >= stack.maxVisible,
               let victim = stack.visible.last(where: { banners[$0]?.high != true }) ?? stack.visible.last {
                stack.visible.removeAll { $0 == victim }
                if banners[victim]?.undoable == true {
                    // An offer to undo never comes back later: it ends, and its change is committed.
                    markEnded(victim, .replaced)
                } else {
                    // Back to the front of the line (a high one shown earlier in the step too).
                    stack.waiting.insert(victim, at: 0)
                    banners[victim]?.mustShowNow = false
                }
            }
            stack.visible.insert(banner, at: 0)
        } else if stack.visible.count < stack.maxVisible, stack.waiting.isEmpty {
            stack.visible.insert(banner, at: 0)
        } else {
            stack.waiting.append(banner)
        }
        stacks[window] = stack
        dropOverflow(in: window)
    }

    /// `arriving` takes the place of `existing` (an id's `.replace`): on screen or in the line.
    mutating func replace(_ existing: Int, with arriving: Int, in window: StormPlace) {
        guard var stack = stacks[window] else { return }
        if let index = stack.visible.firstIndex(of: existing) {
            stack.visible[index] = arriving
        } else if let index = stack.waiting.firstIndex(of: existing) {
            stack.waiting[index] = arriving
        }
        stacks[window] = stack
        markEnded(existing, .replaced)
    }

    /// The app or the user ended `banner` for `reason`: it leaves its window's line, and the next one comes on.
    mutating func end(_ banner: Int, _ reason: BannerDismissReason) {
        guard isInStack(banner), let window = banners[banner]?.place else {
            banners[banner]?.mustBeGone = true
            banners[banner]?.mustShowNow = false
            return
        }
        stacks[window]?.visible.removeAll { $0 == banner }
        stacks[window]?.waiting.removeAll { $0 == banner }
        markEnded(banner, reason)
        fillScreen(in: window)
    }

    /// The checks saw `banner` end by the user's hand or its time (the model does not predict those).
    mutating func observeEnd(_ banner: Int, _ reason: BannerDismissReason) {
        end(banner, reason)
    }

    /// `BannerCenter.dismissAll()`: every banner of the window ends, waiting or on screen.
    mutating func dismissAll(in window: StormPlace) {
        guard let stack = stacks[window] else { return }
        for banner in stack.waiting + stack.visible { markEnded(banner, .dismissAll) }
        stacks[window]?.visible = []
        stacks[window]?.waiting = []
    }

    mutating func setMaxVisible(_ value: Int, in window: StormPlace) {
        guard stacks[window] != nil else { return }
        if value < 1 { expectDiagnostic(from: "BannerCenter.maxVisible") }
        // Lowering it takes nothing off the screen; raising it lets waiting banners on.
        stacks[window]?.maxVisible = max(1, value)
        fillScreen(in: window)
    }

    mutating func setQueueLimit(_ value: Int, in window: StormPlace) {
        guard stacks[window] != nil else { return }
        if value < 0 { expectDiagnostic(from: "BannerCenter.queueLimit") }
        stacks[window]?.queueLimit = max(0, value)
        dropOverflow(in: window)
    }

    mutating func setOverflow(_ policy: BannerOverflowPolicy, in window: StormPlace) {
        guard stacks[window] != nil else { return }
        stacks[window]?.overflow = policy
        dropOverflow(in: window)
    }

    /// `banner.undo()`: runs the undo (and ends the banner) only while it waits or shows
    /// with its change pending; otherwise it is refused with a message.
    mutating func callUndo(_ banner: Int) {
        guard let model = banners[banner], model.undoable else { return }
        if isInStack(banner) {
            undoCallExpected[banner] = true
            banners[banner]?.undone = true
            end(banner, .programmatic)
        } else {
            undoCallExpected[banner] = false
            diagnosticExpected = true
        }
    }

    /// A setting the app got wrong is corrected with a message under the name the app used.
    mutating func expectDiagnostic(from source: String) {
        diagnosticExpected = true
        diagnosticSources.insert(source)
    }

    // MARK: Steps of the rules

    private mutating func fillScreen(in window: StormPlace) {
        guard var stack = stacks[window] else { return }
        while stack.visible.count < stack.maxVisible, !stack.waiting.isEmpty {
            stack.visible.insert(stack.waiting.removeFirst(), at: 0)
        }
        stacks[window] = stack
    }

    private mutating func dropOverflow(in window: StormPlace) {
        guard var stack = stacks[window], stack.overflow == .dropOldest else { return }
        while stack.waiting.count > stack.queueLimit {
            let oldest = stack.waiting.firstIndex { banners[$0]?.high != true } ?? 0
            markEnded(stack.waiting.remove(at: oldest), .dropped)
        }
        stacks[window] = stack
    }

    /// `banner` (already out of its window's line) must be gone, for `reason`.
    private mutating func markEnded(_ banner: Int, _ reason: BannerDismissReason) {
        banners[banner]?.mustBeGone = true
        banners[banner]?.mustShowNow = false
        banners[banner]?.expectedEnd = reason
    }
}

import CGtk
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets

/// Issue #26's checks: each window's banners on screen and waiting, the deck, and undo banners.
extension StormChecker {
    /// Ends the model does not predict: the user's (Escape, a click on a button, a swipe, a tap) and the clock's.
    static let observedReasons: Set<BannerDismissReason> = [.timeout, .escape, .action, .closeButton, .swipe, .tap]

    /// Reads off the banners what ended them by the user's hand or by their time, and lets
    /// the model move its lines on; any other end of a banner the model keeps is a failure.
    func observeEnds(_ model: inout StormModel, _ world: StormWorld, _ fail: (String, String) -> Void) {
        for slot in model.stacks.keys.sorted() where world.windows[slot.window] != nil {
            guard let stack = model.stacks[slot] else { continue }
            for id in stack.visible + stack.waiting {
                guard let banner = world.banners[id], case .gone(let reason) = banner.state else { continue }
                if !Self.observedReasons.contains(reason) {
                    let place = stack.visible.contains(id) ? "on screen" : "waiting"
                    fail("banner.unexpectedEnd", "banner\(id) ended (\(reason)) in \(slot); the model has it \(place)")
                }
                model.observeEnd(id, reason)
            }
        }
    }

    /// Each window's banners on screen (newest first) and waiting (next first) are the model's,
    /// the deck's badge counts the waiting ones, and the banners collapse when the model says.
    func checkStacks(_ model: StormModel, _ world: StormWorld, _ fail: (String, String) -> Void) {
        var ids: [ObjectIdentifier: Int] = [:]
        for (id, banner) in world.banners { ids[ObjectIdentifier(banner)] = id }
        func names(_ banners: [NotificationBanner]) -> [Int] { banners.map { ids[ObjectIdentifier($0)] ?? -1 } }
        func listed(_ list: [Int]) -> String { list.isEmpty ? "none" : list.map { $0 < 0 ? "(not the storm's)" : "banner\($0)" }.joined(separator: ", ") }
        // A task banner the queue limit dropped at once is gone before `run` could be looked into.
        for id in world.tasksWithoutBanner.sorted() where model.isInStack(id) {
            fail("task.noBanner", "task\(id)'s banner was neither on screen nor waiting once run was called; the model has it in its window")
        }
        world.tasksWithoutBanner = []
        for slot in world.windows.keys.sorted().flatMap(StormPlace.all(of:)) {
            guard let expected = model.stacks[slot], let center = world.center(of: slot) else { continue }
            let visible = names(center.visibleBanners), waiting = names(center.queuedBanners)
            if visible != expected.visible {
                fail("stack.visible", "\(slot) shows \(listed(visible)); the model says \(listed(expected.visible)) "
                    + "(maxVisible \(expected.maxVisible), waiting \(listed(expected.waiting)))")
            }
            if waiting != expected.waiting {
                fail("stack.waiting", "\(slot) has \(listed(waiting)) waiting; the model says \(listed(expected.waiting)) "
                    + "(queueLimit \(expected.queueLimit), \(expected.overflow))")
            }
            // A waiting banner is not on screen: it has no widget, or one sliding out (which takes no input).
            for id in expected.waiting {
                guard let widget = world.banners[id]?.bannerWidget?.widget else { continue }
                if gtk_widget_get_mapped(widget) != 0, gtk_widget_get_can_target(widget) != 0 {
                    fail("banner.waitingShown", "banner\(id) waits in \(slot), yet its widget is on screen and takes input")
                }
            }
            checkDeck(of: center, expected, slot: slot, model, world, fail)
            checkEdges(expected, in: slot, model, world, fail)
        }
    }

    private func checkDeck(of center: BannerCenter, _ expected: StormStack, slot: StormPlace, _ model: StormModel, _ world: StormWorld,
                           _ fail: (String, String) -> Void) {
        let stack = center.presenter.stack
        guard let deck = stack.deckWidget else { return }
        let count = expected.waiting.count
        let badgeShown = gtk_widget_get_visible(deck.widget) != 0
        let badge = gtk_label_get_text(OpaquePointer(deck.countLabel)).map { String(cString: $0) } ?? ""
        if badgeShown != (count > 0) {
            fail("deck.badge", "\(slot)'s \"+N more\" badge is \(badgeShown ? "shown (\(badge))" : "hidden") with \(count) waiting")
        } else if count > 0, Int(badge.filter(\.isNumber)) != count {
            fail("deck.badge", "\(slot)'s badge reads \"\(badge)\" with \(count) waiting")
        }
        let collapsed = gtk_widget_has_css_class(stack.widget, "collapsed") != 0
        // One deck per edge (issue #27: a banner's own edge, or the window's anchor's): the fullest one collapses.
        let perEdge = Dictionary(grouping: expected.visible) { model.expectedEdge(of: $0) ?? .top }.mapValues(\.count)
        let onScreen = perEdge.values.max() ?? 0
        if collapsed, expected.stacking == .expanded || onScreen < 2 {
            fail("deck.collapsed", "\(slot)'s banners are collapsed (\(expected.stacking), \(onScreen) on screen)")
        }
        // The pointer or the keyboard on the banners or the badge opens the deck: then either may show.
        let bannerWidgets = expected.visible.compactMap { world.banners[$0]?.bannerWidget?.widget }
        let touched = (bannerWidgets + [deck.widget]).contains { Self.isHovered($0) || Self.hasFocus(within: $0) }
        if !collapsed, expected.stacking == .deck, onScreen > 1, !touched {
            fail("deck.notCollapsed", "\(slot) shows \(onScreen) banners in a deck, spread out with nothing on them")
        }
    }

    /// Exactly one of an undo banner's closures runs, once; Undo (clicked or called) is taken,
    /// and any other end commits, for that end's reason; nothing is decided while it still shows or waits.
    func checkUndos(_ model: inout StormModel, _ world: StormWorld, _ fail: (String, String) -> Void) {
        for (id, expected) in model.undoCallExpected.sorted(by: { $0.key < $1.key }) {
            if let returned = world.undoReturns[id], returned != expected {
                fail("undo.return", "banner\(id).undo() returned \(returned), the model says \(expected)")
            }
        }
        world.undoReturns = [:]
        for (id, expected) in model.banners.sorted(by: { $0.key < $1.key }) where expected.undoable {
            guard let banner = world.banners[id] else { continue }
            let undos = world.undoRuns[id] ?? 0, commits = world.commitRuns[id] ?? 0
            if undos + commits > 1 {
                fail("undo.twice", "banner\(id): undo ran \(undos) times, commit \(commits) times")
                continue
            }
            let outcome = banner.undoOutcome
            let consistent = switch outcome {
            case .pending?: undos == 0 && commits == 0
            case .undone?: undos == 1
            case .committed?: commits == 1
            case nil: false
            }
            if !consistent {
                fail("undo.outcome", "banner\(id).undoOutcome is \(String(describing: outcome)) after undo ran \(undos) and commit \(commits) times")
            }
            let undone = expected.undone || world.undoClicked.contains(id)
            if undone {
                if outcome != .undone { fail("undo.notUndone", "banner\(id)'s Undo was \(expected.undone ? "called" : "clicked"), yet it is \(String(describing: outcome))") }
                if world.undoClicked.contains(id), !expected.mustBeGone {
                    // The click's end (`.action`) is read off the banner; one still up ignored the click.
                    fail("undo.clickIgnored", "banner\(id)'s Undo was clicked, yet it is \(banner.state)")
                }
            } else if model.isInStack(id), outcome != .pending {
                fail("undo.early", "banner\(id) still \(banner.state == .queued ? "waits" : "shows"), yet its change is \(String(describing: outcome))")
            }
            if let reason = world.dismissReasons[id] {
                if undos + commits != 1 { fail("undo.undecided", "banner\(id) ended (\(reason)) with neither its undo nor its commit run") }
                if !undone, outcome != .committed(.dismissed(reason)) {
                    fail("undo.commitReason", "banner\(id) ended (\(reason)), yet its outcome is \(String(describing: outcome))")
                }
            }
        }
    }

    /// After the storm, with every banner released: each undo banner ran exactly one closure, once.
    static func checkUndosOnce(_ model: StormModel, _ world: StormWorld, step: Int) -> StormFailure? {
        for (id, expected) in model.banners.sorted(by: { $0.key < $1.key }) where expected.undoable && world.dismissReasons[id] != nil {
            let undos = world.undoRuns[id] ?? 0, commits = world.commitRuns[id] ?? 0
            if undos + commits != 1 {
                return StormFailure(step: step, check: "undo.notOnce",
                                    detail: "banner\(id), ended and released: undo ran \(undos) times, commit \(commits) times")
            }
        }
        return nil
    }
}

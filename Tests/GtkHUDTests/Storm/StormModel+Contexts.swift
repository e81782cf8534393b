import GtkHUD
import HUDCore

/// Issue #27 in the model, as the public API documents it (Contexts.md, `BannerCenter.anchor`):
/// - each context (a `HUDOverlay`: the pane, each stack page) has its own banner queue
///   and settings, and a blocking HUD in the pane blocks the pane only;
/// - a hidden context (the stack page switched away) holds its banners: their time does
///   not run out while it is hidden (`pausesWhileWindowInactive = false` opts out);
/// - a window's anchor puts every banner of the window's own queue on the anchor's
///   edge (`.above`: the bottom, `.below`: the top), whatever the banner's position; a
///   hidden anchor keeps that edge; a destroyed one is cleared with a message and each
///   banner goes back to its own edge; a context's banners keep their own edges;
/// - `.activeWindow(of:)` is the window GTK's application has in front (the one the user
///   focused last), `.window(named:of:)` the window of that name (none: refused with a
///   message), `broadcast` one banner per window; the shared HUD with a routed context
///   is placed when it starts, and stays in that window until it has gone.
extension StormModel {
    /// Whether `place` is a stack page switched away.
    func isHidden(_ place: StormPlace) -> Bool {
        place.context >= 2 && visiblePage[place.window].map { $0 != place.context } ?? false
    }

    /// The edge a banner must stand on (the anchor's for the window's own queue, else its own).
    func expectedEdge(of banner: Int) -> BannerPosition? {
        guard let model = banners[banner] else { return nil }
        if model.context == 0, let anchor = anchors[model.window] { return anchor.edge }
        return model.bottom ? .bottom : .top
    }

    /// Whether the model can say what `operation` does now: a banner for "the active window"
    /// while the model cannot tell which window is in front is not made (the generator makes
    /// none then; a shrunk replay may ask for one).
    func canModel(_ operation: StormOperation) -> Bool {
        if case .routedBanner(_, .active, _) = operation { return front != nil && liveWindows.contains(front!) }
        return true
    }

    /// Real input into a window raises and focuses it first: it is in front of GTK's application then.
    mutating func noteInput(_ operation: StormOperation) {
        switch operation {
        case .hover(let window, _), .clickEntry(let window), .tab(let window), .activate(let window), .pressBannerShortcut(let window),
             .escape(let window), .clickContext(let window, _), .tabRound(let window):
            if liveWindows.contains(window) { front = window }
        case .pressUndo(let banner, _), .pressClose(let banner), .swipe(let banner):
            // The hand reaches a banner only where it is on screen: its window may have come to the front.
            if let window = banners[banner]?.window, front != window { front = nil }
        default:
            break
        }
    }

    mutating func applyContexts(_ operation: StormOperation, now: Double, step: Int) {
        switch operation {
        case .placedBanner(let banner, let window, let context, let bottom, let duration):
            guard banners[banner] == nil, liveWindows.contains(window) else { return }
            newBanner(banner, in: StormPlace(window, context), bottom: bottom, duration: duration, now: now, step: step)
        case .paneHUD(let hud, let window, let mask):
            guard liveWindows.contains(window), huds[hud] == nil else { return }
            var instance = Instance(window: window, mask: mask)
            instance.context = 1
            huds[hud] = instance
        case .contextMaxVisible(let window, let context, let value):
            setMaxVisible(value, in: StormPlace(window, context))
        case .switchPage(let window, let page):
            guard liveWindows.contains(window), visiblePage[window] != page else { return }
            visiblePage[window] = page
            hiddenSince[StormPlace(window, page)] = nil
            hiddenSince[StormPlace(window, page == 2 ? 3 : 2)] = now
        case .setAnchor(let window, let anchor):
            // Destroyed, the widgets are no more: there is nothing to set.
            guard liveWindows.contains(window), !anchorsGone.contains(window) else { return }
            anchors[window] = anchor
        case .anchorsVisible(let window, let visible):
            guard liveWindows.contains(window), !anchorsGone.contains(window) else { return }
            if visible { anchorsHidden.remove(window) } else { anchorsHidden.insert(window) }
        case .destroyAnchors(let window):
            guard liveWindows.contains(window), anchorsGone.insert(window).inserted else { return }
            anchorsHidden.remove(window)
            // The center lets go of a destroyed anchor, and says so.
            if anchors.removeValue(forKey: window) != nil { expectDiagnostic(from: "BannerCenter.anchor") }
        case .routedBanner(let banner, let route, let duration):
            guard banners[banner] == nil, let window = routedWindow(route) else { return }
            newBanner(banner, in: StormPlace(window), bottom: false, duration: duration, now: now, step: step)
        case .broadcast(let first, let duration):
            guard !liveWindows.isEmpty else { diagnosticExpected = true; return }
            for window in liveWindows.sorted() where banners[first + window] == nil {
                newBanner(first + window, in: StormPlace(window), bottom: false, duration: duration, now: now, step: step)
            }
        case .sharedRoute(let route):
            shared.host = nil
            if shared.route != route, shared.kind != .hidden { shared.routeMoved = true }
            shared.route = route
        default:
            break // input: what the hand did is read off the widgets by the checks
        }
    }

    /// Where the shared HUD goes with a routed context: the window it shows in while it is up
    /// (open while a result may be ending), else where the route points now.
    mutating func routedSharedTarget(_ route: StormRoute) -> Int?? {
        switch shared.kind {
        case .activity:
            return .some(shared.routeMoved || shared.uncertain ? nil : shared.window)
        case .result:
            return .some(nil) // gone or still up: the next call may start a new run elsewhere
        case .hidden:
            if shared.uncertain { return .some(nil) }
            switch route {
            case .active:
                guard !liveWindows.isEmpty else { diagnosticExpected = true; return nil }
                return .some(front.flatMap { liveWindows.contains($0) ? $0 : nil })
            case .named(let window):
                guard liveWindows.contains(window) else { diagnosticExpected = true; return nil }
                return .some(window)
            }
        }
    }

    /// The window a banner routed so goes to; nil (with a message for a name no window has) when refused.
    private mutating func routedWindow(_ route: StormRoute) -> Int? {
        switch route {
        case .active:
            return front.flatMap { liveWindows.contains($0) ? $0 : nil }
        case .named(let window):
            guard liveWindows.contains(window) else { diagnosticExpected = true; return nil }
            return window
        }
    }

    private mutating func newBanner(_ banner: Int, in place: StormPlace, bottom: Bool, duration: Double?, now: Double, step: Int) {
        var model = BannerModel(window: place.window, high: false, duration: duration, maxMultiplier: multiplier,
                                minMultiplier: multiplier, shownAt: now)
        model.context = place.context
        model.bottom = bottom
        banners[banner] = model
        awaits[2_000_000 + banner] = Await(what: "await banner\(banner).dismissed", dueBy: nil)
        displayedTexts["b\(banner)"] = step
        admit(banner, in: place)
    }
}

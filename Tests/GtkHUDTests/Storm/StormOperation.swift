import GtkHUD
import HUDCore

/// One public call (or one user action) of the storm, with everything it needs
/// spelled out, so a failing run can be replayed and printed as Swift source.
/// Entities (windows, HUDs, runs, banners, awaited calls) are small numbers;
/// an operation whose entity does not exist (after shrinking) does nothing.
enum StormOperation: Hashable, Sendable {
    // ProgressHUD, the shared HUD
    case show(String?)
    case showProgress(Double, String?)
    case setProgress(Double, fromThread: Bool)
    case setStatus(String)
    case showResult(StormResult, String?)
    case dismiss
    case dismissAndWait(awaitID: Int)
    case popActivity
    case setHost(Int?)
    case setSharedMask(StormMask)
    case setSharedStyle(dark: Bool)
    // Windows
    case destroyWindow(Int)
    case openWindow(Int)
    // HUD instances
    case newHUD(Int, window: Int, mask: StormMask)
    case hudShow(Int)
    case hudHide(Int)
    case hudHideAndWait(Int, awaitID: Int)
    case hudMode(Int, StormMode)
    case hudLabel(Int, String)
    case hudProgress(Int, Double, fromThread: Bool)
    case hudMask(Int, StormMask)
    case runStart(run: Int, hud: Int, label: String?)
    case runEnd(run: Int, succeeds: Bool)
    case runCancel(run: Int)
    // Banners
    /// With `action`, the banner has a button (`setAction`): it stays while a screen reader runs.
    case bannerShow(Int, window: Int, high: Bool, duration: Double?, action: Bool)
    case bannerUpdate(Int, title: String)
    case bannerDismiss(Int)
    /// Issue #26: `NotificationBanner.run` in `window` (grace and minimum show time 0): a task banner
    /// titled "b<id>" whose work waits for its gate; Retry on failure.
    case taskStart(Int, window: Int)
    /// The task's work reports progress from another thread.
    case taskProgress(Int, Double)
    /// The task's work returns ("b<id> done" in place) or throws (the error, with Retry).
    case taskEnd(Int, succeeds: Bool)
    /// The caller's task is cancelled: the work is cancelled, the banner says "Cancelled".
    case taskCancel(Int)
    /// A banner with the id `"i<id>"` and `idPolicy = policy`, shown until dismissed: it meets
    /// the banner up with that id in its window (issue #26).
    case bannerShowID(Int, window: Int, id: Int, policy: BannerIDPolicy)
    /// `BannerCenter.for(window)?.hide(id: "i<id>")` (an id no banner has: refused with a message).
    case bannerHideID(window: Int, id: Int)
    /// Issue #26: `NotificationBanner.undoable(title: "b<id>", undo:commit:)` shown in `window`; its
    /// closures count their runs. With `closeButton` it shows its close button.
    case undoShow(Int, window: Int, high: Bool, duration: Double?, closeButton: Bool)
    /// The user clicks the banner's Undo (xdotool; twice in a row with `double`), where it can be reached.
    case pressUndo(Int, double: Bool)
    /// `banner.undo()`: refused with a message once there is nothing to take back.
    case callUndo(Int)
    /// The user clicks the banner's close button (xdotool), where it shows one and it can be reached.
    case pressClose(Int)
    /// The user flings the banner sideways (xdotool drag): a swipe.
    case swipe(Int)
    /// `BannerCenter.for(window)?.dismissAll()`.
    case dismissAll(window: Int)
    /// `BannerCenter.for(window)?.maxVisible = value` (below 1: corrected to 1 with a message).
    case maxVisible(window: Int, Int)
    /// `BannerCenter.for(window)?.queueLimit = value` (below 0: corrected to 0 with a message).
    case queueLimit(window: Int, Int)
    /// `BannerCenter.for(window)?.overflowPolicy = policy`.
    case overflowPolicy(window: Int, BannerOverflowPolicy)
    /// `BannerCenter.for(window)?.stacking = stacking`.
    case stacking(window: Int, BannerStacking)
    // Real input (xdotool) and settings
    case hover(window: Int, StormHoverTarget)
    case clickEntry(window: Int)
    case tab(window: Int)
    /// The user switches to the window (xdotool focuses it; the other storm window is left).
    case activate(window: Int)
    /// `banner.pausesWhileWindowInactive = false`: it times out also while its window is left.
    case bannerIgnoresAttention(Int)
    /// `banner.desktopNotification = policy` (refused with a message once the banner's window went).
    case bannerNotifies(Int, DesktopNotificationPolicy)
    // Attention settings and keys (issue #25)
    /// `GtkHUDAttention.timeoutMultiplier = value` (zero or negative: refused with a message).
    case multiplier(Double)
    /// `GtkHUDAttention.screenReader = .on` (true) or `.off`.
    case screenReader(on: Bool)
    /// `GtkHUDAttention.bannerShortcut = chord` (nil: off; one GTK cannot read: refused with a message).
    case bannerShortcut(String?)
    /// The user presses the banner shortcut in the window (xdotool; Ctrl+F6 while it is off).
    case pressBannerShortcut(window: Int)
    /// The user presses Escape in the window (xdotool): the focused banner, or the newest, goes.
    case escape(window: Int)
    case animations(Bool)
    case wait(milliseconds: Int)
    // Issue #27: contexts, anchors and several windows
    /// A banner "b<id>" shown (with `position = .bottom` when `bottom`) in a context of the window:
    /// 0 the whole window (`.window`), 1 the pane (`.widget(its entry)`: the nearest overlay), 2 and 3 the stack's pages (`.overlay`).
    case placedBanner(Int, window: Int, context: Int, bottom: Bool, duration: Double?)
    /// `HUD(in: .overlay(pane))` on the window's pane (context 1), with that mask.
    case paneHUD(Int, window: Int, mask: StormMask)
    /// `BannerCenter.for(.overlay(context))?.maxVisible = value` (contexts 1-3).
    case contextMaxVisible(window: Int, context: Int, Int)
    /// The window's GtkStack shows page `page` (2 or 3); the other page's context is hidden.
    case switchPage(window: Int, page: Int)
    /// A click on the entry in a context (xdotool), where nothing but the content or a mask is over it.
    case clickContext(window: Int, context: Int)
    /// Tab pressed (xdotool) from the entry of the window's pane (context 1) when it has the focus, else from the window's entry.
    case tabRound(window: Int)
    /// `BannerCenter.for(window)?.anchor = .above(actionButton)`, `.below(toolbar)` or nil.
    case setAnchor(window: Int, StormAnchor?)
    /// The toolbar and the action button hidden (false) or shown.
    case anchorsVisible(window: Int, Bool)
    /// The toolbar and the action button taken out of the window (destroyed).
    case destroyAnchors(window: Int)
    /// A banner "b<id>" shown `in: .activeWindow(of: app)` or `.window(named: "storm<slot>", of: app)`.
    case routedBanner(Int, StormRoute, duration: Double?)
    /// `BannerCenter.broadcast(to: app, duration:)`: one banner per window, "b<first + slot>".
    case broadcast(first: Int, duration: Double?)
    /// `ProgressHUD.context = .activeWindow(of: app)`, `.window(named:of: app)`, or `.automatic` (nil).
    case sharedRoute(StormRoute?)
}

enum StormAnchor: String, Hashable, Sendable, CaseIterable {
    case above, below
    var edge: BannerPosition { self == .above ? .bottom : .top }
}

enum StormRoute: Hashable, Sendable {
    case active
    case named(Int)
}

enum StormResult: String, Hashable, Sendable, CaseIterable { case success, error, info, image }

enum StormMask: String, Hashable, Sendable, CaseIterable {
    case none, clear, black
    var appearanceMask: HUDAppearance.Mask {
        switch self {
        case .none: .none
        case .clear: .clear
        case .black: .black
        }
    }
    var blocks: Bool { self != .none }
}

enum StormMode: String, Hashable, Sendable, CaseIterable {
    case indeterminate, annularDeterminate, determinate, determinateHorizontalBar, text, success, error, info
    var hudMode: HUD.Mode {
        switch self {
        case .indeterminate: .indeterminate
        case .annularDeterminate: .annularDeterminate
        case .determinate: .determinate
        case .determinateHorizontalBar: .determinateHorizontalBar
        case .text: .text
        case .success: .success
        case .error: .error
        case .info: .info
        }
    }
    var isResult: Bool { self == .success || self == .error || self == .info }
}

enum StormHoverTarget: Hashable, Sendable {
    case sharedBezel, hudBezel(Int), banner(Int), away
}

/// Timings short enough that every step settles in a few frames.
enum StormTiming {
    static let fade = 0.04
    static let resultSeconds = 0.3
    static let bannerSeconds = 0.4
    static let bannerAnimation = 0.05
    /// How long past its nominal end something may still be seen (a loaded 2-core machine, TSan).
    static let slack = 1.5
    /// How long an awaited call may take once what it waits for has happened.
    static let awaitAllowance = 3.0
}

extension StormOperation {
    /// The call as a developer would write it (see `StormReplay` for the set-up lines).
    var swiftSource: String {
        func text(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "nil" }
        func number(_ value: Double) -> String { value.isNaN ? ".nan" : "\(value)" }
        switch self {
        case .show(let status): return "ProgressHUD.show(status: \(text(status)))"
        case .showProgress(let value, let status): return "ProgressHUD.showProgress(\(number(value)), status: \(text(status)))"
        case .setProgress(let value, let thread):
            return thread ? "onAnotherThread { ProgressHUD.setProgress(\(number(value))) }" : "ProgressHUD.setProgress(\(number(value)))"
        case .setStatus(let status): return "ProgressHUD.setStatus(\(text(status)))"
        case .showResult(let kind, let status):
            switch kind {
            case .success: return "ProgressHUD.showSuccess(status: \(text(status)))"
            case .error: return "ProgressHUD.showError(status: \(text(status)))"
            case .info: return "ProgressHUD.showInfo(status: \(text(status)))"
            case .image: return "ProgressHUD.showImage(.iconName(\"mail-send-symbolic\"), status: \(text(status)))"
            }
        case .dismiss: return "ProgressHUD.dismiss()"
        case .dismissAndWait(let id): return "let wait\(id) = Task.immediate { await ProgressHUD.dismissAndWait() }"
        case .popActivity: return "ProgressHUD.popActivity()"
        case .setHost(let window): return "ProgressHUD.host = \(window.map { "window\($0)" } ?? "nil")"
        case .setSharedMask(let mask): return "ProgressHUD.appearance.mask = .\(mask)"
        case .setSharedStyle(let dark): return "ProgressHUD.appearance.style = .\(dark ? "dark" : "light")"
        case .destroyWindow(let window): return "gtk_window_destroy(window\(window))"
        case .openWindow(let window): return "window\(window) = makeWindow()   // a GtkWindow (even) or AdwWindow (odd), presented"
        case .newHUD(let hud, let window, let mask):
            return "let hud\(hud) = try HUD(on: window\(window)); hud\(hud).animationDuration = \(StormTiming.fade); hud\(hud).appearance.mask = .\(mask)"
        case .hudShow(let hud): return "hud\(hud).show()"
        case .hudHide(let hud): return "hud\(hud).hide()"
        case .hudHideAndWait(let hud, let id): return "let wait\(id) = Task.immediate { await hud\(hud).hideAndWait() }"
        case .hudMode(let hud, let mode): return "hud\(hud).mode = .\(mode)"
        case .hudLabel(let hud, let label): return "hud\(hud).label = \(text(label))"
        case .hudProgress(let hud, let value, let thread):
            return thread ? "onAnotherThread { hud\(hud).setProgress(\(number(value))) }" : "hud\(hud).progress = \(number(value))"
        case .hudMask(let hud, let mask): return "hud\(hud).appearance.mask = .\(mask)"
        case .runStart(let run, let hud, let label):
            let prefix = label.map { "hud\(hud).label = \(text($0)); " } ?? ""
            return prefix + "let run\(run) = Task.immediate { try await hud\(hud).run(successLabel: \"r\(run) done\", "
                + "resultDuration: \(StormTiming.resultSeconds)) { try await gate\(run).wait() } }"
        case .runEnd(let run, let succeeds): return succeeds ? "gate\(run).succeed()" : "gate\(run).fail()   // the work throws"
        case .runCancel(let run): return "run\(run).cancel()"
        case .bannerShow(let banner, let window, let high, let duration, let action):
            return "let banner\(banner) = try NotificationBanner(title: \"b\(banner)\"); banner\(banner).animationDuration = "
                + "\(StormTiming.bannerAnimation); \(high ? "banner\(banner).priority = .high; " : "")"
                + "\(action ? "banner\(banner).setAction(\"Open\") {}; " : "")"
                + "banner\(banner).show(on: window\(window), duration: \(duration.map { "\($0)" } ?? "nil"))"
        case .bannerUpdate(let banner, let title): return "try banner\(banner).setMessage(title: \(text(title)), subtitle: nil, image: nil)"
        case .bannerDismiss(let banner): return "banner\(banner).dismiss()"
        case .taskStart(let banner, let window):
            return "let task\(banner) = Task.immediate { try await NotificationBanner.run(\"b\(banner)\", on: window\(window), "
                + "successTitle: \"b\(banner) done\", graceTime: 0, minimumShowTime: 0, resultDuration: \(StormTiming.bannerSeconds), "
                + "retry: {}) { progress in try await gate\(banner).wait() } }"
        case .taskProgress(let banner, let value): return "onAnotherThread { progress\(banner).report(\(number(value))) }"
        case .taskEnd(let banner, let succeeds): return succeeds ? "gate\(banner).succeed()" : "gate\(banner).fail()   // the work throws"
        case .taskCancel(let banner): return "task\(banner).cancel()"
        case .bannerShowID(let banner, let window, let id, let policy):
            return "let banner\(banner) = try NotificationBanner(title: \"b\(banner)\", id: \"i\(id)\"); banner\(banner).animationDuration = "
                + "\(StormTiming.bannerAnimation); banner\(banner).idPolicy = .\(policy); banner\(banner).show(on: window\(window))"
        case .bannerHideID(let window, let id): return "BannerCenter.for(window\(window))?.hide(id: \"i\(id)\")"
        case .undoShow(let banner, let window, let high, let duration, let closeButton):
            return "let banner\(banner) = try NotificationBanner.undoable(title: \"b\(banner)\", undo: { undos\(banner) += 1 }, "
                + "commit: { commits\(banner) += 1 }); banner\(banner).animationDuration = \(StormTiming.bannerAnimation); "
                + "\(high ? "banner\(banner).priority = .high; " : "")\(closeButton ? "banner\(banner).showsCloseButton = true; " : "")"
                + "banner\(banner).show(on: window\(window), duration: \(duration.map { "\($0)" } ?? "nil"))"
        case .pressUndo(let banner, let double): return "// the user \(double ? "double-clicks" : "clicks") banner\(banner)'s Undo (xdotool)"
        case .callUndo(let banner): return "banner\(banner).undo()"
        case .pressClose(let banner): return "// the user clicks banner\(banner)'s close button (xdotool)"
        case .swipe(let banner): return "// the user flings banner\(banner) sideways (xdotool drag)"
        case .dismissAll(let window): return "BannerCenter.for(window\(window))?.dismissAll()"
        case .maxVisible(let window, let value): return "BannerCenter.for(window\(window))?.maxVisible = \(value)"
        case .queueLimit(let window, let value): return "BannerCenter.for(window\(window))?.queueLimit = \(value)"
        case .overflowPolicy(let window, let policy): return "BannerCenter.for(window\(window))?.overflowPolicy = .\(policy)"
        case .stacking(let window, let stacking): return "BannerCenter.for(window\(window))?.stacking = .\(stacking)"
        case .hover(let window, let target):
            let what = switch target {
            case .sharedBezel: "ProgressHUD's bezel"
            case .hudBezel(let hud): "hud\(hud)'s bezel"
            case .banner(let banner): "banner\(banner)"
            case .away: "nothing (outside the windows)"
            }
            return "// the pointer moves over \(what) in window\(window) (xdotool)"
        case .clickEntry(let window): return "// a click on window\(window)'s entry (xdotool)"
        case .tab(let window): return "// Tab pressed in window\(window) (xdotool)"
        case .activate(let window): return "// the user switches to window\(window) (xdotool windowfocus)"
        case .bannerIgnoresAttention(let banner): return "banner\(banner).pausesWhileWindowInactive = false"
        case .bannerNotifies(let banner, let policy): return "banner\(banner).desktopNotification = .\(policy)"
        case .multiplier(let value): return "GtkHUDAttention.timeoutMultiplier = \(value)"
        case .screenReader(let on): return "GtkHUDAttention.screenReader = .\(on ? "on" : "off")"
        case .bannerShortcut(let chord): return "GtkHUDAttention.bannerShortcut = \(text(chord))"
        case .pressBannerShortcut(let window): return "// the user presses the banner shortcut in window\(window) (xdotool)"
        case .escape(let window): return "// Escape pressed in window\(window) (xdotool)"
        case .animations(let enabled): return "GtkEnvironment.setAnimationsEnabled(\(enabled))"
        case .wait(let milliseconds): return "// \(milliseconds) ms pass (the main loop runs)"
        case .placedBanner(let banner, let window, let context, let bottom, let duration):
            let place = switch context {
            case 0: ".window(window\(window))"
            case 1: ".widget(window\(window)PaneEntry)"
            default: ".overlay(window\(window)Page\(context))"
            }
            return "let banner\(banner) = try NotificationBanner(title: \"b\(banner)\"); banner\(banner).animationDuration = "
                + "\(StormTiming.bannerAnimation); \(bottom ? "banner\(banner).position = .bottom; " : "")"
                + "banner\(banner).show(in: \(place), duration: \(duration.map { "\($0)" } ?? "nil"))"
        case .paneHUD(let hud, let window, let mask):
            return "let hud\(hud) = try HUD(in: .overlay(window\(window)Pane)); hud\(hud).animationDuration = \(StormTiming.fade); "
                + "hud\(hud).appearance.mask = .\(mask)"
        case .contextMaxVisible(let window, let context, let value):
            return "BannerCenter.for(.overlay(window\(window)\(context == 1 ? "Pane" : "Page\(context)")))?.maxVisible = \(value)"
        case .switchPage(let window, let page): return "gtk_stack_set_visible_child_name(window\(window)Stack, \"page\(page)\")"
        case .clickContext(let window, let context): return "// a click on the entry of window\(window)'s context \(context) (xdotool)"
        case .tabRound(let window): return "// Tab pressed in window\(window), from its pane's entry if it has the focus (xdotool)"
        case .setAnchor(let window, let anchor):
            let value = switch anchor {
            case .above?: ".above(window\(window)ActionButton)"
            case .below?: ".below(window\(window)Toolbar)"
            case nil: "nil"
            }
            return "BannerCenter.for(window\(window))?.anchor = \(value)"
        case .anchorsVisible(let window, let visible):
            return "gtk_widget_set_visible(window\(window)Toolbar, \(visible)); gtk_widget_set_visible(window\(window)ActionButton, \(visible))"
        case .destroyAnchors(let window):
            return "gtk_box_remove(window\(window)Box, window\(window)Toolbar); gtk_box_remove(window\(window)Box, window\(window)ActionButton)"
        case .routedBanner(let banner, let route, let duration):
            return "let banner\(banner) = try NotificationBanner(title: \"b\(banner)\"); banner\(banner).animationDuration = "
                + "\(StormTiming.bannerAnimation); banner\(banner).show(in: \(route.source), duration: \(duration.map { "\($0)" } ?? "nil"))"
        case .broadcast(let first, let duration):
            return "try BannerCenter.broadcast(to: app, duration: \(duration.map { "\($0)" } ?? "nil")) { window in "
                + "try NotificationBanner(title: \"b\\(\(first) + slot(of: window))\") }"
        case .sharedRoute(let route): return "ProgressHUD.context = \(route?.source ?? ".automatic")"
        }
    }
}

extension StormRoute {
    var source: String {
        switch self {
        case .active: ".activeWindow(of: app)"
        case .named(let slot): ".window(named: \"storm\(slot)\", of: app)"
        }
    }
}

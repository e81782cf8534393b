import CGtk
@testable import GtkHUD
@testable import HUDCore
import GtkSupport

/// A check that did not hold: `check` names it (the shrinker keeps a smaller
/// run only if it fails the same check), `detail` says what was seen.
struct StormFailure: Error, Equatable {
    let step: Int
    let check: String
    let detail: String
}

/// Compares the real widgets with the model after every step.
@MainActor
struct StormChecker {
    private var bannerShowingSince: [Int: Double] = [:]
    private var lastStep = 0
    /// Messages seen on screen that a screen reader must be told, with the step and window they showed in.
    private var awaitedAnnouncements: [String: (step: Int, place: StormPlace?)] = [:]
    private var announcedTexts: Set<String> = []
    private var firstSeen: [String: Double] = [:]
    /// When each step was checked: a description set 150 ms late may land several quick steps on.
    private var stepTimes: [Int: Double] = [:]
    private var now = 0.0

    /// Expects `text`, on screen now, to be announced within a few steps once
    /// it has been on screen for a while (once per text: the storm's texts are unique).
    /// A message gone within 150 ms is not always spoken on GTK < 4.14 (the
    /// description is set after that delay, on a widget in a window), which the model leaves open.
    private mutating func expectAnnouncement(_ text: String?, window: Int?, context: Int = 0) {
        guard let text, Self.isStormText(text), !announcedTexts.contains(text), awaitedAnnouncements[text] == nil else { return }
        guard let seen = firstSeen[text] else { firstSeen[text] = now; return }
        if now - seen >= 0.4 { awaitedAnnouncements[text] = (lastStep, window.map { StormPlace($0, context) }) }
    }

    mutating func check(_ model: inout StormModel, _ world: StormWorld, step: Int, now: Double) -> [StormFailure] {
        lastStep = step
        self.now = now
        stepTimes[step] = now
        var failures: [StormFailure] = []
        func fail(_ check: String, _ detail: String) { failures.append(StormFailure(step: step, check: check, detail: detail)) }
        checkLog(model, fail)
        checkShared(model, now: now, fail)
        checkInstances(model, world, now: now, fail)
        model.expire(now: now)
        checkFocus(model, world, fail)
        checkBanners(&model, world, now: now, fail)
        checkAnnouncements(model, world, step: step, fail)
        checkAwaits(model, world, now: now, fail)
        world.clickedWindow = nil
        world.clickedContext = nil
        world.visibleAtClick = nil
        world.tabbedFrom = nil
        return failures
    }

    // MARK: GLib

    private func checkLog(_ model: StormModel, _ fail: (String, String) -> Void) {
        let entries = StormLog.take()
        for source in model.diagnosticSources.sorted() where !entries.contains(where: { $0.isDiagnostic && $0.message.hasPrefix(source + ": ") }) {
            fail("diagnostic.source", "no message under \(source), the name the app used; GtkHUD said: "
                + (entries.filter(\.isDiagnostic).map(\.message).joined(separator: " / ").nilIfEmpty ?? "nothing"))
        }
        for entry in entries {
            if entry.isDiagnostic {
                // Sent when the banner shows or its window is left, which may be steps later.
                let noApplication = model.notificationsAsked && entry.message.contains("no registered GApplication")
                if !model.diagnosticExpected, !noApplication { fail("diagnostic", "GtkHUD reported: \(entry.message)") }
            } else if !Self.isNotificationServerMissing(entry, model) {
                fail("glib", "\(entry.level) from \(entry.domain): \(entry.message)")
            }
        }
    }

    // MARK: HUDs

    private mutating func checkShared(_ model: StormModel, now: Double, _ fail: (String, String) -> Void) {
        let shared = model.shared
        let controller = SharedHUD.instance?.controller
        let visible = ProgressHUD.isVisible
        let bezel = ProgressHUD.bezelWidget?.gtkWidget
        let indicator = controller?.content.indicator
        if case .result(let kind, let until) = shared.kind {
            if now > until, visible {
                fail("shared.pastDuration", "ProgressHUD is still visible \(String(format: "%.1f", now - until + StormTiming.slack)) s "
                    + "after its \(kind) HUD should have gone (showing \(describe(indicator)))")
            } else if visible, !shared.uncertain, !Self.matches(indicator, kind) {
                fail("shared.content", "the \(kind) HUD shows \(describe(indicator))")
            } else if visible, !shared.uncertain, let status = shared.status, controller?.content.status == status {
                expectAnnouncement(status, window: shared.window)
            }
            return
        }
        guard !shared.uncertain else { return }
        switch shared.kind {
        case .hidden:
            if visible { fail("shared.visible", "ProgressHUD.isVisible is true, but it was dismissed (showing \(describe(indicator)))") }
            if let bezel, gtk_widget_get_mapped(bezel) != 0 { fail("shared.lingers", "ProgressHUD's bezel is still mapped after it went") }
        case .activity(let progress):
            guard visible else { return fail("shared.hidden", "ProgressHUD.isVisible is false, but it was shown and not dismissed") }
            guard let bezel, gtk_widget_get_mapped(bezel) != 0 else {
                return fail("shared.unmapped", "ProgressHUD.isVisible is true but its bezel is \(bezel == nil ? "missing" : "not mapped")")
            }
            if let window = shared.window, !Self.isIn(bezel, window: window) {
                fail("shared.window", "ProgressHUD's bezel is not in window\(window), its host")
            }
            let isProgress = indicator?.progressFraction != nil
            if isProgress != progress || Self.isResult(indicator) {
                fail("shared.content", "ProgressHUD shows \(describe(indicator)), expected \(progress ? "a progress value" : "the spinner")")
            } else if progress, let fraction = shared.fraction, indicator?.progressFraction != fraction {
                // Issue #29: a value posted before a later call of the same step landed after it.
                fail("shared.progressOrder", "ProgressHUD shows \(describe(indicator)), expected \(fraction)")
            }
            if let status = shared.status, SharedHUD.instance?.view?.statusText != status {
                fail("shared.status", "the bezel reads \(String(describing: SharedHUD.instance?.view?.statusText)), expected \"\(status)\"")
            }
        case .result:
            break
        }
    }

    private mutating func checkInstances(_ model: StormModel, _ world: StormWorld, now: Double, _ fail: (String, String) -> Void) {
        for (id, expected) in model.huds.sorted(by: { $0.key < $1.key }) {
            guard let hud = world.huds[id] else { continue }
            let bezel = hud.view.bezelWidget
            let mapped = bezel.map { gtk_widget_get_mapped($0) != 0 } ?? false
            let indicator = hud.view.content.indicator
            if !expected.alive {
                if hud.isVisible || mapped { fail("hud.afterWindow", "hud\(id) is visible after its window was destroyed") }
                continue
            }
            if let progress = expected.progress, !(hud.progress == progress || (hud.progress.isNaN && progress.isNaN)) {
                // Issue #29: a value posted before a later main-actor call of the same step landed after it.
                fail("hud.progressOrder", "hud\(id).progress is \(hud.progress), expected \(progress)")
            }
            guard !expected.uncertain else { continue }
            switch expected.kind {
            case .hidden:
                if hud.isVisible { fail("hud.visible", "hud\(id).isVisible is true, but it was hidden") }
                if mapped { fail("hud.lingers", "hud\(id)'s bezel is still mapped after it was hidden") }
            case .shown:
                guard hud.isVisible else {
                    let why = expected.runs.isEmpty ? "it was shown" : "run\(expected.runs.sorted()) still works"
                    return fail("hud.hidden", "hud\(id).isVisible is false, but \(why)")
                }
                guard let bezel, mapped else { return fail("hud.unmapped", "hud\(id).isVisible is true but its bezel is not mapped") }
                if !Self.isIn(bezel, window: expected.window) { fail("hud.window", "hud\(id)'s bezel is not in window\(expected.window)") }
                if expected.context > 0, let pane = world.windows[expected.window]?.contexts[expected.context],
                   gtk_widget_is_ancestor(bezel, pane.pointer) == 0 {
                    fail("hud.context", "hud\(id)'s bezel is not in window\(expected.window)'s pane, its context")
                }
                if !expected.runs.isEmpty, Self.isResult(indicator) {
                    fail("hud.runContent", "hud\(id) shows \(describe(indicator)) (label \(String(describing: hud.view.statusText))) "
                        + "while run\(expected.runs.sorted()) still works")
                }
            case .result(let until):
                if hud.isVisible, Self.isResult(indicator) { expectAnnouncement(hud.view.content.status, window: expected.window) }
                if now > until, hud.isVisible {
                    fail("hud.pastDuration", "hud\(id) is still visible after its run's result should have gone (showing \(describe(indicator)))")
                }
            }
        }
    }

    // MARK: Focus

    /// Whether window `slot`'s content must be blocked (true), must not be (false), or may be either (nil).
    func expectedBlock(_ model: StormModel, _ world: StormWorld, slot: Int, context: Int = 0, atClick: Bool = false) -> Bool? {
        var blocked = false, unknown = false
        // A HUD showing its result is up until its time runs out: read off the widgets, now or at the click.
        let sharedVisible = atClick ? world.visibleAtClick?.shared ?? ProgressHUD.isVisible : ProgressHUD.isVisible
        func isVisible(_ id: Int) -> Bool {
            if atClick, let visible = world.visibleAtClick { return visible.huds.contains(id) }
            return world.huds[id]?.isVisible ?? false
        }
        func add(onScreen: Bool?, mask: StormMask, blockUncertain: Bool) {
            guard let onScreen else { unknown = true; return }
            guard onScreen else { return }
            if blockUncertain { unknown = true } else if mask.blocks { blocked = true }
        }
        let shared = model.shared
        if context > 0 {
            // The shared HUD goes to whole windows only here; a context is blocked by its window's block too.
        } else if shared.uncertain || (shared.kind != .hidden && shared.window == nil) {
            if shared.kind != .hidden || shared.uncertain { unknown = true }
        } else if shared.window == slot {
            switch shared.kind {
            case .hidden: break
            case .activity: add(onScreen: true, mask: shared.mask, blockUncertain: shared.blockUncertain)
            case .result: add(onScreen: sharedVisible, mask: shared.mask, blockUncertain: shared.blockUncertain)
            }
        }
        for (id, hud) in model.huds where hud.window == slot && hud.alive && hud.context == context {
            if hud.uncertain { unknown = true; continue }
            switch hud.kind {
            case .hidden: break
            case .shown: add(onScreen: true, mask: hud.mask, blockUncertain: hud.blockUncertain)
            case .result: add(onScreen: isVisible(id), mask: hud.mask, blockUncertain: hud.blockUncertain)
            }
        }
        if blocked { return true }
        return unknown ? nil : false
    }

    /// The block a click met: known only when it was the same at the click as at the check
    /// (a result ending in between leaves it open which one the click met: seed 5).
    func clickBlock(_ model: StormModel, _ world: StormWorld, slot: Int, context: Int? = nil) -> Bool? {
        let block = { (atClick: Bool) in
            context.map { self.expectedContextBlock(model, world, slot: slot, context: $0, atClick: atClick) }
                ?? self.expectedBlock(model, world, slot: slot, atClick: atClick)
        }
        let now = block(false)
        return now == block(true) ? now : nil
    }

    private func checkFocus(_ model: StormModel, _ world: StormWorld, _ fail: (String, String) -> Void) {
        for (slot, window) in world.windows.sorted(by: { $0.key < $1.key }) {
            checkContextFocus(model, world, slot: slot, window: window, fail)
            // Keys go to the focused widget: one the user cannot see must not have them (seed 5: an entry
            // on a stack page switched away got the focus back when a blocking HUD ended).
            if let focus = window.focus, gtk_widget_get_mapped(focus) == 0 {
                fail("focus.unseen", "window\(slot)'s focus is on \(Self.describe(focus, in: window)), which is not on screen")
            }
            guard let blocked = expectedBlock(model, world, slot: slot) else { continue }
            if window.entryCanTakeFocus == blocked {
                fail(blocked ? "focus.notBlocked" : "focus.blocked", blocked
                    ? "window\(slot)'s content can take focus behind a blocking mask"
                    : "window\(slot)'s content cannot take keyboard focus, but no blocking HUD is up there")
            }
            if world.clickedWindow == slot, let blocked = clickBlock(model, world, slot: slot), window.entryHasFocus == blocked {
                fail(blocked ? "click.notBlocked" : "click.blocked", blocked
                    ? "a click gave window\(slot)'s entry the focus behind a blocking mask"
                    : "a click on window\(slot)'s entry did not give it focus, but no blocking HUD is up there")
            }
        }
    }

    // MARK: Banners

    private mutating func checkBanners(_ model: inout StormModel, _ world: StormWorld, now: Double, _ fail: (String, String) -> Void) {
        var showing: [StormPlace: Int] = [:], queued: [StormPlace: Int] = [:]
        // What the user's hand and the clock did (timeouts, Escape, clicks, swipes) moves the model's lines on first.
        observeEnds(&model, world, fail)
        for (id, expected) in model.banners.sorted(by: { $0.key < $1.key }) {
            guard let banner = world.banners[id] else { continue }
            let state = banner.state
            if expected.mustBeGone, !state.isGone {
                fail("banner.notGone", "banner\(id) is \(state) after it \(expected.expectedEnd.map { "should have ended (\($0))" } ?? "was dismissed")")
            }
            if case .gone(let reason) = state, let wanted = expected.expectedEnd, reason != wanted {
                fail("banner.reason", "banner\(id) ended as \(reason), the model says \(wanted)")
            }
            if expected.mustShowNow, state != .showing { fail("banner.highNotShown", "banner\(id) (.high) is \(state), not on screen") }
            if state.isGone, model.awaits[2_000_000 + id]?.dueBy == nil {
                model.awaits[2_000_000 + id]?.dueBy = now + StormTiming.awaitAllowance
            }
            guard world.windows[expected.window] != nil else { continue }
            let hidden = model.isHidden(expected.place)
            if state == .queued {
                queued[expected.place, default: 0] += 1
                // A waiting banner may come on screen, be spoken and time out within the next step.
                if let title = banner.title { model.displayedTexts[title] = lastStep }
            }
            guard state == .showing else { bannerShowingSince[id] = nil; continue }
            showing[expected.place, default: 0] += 1
            if let title = banner.title { model.displayedTexts[title] = lastStep }
            // Spoken once the user is there: a banner shown into a window they left waits for their return.
            if banner.title == "b\(id)", !Self.announcementsWait(in: world.center(of: expected.place)) {
                expectAnnouncement(banner.title, window: expected.window, context: expected.context)
            }
            // Issue #27: a hidden context's banners are off screen, paused: their time does not run.
            if hidden, banner.widget?.gtkWidget.map({ gtk_widget_get_mapped($0) != 0 }) ?? false {
                fail("banner.hiddenMapped", "banner\(id) is mapped in \(expected.place), a stack page switched away")
            }
            if hidden, expected.pausesWhenLeft {
                bannerShowingSince[id] = now
                continue
            }
            guard let widget = banner.widget?.gtkWidget, gtk_widget_get_mapped(widget) != 0 else {
                if !hidden { fail("banner.unmapped", "banner\(id) is showing but its widget is not mapped") }
                continue
            }
            checkPlace(of: widget, banner: id, expected, world, fail)
            if !Self.isIn(widget, window: expected.window) { fail("banner.window", "banner\(id) is not in window\(expected.window)") }
            if expected.actionable, model.screenReaderOn, let left = banner.remainingTime {
                fail("banner.timedUnderReader", "banner\(id) (\"\(banner.title ?? "")\", action \(banner.core.content.action?.label ?? "none")) "
                     + "has an action and \(left) left while a screen reader runs")
            }
            // Hover and focus hold the timeout, and so does a window the user left
            // (after it was active once) unless the banner opted out: the clock
            // starts again while one of them holds it.
            let windowLeft = world.windows[expected.window]?.isLeft ?? false
            // An actionable banner waits for the user while a screen reader runs.
            let waitsForReader = expected.actionable && model.screenReaderOn
            // Keyboard focus inside the banners holds every banner of their queue.
            let focusInBanners = world.center(of: expected.place).map { Self.hasFocus(within: $0.presenter.stack.widget) } ?? false
            if Self.isHovered(widget) || focusInBanners || (windowLeft && expected.pausesWhenLeft) || waitsForReader {
                bannerShowingSince[id] = now
            }
            // A task banner's outcome counts its time from when it took the working state's place.
            let since = max(bannerShowingSince[id] ?? now, expected.restartedAt ?? -.infinity)
            bannerShowingSince[id] = since
            if let duration = expected.duration.map({ $0 * expected.maxMultiplier }),
               now - since > duration + 2 * StormTiming.bannerAnimation + StormTiming.slack {
                fail("banner.pastDuration", "banner\(id) (duration \(duration) s) has been showing for \(String(format: "%.1f", now - since)) s")
            }
        }
        // Time is never cut short: a timeout comes no sooner than the duration times the
        // smallest multiplier after the show call, and never while a screen reader runs
        // for a banner with an action (issue #25).
        for (id, end) in world.bannerEnds.sorted(by: { $0.key < $1.key }) {
            guard case .timeout = end.reason, let expected = model.banners[id] else { continue }
            // (From a moment after the switch: a timeout may fire in the turn the setting changes.)
            if expected.actionable, model.screenReaderOn, end.time > model.readerOnSince + 0.05 {
                fail("banner.expiredUnderReader", "banner\(id) has an action and timed out while a screen reader runs")
            }
            // Issue #27: a hidden context holds its banners as a window the user left does.
            if expected.pausesWhenLeft, let since = model.hiddenSince[expected.place], model.isHidden(expected.place),
               end.time > since + 0.1 {
                fail("banner.expiredWhileHidden", "banner\(id) timed out in \(expected.place), hidden \(String(format: "%.2f", end.time - since)) s before")
            }
            if let duration = expected.duration, end.time - expected.shownAt < duration * expected.minMultiplier - 0.02 {
                fail("banner.earlyTimeout", "banner\(id) timed out \(String(format: "%.2f", end.time - expected.shownAt)) s after its show, "
                    + "under \(duration) s × \(expected.minMultiplier)")
            }
        }
        world.bannerEnds = [:]
        // Issue #26: each window's center names, by id, exactly the banner the model says holds it.
        for (slot, window) in world.windows.sorted(by: { $0.key < $1.key }) {
            guard let center = BannerCenter.for(window.window) else { continue }
            for id in 0..<3 {
                let holder = model.idHolder(of: id, in: slot)
                let found = center.banner(id: "i\(id)")
                // Escape in its window may have dismissed it (the newest banner goes): then it is gone.
                if found == nil, let holder, model.banners[holder]?.escapeMayHaveDismissed == true {
                    model.banners[holder]?.mustBeGone = true
                    continue
                }
                if let holder { model.banners[holder]?.escapeMayHaveDismissed = false }
                if found !== holder.flatMap({ world.banners[$0] }) {
                    fail("banner.id", "window\(slot)'s banner(id: \"i\(id)\") is \(found?.title ?? "none"), the model says "
                         + "\(holder.map { "banner\($0)" } ?? "none")")
                }
            }
        }
        checkStacks(model, world, fail)
        checkUndos(&model, world, fail)
        for (place, count) in queued where count > 0 && showing[place, default: 0] == 0 {
            fail("banner.stalled", "\(count) banners wait in \(place) with none showing")
        }
    }

    // MARK: Announcements and awaited calls

    private mutating func checkAnnouncements(_ model: StormModel, _ world: StormWorld, step: Int, _ fail: (String, String) -> Void) {
        for record in world.announcements {
            let text = record.text.replacingOccurrences(of: "\u{200B}", with: "")
            // The name, without what follows it ("b5. Press Ctrl+F6 to reach it.", "t3, 50%")
            // or what a result says before it ("Success: t5").
            let first = text.split(whereSeparator: { $0 == "," || $0 == "." }).first.map(String.init) ?? text
            let name = first.components(separatedBy: ": ").last ?? first
            guard Self.isStormText(name) else { continue }
            announcedTexts.insert(name)
            awaitedAnnouncements[name] = nil
            if let last = model.displayedTexts[name], step - last <= 3 || now - (stepTimes[last] ?? now) <= 1 { continue }
            fail("announce.unexpected", "\"\(text)\" was announced (\(record.mechanism)), but nothing shows it now")
        }
        world.announcements = []
        // A message shown must be spoken within three steps (the GTK < 4.14 path waits 150 ms),
        // unless its window went first (the description then has nowhere to go).
        for (text, awaited) in awaitedAnnouncements.sorted(by: { $0.key < $1.key }) where step - awaited.step > 3 {
            // The user left its window before it was said: the clock starts again when they are back.
            if Self.announcementsWait(in: awaited.place.flatMap { world.center(of: $0) }) {
                awaitedAnnouncements[text] = (step, awaited.place)
                continue
            }
            awaitedAnnouncements[text] = nil
            if awaited.place.map({ world.windows[$0.window] != nil }) ?? true {
                fail("announce.missing", "\"\(text)\" was shown in step \(awaited.step) but never announced")
            }
        }
    }

    private func checkAwaits(_ model: StormModel, _ world: StormWorld, now: Double, _ fail: (String, String) -> Void) {
        for (id, awaited) in model.awaits.sorted(by: { $0.key < $1.key }) where !world.returned.contains(id) {
            if let due = awaited.dueBy, now > due { fail("await.neverReturned", "\(awaited.what) has not returned") }
        }
    }

    // MARK: Helpers

    static func isIn(_ widget: UnsafeMutablePointer<GtkWidget>, window slot: Int) -> Bool {
        guard let root = gtk_widget_get_root(widget) else { return false }
        return StormWindow.slots[UnsafeMutableRawPointer(root)] == slot
    }

    /// Whether banners in `window` are spoken later, when the user is back
    /// (the core's rule: its window left after being used, or its context hidden).
    static func announcementsWait(in center: BannerCenter?) -> Bool {
        guard let center else { return false }
        return center.queue.windowAttention.holdsBanners
    }

    static func isHovered(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue != 0
    }

    static func hasFocus(within widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// The storm's windows belong to its application (issue #27), so a banner's desktop notification goes
    /// to D-Bus, where the headless session has no notification server: GIO's warning is the machine's, not GtkHUD's.
    static func isNotificationServerMissing(_ entry: StormLog.Entry, _ model: StormModel) -> Bool {
        model.notificationsAsked && entry.domain == "GLib-GIO" && entry.message.contains("unable to send notifications")
    }

    static func isStormText(_ text: String) -> Bool {
        let parts = text.split(separator: " ")
        guard let first = parts.first, first.count > 1, "tbr".contains(first.first!),
              first.dropFirst().allSatisfy(\.isNumber) else { return false }
        return parts.count == 1 || (parts.count == 2 && parts[1] == "done")
    }

    private static func matches(_ indicator: HUDIndicator?, _ kind: StormResult) -> Bool {
        switch (indicator, kind) {
        case (.success?, .success), (.error?, .error), (.info?, .info), (.image?, .image): true
        default: false
        }
    }

    private static func isResult(_ indicator: HUDIndicator?) -> Bool {
        switch indicator {
        case .success?, .error?, .info?, .image?: true
        default: false
        }
    }

    private func describe(_ indicator: HUDIndicator?) -> String {
        guard let indicator else { return "nothing" }
        if let fraction = indicator.progressFraction { return "a progress ring at \(fraction)" }
        return "\(indicator)"
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

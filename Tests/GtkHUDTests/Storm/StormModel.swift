import HUDCore

/// The reference model of the storm: what the public API promises after each
/// call, as issue #19 states the intended behaviour (not what today's code does):
/// - progress that arrives after a result, a dismissal, or the destruction of
///   the HUD's window is dropped;
/// - `ProgressHUD`'s activity count survives a host change;
/// - changing a shown HUD's mask to a non-blocking one gives the content its keyboard back;
/// - a `HUD` reused for another `run` shows that run's working state, and stays
///   up while any run on it still works;
/// - everything timed goes away after its time, and every awaited call returns;
/// - (issue #29) a value posted with `setProgress` (from a thread or not) is
///   applied once the step's frames ran, unless a main-actor call on the same
///   HUD came after it in the step (`show`, `hide`, a label, a mode, `progress`,
///   a status, a result, a dismissal): then it is never applied;
/// - (issue #26) each window's banners on screen and waiting, its queue limit,
///   overflow policy and deck, and undo banners' one outcome: `StormModel+Stack.swift`.
///
/// Where the API leaves a choice open (a late value that the model cannot call
/// early or late, a host of nil resolving to "the front window"), the affected
/// entity is marked uncertain and its checks wait for the next call that
/// settles it (`show`, `dismiss`, a result).
struct StormModel {
    enum SharedKind: Equatable {
        case hidden
        case activity(progress: Bool)
        /// A status HUD: on screen until about `until` (wall-clock seconds), then gone.
        case result(StormResult, until: Double)
    }

    struct Shared {
        var kind = SharedKind.hidden
        /// The window it is in; nil while hidden or when it went to "the front window".
        var window: Int?
        var count = 0
        var countKnown = true
        var progressOpen = false
        /// False after a result or a dismissal (or its window's destruction) until the next show of work:
        /// progress then is late and dropped (issue #19 bugs 1 and 2).
        var acceptsProgress = true
        /// A result was shown and no show of work followed.
        var afterResult = false
        var uncertain = false
        var status: String?
        var mask = StormMask.none
        /// The mask became blocking while shown: whether it blocks before the next appearance is open.
        var blockUncertain = false
        var host: Int?
        /// The progress a progress HUD shows (nil: open); checked while it shows progress.
        var fraction: Double?
        /// A `ProgressHUD.setProgress` of this step not yet superseded: applied when the step settles.
        var posted: Double?
        /// Something in this step may or may not have superseded `posted`.
        var postedUncertain = false
        /// `ProgressHUD`'s controller exists (before its first show a status change reaches nothing).
        var exists = false
        /// Issue #27: `ProgressHUD.context` is this route (nil: a host, or `.automatic`).
        var route: StormRoute?
        /// The route changed while the HUD was up: where its next call goes is open until it has gone.
        var routeMoved = false
    }

    enum HUDKind: Equatable { case hidden, shown, result(until: Double) }

    struct Instance {
        var window: Int
        /// Issue #27: 1 for a HUD in the window's pane, 0 for one over the whole window.
        var context = 0
        var alive = true
        var kind = HUDKind.hidden
        var mode = StormMode.indeterminate
        /// The label it shows; nil when none or when the API decides (a run started without one).
        var label: String?
        /// The label as the app last set it: what a run shows while it works (a result's text is not the app's).
        var appLabel: String?
        /// The mode as the app last set it: a run started with none other working shows it (a result mode as the spinner).
        var appMode = StormMode.indeterminate
        var mask: StormMask
        var blockUncertain = false
        var uncertain = false
        var runs: Set<Int> = []
        /// What `hud.progress` reads once the step settled (nil: open).
        var progress: Double? = 0
        /// A `setProgress` of this step not yet superseded: applied when the step settles.
        var posted: Double?
        /// Whether `setProgress` is taken (nil: open): not from a hide to the next show of work.
        var acceptsPosts: Bool? = true
        /// A run ended in this step: whether its end came before or after a posted value is open.
        var runEndedThisStep = false
        /// The result text of the last run that ended while what the HUD shows was open: it may show.
        var possibleResult: String?
    }

    struct Run { var hud: Int; var active = true }

    struct BannerModel {
        var window: Int
        /// Issue #27: the context it was shown in (0: the whole window).
        var context = 0
        /// Its own position is `.bottom` (else the default, `.top`).
        var bottom = false
        var high: Bool
        var duration: Double?
        /// Dismissed by the storm or by its window's destruction: it must be gone.
        var mustBeGone = false
        /// Shown with high priority in the step being checked: it must be on screen.
        var mustShowNow = false
        /// Whether its timeout pauses while its window is left (`pausesWhileWindowInactive`).
        var pausesWhenLeft = true
        /// It has an action button: it does not time out while a screen reader runs.
        var actionable = false
        /// The largest timeout multiplier while it lived: its time is at most that many times its duration.
        var maxMultiplier = 1.0
        /// The smallest one: its time is at least that many times its duration.
        var minMultiplier = 1.0
        /// When `show` was called (wall-clock seconds): no timeout comes sooner than its time after it.
        var shownAt = 0.0
        /// Its window was destroyed (a window opened again in the slot is another one).
        var windowGone = false
        /// Escape was pressed in its window since the last check: it may be gone (the newest banner goes).
        var escapeMayHaveDismissed = false
        /// A task banner's outcome took its place (wall-clock seconds): its time counts from then.
        var restartedAt: Double?
        /// Issue #26: why it must end, when the model decided its end (a drop, `dismissAll`, a pre-emption...).
        var expectedEnd: BannerDismissReason?
        /// An undo banner (`NotificationBanner.undoable`): exactly one of its undo and commit runs, once.
        var undoable = false
        /// `undo()` took its change back: its commit must never run.
        var undone = false

        var place: StormPlace { StormPlace(window, context) }
    }

    struct Await {
        let what: String
        /// When it must have returned by (wall-clock seconds); nil while what it waits for has not happened.
        var dueBy: Double?
    }

    var liveWindows: Set<Int> = [0, 1]
    var shared = Shared()
    var huds: [Int: Instance] = [:]
    var runs: [Int: Run] = [:]
    var banners: [Int: BannerModel] = [:]
    /// Issue #26: the task banners, by banner id: whether the work still runs.
    var tasks: [Int: Bool] = [:]
    /// The banner each id names in each window (issue #26), while it is not dismissed.
    var idHolders: [Int: [Int: Int]] = [:]
    var awaits: [Int: Await] = [:]
    /// Issue #26: each live window's banners, on screen and waiting, and its center's settings.
    var stacks: [StormPlace: StormStack] = Dictionary(uniqueKeysWithValues: (StormPlace.all(of: 0) + StormPlace.all(of: 1)).map { ($0, StormStack()) })
    /// Issue #27: the page each window's stack shows (2 or 3; the other page's context is hidden).
    var visiblePage: [Int: Int] = [0: 2, 1: 2]
    /// When each hidden context was hidden (wall-clock seconds).
    var hiddenSince: [StormPlace: Double] = [StormPlace(0, 3): 0, StormPlace(1, 3): 0]
    /// Each window's anchor, the windows whose anchors are hidden, and those whose anchor widgets were destroyed.
    var anchors: [Int: StormAnchor] = [:]
    var anchorsHidden: Set<Int> = []
    var anchorsGone: Set<Int> = []
    /// The window GTK's application has in front (the one the user focused last); nil while the model cannot tell.
    var front: Int?
    /// What this step's `undo()` calls must return, by banner.
    var undoCallExpected: [Int: Bool] = [:]
    /// Texts the storm made visible, with the last step in which they were.
    var displayedTexts: [String: Int] = [:]
    /// Whether the current step may print a GtkHUD diagnostic (a call the API refuses by design).
    var diagnosticExpected = false
    /// The public names this step's diagnostics must be reported under (one each, at least), when the model knows them.
    var diagnosticSources: Set<String> = []
    /// `GtkHUDAttention.timeoutMultiplier` (issue #25): every banner and result time is multiplied by it.
    var multiplier = 1.0
    /// `GtkHUDAttention.screenReader` is `.on`: actionable banners wait for the user.
    var screenReaderOn = false
    /// When it was last switched on (wall-clock seconds).
    var readerOnSince = 0.0
    /// A banner asked for desktop notifications: the storm has no GApplication, which GtkHUD says once, when it sends.
    var notificationsAsked = false

    // MARK: Applying calls

    /// Applies `operation`, done at `now` (wall-clock seconds) during step `step`.
    mutating func apply(_ operation: StormOperation, now: Double, step: Int) {
        let due = now + StormTiming.awaitAllowance
        noteInput(operation)
        switch operation {
        case .show(let status):
            guard let window = sharedTarget() else { return }
            supersedeShared()
            present(.activity(progress: false), in: window, status: status, step: step)
            shared.count += 1
        case .showProgress(let value, let status):
            guard let window = sharedTarget() else { return }
            supersedeShared()
            present(.activity(progress: value.isFinite), in: window, status: status, step: step)
            shared.fraction = HUDValuesForModel.progress(value)
            if !shared.progressOpen { shared.progressOpen = true; shared.count += 1 }
        case .setProgress(let value, _):
            // Posted: applied when the step settles, unless a later call of the step supersedes it.
            if shared.acceptsProgress { shared.posted = value }
        case .setStatus(let status):
            if shared.exists { supersedeShared() }
            shared.status = status
            if shared.kind != .hidden { displayedTexts[status] = step }
        case .showResult(let kind, let status):
            guard let window = sharedTarget() else { return }
            supersedeShared()
            let until = now + 2 * StormTiming.fade + StormTiming.resultSeconds * multiplier + StormTiming.slack
            present(.result(kind, until: until), in: window, status: status, step: step)
            shared.count = 0
            shared.countKnown = true
            shared.progressOpen = false
            shared.afterResult = true
        case .dismiss:
            supersedeShared()
            hideShared()
        case .dismissAndWait(let id):
            supersedeShared()
            hideShared()
            awaits[id] = Await(what: "await ProgressHUD.dismissAndWait() (wait\(id))", dueBy: due)
        case .popActivity:
            guard shared.countKnown, !shared.uncertain else {
                shared.uncertain = shared.kind != .hidden
                if shared.posted != nil { shared.postedUncertain = true }
                return
            }
            shared.count = max(0, shared.count - 1)
            // The last activity dismisses (unless a result shows): a main-actor change.
            if shared.count == 0, case .activity = shared.kind { supersedeShared(); hideShared() }
            if shared.count == 0, shared.kind == .hidden, shared.exists, !shared.afterResult {
                supersedeShared()
                shared.acceptsProgress = false
            }
        case .setHost(let window):
            shared.host = window.flatMap { liveWindows.contains($0) ? $0 : nil }
            shared.route = nil
        case .setSharedMask(let mask):
            if shared.kind != .hidden, !shared.mask.blocks, mask.blocks { shared.blockUncertain = true }
            if !mask.blocks { shared.blockUncertain = false }
            shared.mask = mask
        case .setSharedStyle:
            break
        case .destroyWindow(let window):
            destroy(window, due: due)
        case .openWindow(let window):
            if liveWindows.insert(window).inserted {
                for place in StormPlace.all(of: window) { stacks[place] = StormStack() }
                visiblePage[window] = 2
                hiddenSince[StormPlace(window, 3)] = now
                anchorsGone.remove(window)
                anchorsHidden.remove(window)
                // Presented, it may take the focus (the window under the pointer): the front window is open.
                front = nil
            }
        case .newHUD(let hud, let window, let mask):
            guard liveWindows.contains(window), huds[hud] == nil else { return }
            huds[hud] = Instance(window: window, mask: mask)
        case .hudShow(let hud):
            guard var model = huds[hud], model.alive else { return }
            model.posted = nil
            // A show of work takes posted progress again; a result mode does not.
            model.acceptsPosts = model.uncertain ? nil : !model.mode.isResult
            if model.kind == .hidden { model.blockUncertain = false }
            if model.runs.isEmpty { model.uncertain = false }
            model.kind = .shown
            huds[hud] = model
        case .hudHide(let hud):
            hideInstance(hud)
        case .hudHideAndWait(let hud, let id):
            guard huds[hud] != nil else { return }
            hideInstance(hud)
            awaits[id] = Await(what: "await hud\(hud).hideAndWait() (wait\(id))", dueBy: due)
        case .hudMode(let hud, let mode):
            guard var model = huds[hud] else { return }
            model.posted = nil
            // The app itself shows a result while its run works: then what shows is the app's choice.
            if mode.isResult, !model.runs.isEmpty { model.uncertain = true }
            model.mode = mode
            model.appMode = mode
            huds[hud] = model
        case .hudLabel(let hud, let label):
            guard let model = huds[hud] else { return }
            huds[hud]?.posted = nil
            huds[hud]?.label = label
            huds[hud]?.appLabel = label
            if model.kind != .hidden { displayedTexts[label] = step }
        case .hudProgress(let hud, let value, let fromThread):
            guard var model = huds[hud] else { return }
            if !fromThread {
                model.progress = value.isNaN ? .nan : min(max(value, 0), 1)
                model.posted = nil
            } else if model.acceptsPosts == nil || model.runEndedThisStep {
                // Taken or refused, before or after the run's end: open.
                model.posted = value
                model.progress = nil // taken or refused: open
            } else if model.acceptsPosts == true {
                model.posted = value
            }
            huds[hud] = model
        case .hudMask(let hud, let mask):
            guard var model = huds[hud] else { return }
            if model.kind != .hidden, !model.mask.blocks, mask.blocks { model.blockUncertain = true }
            if !mask.blocks { model.blockUncertain = false }
            model.mask = mask
            huds[hud] = model
        case .runStart(let run, let hud, let label):
            guard var model = huds[hud], model.alive, runs[run] == nil else { return }
            runs[run] = Run(hud: hud)
            awaits[1_000_000 + run] = Await(what: "try await hud\(hud).run (run\(run))", dueBy: nil)
            // The run sets the label and shows: main-actor changes. With no other run working
            // it shows the app's own mode (a result mode as the spinner: HUDRunLedger), which
            // takes posted progress; otherwise the model knows it only when no result stands in its way.
            model.posted = nil
            if model.runs.isEmpty, !model.uncertain {
                model.mode = model.appMode.isResult ? .indeterminate : model.appMode
                model.acceptsPosts = true
            } else {
                model.acceptsPosts = model.mode.isResult || model.uncertain ? nil : true
            }
            if model.kind == .hidden { model.blockUncertain = false }
            model.kind = .shown
            // The app's own label shows while the work goes on: a past run's result text is no working label.
            if let label { model.appLabel = label }
            if let label { model.label = label } else if model.runs.isEmpty { model.label = model.appLabel }
            model.runs.insert(run)
            huds[hud] = model
            if let label { displayedTexts[label] = step }
        case .runEnd(let run, _), .runCancel(let run):
            guard var record = runs[run], record.active else { return }
            record.active = false
            runs[run] = record
            awaits[1_000_000 + run]?.dueBy = due
            guard var model = huds[record.hud] else { return }
            model.runs.remove(run)
            if model.runs.isEmpty {
                // The last run's end (on the main actor, as the step settles) shows the outcome and hides.
                model.runEndedThisStep = true
                model.acceptsPosts = false
            }
            if model.uncertain {
                // Its other runs may have been cancelled already (Escape): this end's result may show.
                model.possibleResult = "r\(run) done"
                displayedTexts["r\(run) done"] = step
            }
            if model.alive, model.runs.isEmpty, !model.uncertain {
                model.kind = .result(until: now + 2 * StormTiming.fade + StormTiming.resultSeconds * multiplier + StormTiming.slack)
                model.mode = .success // a result mode: not checked further
                model.label = "r\(run) done"
                displayedTexts["r\(run) done"] = step
            }
            huds[record.hud] = model
        case .bannerShow(let banner, let window, let high, let duration, let action):
            guard banners[banner] == nil, liveWindows.contains(window) else { return }
            banners[banner] = BannerModel(window: window, high: high, duration: duration, mustShowNow: high,
                                          actionable: action, maxMultiplier: multiplier, minMultiplier: multiplier,
                                          shownAt: now)
            awaits[2_000_000 + banner] = Await(what: "await banner\(banner).dismissed", dueBy: nil)
            displayedTexts["b\(banner)"] = step
            admit(banner, in: StormPlace(window))
        case .undoShow(let banner, let window, let high, let duration, _):
            guard banners[banner] == nil, liveWindows.contains(window) else { return }
            // Its Undo is an action: it waits for the user while a screen reader runs.
            var model = BannerModel(window: window, high: high, duration: duration, mustShowNow: high, actionable: true,
                                    maxMultiplier: multiplier, minMultiplier: multiplier, shownAt: now)
            model.undoable = true
            banners[banner] = model
            awaits[2_000_000 + banner] = Await(what: "await banner\(banner).dismissed (an undo banner)", dueBy: nil)
            displayedTexts["b\(banner)"] = step
            admit(banner, in: StormPlace(window))
        case .callUndo(let banner):
            callUndo(banner)
            if banners[banner]?.undone == true, awaits[2_000_000 + banner]?.dueBy == nil { awaits[2_000_000 + banner]?.dueBy = due }
        case .dismissAll(let window):
            dismissAll(in: StormPlace(window))
        case .maxVisible(let window, let value):
            setMaxVisible(value, in: StormPlace(window))
        case .queueLimit(let window, let value):
            setQueueLimit(value, in: StormPlace(window))
        case .overflowPolicy(let window, let policy):
            setOverflow(policy, in: StormPlace(window))
        case .stacking(let window, let stacking):
            stacks[StormPlace(window)]?.stacking = stacking
        case .pressUndo, .pressClose, .swipe:
            break // what the user's hand did is read off the banners by the checks
        case .taskStart(let banner, let window):
            guard banners[banner] == nil, liveWindows.contains(window) else { return }
            // Grace time 0: it goes to the queue at once, until dismissed while the work runs; Cancel is its action.
            banners[banner] = BannerModel(window: window, high: false, duration: nil, actionable: true,
                                          maxMultiplier: multiplier, minMultiplier: multiplier, shownAt: now)
            tasks[banner] = true
            awaits[2_000_000 + banner] = Await(what: "await banner\(banner).dismissed (a task banner)", dueBy: nil)
            awaits[3_000_000 + banner] = Await(what: "try await NotificationBanner.run (task\(banner))", dueBy: nil)
            displayedTexts["b\(banner)"] = step
            admit(banner, in: StormPlace(window))
            // Dropped at once (a queue limit of 0, the screen full): `run` never hands its banner out, so there is none to await.
            if !isInStack(banner) { awaits[2_000_000 + banner] = nil }
        case .taskProgress:
            break
        case .taskEnd(let banner, let succeeds):
            endTask(banner, outcome: succeeds ? "b\(banner) done" : nil, actionable: !succeeds, now: now, due: due, step: step)
        case .taskCancel(let banner):
            endTask(banner, outcome: nil, actionable: false, now: now, due: due, step: step)
        case .bannerUpdate(let banner, let title):
            guard let model = banners[banner], !model.mustBeGone else { return }
            displayedTexts[title] = step
        case .bannerDismiss(let banner):
            guard banners[banner] != nil else { return }
            end(banner, .programmatic)
            if awaits[2_000_000 + banner]?.dueBy == nil { awaits[2_000_000 + banner]?.dueBy = due }
        case .bannerShowID(let banner, let window, let id, let policy):
            guard banners[banner] == nil, liveWindows.contains(window) else { return }
            banners[banner] = BannerModel(window: window, high: false, duration: nil)
            awaits[2_000_000 + banner] = Await(what: "await banner\(banner).dismissed", dueBy: nil)
            if let holder = idHolder(of: id, in: window) {
                switch policy {
                case .ignore, .count:
                    // The new banner never shows: it ends at once.
                    banners[banner]?.mustBeGone = true
                    banners[banner]?.expectedEnd = .sameID
                case .updateInPlace:
                    // The banner up shows the new words; the new banner ends at once.
                    banners[banner]?.mustBeGone = true
                    banners[banner]?.expectedEnd = .sameID
                    displayedTexts["b\(banner)"] = step
                case .replace:
                    replace(holder, with: banner, in: StormPlace(window))
                    if awaits[2_000_000 + holder]?.dueBy == nil { awaits[2_000_000 + holder]?.dueBy = due }
                    idHolders[window, default: [:]][id] = banner
                    displayedTexts["b\(banner)"] = step
                }
                if banners[banner]?.mustBeGone == true { awaits[2_000_000 + banner]?.dueBy = due }
            } else {
                idHolders[window, default: [:]][id] = banner
                displayedTexts["b\(banner)"] = step
                admit(banner, in: StormPlace(window))
            }
        case .bannerHideID(let window, let id):
            guard liveWindows.contains(window) else { return }
            guard let holder = idHolder(of: id, in: window) else {
                diagnosticExpected = true // hide(id:) of an id no banner has: refused with a message
                return
            }
            end(holder, .programmatic)
            if awaits[2_000_000 + holder]?.dueBy == nil { awaits[2_000_000 + holder]?.dueBy = due }
        case .bannerIgnoresAttention(let banner):
            banners[banner]?.pausesWhenLeft = false
        case .bannerNotifies(let banner, let policy):
            guard let model = banners[banner] else { return }
            if model.windowGone { diagnosticExpected = true } else if policy != .never { notificationsAsked = true }
        case .multiplier(let value):
            guard value > 0 else { diagnosticExpected = true; return }
            setMultiplier(min(max(value, 1), 10))
        case .screenReader(let on):
            if on, !screenReaderOn { readerOnSince = now }
            screenReaderOn = on
        case .bannerShortcut(let chord):
            if chord == "F6+" { diagnosticExpected = true }
        case .escape(let window):
            // A HUD working on a run has a Cancel button, which Escape presses when
            // that HUD's handler is the newest in the window (a banner's may be):
            // whether its runs were cancelled is open until the next call settles it.
            for (key, model) in huds where model.window == window && model.alive && !model.runs.isEmpty {
                huds[key]?.uncertain = true
                huds[key]?.acceptsPosts = nil
                huds[key]?.progress = nil
            }
            for holder in (idHolders[window] ?? [:]).values { banners[holder]?.escapeMayHaveDismissed = true }
        case .hover, .clickEntry, .tab, .activate, .pressBannerShortcut, .animations, .wait:
            break
        case .placedBanner, .paneHUD, .contextMaxVisible, .switchPage, .clickContext, .tabRound, .setAnchor, .anchorsVisible,
             .destroyAnchors, .routedBanner, .broadcast, .sharedRoute:
            applyContexts(operation, now: now, step: step)
        }
    }

    /// The banner up in `window` under the id `"i<id>"`: the last one that took it and is not dismissed.
    func idHolder(of id: Int, in window: Int) -> Int? {
        guard let holder = idHolders[window]?[id], let model = banners[holder], !model.mustBeGone else { return nil }
        return holder
    }

    /// The step's frames ran: what was posted and not superseded is applied.
    mutating func deliverPosts(step: Int) {
        if let value = shared.posted {
            if shared.postedUncertain {
                shared.uncertain = shared.uncertain || shared.kind != .hidden || !shared.afterResult
                shared.countKnown = false
            } else {
                applySharedProgress(value, step: step)
            }
        }
        shared.posted = nil
        shared.postedUncertain = false
        for (key, model) in huds {
            if let value = model.posted {
                huds[key]?.progress = model.runEndedThisStep || model.progress == nil ? nil : (value.isNaN ? .nan : value)
            }
            huds[key]?.posted = nil
            huds[key]?.runEndedThisStep = false
        }
    }

    /// Notes what is on screen after step `step` (before its checks: it may be announced in it).
    mutating func noteDisplayed(step: Int) {
        if shared.kind != .hidden, !shared.uncertain, let status = shared.status { displayedTexts[status] = step }
        for model in huds.values where model.kind != .hidden && !model.uncertain {
            if let label = model.label { displayedTexts[label] = step }
        }
        // What an uncertain HUD shows is open: its labels may be on screen (and spoken).
        for model in huds.values where model.alive && model.uncertain {
            for label in [model.label, model.appLabel, model.possibleResult].compactMap({ $0 }) { displayedTexts[label] = step }
        }
    }

    /// Ends a step: what was high and new is no longer "just shown".
    mutating func endStep(step: Int) {
        noteDisplayed(step: step)
        for key in banners.keys { banners[key]?.mustShowNow = false }
        diagnosticExpected = false
        diagnosticSources = []
        undoCallExpected = [:]
    }

    /// A task's work ended (or its caller's task was cancelled): its run returns, and
    /// the banner, if still there, shows the outcome in place, timed from now.
    private mutating func endTask(_ banner: Int, outcome: String?, actionable: Bool, now: Double, due: Double, step: Int) {
        guard tasks[banner] == true else { return }
        tasks[banner] = false
        awaits[3_000_000 + banner]?.dueBy = due
        guard var model = banners[banner], !model.mustBeGone else { return }
        model.duration = StormTiming.bannerSeconds
        model.shownAt = now
        model.restartedAt = now
        model.minMultiplier = multiplier
        model.maxMultiplier = multiplier
        // An error has Retry (an action); success and "Cancelled" have none.
        model.actionable = actionable
        banners[banner] = model
        if let outcome { displayedTexts[outcome] = step }
    }

    /// Results whose time is up are gone (the checker has just verified it).
    mutating func expire(now: Double) {
        if case .result(_, let until) = shared.kind, now > until { hideShared(dropsProgress: false) }
        for (key, model) in huds {
            if case .result(let until) = model.kind, now > until { huds[key]?.kind = .hidden }
        }
    }

    /// A new multiplier: results on screen may end later (their share of time
    /// left is kept), and a banner may take up to the largest one it lived under.
    private mutating func setMultiplier(_ value: Double) {
        let extra = max(0, value - multiplier) * StormTiming.resultSeconds
        multiplier = value
        if case .result(let kind, let until) = shared.kind { shared.kind = .result(kind, until: until + extra) }
        for (key, model) in huds {
            if case .result(let until) = model.kind { huds[key]?.kind = .result(until: until + extra) }
        }
        for (key, model) in banners where !model.mustBeGone {
            banners[key]?.maxMultiplier = max(model.maxMultiplier, value)
            banners[key]?.minMultiplier = min(model.minMultiplier, value)
        }
    }

    // MARK: Shared HUD helpers

    /// The window a `ProgressHUD.show…` call goes to, or nil when the call is refused.
    private mutating func sharedTarget() -> Int?? {
        if let host = shared.host {
            guard liveWindows.contains(host) else { diagnosticExpected = true; return nil }
            return .some(host)
        }
        if let route = shared.route { return routedSharedTarget(route) }
        return liveWindows.isEmpty ? nil : .some(nil)
    }

    private mutating func present(_ kind: SharedKind, in window: Int?, status: String?, step: Int) {
        let moves = shared.kind == .hidden || window == nil || window != shared.window
        if moves { shared.blockUncertain = false }
        // "The front window" is whichever window is active: the model cannot name it.
        if window == nil, liveWindows.count > 1 { shared.countKnown = shared.countKnown && shared.kind == .hidden }
        shared.kind = kind
        shared.window = window
        shared.status = status
        shared.exists = true
        // Work opens the gate for posted progress; a result closes it (late values are dropped).
        if case .result = kind { shared.acceptsProgress = false } else { shared.acceptsProgress = true }
        shared.afterResult = false
        shared.uncertain = false
        shared.routeMoved = false
        if let status { displayedTexts[status] = step }
    }

    /// A main-actor call on `ProgressHUD`: what was posted before it in this step is dropped.
    private mutating func supersedeShared() {
        shared.posted = nil
        shared.postedUncertain = false
    }

    private mutating func applySharedProgress(_ value: Double, step: Int) {
        guard shared.acceptsProgress else { return } // late: dropped
        switch shared.kind {
        case .activity where !shared.uncertain:
            if !shared.progressOpen { shared.progressOpen = true; shared.countKnown = false }
            shared.kind = .activity(progress: value.isFinite)
            shared.fraction = HUDValuesForModel.progress(value)
        case .hidden where !shared.afterResult && !shared.uncertain:
            guard let window = sharedTarget() else { return }
            present(.activity(progress: value.isFinite), in: window, status: shared.status, step: step)
            shared.fraction = HUDValuesForModel.progress(value)
            shared.progressOpen = true
            shared.count += 1
        default:
            // After a result the API may start a new progress HUD or drop the value.
            shared.uncertain = true
            shared.countKnown = false
        }
    }

    private mutating func hideShared(dropsProgress: Bool = true) {
        shared.kind = .hidden
        shared.window = nil
        shared.count = 0
        shared.countKnown = true
        shared.progressOpen = false
        shared.uncertain = false
        shared.blockUncertain = false
        if dropsProgress { shared.acceptsProgress = false }
    }

    private mutating func hideInstance(_ hud: Int) {
        guard var model = huds[hud], model.alive else { return }
        // A hide is a main-actor change, and posts are refused until the next show of work.
        model.posted = nil
        model.acceptsPosts = false
        if !model.runs.isEmpty {
            // Hiding a HUD while its run works: what the run's end shows then is open.
            model.uncertain = true
        } else {
            model.kind = .hidden
            model.uncertain = false
        }
        huds[hud] = model
    }

    private mutating func destroy(_ window: Int, due: Double) {
        guard liveWindows.remove(window) != nil else { return }
        let inStack = Set(StormPlace.all(of: window).flatMap { (stacks[$0]?.visible ?? []) + (stacks[$0]?.waiting ?? []) })
        defer {
            for place in StormPlace.all(of: window) {
                stacks[place] = nil
                hiddenSince[place] = nil
            }
            anchors[window] = nil
            visiblePage[window] = nil
        }
        // GTK's application keeps the others in the order they were focused: which one is in front is open.
        if front == window { front = nil }
        // The storm's destroy step also lets go of a host in that window (an app would).
        if shared.host == window { shared.host = nil }
        if shared.kind != .hidden {
            if shared.window == window {
                supersedeShared() // the core ends the HUD with its window
                hideShared()
            } else if shared.window == nil { shared.uncertain = true; shared.countKnown = false }
        }
        // A hidden HUD's last window may have been this one: it ends there too, or not.
        if shared.posted != nil { shared.postedUncertain = true }
        for (key, model) in huds where model.window == window {
            huds[key]?.alive = false
            huds[key]?.kind = .hidden
        }
        for (key, model) in banners where model.window == window && !model.windowGone {
            // Those on screen or waiting end with their window; one already leaving keeps its reason.
            if inStack.contains(key) { banners[key]?.expectedEnd = .hostDestroyed }
            banners[key]?.windowGone = true
            banners[key]?.mustBeGone = true
            banners[key]?.mustShowNow = false
            if awaits[2_000_000 + key]?.dueBy == nil { awaits[2_000_000 + key]?.dueBy = due }
        }
    }
}

/// The clamping rule of the public API, as the model states it (NaN or infinity: no fraction, the spinner).
enum HUDValuesForModel {
    static func progress(_ value: Double) -> Double? { value.isFinite ? min(max(value, 0), 1) : nil }
}

import CGtk
import Foundation
import GtkHUD
import GtkSupport

/// Plays the scripted scenarios of ``Scenarios`` in the gallery window.
@MainActor
enum ScenarioRunner {
    /// Plays the scenarios in `list` (names separated by commas) one after
    /// another in the same window, prints `done` and quits (status 1 with a
    /// message if one overruns or shows nothing). One window for many
    /// scenarios is how the screen-reader test plays them all under one Orca.
    static func play(_ list: String) async {
        let names = list.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        EventCenter.shared.printsShownLines = true
        // A script has no user who leaves and comes back: its banners count
        // whether or not the window is active. (The tests play three scripts
        // side by side on one display, where X focus goes from window to window.)
        GtkHUDAttention.pausesWhileWindowInactive = false
        let watcher = HUDTextWatcher(in: Gallery.window)
        await Clock.frames(2, of: Gallery.window)
        if ScreenReaderLink.isActive {
            // Under orca-probe: start once Orca has presented the window's
            // focus (the probe reads that in Orca's log and says so on standard
            // input). A presentation that comes late, after the first message,
            // reads whatever the focused widget carries then (issue #29). The
            // probe answers within its start-up deadline (60 s by default).
            let said = await ScreenReaderLink.focusPresented(timeout: 90)
            emit("screen reader: \(said ?? "orca-probe said nothing within 90 s")")
        } else {
            // Give screen readers a moment to find the new window (AT-SPI
            // registration is asynchronous), as a person would before clicking.
            await Clock.sleep(0.4)
        }
        for name in names {
            resetSettings()
            let before = EventCenter.shared.shownCount
            let watchdog = MainLoop.after(milliseconds: 20_000) {
                FileHandle.standardError.write(Data("gtkhud-gallery: scenario \(name) did not finish within 20 s\n".utf8))
                // Before the window goes: the watcher walks its widgets every 15 ms
                // (it walked the destroyed window once: GTK criticals on the way out).
                watcher.stop()
                Gallery.quit(status: 1)
            }
            if names.count > 1 { emit("scenario: \(name)") }
            await run(name)
            await Gallery.settle(timeout: 8)
            watchdog.cancel()
            if EventCenter.shared.shownCount == before {
                FileHandle.standardError.write(Data("gtkhud-gallery: scenario \(name) showed nothing\n".utf8))
                Gallery.quit(status: 1)
                return
            }
            // A gap between scenarios, so one scenario's speech is not taken for the next one's.
            if names.count > 1 { await Clock.sleep(0.6) }
        }
        watcher.stop()
        emit("done")
        Gallery.quit()
    }

    /// Goes to the accessibility page and gives its Notes entry the keyboard
    /// focus; returns the entry and the widget that holds the focus (its inner
    /// text), once it does.
    @discardableResult
    private static func focusTheNotesEntry() async -> (entry: Widget, text: Widget) {
        let accessibility = Gallery.main.page(named: "accessibility") as! AccessibilityPage
        await page(accessibility)
        let entry = accessibility.typingEntry!
        let text = UI.focusDelegate(of: entry)
        gtk_widget_grab_focus(entry)
        await Await.signal(text.raw, "notify::has-focus") { gtk_widget_has_focus(text) != 0 }
        return (entry, text)
    }

    /// Types into the accessibility page's entry with real X key events while a
    /// banner and a HUD appear; prints `typed: <text>` and fails the scenario
    /// if any key went elsewhere. Needs `xdotool` and a display of its own.
    private static func typeWhileMessagesAppear() async {
        let (entry, text) = await focusTheNotesEntry()
        let words = "typing goes on while messages appear"
        let typist = Process()
        typist.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        typist.arguments = ["xdotool", "type", "--delay", "60", words]
        do { try typist.run() } catch {
            emit("error: could not run xdotool: \(error)")
            return
        }
        let typed = { gtk_editable_get_text(entry.op).map { String(cString: $0) } ?? "" }
        // The messages come while the keys do: once the first words are in.
        await Await.signal(entry.raw, "changed") { typed().count >= 6 }
        AccessibilityPage.showMessagesWhileTyping()
        // Every key has reached the entry (or, if one went astray, xdotool has ended and GTK has had its events).
        await Await.signal(entry.raw, "changed", timeout: 15) { typed() == words }
        if typed() != words { _ = await Clock.until(timeout: 15) { !typist.isRunning } }
        emit("typed: \(typed())")
        if typed() != words || gtk_widget_has_focus(text) == 0 {
            emit("error: typing was interrupted: the entry has “\(typed())”, focus \(gtk_widget_has_focus(text) != 0 ? "kept" : "lost")")
        }
    }

    /// Issue #25: under a screen reader (Orca sets the accessibility bus's
    /// `IsEnabled` as it starts; GtkHUD follows it), a banner with an action
    /// outlives its 1 s duration; Ctrl+F6, pressed for real with xdotool, takes
    /// the keyboard from the entry to its button, whose name Orca must speak;
    /// Return runs the action. Prints `screen reader detected:`, `stayed:`,
    /// `acted:` and `focus back:` lines, `error:` when something did not happen.
    private static func reachABannerWithTheKeyboard() async {
        let text = await focusTheNotesEntry().text
        let detected = await Clock.until(timeout: 5) { GtkHUDAttention.isScreenReaderRunning }
        emit("screen reader detected: \(detected ? "yes" : "no")")
        var acted = false
        // A button word that the banner's own text does not contain, so the wait
        // below is for Orca saying the button, not the banner read a moment before.
        guard let banner = banners.show(title: "Photo deleted", subtitle: "It is in the bin for 30 days",
                                        image: .iconName("user-trash-symbolic"), seconds: 1,
                                        configure: { $0.setAction("_Restore") { acted = true } }) else {
            emit("error: the banner was not shown")
            return
        }
        // Three times its duration: long enough to be gone without a screen reader.
        await Clock.sleep(3)
        emit("stayed: \(banner.state == .showing ? "yes" : "no")")
        _ = await Await.run(["xdotool", "key", "ctrl+F6"])
        let onButton = await Clock.until(timeout: 5) {
            guard let focus = gtk_root_get_focus(OpaquePointer(Gallery.window)),
                  let bannerWidget = banner.widget?.gtkWidget else { return false }
            return gtkhud_is_a(focus.raw, gtk_button_get_type()) != 0 && gtk_widget_is_ancestor(focus, bannerWidget) != 0
        }
        guard onButton else {
            emit("error: Ctrl+F6 did not take the keyboard to the banner's button")
            return
        }
        // The button's name; pauses last until Orca has said it.
        EventCenter.shared.shown(.button, "Restore")
        await Clock.sleep(0.5)
        _ = await Await.run(["xdotool", "key", "Return"])
        let done = await Clock.until(timeout: 5) { acted }
        emit(done ? "acted: yes" : "error: Return on the banner's button did not run its action")
        let back = await Clock.until(timeout: 5) { gtk_widget_has_focus(text) != 0 }
        emit("focus back: \(back ? "yes" : "no")")
    }

    /// Issue #29: a message is up when the user switches to another window
    /// and back with Alt+Tab. Orca presents the window and its focus again,
    /// description included; the message must not be read a second time.
    /// Opens another X window (`xmessage`), comes back to the gallery, shows
    /// a HUD over a focused entry, waits until it has been announced, then
    /// presses Alt+Tab twice with xdotool: the window manager (openbox under
    /// orca-probe) switches to the other window and back. Real key presses,
    /// because Orca 43 forgets its window (and presents it again on return)
    /// only when a deactivation follows user input. Prints `refocused: yes`
    /// once GTK saw the gallery leave and come back, `error:` otherwise.
    private static func refocusWhileAMessageIsUp() async {
        await focusTheNotesEntry()
        let window = Gallery.window.raw
        let isActive = { gtk_window_is_active(Gallery.window.asWindow) != 0 }
        guard let app = await Await.run(["xdotool", "getactivewindow"])?.trimmingCharacters(in: .whitespacesAndNewlines),
              !app.isEmpty else {
            emit("error: xdotool found no active window (a window manager must run)")
            return
        }
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        other.arguments = ["xmessage", "-geometry", "160x40+0+0", "another window"]
        do { try other.run() } catch {
            emit("error: could not run xmessage: \(error)")
            return
        }
        defer { other.terminate() }
        // The window manager gives the new window the focus; take it back, so
        // that Alt+Tab has somewhere to go and something to come back to.
        await Await.signal(window, "notify::is-active") { !isActive() }
        _ = await Await.run(["xdotool", "windowactivate", "--sync", app])
        await Await.signal(window, "notify::is-active") { isActive() }

        var announced = false
        let observation = Announcer.observe { _ in announced = true }
        ProgressHUD.show(status: "Saved to the cloud")
        _ = await Clock.until(timeout: 5) { announced }
        observation.cancel()
        _ = await Await.run(["xdotool", "key", "alt+Tab"])
        let left = await Await.signal(window, "notify::is-active") { !isActive() }
        // A person looks at the other window before coming back. Without the pause, on a
        // loaded machine Orca 43 took in the leaving and the return as one and never
        // presented the window again (the test's precondition failed in a CI run).
        await Clock.sleep(1.2)
        _ = await Await.run(["xdotool", "key", "alt+Tab"])
        let back = await Await.signal(window, "notify::is-active") { isActive() }
        emit(left && back ? "refocused: yes" : "error: Alt+Tab did not go away and back (left: \(left), back: \(back))")
        await Clock.sleep(0.8)
        await ProgressHUD.dismissAndWait()
    }

    /// A banner anchored above the Banners page's action bar (issue #27), with
    /// the default position (top): an anchor takes every banner. It stands on
    /// the bar, goes to the window's bottom edge while the bar is hidden, comes
    /// back when it shows, and goes to its own edge (the top) when the anchor
    /// is cleared; each place is checked and written down.
    private static func anchoredBannerScenario() async {
        banners.isAnchored = true
        guard let banner = banners.anchoredBanner(seconds: 0) else { return emit("error: no anchored banner") }
        await Clock.sleep(1.2)
        func gap() -> Double? {
            guard let widget = banner.widget?.gtkWidget, let overlay = gtk_widget_get_parent(gtk_widget_get_parent(widget)) else { return nil }
            var bannerRect = graphene_rect_t(), barRect = graphene_rect_t()
            guard gtk_widget_compute_bounds(widget, overlay, &bannerRect) != 0 else { return nil }
            // Unanchored, the banner hangs from the banner layer's top (below the header bar).
            guard banners.isAnchored else {
                guard let layer = gtk_widget_get_parent(widget), gtk_widget_compute_bounds(widget, layer, &bannerRect) != 0 else { return nil }
                return Double(bannerRect.origin.y)
            }
            let bannerBottom = Double(bannerRect.origin.y + bannerRect.size.height)
            guard gtk_widget_get_mapped(banners.actionBar) != 0, gtk_widget_compute_bounds(banners.actionBar, overlay, &barRect) != 0 else {
                return Double(gtk_widget_get_height(overlay)) - bannerBottom
            }
            return Double(barRect.origin.y) - bannerBottom
        }
        emit(abs(gap() ?? 99) < 1 ? "anchor: the banner stands on the action bar" : "error: the banner is \(gap() ?? .nan) px off the action bar")
        gtk_widget_set_visible(banners.actionBar, 0)
        await Clock.sleep(0.8)
        emit(abs(gap() ?? 99) < 1 ? "anchor: the bar hidden, the banner on the window's edge" : "error: the banner is \(gap() ?? .nan) px off the edge")
        gtk_widget_set_visible(banners.actionBar, 1)
        await Clock.sleep(0.8)
        emit(abs(gap() ?? 99) < 1 ? "anchor: the bar shown again, the banner back on it" : "error: the banner did not come back to the bar")
        banners.isAnchored = false
        await Clock.sleep(1.2)
        emit(abs(gap() ?? 99) < 1 ? "anchor: cleared, the banner at its own edge (the top)" : "error: the banner is \(gap() ?? .nan) px off the top")
        banner.dismiss()
        await Clock.sleep(0.6)
    }

    // MARK: Contexts (issue #27)

    private static var contexts: ContextsPage { Gallery.contextsPage }

    /// A banner in each pane at once (one queue per pane), then a blocking
    /// HUD in the left pane while the right pane's banner stays.
    private static func contextPanes() async {
        await page(contexts)
        let left = contexts.showBanner(in: contexts.panes[0], side: "Left", seconds: 1.5)
        let right = contexts.showBanner(in: contexts.panes[1], side: "Right", seconds: 1.5)
        await Clock.sleep(0.3)
        if left?.state != .showing || right?.state != .showing { emit("error: the panes' banners did not show side by side") }
        let hud = contexts.block(contexts.panes[0], side: "Left", seconds: 1)
        await Clock.sleep(0.2)
        if let content = contexts.panes[1].content?.gtkWidget, gtk_widget_get_can_focus(content) == 0 {
            emit("error: the left pane's HUD blocked the right pane")
        }
        _ = await Clock.until(timeout: 5) { hud?.isVisible == false && left?.state.isGone != false && right?.state.isGone != false }
    }

    /// A banner on a stack page switched away waits for the page.
    private static func contextStackPage() async {
        await page(contexts)
        // Scripts switch the window pause off (see play); a hidden page follows the same switch.
        GtkHUDAttention.pausesWhileWindowInactive = true
        defer { GtkHUDAttention.pausesWhileWindowInactive = false }
        contexts.showStackPage("one")
        let banner = contexts.showOnStackPage(seconds: 1)
        await Clock.sleep(0.5)
        contexts.showStackPage("two")
        await Clock.sleep(1.2)
        emit(banner?.state == .showing && banner?.isTimeoutPaused == true ? "paused with its page: yes"
             : "error: the banner on the hidden page did not wait (\(String(describing: banner?.state)))")
        contexts.showStackPage("one")
        _ = await Clock.until(timeout: 5) { banner?.state.isGone != false }
    }

    /// A dialog window with its own banner; the focus is in the dialog (as a
    /// user's would be), and the banner must be spoken there.
    private static func contextDialog() async {
        await page(contexts)
        let dialog = contexts.openDialog()
        let active = await Await.signal(dialog.raw, "notify::is-active") { gtk_window_is_active(dialog.asWindow) != 0 }
        if !active { emit("note: the dialog never became the active window (no window manager?)") }
        if let button = contexts.dialogButton { gtk_widget_grab_focus(button) }
        // The screen reader presents the new window and its focus first, as a user would hear it.
        await Clock.sleep(1)
        let banner = contexts.showInDialog(seconds: 2)
        if banner != nil, let button = contexts.dialogButton, let stack = BannerCenter.for(.widget(button))?.stackWidget.gtkWidget,
           gtk_widget_get_root(stack).map({ UnsafeMutableRawPointer($0) }) != dialog.raw {
            emit("error: the dialog's banner is not in the dialog")
        }
        _ = await Clock.until(timeout: 8) { banner?.state.isGone != false }
        contexts.closeDialog()
        await Clock.sleep(0.3)
    }

    /// A banner shown in the gallery window while the user is in the app's
    /// second window: it waits there, paused, and is read when the gallery
    /// window is active again. Then one banner in every window (a broadcast).
    private static func contextBackgroundWindow() async {
        await page(contexts)
        GtkHUDAttention.pausesWhileWindowInactive = true
        defer { GtkHUDAttention.pausesWhileWindowInactive = false }
        _ = BannerCenter.for(Gallery.window) // GtkHUD follows the window's attention from its first use
        let second = contexts.openSecondWindow()
        let left = await Await.signal(second.raw, "notify::is-active") { gtk_window_is_active(second.asWindow) != 0 }
        if !left { emit("note: the second window never became active (no window manager?)") }
        await Clock.sleep(1) // the screen reader presents the new window first, as a user would hear it
        guard let banner = try? NotificationBanner(title: "Report exported", subtitle: "While you were in the other window") else { return }
        BannerTracker.shared.track(banner)
        banner.show(in: .window(Gallery.window), duration: 1.5)
        await Clock.pause(1.2) // it is read only once the user is back
        if left { emit(banner.isTimeoutPaused ? "paused in the window left: yes" : "error: the background window's banner did not wait") }
        emit("background window activated")
        gtk_window_present(Gallery.window.asWindow)
        _ = await Await.signal(Gallery.window.raw, "notify::is-active") { gtk_window_is_active(Gallery.window.asWindow) != 0 }
        _ = await Clock.until(timeout: 8) { banner.state.isGone }
        let everywhere = contexts.broadcast(seconds: 1)
        if everywhere.count != 2 { emit("error: the broadcast showed \(everywhere.count) banners, not one per window") }
        // The second window's banner waits for the user there, and is read when they go to it.
        _ = await Clock.until(timeout: 8) { everywhere.contains { $0.state.isGone } }
        gtk_window_present(second.asWindow)
        _ = await Clock.until(timeout: 8) { everywhere.allSatisfy { $0.state.isGone } }
        contexts.closeSecondWindow()
        await Clock.sleep(0.3)
    }

    /// Puts back what scenarios change, so each starts from the defaults.
    private static func resetSettings() {
        ProgressHUD.minimumDismissTime = 0.6
        ProgressHUD.appearance = HUDAppearance()
        instance.showsDetails = true
        instance.details = "Details label: smaller text"
        instance.appearance = HUD.defaultAppearance
        if let center = banners.center {
            center.maxVisible = 1
            center.spacing = 0
            center.maximumWidth = nil
            center.anchor = nil
        }
    }

    /// Prints `shown: hud <text>` for a message the script itself puts on
    /// screen (a progress step the screen reader should hear).
    private static func shown(_ text: String) { EventCenter.shared.shown(.hud, text) }

    /// Goes to `page` and lets the screen reader take in the move (a person
    /// switching pages looks before they act).
    private static func page(_ page: GalleryPage) async {
        Gallery.main.show(page)
        await Clock.sleep(0.4)
    }
    private static var shared: SharedHUDPage { Gallery.sharedPage }
    private static var instance: InstanceHUDPage { Gallery.instancePage }
    private static var banners: BannersPage { Gallery.bannersPage }

    /// Presses the first button with CSS class `cssClass` inside the window's banners.
    @discardableResult
    static func pressBannerButton(_ cssClass: String) -> Bool {
        guard let stack = BannerCenter.for(Gallery.window)?.stackWidget.gtkWidget,
              let button = UI.descendants(of: stack).first(where: { UI.hasClass($0, cssClass) && gtkhud_is_a($0.raw, gtk_button_get_type()) != 0 })
        else { return false }
        gtk_widget_activate(button)
        return true
    }

    /// Shows the shared HUD with `status` for `seconds`, then dismisses it.
    private static func sharedHUD(_ status: String, for seconds: Double = 0.7) async {
        ProgressHUD.show(status: status)
        await Clock.sleep(seconds)
        await ProgressHUD.dismissAndWait()
    }

    /// Records the task banner's working state once it shows (after its grace time).
    private static func taskBannerWatch() -> Task<Void, Never> {
        Task { @MainActor in
            // Noted the moment it is on screen (after its grace time), before Orca speaks it.
            for _ in 0..<100 {
                if let banner = BannerCenter.for(Gallery.window)?.visibleBanners.first, let text = BannerTracker.visibleText(of: banner) {
                    return EventCenter.shared.shown(.banner, text)
                }
                await Clock.sleep(0.02)
            }
            emit("error: the task banner did not show")
        }
    }

    /// Ends a scenario that stacked banners: none left up, and one at a time
    /// again, as the next scenario expects.
    private static func clearStack(of banners: BannersPage) async {
        banners.center?.dismissAll()
        await Clock.sleep(0.5)
        banners.center?.maxVisible = 1
    }

    /// Records the task banner's outcome the moment it is in place (after the
    /// minimum show time, which may have passed already): a line written later
    /// came after Orca 48 had spoken it (0.58 s, in the Debian 13 root).
    private static func recordTaskOutcome(_ expected: String) async {
        for _ in 0..<100 {
            if let banner = BannerCenter.for(Gallery.window)?.visibleBanners.first, banner.title == expected,
               let text = BannerTracker.visibleText(of: banner) {
                return EventCenter.shared.shown(.banner, text)
            }
            await Clock.sleep(0.02)
        }
        emit("error: the task banner does not say “\(expected)”")
    }

    /// Presses the first HUD button (e.g. Cancel) in the window, as a click would.
    @discardableResult
    static func pressHUDButton(in root: Widget) -> Bool {
        guard let button = UI.descendants(of: root).first(where: { UI.hasClass($0, "hudbutton") }) else { return false }
        gtk_widget_activate(button)
        return true
    }

    /// A failure the task scenarios throw, described as an app would describe it.
    enum ScenarioError: Error, LocalizedError {
        case offline
        var errorDescription: String? { "The server cannot be reached" }
    }

    private static func run(_ name: String) async {
        switch name {
        case "hud-indeterminate":
            await page(shared)
            await sharedHUD("Loading")
        case "hud-status":
            await page(shared)
            ProgressHUD.show(status: "Connecting")
            await Clock.sleep(0.5)
            ProgressHUD.setStatus("Downloading")
            await Clock.sleep(0.8)
            await ProgressHUD.dismissAndWait()
        case "hud-progress":
            await page(shared)
            shared.showProgress(duration: 1, status: "Downloading", finish: false)
            await Clock.sleep(1.2)
            await ProgressHUD.dismissAndWait()
        case "hud-progress-steps":
            // Progress is spoken at quarters, at most every 2 s: three steps a screen reader hears.
            await page(shared)
            for (step, fraction) in [0.0, 0.5, 1.0].enumerated() {
                ProgressHUD.showProgress(fraction, status: "Downloading")
                // The first step is the HUD appearing ("Downloading", printed by HUDTextWatcher).
                if step > 0 { shown("Downloading \(Int(fraction * 100))%") }
                await Clock.sleep(step == 2 ? 0.8 : 2.3)
            }
            await ProgressHUD.dismissAndWait()
        case "hud-instance-progress":
            // The same steps on an instance HUD (its progress takes a faster road than the shared HUD's).
            await page(instance)
            guard let hud = instance.makeHUD(.determinateHorizontalBar, label: "Copying", name: "HUD (progress)") else { return }
            hud.detailsLabel = nil
            hud.show()
            for (step, fraction) in [0.0, 0.6, 1.0].enumerated() {
                hud.progress = fraction
                if step > 0 { shown("Copying \(Int(fraction * 100))%") }
                await Clock.sleep(step == 2 ? 0.8 : 2.3)
            }
            await hud.hideAndWait(animated: true)
        case "hud-annular":
            await page(instance)
            instance.demo(.annularDeterminate, label: "Uploading", duration: 1)
        case "hud-pie":
            await page(instance)
            instance.demo(.determinate, label: "Exporting", duration: 1)
        case "hud-bar":
            await page(instance)
            instance.demo(.determinateHorizontalBar, label: "Copying", duration: 1)
        case "hud-text":
            await page(instance)
            instance.showsDetails = false
            instance.demo(.text, label: "Message sent", duration: 1)
        case "hud-details":
            await page(instance)
            instance.details = "3 of 7 files"
            instance.demo(.indeterminate, label: "Syncing", duration: 1)
        case "hud-success":
            await page(shared)
            ProgressHUD.showSuccess(status: "Saved")
        case "hud-error":
            await page(shared)
            ProgressHUD.showError(status: "Could not connect")
        case "hud-info":
            await page(shared)
            ProgressHUD.showInfo(status: "Heads up")
        case "hud-image":
            await page(shared)
            ProgressHUD.showImage(.iconName("mail-send-symbolic"), status: "Sent")
        case "hud-custom":
            await page(shared)
            shared.showCustom(status: "Starred")
            await Clock.sleep(0.8)
            await ProgressHUD.dismissAndWait()
        case "hud-button":
            await page(instance)
            // The line says the press took effect (the Cancel handler ran), not only that it happened.
            instance.withButton(label: "Uploading") { emit("cancelled: hud Uploading") }
            await Clock.sleep(0.7)
            if !pressHUDButton(in: Gallery.window) { emit("error: no HUD button to press") }
        case "hud-mask-black":
            await page(shared)
            ProgressHUD.appearance.mask = .black
            await sharedHUD("Black mask")
        case "hud-mask-gradient":
            await page(shared)
            ProgressHUD.appearance.mask = .gradient
            await sharedHUD("Gradient mask")
        case "hud-dark":
            await page(shared)
            ProgressHUD.appearance.style = .dark
            await sharedHUD("Dark style")
        case "hud-native-spinner":
            await page(shared)
            ProgressHUD.appearance.indicatorAnimation = .native
            await sharedHUD("GtkSpinner")
        case "hud-transitions":
            await page(instance)
            instance.showsDetails = false
            for (index, transition) in SharedHUDPage.transitions.enumerated() {
                instance.appearance.transition = transition.1
                instance.demo(.text, label: transition.0, duration: 0.35, place: PositionsPage.positions[index % 2 == 0 ? 1 : 7].place)
                await Clock.sleep(0.3)
            }
        case "hud-positions":
            await page(Gallery.positionsPage)
            Gallery.positionsPage.showAll(duration: 1)
        case "hud-several":
            await page(instance)
            instance.several()
        case "hud-part-of-window":
            await page(Gallery.positionsPage)
            UI.scrollToEnd(Gallery.positionsPage.widget)
            // Shown for a second, and until the screen reader has read it (Clock.sleep).
            let hud = Gallery.positionsPage.showOnCard(duration: 60)
            await Clock.sleep(1)
            await hud?.hideAndWait(animated: true)
        case "hud-foundation-progress":
            await page(instance)
            instance.foundationProgress()
        case "hud-async-sequence":
            await page(instance)
            instance.asyncSequence()
        case "hud-run":
            await page(instance)
            guard let hud = instance.workHUD("Working", grace: 0) else { return }
            _ = try? await hud.run(successLabel: "Finished", resultDuration: 0.5) {
                try await Task.sleep(nanoseconds: 600_000_000)
            }
        case "hud-run-default":
            // No success label (the default, and the README's example): the
            // checkmark comes under the working label and must be spoken as a success.
            await page(instance)
            guard let hud = instance.workHUD("Uploading", grace: 0) else { return }
            _ = try? await hud.run(resultDuration: 0.8) { try await Task.sleep(nanoseconds: 600_000_000) }
        case "hud-run-cancel":
            await page(instance)
            guard let hud = instance.workHUD("Working", grace: 0) else { return }
            Task { @MainActor in
                await Clock.sleep(0.7)
                if !pressHUDButton(in: Gallery.window) { emit("error: no Cancel button to press") }
            }
            _ = try? await hud.run(resultDuration: 0.5) { try await Task.sleep(nanoseconds: 5_000_000_000) }
        case "hud-grace":
            await page(instance)
            if let quick = instance.workHUD("Quick work (never shown)", grace: 0.5) {
                _ = try? await quick.run(resultDuration: 0.3) { try await Task.sleep(nanoseconds: 150_000_000) }
            }
            if let slow = instance.workHUD("Slow work", grace: 0.5) {
                _ = try? await slow.run(resultDuration: 0.3) { try await Task.sleep(nanoseconds: 1_000_000_000) }
            }
        case "hud-reduced-motion":
            let accessibility = Gallery.main.page(named: "accessibility") as! AccessibilityPage
            await page(accessibility)
            accessibility.setReducedMotion(true)
            ProgressHUD.showSuccess(status: "No animation")
            await Clock.sleep(0.8)
            accessibility.setReducedMotion(false)
        case "theme-presets":
            await page(Gallery.themingPage)
            for preset in Gallery.themingPage.presets {
                Gallery.themingPage.loadPreset(named: preset.name)
                await sharedHUD(preset.title, for: 0.4)
                await Gallery.settle(timeout: 2)
            }
        case "banner-top":
            await page(banners)
            banners.show(title: "Upload complete", subtitle: "3 photos were added to “Holidays”", image: .iconName("emblem-ok-symbolic"), seconds: 1)
        case "banner-bottom":
            await page(banners)
            banners.show(title: "Connection restored", subtitle: "You are back online", image: .iconName("network-wireless-symbolic"), seconds: 1) {
                $0.position = .bottom
            }
        case "banner-image":
            await page(banners)
            let image: ImageSource = BannersPage.appIconFile.map { .file($0) } ?? .iconName("starred-symbolic")
            banners.show(title: "GtkHUD Gallery", subtitle: "An image from a file", image: image, seconds: 1) { $0.tintsImage = false }
        case "banner-colors":
            await page(banners)
            banners.show(title: "Payment failed", subtitle: "Your card was declined", image: .iconName("dialog-error-symbolic"),
                         background: HUDColor(red: 0.75, green: 0.11, blue: 0.16, alpha: 0.95), text: .white, seconds: 1)
        case "banner-markup":
            await page(banners)
            banners.show(title: "<b>Ada</b> mentioned you", subtitle: "in <i>#design</i>", image: .iconName("mail-unread-symbolic"), seconds: 1) {
                $0.usesMarkup = true
            }
        case "banner-springiness":
            await page(banners)
            for (title, spring) in BannersPage.springs.prefix(3) {
                banners.show(title: "Springiness: \(title)", seconds: 0.5) { $0.springiness = spring }
            }
        case "banner-queue":
            await page(banners)
            banners.queueThree(seconds: 0.6)
        case "banner-priority":
            await page(banners)
            banners.priority(normalSeconds: 1.2, highSeconds: 0.8, delay: 0.6)
        case "banner-update":
            await page(banners)
            let banner = banners.show(title: "Uploading", subtitle: "0 of 3 photos", image: .iconName("document-send-symbolic"), seconds: 0)
            // Long enough for the first words to be spoken before the new ones.
            await Clock.sleep(1.6)
            try? banner?.setMessage(title: "Upload complete", subtitle: "3 of 3 photos", image: .iconName("emblem-ok-symbolic"))
            if let banner { EventCenter.shared.shown(.banner, BannerTracker.visibleText(of: banner)) }
            await Clock.sleep(1.4)
            banner?.dismiss()
        case "banner-action":
            await page(banners)
            banners.withAction(seconds: 5)
            await Clock.sleep(0.9)
            if !pressBannerButton("action") { emit("error: no action button to press") }
        case "banner-close-button":
            await page(banners)
            banners.show(title: "Close me", subtitle: "showsCloseButton = true", image: .iconName("window-close-symbolic"), seconds: 5) {
                $0.showsCloseButton = true
            }
            await Clock.sleep(0.9)
            if !pressBannerButton("close") { emit("error: no close button to press") }
        case "banner-stack":
            await page(banners)
            banners.center?.maxVisible = 3
            banners.center?.spacing = 6
            for index in 1...3 {
                banners.show(title: "Stacked banner \(index)", subtitle: "maxVisible = 3", image: .iconName("mail-unread-symbolic"), seconds: 1)
            }
        case "banner-toast-width":
            await page(banners)
            banners.center?.maximumWidth = 450
            banners.show(title: "Saved", subtitle: "Clamped to 450 px, like AdwToast", image: .iconName("document-save-symbolic"), seconds: 1)
        case "banner-count":
            await page(banners)
            let first = banners.copied(seconds: 0)
            for _ in 0..<2 {
                await Clock.sleep(0.3)
                banners.copied(seconds: 0)
            }
            // "×3" is on screen from the third arrival on (that is when it is shown);
            // the burst is spoken once, as a count, a second later.
            if let first, first.repeatCount == 3, let text = BannerTracker.visibleText(of: first) {
                EventCenter.shared.shown(.banner, "\(text), \(first.repeatCount) times")
            } else {
                emit("error: the banner did not count three (\(first?.repeatCount ?? 0))")
            }
            await Clock.sleep(2.2)
            banners.center?.hide(id: "copied")
        case "banner-task-success":
            // Issue #26: work under one banner: a spinner, then a bar, then "Uploaded" in the same banner.
            await page(banners)
            let watch = taskBannerWatch()
            _ = try? await NotificationBanner.run("Uploading 3 photos", on: Gallery.window, successTitle: "Uploaded",
                                                  graceTime: 0.2, resultDuration: 1.5) { progress in
                for step in 1...4 {
                    try await Task.sleep(nanoseconds: 300_000_000)
                    progress.report(Double(step) / 4)
                }
            }
            await watch.value
            await recordTaskOutcome("Uploaded")
            await Clock.sleep(1.8)
        case "banner-task-retry":
            // Issue #26: the work fails; the same banner shows the error with Retry, which is pressed.
            await page(banners)
            var retried = false
            let watch = taskBannerWatch()
            _ = try? await NotificationBanner.run("Syncing notes", on: Gallery.window, graceTime: 0.2, resultDuration: 5,
                                                  retry: { retried = true }) { _ in
                try await Task.sleep(nanoseconds: 900_000_000)
                throw ScenarioError.offline
            }
            await watch.value
            await recordTaskOutcome("The server cannot be reached")
            await Clock.sleep(1.6)
            if !pressBannerButton("action") { emit("error: no Retry button to press") }
            await Clock.sleep(0.3)
            if !retried { emit("error: Retry did not run its closure") }
            emit("retried")
        case "banner-undo":
            await page(banners)
            var outcome = (undos: 0, commits: 0)
            let banner = try? NotificationBanner.undoable(title: "Deleted 3 files", subtitle: "From “Holidays”",
                                                          image: .iconName("user-trash-symbolic"),
                                                          undo: { outcome.undos += 1 }, commit: { outcome.commits += 1 })
            if let banner { BannerTracker.shared.track(banner) }
            banner?.show(on: Gallery.window, duration: 8)
            await Clock.sleep(0.9)
            // A double click: the button is insensitive after the first press.
            if !pressBannerButton("action") { emit("error: no Undo button to press") }
            _ = pressBannerButton("action")
            // Spoken at the press: "Undone: Deleted 3 files. From “Holidays”".
            EventCenter.shared.shown(.banner, "Undone: Deleted 3 files")
            await Clock.sleep(1.2)
            if outcome != (1, 0) { emit("error: undo ran \(outcome.undos) times, commit \(outcome.commits) times") }
        case "banner-undo-commit":
            await page(banners)
            var commits = 0
            let banner = try? NotificationBanner.undoable(title: "Archived 12 messages", image: .iconName("mail-archive-symbolic"),
                                                          undo: {}, commit: { commits += 1 })
            if let banner { BannerTracker.shared.track(banner) }
            banner?.show(on: Gallery.window, duration: 1)
            await Clock.sleep(2.4)
            // With a screen reader running, a banner with a button waits for the user (issue #25):
            // the app's dismissal ends it then, and commits as the timeout would.
            if banner?.state == .showing { banner?.dismiss() }
            await Clock.sleep(0.8)
            if commits != 1 { emit("error: commit ran \(commits) times") }
        case "banner-in-panes":
            await contextPanes()
        case "context-stack-page":
            await contextStackPage()
        case "banner-in-dialog":
            await contextDialog()
        case "banner-background-window":
            await contextBackgroundWindow()
        case "banner-burst":
            await page(banners)
            banners.center?.maxVisible = 3
            for index in 1...100 {
                // Up until the scenario clears them: with a timeout, a burst slowed down by a loaded
                // machine let the first three time out and the next three came on screen and were
                // (rightly) spoken, which is not what this scenario listens for.
                banners.show(title: "Message \(index) of 100", subtitle: "A burst", image: .iconName("mail-unread-symbolic"), seconds: 60)
                await Clock.sleep(0.01)
            }
            let waiting = banners.center?.queuedBanners.count ?? 0
            if waiting == 20 { EventCenter.shared.shown(.banner, "Notifications waiting: \(waiting)") } else {
                emit("error: \(waiting) banners wait, not the 20 of queueLimit")
            }
            // The count is spoken once the burst pauses.
            await Clock.sleep(1.5)
            await clearStack(of: banners)
        case "banner-deck":
            await page(banners)
            banners.center?.maxVisible = 3
            for index in 1...5 {
                banners.show(title: "Stacked banner \(index)", subtitle: "Collapsed behind the newest", image: .iconName("mail-unread-symbolic"), seconds: 4)
            }
            await Clock.sleep(0.8)
            if let deck = banners.deckBadge {
                gtk_widget_grab_focus(deck)
                await Clock.sleep(0.6)
                // Orca reads the focused badge ("Notifications waiting: 2 push button"); the deck's
                // announcement stays silent while the focus is on it.
                if UI.hasClass(deck, "expanded") { emit("deck: open, its badge focused") } else {
                    emit("error: the deck did not open with the focus on its badge")
                }
            } else {
                emit("error: no deck")
            }
            await clearStack(of: banners)
        case "banner-anchor":
            await page(banners)
            await anchoredBannerScenario()
        case "hud-and-banner":
            await page(banners)
            ProgressHUD.show(status: "Sending")
            banners.show(title: "New message", subtitle: "From Ada", image: .iconName("mail-unread-symbolic"), seconds: 1)
            await Clock.sleep(0.9)
            await ProgressHUD.dismissAndWait()
        case "l10n-defaults":
            await LanguageScenario.play()
        case "a11y-typing":
            await typeWhileMessagesAppear()
        case "a11y-refocus":
            await refocusWhileAMessageIsUp()
        case "a11y-banner-shortcut":
            await reachABannerWithTheKeyboard()
        default:
            emit("error: scenario \(name) has no script")
        }
    }
}

import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// The keyboard path to banners (issue #25), driven by real keys through
/// XTest: the banner shortcut (Ctrl+F6), Tab round the banners, the pause
/// while the keyboard is inside, Escape, Enter, and the focus given back.
final class BannerKeyboardInputTests: XCTestCase {
    /// A banner window whose content is two buttons side by side, the second
    /// focused: a focus given back to the window's first focusable widget
    /// (the fallback) is then told apart from one given back to where it was.
    @MainActor
    private static func withInput(_ body: @MainActor (BannerTestWindow, XInput, _ before: UnsafeMutablePointer<GtkWidget>) -> Void) throws {
        try BannerInputTests.withInput { window, input in
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            let first = gtk_button_new_with_label("First")!
            let second = gtk_button_new_with_label("Second")!
            for button in [first, second] {
                gtk_widget_set_hexpand(button, 1)
                gtk_box_append(box.cast(to: GtkBox.self), button)
            }
            window.host.setChild(box)
            window.host.waitForFrames(2)
            gtk_widget_grab_focus(second)
            body(window, input, second)
        }
    }

    @MainActor
    private static func focus(of window: BannerTestWindow) -> UnsafeMutablePointer<GtkWidget>? {
        gtk_window_get_focus(window.window.asWindow)
    }

    @MainActor
    private static func shown(_ banner: NotificationBanner, in window: BannerTestWindow, duration: Double = 30) -> BannerWidget? {
        guard let widget = window.show(banner, duration: duration) else { XCTFail("no banner widget"); return nil }
        window.waitUntilSettled(widget)
        return widget
    }

    /// The shortcut lands on the newest banner's action, else its close
    /// button, else the banner itself; Escape dismisses it and gives the focus back.
    func testTheShortcutLandsOnTheActionElseTheCloseButtonElseTheBanner() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input, before in
                for kind in ["action", "close", "none"] {
                    let banner = try! NotificationBanner(title: "Reach me (\(kind))")
                    if kind == "action" { banner.setAction("Undo") {} }
                    if kind != "none" { banner.showsCloseButton = true }
                    let older = try! NotificationBanner(title: "Older")
                    window.center.maxVisible = 2
                    _ = Self.shown(older, in: window)
                    guard let widget = Self.shown(banner, in: window) else { return }
                    let expected = kind == "action" ? widget.actionButton : kind == "close" ? widget.closeButton : widget.widget
                    input.key("ctrl+F6")
                    XInput.wait("the shortcut to reach the \(kind) of the newest banner") { Self.focus(of: window) == expected }
                    input.key("Escape")
                    XInput.wait("Escape to dismiss the focused banner") { banner.state.isGone }
                    XCTAssertEqual(banner.state, .gone(.escape))
                    XCTAssertEqual(older.state, .showing, "only the focused banner goes")
                    XInput.wait("the focus back where it was") { Self.focus(of: window) == before }
                    older.dismiss()
                    XInput.wait("the banners gone") { banner.widget == nil && older.widget == nil }
                }
            }
        }
    }

    /// Tab and Shift+Tab go round the shown banners' stops (each banner, then
    /// its buttons), from the last back to the first.
    func testTabAndShiftTabGoRoundTheShownBanners() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input, _ in
                window.center.maxVisible = 2
                let older = try! NotificationBanner(title: "Older")
                let newer = try! NotificationBanner(title: "Newer")
                newer.showsCloseButton = true
                guard let olderWidget = Self.shown(older, in: window), let newerWidget = Self.shown(newer, in: window) else { return }
                input.key("ctrl+F6")
                XInput.wait("the shortcut to reach the newer banner's close button") { Self.focus(of: window) == newerWidget.closeButton }
                input.key("Tab")
                XInput.wait("Tab to the older banner") { Self.focus(of: window) == olderWidget.widget }
                input.key("Tab")
                XInput.wait("Tab round to the newer banner") { Self.focus(of: window) == newerWidget.widget }
                input.key("shift+Tab")
                XInput.wait("Shift+Tab back round to the older banner") { Self.focus(of: window) == olderWidget.widget }
                input.key("shift+Tab")
                XInput.wait("Shift+Tab to the newer banner's close button") { Self.focus(of: window) == newerWidget.closeButton }
            }
        }
    }

    /// Every banner of the window waits while the keyboard is inside and goes
    /// on with the time it had left (not its full time); the shortcut again
    /// gives the focus back without dismissing anything.
    func testBannersWaitWhileTheKeyboardIsInsideAndGoOnWithTheTimeLeft() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input, before in
                window.center.maxVisible = 2
                let older = try! NotificationBanner(title: "Older")
                let newer = try! NotificationBanner(title: "Newer")
                _ = Self.shown(older, in: window, duration: 2)
                _ = Self.shown(newer, in: window, duration: 2)
                BannerGtkTesting.idle(milliseconds: 300)
                input.key("ctrl+F6")
                XInput.wait("both banners held") { newer.isTimeoutPaused && older.isTimeoutPaused }
                guard let heldNewer = newer.remainingTime, let heldOlder = older.remainingTime else {
                    return XCTFail("both banners on screen with time left")
                }
                let held = (newer: heldNewer, older: heldOlder)
                XCTAssertLessThan(held.newer, .seconds(2), "it had been counting")
                // Longer than the time they had left: a running clock would have ended them.
                BannerGtkTesting.idle(milliseconds: 2_200)
                XCTAssertEqual(newer.state, .showing)
                XCTAssertEqual(older.state, .showing)
                XCTAssertEqual(newer.remainingTime, held.newer, "the clock stood still")
                XCTAssertEqual(older.remainingTime, held.older, "every banner of the window waits")

                input.key("ctrl+F6")
                XInput.wait("the shortcut again to give the focus back") { Self.focus(of: window) == before }
                XInput.wait("the banners counting again") { !newer.isTimeoutPaused && !older.isTimeoutPaused }
                guard let resumed = newer.remainingTime else { return XCTFail("the newer banner still on screen") }
                XCTAssertLessThanOrEqual(resumed, held.newer, "going on from where it stood")
                XCTAssertGreaterThan(resumed, held.newer - .milliseconds(500), "with the time it had left, not from zero")
                XInput.wait("the time-out") { newer.state.isGone && older.state.isGone }
                XCTAssertEqual(newer.state, .gone(.timeout))
            }
        }
    }

    /// A banner with the focus that leaves by other means than Escape (the
    /// app dismisses it; its action, pressed with space) gives the focus back too.
    func testABannerLeavingWithTheFocusGivesItBack() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input, before in
                let dismissed = try! NotificationBanner(title: "Dismissed by the app")
                dismissed.showsCloseButton = true
                guard let widget = Self.shown(dismissed, in: window) else { return }
                input.key("ctrl+F6")
                XInput.wait("the close button focused") { Self.focus(of: window) == widget.closeButton }
                dismissed.dismiss()
                XInput.wait("the focus back where it was") { Self.focus(of: window) == before }

                var actions = 0
                let acted = try! NotificationBanner(title: "Acted on")
                acted.setAction("Retry") { actions += 1 }
                guard let actedWidget = Self.shown(acted, in: window) else { return }
                input.key("ctrl+F6")
                XInput.wait("the action focused") { Self.focus(of: window) == actedWidget.actionButton }
                input.key("space")
                XInput.wait("the action to dismiss the banner") { acted.state.isGone }
                XCTAssertEqual(actions, 1)
                XCTAssertEqual(acted.state, .gone(.action))
                XInput.wait("the focus back where it was") { Self.focus(of: window) == before }
            }
        }
    }

    /// Enter on a banner without buttons does what a click does.
    func testEnterOnABannerWithoutButtonsIsATap() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input, before in
                let taps = BannerCallCounter()
                let banner = try! NotificationBanner(title: "Tap me", onTap: taps.tick)
                guard let widget = Self.shown(banner, in: window) else { return }
                input.key("ctrl+F6")
                XInput.wait("the banner focused") { Self.focus(of: window) == widget.widget }
                input.key("Return")
                XInput.wait("Enter to tap the banner") { banner.state.isGone }
                XCTAssertEqual(taps.count, 1)
                XCTAssertEqual(banner.state, .gone(.tap))
                XInput.wait("the focus back where it was") { Self.focus(of: window) == before }
            }
        }
    }

    /// nil turns the shortcut off, in windows already open too; an unreadable
    /// chord is refused with a message and the chord stays.
    func testTheShortcutCanBeTurnedOffAndChangedLive() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input, before in
                defer { GtkHUDAttention.bannerShortcut = "<Control>F6" }
                let banner = try! NotificationBanner(title: "Out of reach")
                guard let widget = Self.shown(banner, in: window) else { return }
                GtkHUDAttention.bannerShortcut = nil
                input.key("ctrl+F6")
                input.waitUntilHandled(by: window.window)
                XCTAssertEqual(Self.focus(of: window), before, "off: the chord does nothing")

                let messages = BannerGtkTesting.capturingMessages { GtkHUDAttention.bannerShortcut = "<Control>NoSuchKey" }.messages
                XCTAssertEqual(messages.map(\.source), ["GtkHUDAttention.bannerShortcut"])
                XCTAssertNil(GtkHUDAttention.bannerShortcut, "the refused chord left the setting as it was")

                GtkHUDAttention.bannerShortcut = "<Shift>F6"
                input.key("shift+F6")
                XInput.wait("the new chord to reach the banner") { Self.focus(of: window) == widget.widget }
                input.key("Escape")
                XInput.wait("Escape") { banner.state.isGone }
            }
        }
    }

    /// An app's own binding of the chord in the focused widget wins; the
    /// chord does nothing while a blocking HUD is up.
    func testTheAppsBindingWinsAndABlockingHUDKeepsTheKeyboard() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input, before in
                let banner = try! NotificationBanner(title: "Second to the app")
                guard Self.shown(banner, in: window) != nil else { return }
                var appShortcuts = 0
                let table = ShortcutTable()
                table.add("app", trigger: ShortcutTrigger.parse("<Control>F6")) { appShortcuts += 1; return true }
                table.attach(to: before)
                input.key("ctrl+F6")
                XInput.wait("the app's binding") { appShortcuts == 1 }
                XCTAssertEqual(Self.focus(of: window), before, "the banner did not take the focus")
                table.detach()

                var appearance = HUD.defaultAppearance
                appearance.mask = .black
                let hud = try! HUD(on: window.window, appearance: appearance)
                hud.show(animated: false)
                window.host.waitForFrames(2)
                let blockingFocus = Self.focus(of: window)
                input.key("ctrl+F6")
                input.waitUntilHandled(by: window.window)
                XCTAssertEqual(Self.focus(of: window), blockingFocus, "the blocking HUD keeps the focus")
                XCTAssertFalse(banner.isTimeoutPaused)
                hud.hide(animated: false)
                XInput.wait("the HUD gone") { hud.isFinished }
            }
        }
    }

    /// A banner that cannot take the focus (made insensitive by the app): the
    /// shortcut does not count as taken, the key goes on to the window, and
    /// no visit is left behind: a user who later tabs into the banners and
    /// presses the shortcut goes to the content's first widget, not back to
    /// where the failed press was made.
    func testAShortcutThatCannotFocusTheBannerIsNotTaken() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input, before in
                // On the window before GtkHUD's host puts its table there (the first banner),
                // in the same phase: GTK runs a widget's controllers newest first and stops at
                // the first that handles a key, so this sees only the keys the table passes on.
                var passedOn = 0
                let keys = gtk_event_controller_key_new()!
                Signal.connectKey(UnsafeMutableRawPointer(keys), "key-pressed") { keyval, _, state in
                    if keyval == UInt32(GDK_KEY_F6), state & GDK_CONTROL_MASK.rawValue != 0 { passedOn += 1 }
                    return false
                }
                gtk_widget_add_controller(window.window, keys)
                defer { gtk_widget_remove_controller(window.window, keys) }
                let banner = try! NotificationBanner(title: "Out of reach for now")
                banner.setAction("Undo") {}
                guard let widget = Self.shown(banner, in: window) else { return }
                gtk_widget_set_sensitive(widget.widget, 0)
                input.key("ctrl+F6")
                input.waitUntilHandled(by: window.window)
                XCTAssertEqual(Self.focus(of: window), before, "the banner could not take the focus")
                XCTAssertEqual(passedOn, 1, "not taken: the key went on to the window")
                XCTAssertFalse(banner.isTimeoutPaused, "the keyboard is not inside")

                gtk_widget_set_sensitive(widget.widget, 1)
                let first = gtk_widget_get_first_child(gtk_widget_get_parent(before))!
                input.key("Tab")
                XInput.wait("Tab from the content's last widget into the banner") {
                    Self.focus(of: window).map { $0 == widget.widget || gtk_widget_is_ancestor($0, widget.widget) != 0 } ?? false
                }
                input.key("ctrl+F6")
                XInput.wait("the shortcut inside to give the focus to the content") { Self.focus(of: window) != nil
                    && Self.focus(of: window).map { gtk_widget_is_ancestor($0, widget.widget) == 0 && $0 != widget.widget } == true }
                XCTAssertEqual(Self.focus(of: window), first, "no visit was left from the failed press: not back to \(String(describing: before))")
                input.key("ctrl+F6")
                XInput.wait("the shortcut to reach the banner") { Self.focus(of: window) == widget.actionButton }
                XCTAssertEqual(passedOn, 1, "taken: the key stopped at the host's table")
                banner.dismiss()
                XInput.wait("the banner gone") { banner.widget == nil }
            }
        }
    }

    /// One Escape table per window, newest handler first: a HUD shown after a
    /// banner takes Escape (its button); the next Escape dismisses the banner.
    func testEscapeGoesToTheNewestOfAHUDAndABanner() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input, _ in
                let banner = try! NotificationBanner(title: "Under the HUD")
                guard Self.shown(banner, in: window) != nil else { return }
                let hud = try! HUD(on: window.window)
                var pressed = 0
                hud.setButton("Cancel") { pressed += 1 }
                hud.show(animated: false)
                window.host.waitForFrames(2)
                input.key("Escape")
                XInput.wait("Escape to press the HUD's button") { pressed == 1 }
                XCTAssertEqual(banner.state, .showing, "the HUD came later: it takes Escape first")
                hud.hide(animated: false)
                XInput.wait("the HUD gone") { hud.isFinished }
                input.key("Escape")
                XInput.wait("Escape to dismiss the banner") { banner.state.isGone }
                XCTAssertEqual(pressed, 1)
            }
        }
    }

    /// F6 inside a GtkPaned still moves between its panes; Ctrl+F6 there
    /// reaches the banner.
    func testF6InsideAPanedStillGoesToThePaned() throws {
        try MainActor.assumeIsolated {
            try Self.withInput { window, input, _ in
                let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
                let start = gtk_button_new_with_label("Start")!
                let end = gtk_button_new_with_label("End")!
                gtk_paned_set_start_child(OpaquePointer(paned), start)
                gtk_paned_set_end_child(OpaquePointer(paned), end)
                window.host.setChild(paned)
                window.host.waitForFrames(2)
                gtk_widget_grab_focus(start)
                let banner = try! NotificationBanner(title: "Beside the panes")
                guard let widget = Self.shown(banner, in: window) else { return }
                input.key("F6")
                XInput.wait("F6 to move to the other pane") { Self.focus(of: window) == end }
                input.key("ctrl+F6")
                XInput.wait("Ctrl+F6 to reach the banner from inside a pane") { Self.focus(of: window) == widget.widget }
                input.key("Escape")
                XInput.wait("Escape") { banner.state.isGone }
                XInput.wait("the focus back in the pane") { Self.focus(of: window) == end }
            }
        }
    }

    /// A banner with an action says once how to reach it, with the chord as
    /// GTK writes it; one without an action does not. (No keys: Announcer's record.)
    func testABannerWithAnActionSaysHowToReachIt() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            Announcer.clearPendingDescription()
            defer { Announcer.clearPendingDescription() }
            defer { GtkHUDAttention.bannerShortcut = "<Control>F6" }
            var records: [Announcer.Record] = []
            let observation = Announcer.observe { records.append($0) }
            defer { observation.cancel() }
            window.center.maxVisible = 3
            let actionable = try! NotificationBanner(title: "Deleted")
            actionable.setAction("Undo") {}
            window.show(actionable, duration: 30)
            window.show(try! NotificationBanner(title: "Saved"), duration: 30)
            GtkHUDAttention.bannerShortcut = "<Shift>F6"
            let moved = try! NotificationBanner(title: "Moved")
            moved.setAction("Undo") {}
            window.show(moved, duration: 30)
            HUDTesting.wait("three announcements") { records.count == 3 }
            XCTAssertEqual(records.map(\.text), ["Deleted. Press Ctrl+F6 to reach it.", "Saved", "Moved. Press Shift+F6 to reach it."])
        }
    }
}

import CGtk
import Foundation
@testable import GtkHUD
@testable import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Regression tests for issue #11, HUD items 1–7 (item 8, calls before
/// `gtk_init`, needs a fresh process: BadInputTests). Each failed before its fix.
final class HUDIssue11Tests: XCTestCase {
    // MARK: 1. Blocking masks and focus

    @MainActor private static var blocking: HUDAppearance {
        var appearance = HUD.defaultAppearance
        appearance.mask = .black
        return appearance
    }

    /// Two blocking HUDs share one block: hiding the first keeps the content
    /// blocked behind the second, and after both the content can take focus again.
    func testTwoBlockingHUDsHoldOneBlockOfTheContent() throws {
        try withWindow { host, content in
            gtk_widget_grab_focus(content)
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), content)
            let first = try XCTUnwrap(HUD(on: host.window, appearance: Self.blocking))
            let second = try XCTUnwrap(HUD(on: host.window, appearance: Self.blocking))
            first.show()
            second.show()
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), second.view.bezelWidget)

            first.hide()
            XCTAssertEqual(gtk_widget_get_can_focus(content), 0, "the second mask still blocks the content")
            XCTAssertNotEqual(gtk_window_get_focus(host.window.asWindow), content, "no focus behind the second mask")
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), second.view.bezelWidget)

            second.hide()
            XCTAssertEqual(gtk_widget_get_can_focus(content), 1, "the keyboard works again")
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), content, "focus is back where it was")
        }
    }

    /// Hidden in the other order, the first HUD takes the focus back from the second.
    func testTheHUDLeftUpTakesTheFocusBack() throws {
        try withWindow { host, content in
            gtk_widget_grab_focus(content)
            let first = try XCTUnwrap(HUD(on: host.window, appearance: Self.blocking))
            let second = try XCTUnwrap(HUD(on: host.window, appearance: Self.blocking))
            first.show()
            second.show()
            second.hide()
            XCTAssertEqual(gtk_widget_get_can_focus(content), 0)
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), first.view.bezelWidget)
            first.hide()
            XCTAssertEqual(gtk_widget_get_can_focus(content), 1)
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), content)
        }
    }

    /// Without `.focusForBlockingHUDs` the focused widget (the one keys go to)
    /// must still lose the focus behind a blocking mask.
    func testABlockingMaskTakesTheFocusWithoutTheFocusMechanism() throws {
        try withWindow { host, content in
            let mechanisms = Announcer.mechanisms
            Announcer.mechanisms.remove(.focusForBlockingHUDs)
            defer { Announcer.mechanisms = mechanisms }
            gtk_widget_grab_focus(content)
            let hud = try XCTUnwrap(HUD(on: host.window, appearance: Self.blocking))
            hud.setButton("Cancel")
            hud.show()
            let focus = gtk_window_get_focus(host.window.asWindow)
            XCTAssertNotEqual(focus, content, "keys no longer reach the content")
            XCTAssertNotEqual(focus, hud.view.bezelWidget, "the bezel does not take focus with the mechanism off")
            XCTAssertNotNil(focus, "something in the overlay has focus, so Escape reaches the HUD")
            hud.hide()
            XCTAssertEqual(gtk_window_get_focus(host.window.asWindow), content)
            XCTAssertEqual(gtk_widget_get_can_focus(content), 1)
        }
    }

    /// The same with real key presses (xdotool, through the X server): letters
    /// typed while a blocking HUD is up must not reach the entry behind it, and
    /// Escape still reaches the HUD. Escape comes last, so once its action ran
    /// every letter before it was handled.
    func testTypedKeysDoNotReachTheContentBehindABlockingMask() throws {
        guard let xdotool = ["/usr/bin/xdotool", "/usr/local/bin/xdotool"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("xdotool is not installed")
        }
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            defer { HUDTesting.setAnimations(true) }
            let mechanisms = Announcer.mechanisms
            Announcer.mechanisms.remove(.focusForBlockingHUDs)
            defer { Announcer.mechanisms = mechanisms }
            let host = HostWindow(width: 480, height: 360, title: "Typing behind a HUD")
            defer { host.close() }
            let entry = try XCTUnwrap(gtk_entry_new())
            host.setChild(entry)
            host.present()
            gtk_widget_grab_focus(entry)
            HUDTesting.wait("the window to have the keyboard") { gtk_window_is_active(host.window.asWindow) != 0 }

            let hud = try XCTUnwrap(HUD(on: host.window, appearance: Self.blocking))
            var escaped = false
            hud.setButton("Cancel") { escaped = true }
            hud.show()
            host.waitForFrames(1)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: xdotool)
            process.arguments = ["key", "--delay", "20", "a", "b", "c", "Escape"]
            try process.run()
            HUDTesting.wait("Escape to reach the HUD") { escaped }
            process.waitUntilExit()
            let text = String(cString: gtk_editable_get_text(OpaquePointer(entry)))
            XCTAssertEqual(text, "", "no key reached the entry behind the mask")
            hud.hide()
        }
    }

    // MARK: 2. Finishing and finding HUDs

    /// `HUD.run` with fast work shows and hides within the grace time: each such
    /// HUD must finish, be forgotten and be freed.
    func testHUDsHiddenDuringTheirGraceTimeFinish() throws {
        try withWindow { host, _ in
            let visible = try XCTUnwrap(HUD(on: host.window))
            visible.show()
            weak var lastGraceHUD: HUD?
            for _ in 0..<100 {
                let hud = try XCTUnwrap(HUD(on: host.window))
                hud.graceTime = 5
                hud.show()
                hud.hide(animated: false)
                XCTAssertTrue(hud.isFinished)
                lastGraceHUD = hud
            }
            XCTAssertNil(lastGraceHUD, "a HUD hidden in its grace time does not keep itself alive")
            XCTAssertEqual(HUD.allHUDs(for: host.window).count, 1)
            XCTAssertTrue(HUD.hud(for: host.window) === visible)
            XCTAssertTrue(HUD.hide(for: host.window))
            XCTAssertFalse(visible.isVisible, "hide(for:) hid the HUD on screen")
        }
    }

    /// The real thing: fast work under `HUD.run` (grace time 0.5 s) leaves no HUD behind.
    func testFastRunsLeaveNoHUDBehind() throws {
        try withWindow { host, _ in
            let window = host.window
            var finished = false
            Task { @MainActor in
                for _ in 0..<50 {
                    _ = try? await HUD.run(on: window, label: "Quick") { 42 }
                }
                finished = true
            }
            HUDTesting.wait("fifty runs") { finished }
            XCTAssertTrue(HUD.allHUDs(for: window).isEmpty, "\(HUD.allHUDs(for: window).count) HUDs left behind")
        }
    }

    func testAHiddenHUDKeptOnItsHostIsNotFound() throws {
        try withWindow { host, _ in
            let hud = try XCTUnwrap(HUD(on: host.window))
            hud.removesFromHostOnHide = false
            hud.show()
            XCTAssertTrue(HUD.hud(for: host.window) === hud)
            hud.hide()
            XCTAssertNil(HUD.hud(for: host.window))
            XCTAssertTrue(HUD.allHUDs(for: host.window).isEmpty)
            hud.show()
            XCTAssertTrue(HUD.hud(for: host.window) === hud, "shown again, it is found again")
            hud.hide()
        }
    }

    // MARK: 3. Late progress after a dismissal

    /// An update posted before the dismissal and taken after it must not bring
    /// the HUD back; a new explicit show works, and so do updates posted after it.
    func testProgressPostedBeforeADismissalIsDropped() throws {
        try withWindow { host, _ in
            ProgressHUD.host = host.window
            ProgressHUD.showProgress(0.1, status: "Uploading")
            ProgressHUD.setProgress(0.5) // queued, not taken yet
            ProgressHUD.dismiss()
            drainMainQueue()
            XCTAssertFalse(ProgressHUD.isVisible, "the late update did not show the HUD again")

            ProgressHUD.setProgress(0.7) // never shown: no HUD at all, then dismissed
            ProgressHUD.dismiss()
            drainMainQueue()
            XCTAssertFalse(ProgressHUD.isVisible)

            ProgressHUD.showProgress(0.2, status: "Again")
            XCTAssertTrue(ProgressHUD.isVisible, "an explicit show after the dismissal works")
            ProgressHUD.setProgress(0.9) // applied in the next frame
            HUDTesting.wait("the update after the new show") {
                SharedHUD.instance?.controller.content.indicator == .progress(0.9)
            }
        }
    }

    // MARK: 4. Custom widgets

    func testAFloatingCustomWidgetIsFinalised() throws {
        try withWindow { host, _ in
            let label = try XCTUnwrap(gtk_label_new("Custom"))
            XCTAssertNotEqual(g_object_is_floating(label.raw), 0)
            let weakLabel = WeakObjectRef(label.raw)
            let hud = try XCTUnwrap(HUD(on: host.window))
            hud.customWidget = GtkWidgetRef(label)
            hud.mode = .customView
            hud.show()
            XCTAssertEqual(gtk_widget_get_parent(label), hud.view.bezelWidget)
            hud.hide()
            hud.customWidget = nil
            hud.mode = .text
            XCTAssertFalse(weakLabel.isAlive, "the HUD let go of the widget it was given")
        }
    }

    func testASecondSharedCustomWidgetReplacesTheFirst() throws {
        try withWindow { host, _ in
            ProgressHUD.host = host.window
            let first = try XCTUnwrap(gtk_label_new("First"))
            let second = try XCTUnwrap(gtk_label_new("Second"))
            let weakFirst = WeakObjectRef(first.raw)
            ProgressHUD.setCustomWidget(first)
            ProgressHUD.showCustomWidget(status: "One")
            XCTAssertEqual(gtk_widget_get_parent(first), ProgressHUD.bezelWidget?.gtkWidget)
            ProgressHUD.setCustomWidget(second)
            ProgressHUD.showCustomWidget(status: "One")
            XCTAssertEqual(gtk_widget_get_parent(second), ProgressHUD.bezelWidget?.gtkWidget, "the second widget is shown")
            XCTAssertFalse(weakFirst.isAlive, "the first widget was let go")
            ProgressHUD.dismiss()
            ProgressHUD.setCustomWidget(nil)
        }
    }

    // MARK: 5. Completion and events

    func testCompletionDoesNotRunForAHideThatAShowSuperseded() throws {
        try withWindow(animations: true) { host, _ in
            let hud = try XCTUnwrap(HUD(on: host.window))
            var completions = 0
            hud.completion = { completions += 1 }
            hud.show()
            hud.hide()  // lands in the fade-in: fades out
            hud.show()  // turns the fade-out around
            XCTAssertTrue(hud.isVisible)
            XCTAssertEqual(completions, 0, "the HUD is still up")
            hud.hide(animated: false)
            XCTAssertEqual(completions, 1)
            XCTAssertFalse(hud.isVisible)
        }
    }

    func testDidAppearFollowsWillAppearWhenAHideLandsDuringTheFadeIn() throws {
        try withWindow(animations: true) { host, _ in
            let hud = try XCTUnwrap(HUD(on: host.window))
            var events: [HUDEvent] = []
            let observation = hud.observeEvents { events.append($0) }
            defer { observation.cancel() }
            hud.show()
            XCTAssertEqual(events, [.willAppear(status: nil)])
            hud.hide()
            XCTAssertEqual(events, [.willAppear(status: nil), .didAppear(status: nil), .willDisappear(status: nil)])
            HUDTesting.wait("the fade-out") { !hud.isVisible }
            XCTAssertEqual(events.last, .didDisappear(status: nil))
        }
    }

    // MARK: 6. Shared HUD handlers and generated CSS

    func testTheSharedHUDDoesNotPileUpDisposeHandlers() throws {
        try withWindow { host, _ in
            let (other, _) = HUDTesting.window()
            defer { other.close() }
            ProgressHUD.host = host.window
            ProgressHUD.show()
            let overlay = try XCTUnwrap(HUDOverlay.windowLayer(of: host.window).flatMap { HUDOverlayWidget.of($0) })
            let attached = overlay.disposeHandlerCount
            for index in 0..<10 {
                ProgressHUD.host = index % 2 == 0 ? other.window : host.window
                ProgressHUD.show()
                ProgressHUD.dismiss()
            }
            XCTAssertEqual(attached, 1, "one handler per overlay: its host's, which ends everything on it")
            XCTAssertEqual(overlay.disposeHandlerCount, attached, "however often the HUD moved")
            ProgressHUD.host = other.window
            ProgressHUD.show()
            XCTAssertEqual(overlay.disposeHandlerCount, attached, "moving away adds none")
        }
    }

    func testGeneratedColourRulesAreParsedOnceAndDroppedWhenUnused() throws {
        try withWindow { host, _ in
            let rulesBefore = GeneratedStyle.liveRuleCount
            let parsedBefore = GeneratedStyle.rulesParsed
            var hud: HUD? = try XCTUnwrap(HUD(on: host.window))
            hud?.label = "Colours"
            hud?.show()
            for step in 0..<50 {
                var appearance = hud!.appearance
                appearance.backgroundColor = HUDColor(red: Double(step) / 50, green: 0.2, blue: 0.3, alpha: 0.9)
                hud?.appearance = appearance
            }
            XCTAssertEqual(GeneratedStyle.liveRuleCount, rulesBefore + 1, "only the colour in use has a rule")
            XCTAssertEqual(GeneratedStyle.rulesParsed - parsedBefore, 50, "each new colour parses one rule, not the whole sheet")
            hud?.hide()
            hud = nil
            host.waitForFrames(1)
            XCTAssertEqual(GeneratedStyle.liveRuleCount, rulesBefore, "the rule went with the last widget using it")
        }
    }

    // MARK: 7. Windows destroyed while the application holds them

    func testADestroyedWindowTheAppStillHoldsEndsItsHUDsAndBanners() throws {
        try withWindow { host, _ in
            let window = host.window
            g_object_ref(window.raw) // the application keeps the window
            defer { g_object_unref(window.raw) }
            let hud = try XCTUnwrap(HUD(on: window))
            var completions = 0
            hud.completion = { completions += 1 }
            hud.show()
            ProgressHUD.host = window
            ProgressHUD.show(status: "Shared")
            let banner = try NotificationBanner(title: "Banner")
            var reasons: [BannerDismissReason] = []
            banner.onDismiss = { reasons.append($0) }
            banner.show(on: window, duration: 30)

            host.close() // gtk_window_destroy: not disposed, the app holds it
            XCTAssertFalse(hud.isVisible)
            XCTAssertTrue(hud.isFinished)
            XCTAssertEqual(completions, 1)
            XCTAssertFalse(ProgressHUD.isVisible)
            XCTAssertEqual(reasons, [.hostDestroyed])

            let messages = captureDiagnostics {
                do { _ = try HUD(on: window); XCTFail("no HUD on a destroyed window") } catch { XCTAssertEqual(error as? HUDError, .hostWindowDestroyed) }
                ProgressHUD.show(status: "Too late")
                XCTAssertFalse(ProgressHUD.isVisible)
            }
            XCTAssertTrue(messages.contains { $0.source == "HUD.init(on:)" && $0.text.contains("destroyed") }, "\(messages)")
            XCTAssertTrue(messages.contains { $0.source == "ProgressHUD.show(status:)" && $0.text.contains("destroyed") }, "\(messages)")
            ProgressHUD.host = nil
        }
    }

    func testAHUDOnADisposedWindowIsRefusedWithAMessage() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let window = gtk_window_new()!
            g_object_ref_sink(window.raw)
            gtk_window_destroy(window.asWindow)
            g_object_run_dispose(window.raw.asObject)
            let messages = captureDiagnostics {
                do { _ = try HUD(on: window); XCTFail("no HUD on a destroyed window") } catch { XCTAssertEqual(error as? HUDError, .hostWindowDestroyed) }
            }
            XCTAssertEqual(messages.map(\.source), ["HUD.init(on:)"])
            g_object_unref(window.raw)
        }
    }

    // MARK: Helpers

    private func withWindow(animations: Bool = false,
                            _ body: @MainActor (HostWindow, UnsafeMutablePointer<GtkWidget>) throws -> Void) throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            HUDTesting.setAnimations(animations)
            defer { HUDTesting.setAnimations(true) }
            let (host, content) = HUDTesting.window()
            defer {
                ProgressHUD.reset()
                ProgressHUD.host = nil
                host.close()
            }
            try body(host, content)
        }
    }
}

/// Runs the main loop until everything queued on the main queue so far has run.
@MainActor
private func drainMainQueue() {
    var drained = false
    DispatchQueue.main.async { drained = true }
    HUDTesting.wait("the main queue") { drained }
}

@MainActor
private func captureDiagnostics(_ body: () -> Void) -> [HUDCore.Diagnostics.Message] {
    let previous = HUDCore.Diagnostics.handler
    var messages: [HUDCore.Diagnostics.Message] = []
    HUDCore.Diagnostics.handler = { messages.append($0) }
    body()
    HUDCore.Diagnostics.handler = previous
    return messages
}

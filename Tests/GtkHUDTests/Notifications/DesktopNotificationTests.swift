import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Banners as desktop notifications, end to end: real widgets, a real window
/// switch (xdotool), a registered GApplication, and Debian's dunst as the
/// notification server on the test's private session bus; `dbus-monitor`
/// records what the server received.
final class DesktopNotificationTests: XCTestCase {
    @MainActor private static var applications = 0

    /// A running application, the server, and two windows, the user in the
    /// banner window; `body` runs inside the application's `activate`, as an
    /// app's code does. The application then quits, and its shutdown must take
    /// GtkHUD's actions away. (Registered without running its loop, GLib sends
    /// and activates the same way, measured; but a GtkApplication keeps a
    /// reference to itself from `startup` until `shutdown`, so a test app that
    /// never runs would never be finalised.)
    @MainActor
    private static func withNotifyingApp(_ body: @MainActor (NotificationServer, BannerTestWindow, XInput, XInput) throws -> Void) throws {
        try XInput.require()
        try NotificationServer.require()
        try BannerGtkTesting.withWindow(animations: false) { window in
            // The freedesktop.org backend whatever else the bus offers; GLib reads it at the first send.
            setenv("GNOTIFICATION_BACKEND", "freedesktop", 1)
            g_set_application_name("GtkHUD notification tests")
            applications += 1
            let app = ObjectRef(adopting: UnsafeMutableRawPointer(
                adw_application_new("org.gtkhud.NotificationTests.App\(applications)", GApplicationFlags(rawValue: 0))!))
            let application = app.pointer.typed(GApplication.self)
            // The activate handler is disconnected (its closure released) before `body` goes out of scope.
            withoutActuallyEscaping(body) { body in
                let activation = Signal.connect(app.pointer, "activate") { runInside(window, body) }
                XCTAssertEqual(g_application_run(application, 0, nil), 0)
                activation.disconnect()
            }
            XCTAssertFalse(DesktopNotificationSender.shared.hasApplication, "released at the application's shutdown")
            for name in [DesktopNotificationSender.presentAction, DesktopNotificationSender.buttonAction] {
                XCTAssertNil(g_action_map_lookup_action(OpaquePointer(app.pointer), name), "app.\(name) removed")
            }
            XCTAssertEqual(app.referenceCount, 1, "nothing else holds the application")
        }
        XCTAssertNil(g_application_get_default(), "the test application is gone")
    }

    @MainActor
    private static func runInside(_ window: BannerTestWindow,
                                  _ body: @MainActor (NotificationServer, BannerTestWindow, XInput, XInput) throws -> Void) {
        guard let server = try? NotificationServer() else { return }
        defer { server.stop() }
        let other = HostWindow(width: 200, height: 120, title: "Elsewhere")
        other.setChild(gtk_label_new("Another window"))
        other.present()
        defer { other.close() }
        _ = window.center // GtkHUD watches the window from its first use on it (the host)
        guard let input = XInput(window: window.window), let elsewhere = XInput(window: other.window) else {
            return XCTFail("xdotool found no X window for the test windows")
        }
        defer { input.restore() }
        switchTo(input)
        do { try body(server, window, input, elsewhere) } catch { XCTFail("\(error)") }
        window.center.dismissAll()
        XInput.pump(until: { gtk_widget_get_first_child(window.center.stackWidget.gtkWidget) == nil }, timeoutMilliseconds: 5_000)
    }

    /// The user switches to `input`'s window, and GTK has said so (through the
    /// window manager when one runs: `scripts/lib/with-openbox.sh`).
    @MainActor
    private static func switchTo(_ input: XInput) {
        let windowManagerRuns = ProcessInfo.processInfo.environment["GTKHUD_WINDOW_MANAGER"] != nil
        input.run([windowManagerRuns ? "windowactivate" : "windowfocus", "--sync", input.windowID])
        XInput.wait("window \(input.windowID) to become active") { gtk_window_is_active(input.window.asWindow) != 0 }
    }

    @MainActor
    private static func leave(_ window: BannerTestWindow, for elsewhere: XInput) {
        switchTo(elsewhere)
        XInput.wait("the banner queue to see the window left") { window.center.queue.isWindowAway }
    }

    func testABannerShownWhileTheWindowIsInactiveReachesTheServerAndIsWithdrawnWhenDismissed() throws {
        try MainActor.assumeIsolated {
            try Self.withNotifyingApp { server, window, _, elsewhere in
                Self.leave(window, for: elsewhere)
                let banner = try NotificationBanner(title: "Export finished", subtitle: "report.pdf is ready")
                banner.desktopNotification = .whenUnattended
                window.show(banner, duration: 30)
                let notify = server.waitForNotification(titled: "Export finished")
                XCTAssertEqual(notify?.strings.first, "GtkHUD notification tests", "app name: g_get_application_name()")
                XCTAssertEqual(notify?.strings[safe: 3], "report.pdf is ready")
                XCTAssertEqual(notify?.strings[safe: 4], "default", "its body is clickable")
                XCTAssertEqual(notify?.strings.filter { $0.hasPrefix("app.gtkhud-action") }, [], "no button without an action")
                XCTAssertEqual(server.dunstctl("count", "displayed")?.trimmingCharacters(in: .whitespacesAndNewlines), "1",
                               "dunst shows it")
                XCTAssertTrue(DesktopNotificationSender.shared.isOut(banner.core.desktopNotificationID))
                banner.dismiss()
                server.wait(for: "CloseNotification")
                server.wait(for: "NotificationClosed")
                XCTAssertEqual(server.count("Notify"), 1)
                XCTAssertEqual(server.count("CloseNotification"), 1)
                XCTAssertFalse(DesktopNotificationSender.shared.isOut(banner.core.desktopNotificationID))
            }
        }
    }

    /// GLib 2.74 files a notification only once the server answers `Notify`;
    /// a withdrawal before that was dropped and left it on the desktop. The
    /// sender is driven directly: only it can withdraw in the very turn it sent.
    func testAWithdrawalBeforeTheServerAnswersStillTakesTheNotificationDown() throws {
        try MainActor.assumeIsolated {
            try Self.withNotifyingApp { server, _, _, _ in
                let sender = DesktopNotificationSender.shared
                let activation = DesktopNotificationSender.Activation(present: {}, button: nil)
                XCTAssertTrue(sender.send(id: "gtkhud-test-early-withdrawal", title: "Gone at once", body: nil,
                                          buttonLabel: nil, source: "test", activation: activation))
                sender.withdraw(id: "gtkhud-test-early-withdrawal")
                server.waitForNotification(titled: "Gone at once")
                // Closed by the app, not expired by dunst (its own timeout would close it too, later).
                server.wait(for: "CloseNotification")
                server.wait(for: "NotificationClosed")
                XCTAssertEqual(server.dunstctl("count", "displayed")?.trimmingCharacters(in: .whitespacesAndNewlines), "0",
                               "nothing left on the desktop")
            }
        }
    }

    func testNewWordsOnTheBannerReplaceItsNotification() throws {
        try MainActor.assumeIsolated {
            try Self.withNotifyingApp { server, window, _, elsewhere in
                Self.leave(window, for: elsewhere)
                let banner = try NotificationBanner(title: "Exporting", subtitle: "report.pdf")
                banner.desktopNotification = .whenUnattended
                window.show(banner, duration: 30)
                server.waitForNotification(titled: "Exporting")
                // dunst's reply to the first Notify must be in: GLib replaces by the server's id.
                XCTAssertEqual(server.dunstctl("count", "displayed")?.trimmingCharacters(in: .whitespacesAndNewlines), "1")
                try banner.setMessage(title: "Exported", subtitle: "report.pdf is ready", image: nil)
                let update = server.waitForNotification(titled: "Exported")
                XCTAssertEqual(update?.strings[safe: 3], "report.pdf is ready")
                XCTAssertNotEqual(update?.numbers.first ?? 0, 0, "replaces_id: the same notification, replaced")
                XCTAssertEqual(server.count("CloseNotification"), 0, "replaced, not withdrawn and sent anew")
                XCTAssertEqual(server.dunstctl("count", "displayed")?.trimmingCharacters(in: .whitespacesAndNewlines), "1",
                               "dunst shows one")
                banner.backgroundColor = HUDColor(red: 0.2, green: 0.4, blue: 0.6)
                banner.dismiss()
                server.wait(for: "CloseNotification")
                XCTAssertEqual(server.count("Notify"), 2, "a colour is not something the desktop shows")
            }
        }
    }

    func testComingBackToTheWindowWithdrawsIt() throws {
        try MainActor.assumeIsolated {
            try Self.withNotifyingApp { server, window, input, elsewhere in
                Self.leave(window, for: elsewhere)
                let banner = try NotificationBanner(title: "Sync complete")
                banner.desktopNotification = .whenUnattended
                window.show(banner, duration: 30)
                server.waitForNotification(titled: "Sync complete")
                Self.switchTo(input)
                server.wait(for: "CloseNotification")
                XCTAssertEqual(banner.state, .showing, "seen, still on screen")
                banner.dismiss()
                BannerGtkTesting.idle(milliseconds: 300)
                XCTAssertEqual(server.count("CloseNotification"), 1, "withdrawn once")
            }
        }
    }

    func testClickingTheNotificationPresentsTheWindow() throws {
        try MainActor.assumeIsolated {
            try Self.withNotifyingApp { server, window, input, elsewhere in
                // A real click first: GTK's last user time is then older than the switch
                // that follows, and X ignores a present made with that time.
                input.click(at: input.point(in: window.content, x: 20, y: 20))
                Self.leave(window, for: elsewhere)
                let banner = try NotificationBanner(title: "Message from Ada")
                banner.desktopNotification = .whenUnattended
                window.show(banner, duration: 30)
                server.waitForNotification(titled: "Message from Ada")
                server.dunstctl("action", "0")
                server.wait(for: "ActionInvoked")
                XCTAssertEqual(server.messages.first { $0.member == "ActionInvoked" }?.strings, ["default"])
                XInput.wait("the notification to count as seen") {
                    !DesktopNotificationSender.shared.isOut(banner.core.desktopNotificationID)
                }
                XInput.wait("the banner's window to be presented") { gtk_window_is_active(window.window.asWindow) != 0 }
                XCTAssertEqual(banner.state, .showing)
            }
        }
    }

    func testTheNotificationsButtonRunsTheActionOnce() throws {
        try MainActor.assumeIsolated {
            try Self.withNotifyingApp { server, window, _, elsewhere in
                Self.leave(window, for: elsewhere)
                let undos = BannerCallCounter(), dismissals = BannerCallCounter()
                let banner = try NotificationBanner(title: "Note deleted")
                banner.setAction("_Undo") { undos.tick() }
                banner.onDismiss = dismissals.dismissed
                banner.desktopNotification = .whenUnattended
                window.show(banner, duration: 30)
                let notify = server.waitForNotification(titled: "Note deleted")
                let id = banner.core.desktopNotificationID
                XCTAssertEqual(Array(notify?.strings.dropFirst(4).prefix(4) ?? []),
                               ["default", "", "app.gtkhud-action::\(id)", "Undo"], "one button, mnemonic removed")
                server.dunstctl("context")
                server.wait(for: "ActionInvoked")
                XCTAssertEqual(server.messages.first { $0.member == "ActionInvoked" }?.strings, ["app.gtkhud-action::\(id)"])
                XInput.wait("the action") { undos.count == 1 }
                XInput.wait("the dismissal") { dismissals.count == 1 }
                XCTAssertEqual(dismissals.reasons, [.action])
                // A second activation (a stale notification, another server's button) does nothing.
                g_action_group_activate_action(OpaquePointer(g_application_get_default()), DesktopNotificationSender.buttonAction,
                                               g_variant_new_string(id))
                BannerGtkTesting.idle(milliseconds: 200)
                XCTAssertEqual(undos.count, 1, "exactly once")
                XCTAssertFalse(DesktopNotificationSender.shared.isOut(id))
            }
        }
    }

    func testARunThatEndsWhileTheUserIsElsewhereTellsTheDesktopUntilTheyComeBack() throws {
        try MainActor.assumeIsolated {
            try Self.withNotifyingApp { server, window, input, elsewhere in
                let hud = try HUD(on: window.window)
                hud.graceTime = 0
                hud.label = "Exporting"
                hud.notifiesWhenUnattended = true
                let finished = BannerCallCounter()
                Task { @MainActor in
                    _ = try? await hud.run(successLabel: "Exported 3 files", resultDuration: 0.2) { 42 }
                    finished.tick()
                }
                XInput.wait("the first run") { finished.count == 1 }
                XCTAssertEqual(server.count("Notify"), 0, "the user was in the window")
                Self.switchTo(elsewhere)
                Task { @MainActor in
                    _ = try? await hud.run(successLabel: "Exported 3 files", resultDuration: 0.2) { 42 }
                    finished.tick()
                }
                let notify = server.waitForNotification(titled: "Exporting")
                XCTAssertEqual(notify?.strings[safe: 3], "Exported 3 files")
                XInput.wait("the second run") { finished.count == 2 }
                Self.switchTo(input)
                server.wait(for: "CloseNotification")
                XCTAssertEqual(server.count("Notify"), 1)
                // Without the opt-in, a run ending in the background stays in the window.
                Self.switchTo(elsewhere)
                hud.notifiesWhenUnattended = false
                hud.label = "Quiet"
                Task { @MainActor in
                    _ = try? await hud.run(resultDuration: 0.2) { 42 }
                    hud.notifiesWhenUnattended = true
                    hud.label = "Marker"
                    _ = try? await hud.run(resultDuration: 0.2) { 42 }
                    finished.tick()
                }
                server.waitForNotification(titled: "Marker")
                XCTAssertEqual(server.notifications.map { $0.strings[safe: 2] }, ["Exporting", "Marker"])
            }
        }
    }

    /// Whether the X server has the urgency bit (XUrgencyHint, 1 << 8) in the
    /// window's WM_HINTS, as a window manager reads it; nil when xprop cannot say.
    @MainActor
    private static func isUrgent(_ input: XInput) -> Bool? {
        guard let text = NotificationServer.run("xprop", ["-id", input.windowID, "-notype", "-f", "WM_HINTS", "32c",
                                                          " $0\n", "WM_HINTS"]),
              let flags = text.split(whereSeparator: \.isWhitespace).last.flatMap({ Int($0) }) else { return nil }
        return flags & 256 != 0
    }

    func testARunThatEndsInTheBackgroundMakesTheWindowUrgentUntilTheUserComesBack() throws {
        try MainActor.assumeIsolated {
            try Self.withNotifyingApp { server, window, input, elsewhere in
                guard NotificationServer.path(of: "xprop") != nil else {
                    return XCTFail("xprop is missing (x11-utils; scripts/test installs it)")
                }
                let hud = try HUD(on: window.window)
                hud.graceTime = 0
                hud.label = "Rendering"
                hud.notifiesWhenUnattended = true
                let finished = BannerCallCounter()
                Task { @MainActor in
                    _ = try? await hud.run(resultDuration: 0.2) { 42 }
                    finished.tick()
                }
                XInput.wait("the run in the window") { finished.count == 1 }
                XCTAssertEqual(Self.isUrgent(input), false, "the user was in the window")
                Self.switchTo(elsewhere)
                Task { @MainActor in
                    _ = try? await hud.run(resultDuration: 0.2) { 42 }
                    finished.tick()
                }
                server.waitForNotification(titled: "Rendering")
                XInput.wait("the urgency hint on the X window") { Self.isUrgent(input) == true }
                XInput.wait("the run in the background") { finished.count == 2 }
                Self.switchTo(input)
                server.wait(for: "CloseNotification")
                XInput.wait("the urgency hint cleared") { Self.isUrgent(input) == false }
                XCTAssertEqual(server.count("Notify"), 1)
            }
        }
    }

    func testTheSameHUDsNextResultReplacesItsNotice() throws {
        try MainActor.assumeIsolated {
            try Self.withNotifyingApp { server, window, input, elsewhere in
                let hud = try HUD(on: window.window)
                hud.graceTime = 0
                hud.notifiesWhenUnattended = true
                Self.switchTo(elsewhere)
                let finished = BannerCallCounter()
                for batch in ["First batch", "Second batch"] {
                    hud.label = batch
                    Task { @MainActor in
                        _ = try? await hud.run(resultDuration: 0.2) { 42 }
                        finished.tick()
                    }
                    server.waitForNotification(titled: batch)
                    // dunst's reply must be in before the withdrawal (see testARunsNoticeGoesWithItsWindow).
                    server.dunstctl("count", "displayed")
                }
                server.wait(for: "CloseNotification")
                XCTAssertEqual(server.count("CloseNotification"), 1, "the first result's notice went with the second's arrival")
                XInput.wait("both runs") { finished.count == 2 }
                Self.switchTo(input)
                server.wait(for: "CloseNotification", count: 2)
                XCTAssertEqual(server.count("Notify"), 2)
            }
        }
    }

    func testARunsNoticeGoesWithItsWindow() throws {
        try MainActor.assumeIsolated {
            try Self.withNotifyingApp { server, _, _, elsewhere in
                let third = HostWindow(width: 200, height: 120, title: "Work")
                third.setChild(gtk_label_new("Working here"))
                third.present()
                guard let work = XInput(window: third.window) else { return XCTFail("xdotool found no X window") }
                Self.switchTo(work)
                let hud = try HUD(on: third.window)
                hud.graceTime = 0
                hud.label = "Uploading"
                hud.notifiesWhenUnattended = true
                Self.switchTo(elsewhere)
                let finished = BannerCallCounter()
                Task { @MainActor in
                    _ = try? await hud.run(resultDuration: 0.2) { 42 }
                    finished.tick()
                }
                server.waitForNotification(titled: "Uploading")
                XInput.wait("the run") { finished.count == 1 }
                // GLib's freedesktop backend drops a withdrawal that comes before dunst's reply
                // to Notify (it has no server id to close yet; seen under openbox): a round trip
                // to dunst, with the main loop turning, lets that reply in first.
                XCTAssertEqual(server.dunstctl("count", "displayed")?.trimmingCharacters(in: .whitespacesAndNewlines), "1")
                third.close()
                server.wait(for: "CloseNotification")
                XCTAssertEqual(server.count("CloseNotification"), 1, "withdrawn once")
            }
        }
    }

    func testANeverBannerSendsNothing() throws {
        try MainActor.assumeIsolated {
            try Self.withNotifyingApp { server, window, _, elsewhere in
                Self.leave(window, for: elsewhere)
                let quiet = try NotificationBanner(title: "Copied")
                XCTAssertEqual(quiet.desktopNotification, .never, "the default")
                window.center.maxVisible = 2
                window.show(quiet, duration: 30)
                // A later banner that does notify marks the point by which the first would have arrived.
                let marker = try NotificationBanner(title: "Marker")
                marker.desktopNotification = .always
                window.show(marker, duration: 30)
                server.waitForNotification(titled: "Marker")
                XCTAssertEqual(server.notifications.map { $0.strings[safe: 2] }, ["Marker"])
            }
        }
    }
}

/// Without a registered application there is nothing to send through: one message, and the banner shows.
final class DesktopNotificationWithoutApplicationTests: XCTestCase {
    func testAnAppWithoutARegisteredApplicationIsToldOnceAndTheBannerStillShows() throws {
        try MainActor.assumeIsolated {
            try XInput.require()
            XCTAssertNil(g_application_get_default(), "no GApplication in this test")
            DesktopNotificationSender.shared.hasReportedMissingApplication = false
            try BannerGtkTesting.withWindow(animations: false) { window in
                let other = HostWindow(width: 200, height: 120, title: "Elsewhere")
                other.present()
                defer { other.close() }
                _ = window.center
                guard let input = XInput(window: window.window), let elsewhere = XInput(window: other.window) else {
                    return XCTFail("xdotool found no X window for the test windows")
                }
                defer { input.restore() }
                elsewhere.run(["windowfocus", "--sync", elsewhere.windowID])
                XInput.wait("the window to count as left") { window.center.queue.isWindowAway }
                let (_, messages) = BannerGtkTesting.capturingMessages {
                    window.center.maxVisible = 2
                    for title in ["First", "Second"] {
                        let banner = try! NotificationBanner(title: title)
                        banner.desktopNotification = .always
                        window.show(banner, duration: 30)
                    }
                }
                XCTAssertEqual(messages.map(\.source), ["NotificationBanner.desktopNotification"])
                XCTAssertTrue(messages.first?.text.contains("no registered GApplication") ?? false, "\(messages)")
                XCTAssertEqual(window.center.visibleBanners.map(\.title), ["Second", "First"])
                window.center.dismissAll()
            }
        }
    }

    func testAPolicyOnABannerWhoseWindowIsGoneIsRefused() throws {
        try MainActor.assumeIsolated {
            try BannerGtkTesting.requireDisplay()
            let window = BannerTestWindow()
            let banner = try NotificationBanner(title: "Orphan")
            window.show(banner, duration: nil)
            window.close()
            XInput.wait("the banner to end with its window") { banner.state == .gone(.hostDestroyed) }
            let (_, messages) = BannerGtkTesting.capturingMessages { banner.desktopNotification = .always }
            XCTAssertEqual(messages.map(\.source), ["NotificationBanner.desktopNotification"])
            XCTAssertTrue(messages.first?.text.contains("window was destroyed") ?? false, "\(messages)")
            XCTAssertEqual(banner.desktopNotification, .never, "refused")
            XCTAssertFalse(DesktopNotificationSender.shared.isOut(banner.core.desktopNotificationID))
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

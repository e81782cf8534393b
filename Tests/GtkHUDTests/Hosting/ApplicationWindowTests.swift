import CGtk
@testable import GtkHUD
import GtkSupport
import HUDCore
import XCTest

/// Issue #27, multi-window apps: an application's named window, every window
/// at once, and what is refused (with the reason, under the public name).
final class ApplicationWindowTests: XCTestCase {
    @MainActor private static func center(_ context: PresentationContext) -> BannerCenter? { BannerCenter.for(context) }

    func testANameFindsTheAppsWindowByWidgetNameOrUiId() throws {
        try MainActor.assumeIsolated {
            try AppWindows.run(windows: 1) { app in
                let editor = app.open("Editor", name: "editor")
                XCTAssertTrue(Self.center(.window(named: "editor")) === BannerCenter.for(editor.window), "the running app by default")
                XCTAssertTrue(Self.center(.window(named: "editor", of: app.app)) === BannerCenter.for(editor.window))
                XCTAssertTrue(Self.center(.window(named: "editor", of: OpaquePointer(app.app))) === BannerCenter.for(editor.window))
                // A .ui file's id names its window too.
                let builder = gtk_builder_new_from_string(
                    "<interface><object class=\"AdwApplicationWindow\" id=\"inspector\"/></interface>", -1)!
                let built = UnsafeMutableRawPointer(gtk_builder_get_object(builder, "inspector")!).asWidget
                gtk_window_set_application(built.asWindow, app.app)
                let inspector = HostWindow(adopting: built, width: 200, height: 120)
                inspector.present()
                g_object_unref(UnsafeMutableRawPointer(builder))
                defer { inspector.close() }
                XCTAssertTrue(Self.center(.window(named: "inspector")) === BannerCenter.for(built))
            }
        }
    }

    func testANameNoWindowHasIsRefusedWithTheNamesThereAre() throws {
        try MainActor.assumeIsolated {
            try AppWindows.run(windows: 0) { app in
                app.open("Main", name: "main")
                let stray = HostWindow(width: 200, height: 120, title: "Not the app's")
                gtk_widget_set_name(stray.window, "stray")
                stray.present()
                defer { stray.close() }
                let banner = try NotificationBanner(title: "Where?")
                let messages = HUDTesting.captureDiagnostics {
                    banner.show(in: .window(named: "editor"), duration: 1)
                    banner.show(in: .window(named: "stray"), duration: 1)
                    ProgressHUD.context = .window(named: "editor")
                    ProgressHUD.show(status: "Where?")
                }
                XCTAssertEqual(banner.state, .hidden, "nothing shown")
                XCTAssertFalse(ProgressHUD.isVisible)
                XCTAssertEqual(messages.map(\.source), ["NotificationBanner.show(in:duration:)", "NotificationBanner.show(in:duration:)",
                                                        "ProgressHUD.show(status:)"])
                XCTAssertTrue(messages[0].text.contains("no window of the application is named “editor” (its windows are named “main”)"),
                              messages[0].text)
                XCTAssertTrue(messages[1].text.contains("“stray” is not one of the application's windows"), messages[1].text)
                XCTAssertThrowsError(try HUD(in: .window(named: "editor"))) { XCTAssertEqual($0 as? HUDError, .notInWindow) }
            }
        }
    }

    func testAnAppWithNoWindowOrNoAppIsRefusedClearly() throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            XCTAssertNil(g_application_get_default(), "no application runs between tests")
            var messages = HUDTesting.captureDiagnostics {
                XCTAssertEqual(BannerCenter.broadcast(title: "Offline").count, 0)
            }
            XCTAssertEqual(messages.first?.source, "BannerCenter.broadcast(title:subtitle:image:id:to:duration:)")
            XCTAssertTrue(messages.first?.text.contains("g_application_get_default() is NULL") ?? false, "\(messages)")
            let plain = g_application_new("org.gtkhud.Plain", G_APPLICATION_NON_UNIQUE)!
            defer { g_object_unref(UnsafeMutableRawPointer(plain)) }
            messages = HUDTesting.captureDiagnostics { ProgressHUD.context = .activeWindow(); ProgressHUD.show() }
            XCTAssertTrue(messages.first?.text.contains("not a GtkApplication") ?? false, "\(messages)")
            ProgressHUD.context = .automatic
            try AppWindows.run(windows: 0) { app in
                let stray = HostWindow(width: 200, height: 120, title: "Not the app's")
                stray.present()
                defer { stray.close() }
                let messages = HUDTesting.captureDiagnostics {
                    XCTAssertNil(BannerCenter.for(.activeWindow(of: app.app)))
                    XCTAssertEqual((try? BannerCenter.broadcast(to: app.app) { _ in try NotificationBanner(title: "Offline") })?.count, 0)
                }
                XCTAssertEqual(messages.map(\.source), ["BannerCenter.broadcast(to:duration:_:)"])
                XCTAssertTrue(messages[0].text.contains("the application has no window; the 1 open are not its own"), messages[0].text)
                XCTAssertEqual(BannerCenter.broadcast(title: " ", to: app.app).count, 0, "nothing to show")
            }
        }
    }

    /// One banner per window, each in its own window's queue; closing one
    /// window ends its banners only: the other window's banner, and the one
    /// waiting behind it, carry on.
    func testABroadcastPutsOneBannerInEachWindowAndClosingOneLosesNoneOfTheOthers() throws {
        try MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            defer { HUDTesting.setAnimations(true) }
            try AppWindows.run(windows: 2) { app in
                let banners = BannerCenter.broadcast(title: "You are offline", id: "offline", to: app.app, duration: 30)
                XCTAssertEqual(banners.count, 2)
                let roots = banners.map { $0.widget?.gtkWidget.flatMap { gtk_widget_get_root($0) }.map { UnsafeMutableRawPointer($0) } }
                XCTAssertEqual(Set(roots.compactMap { $0 }), Set(app.windows.map(\.raw)), "one in each window")
                let second = app.windows[1]
                let waiting = try NotificationBanner(title: "Queued behind it")
                waiting.show(in: .window(second), duration: 30)
                let inFirst = banners.first { $0.widget?.gtkWidget.flatMap { gtk_widget_get_root($0) }
                    .map { UnsafeMutableRawPointer($0) } == app.windows[0].raw }
                var reasons: [BannerDismissReason] = []
                inFirst?.onDismiss = { reasons.append($0) }
                app.hosts[0].close()
                HUDTesting.wait("the closed window's banner to end") { inFirst?.state.isGone ?? false }
                XCTAssertEqual(reasons, [.hostDestroyed])
                let kept = try XCTUnwrap(banners.first { $0 !== inFirst })
                XCTAssertEqual(kept.state, .showing, "the other window's banner is still up")
                XCTAssertEqual(waiting.state, .queued, "and the one waiting there still waits")
                XCTAssertEqual(BannerCenter.broadcast(title: "Back online", to: app.app).count, 1, "only the window left")
            }
        }
    }
}

import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Issue #26's undo banner with real input: a double click on Undo undoes
/// once and never commits; a click on the close button commits once; the
/// window's end commits once; Undo afterwards is refused under the public name.
final class BannerUndoInputTests: XCTestCase {
    @MainActor
    private final class Outcomes {
        var undos = 0
        var commits = 0
        func banner(_ title: String) -> NotificationBanner {
            try! NotificationBanner.undoable(title: title, undo: { [weak self] in self?.undos += 1 },
                                             commit: { [weak self] in self?.commits += 1 })
        }
    }

    func testADoubleClickOnUndoUndoesOnceAndNeverCommits() throws {
        try MainActor.assumeIsolated {
            try BannerInputTests.withInput { window, input in
                let outcomes = Outcomes()
                let banner = outcomes.banner("Deleted 3 files")
                guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(widget)
                XCTAssertEqual(gtk_widget_get_sensitive(widget.actionButton), 1)
                let spot = input.center(of: widget.actionButton)
                input.run(input.move(spot) + ["click", "--repeat", "2", "--delay", "40", "1"])
                XInput.wait("the press to undo") { outcomes.undos == 1 }
                XCTAssertEqual(gtk_widget_get_sensitive(widget.actionButton), 0, "insensitive after the first press")
                XInput.wait("the banner to leave") { banner.widget == nil }
                XCTAssertEqual(outcomes.undos, 1)
                XCTAssertEqual(outcomes.commits, 0)
                XCTAssertEqual(banner.undoOutcome, .undone)
                let messages = BannerGtkTesting.capturingMessages { banner.undo() }.messages
                XCTAssertEqual(messages.map(\.source), ["NotificationBanner.undo()"])
                XCTAssertEqual(outcomes.undos, 1)
            }
        }
    }

    func testTheCloseButtonCommitsOnceAndUndoIsRefusedAfter() throws {
        try MainActor.assumeIsolated {
            try BannerInputTests.withInput { window, input in
                let outcomes = Outcomes()
                let banner = outcomes.banner("Archived")
                banner.showsCloseButton = true
                guard let widget = window.show(banner, duration: 30) else { return XCTFail("no banner widget") }
                window.waitUntilSettled(widget)
                input.click(at: input.center(of: widget.closeButton))
                XInput.wait("the close button to commit") { outcomes.commits == 1 }
                XCTAssertEqual(banner.undoOutcome, .committed(.dismissed(.closeButton)))
                let messages = BannerGtkTesting.capturingMessages { banner.undo() }.messages
                XCTAssertEqual(messages.map(\.source), ["NotificationBanner.undo()"])
                XCTAssertEqual(outcomes.undos, 0)
                XCTAssertEqual(outcomes.commits, 1)
            }
        }
    }

    func testClosingTheWindowCommitsOnce() throws {
        try BannerGtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            let outcomes = Outcomes()
            let banner = outcomes.banner("Moved to trash")
            try? BannerGtkTesting.withWindow(animations: true) { window in
                _ = window.show(banner, duration: 30)
                XCTAssertEqual(banner.undoOutcome, .pending)
            }
            XInput.wait("the window's end to commit") { outcomes.commits == 1 }
            XCTAssertEqual(banner.undoOutcome, .committed(.dismissed(.hostDestroyed)))
            XCTAssertEqual(outcomes.undos, 0)
        }
    }

    /// The application's real shutdown (`g_application_run` returning)
    /// commits the pending undo of a banner still on screen.
    func testTheApplicationsShutdownCommitsWhatIsPending() throws {
        try MainActor.assumeIsolated {
            try BannerGtkTesting.withWindow(animations: false) { window in
                let outcomes = Outcomes()
                let banner = outcomes.banner("Emptied the trash")
                let app = g_application_new("org.gtkhud.UndoShutdownTest", G_APPLICATION_NON_UNIQUE)!
                let previous = g_application_get_default()
                g_application_set_default(app)
                defer {
                    g_application_set_default(previous)
                    g_object_unref(UnsafeMutableRawPointer(app))
                }
                Signal.connect(UnsafeMutableRawPointer(app), "activate") {
                    _ = window.show(banner, duration: 30)
                }
                XCTAssertEqual(g_application_run(app, 0, nil), 0)
                XCTAssertEqual(banner.state, .showing, "the banner is still up")
                XCTAssertEqual(outcomes.commits, 1)
                XCTAssertEqual(banner.undoOutcome, .committed(.applicationShutdown))
                banner.dismiss()
                XInput.pump(until: { banner.state.isGone && banner.widget == nil }, timeoutMilliseconds: 2_000)
                XCTAssertEqual(outcomes.commits, 1, "the end later commits nothing more")
                XCTAssertEqual(outcomes.undos, 0)
            }
        }
    }
}

import CGtk
@testable import GtkHUD
import GtkSupport
import XCTest

/// Announcements captured by the fake `gtk_accessible_announce` below.
nonisolated(unsafe) private var fakeAnnouncements: [(String, Int32)] = []

final class AnnouncerTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            Accessible.announceFunction = gtkhud_lookup_accessible_announce()
            Announcer.mechanisms = .all
            ProgressHUD.reset()
        }
    }

    /// Where the running GTK has gtk_accessible_announce (4.14+), it is used,
    /// errors assertively; simulated here with a stand-in function.
    func testNativePathIsChosenWhenTheSymbolExists() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            fakeAnnouncements = []
            Accessible.announceFunction = { _, message, priority in
                fakeAnnouncements.append((String(cString: message!), priority))
            }
            XCTAssertTrue(Announcer.usesNativeAnnouncements)
            var records: [Announcer.Record] = []
            let observation = Announcer.observe { records.append($0) }
            let (host, _) = HUDTesting.window()
            ProgressHUD.show(status: "Syncing\nmail")
            HUDTesting.wait("announcement") { !fakeAnnouncements.isEmpty }
            XCTAssertEqual(fakeAnnouncements.first?.0, "Syncing mail", "newlines are spoken as spaces")
            XCTAssertEqual(fakeAnnouncements.first?.1, 1, "status is polite (medium)")
            ProgressHUD.showError(status: "Failed")
            HUDTesting.wait("error announcement") { fakeAnnouncements.count >= 2 }
            XCTAssertEqual(fakeAnnouncements.last?.0, "Failed")
            XCTAssertEqual(fakeAnnouncements.last?.1, 2, "errors are assertive (high)")
            XCTAssertEqual(records.map(\.mechanism), ["native", "native"])
            observation.cancel()
            host.close()
        }
    }

    func testRunningGTKDecidesThePath() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            XCTAssertEqual(Accessible.canAnnounce, GtkEnvironment.runtimeAtLeast(4, 14),
                           "gtk_accessible_announce is found exactly when GTK >= 4.14 runs")
        }
    }

    /// On GTK 4.8 a non-blocking HUD sets the focused widget's description; a
    /// blocking HUD takes focus on its bezel and gives it back afterwards.
    func testOldGTKFallbacksUseFocusAndDescription() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            Accessible.announceFunction = nil
            var records: [Announcer.Record] = []
            let observation = Announcer.observe { records.append($0) }
            let (host, content) = HUDTesting.window()
            gtk_widget_grab_focus(content)
            ProgressHUD.show(status: "Loading")
            HUDTesting.wait("description fallback") { !records.isEmpty }
            XCTAssertEqual(records.last, Announcer.Record(text: "Loading", priority: .polite, mechanism: "description"))
            ProgressHUD.reset()

            var appearance = HUDAppearance()
            appearance.mask = .black
            ProgressHUD.appearance = appearance
            gtk_widget_grab_focus(content)
            ProgressHUD.show(status: "Please wait")
            HUDTesting.wait("focus on the bezel") { ProgressHUD.bezelWidget.map { gtk_widget_has_focus($0) != 0 } ?? false }
            XCTAssertEqual(records.last?.mechanism, "focus")
            ProgressHUD.dismiss()
            HUDTesting.wait("focus back on the content") { gtk_widget_has_focus(content) != 0 }
            ProgressHUD.appearance = HUDAppearance()
            observation.cancel()
            host.close()
        }
    }

    func testProgressIsAnnouncedAtQuartersNotOnEveryUpdate() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            fakeAnnouncements = []
            Accessible.announceFunction = { _, message, priority in
                fakeAnnouncements.append((String(cString: message!), priority))
            }
            let (host, _) = HUDTesting.window()
            for step in 0...100 {
                ProgressHUD.showProgress(Double(step) / 100, status: "Copying")
            }
            host.waitForFrames(2)
            XCTAssertLessThanOrEqual(fakeAnnouncements.count, 2, "101 updates must not flood: \(fakeAnnouncements.map(\.0))")
            XCTAssertEqual(fakeAnnouncements.first?.0.hasPrefix("Copying"), true)
            host.close()
        }
    }
}

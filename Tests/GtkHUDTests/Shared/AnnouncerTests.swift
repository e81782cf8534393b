import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
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
            XCTAssertEqual(fakeAnnouncements.last?.0, "Error: Failed", "a result says what it means")
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
            HUDTesting.wait("focus on the bezel") { ProgressHUD.bezelWidget?.gtkWidget.map { gtk_widget_has_focus($0) != 0 } ?? false }
            XCTAssertEqual(records.last?.mechanism, "focus")
            ProgressHUD.dismiss()
            HUDTesting.wait("focus back on the content") { gtk_widget_has_focus(content) != 0 }
            ProgressHUD.appearance = HUDAppearance()
            observation.cancel()
            host.close()
        }
    }

    /// 101 updates over a virtual 10 s: announced at 0 % and at each quarter
    /// once 2 s have passed since the previous announcement, never on every update.
    func testProgressIsAnnouncedAtQuartersNotOnEveryUpdate() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            fakeAnnouncements = []
            Accessible.announceFunction = { _, message, priority in
                fakeAnnouncements.append((String(cString: message!), priority))
            }
            let clock = ManualScheduler()
            HUDBezelPresenter.announcementClock = clock
            defer { HUDBezelPresenter.announcementClock = GLibScheduler.shared }
            let (host, _) = HUDTesting.window()
            for step in 0...100 {
                ProgressHUD.showProgress(Double(step) / 100, status: "Copying")
                clock.advance(by: .milliseconds(100))
            }
            host.waitForFrames(2)
            XCTAssertEqual(fakeAnnouncements.map(\.0), ["Copying, 0%", "Copying, 25%", "Copying, 50%", "Copying, 75%", "Copying, 100%"],
                           "a quarter each, 2.5 s apart: all five; no update in between")
            host.close()
        }
    }
}

/// Where the GTK < 4.14 fallback puts a message, and what reaches the announcer.
final class AnnouncerFallbackTests: XCTestCase {
    @MainActor
    private static func boxWindow() -> (host: HostWindow, content: UnsafeMutablePointer<GtkWidget>) {
        let host = HostWindow(width: 480, height: 360, title: "Announcer test")
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        host.setChild(box)
        host.present()
        return (host, box)
    }

    /// A window whose focused button (with `tooltip`) is Orca's locus; the
    /// fallback is forced (no `gtk_accessible_announce`, as on GTK < 4.14).
    @MainActor
    private static func focusedButtonWindow(tooltip: String?)
        -> (host: HostWindow, content: UnsafeMutablePointer<GtkWidget>, button: UnsafeMutablePointer<GtkWidget>) {
        Accessible.announceFunction = nil
        let (host, content) = boxWindow()
        let button = gtk_button_new_with_label("Focused")!
        if let tooltip { gtk_widget_set_tooltip_text(button, tooltip) }
        gtk_box_append(content.cast(to: GtkBox.self), button)
        host.waitForFrames(2)
        gtk_widget_grab_focus(button)
        HUDTesting.wait("focus on the button") { gtk_widget_has_focus(button) != 0 }
        return (host, content, button)
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            Accessible.announceFunction = gtkhud_lookup_accessible_announce()
            HUDBezelPresenter.announcementClock = GLibScheduler.shared
            Announcer.clearPendingDescription()
            ProgressHUD.reset()
        }
    }

    /// An entry's focus sits in its inner GtkText, which has no accessible
    /// role; Orca tracks the entry, so the entry is the candidate.
    func testTheFocusedEntryNotItsInnerTextCarriesTheMessage() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, content) = Self.boxWindow()
            let entry = gtk_entry_new()!
            gtk_box_append(content.cast(to: GtkBox.self), entry)
            host.waitForFrames(2)
            gtk_widget_grab_focus(entry)
            let focus = gtk_root_get_focus(gtk_widget_get_root(entry))
            XCTAssertNotEqual(focus, entry, "GTK puts the focus in the entry's GtkText")
            let candidates = Announcer.locusCandidates(near: content)
            XCTAssertTrue(candidates.contains(entry), "the entry is Orca's locus of focus")
            XCTAssertFalse(candidates.contains { $0 == focus }, "the role-less GtkText is not in the accessible tree")
            XCTAssertTrue(candidates.contains(host.window), "the window, in case nothing is focused for Orca")
            host.close()
        }
    }

    /// Orca moves its locus to a row selected by the program while keyboard
    /// focus stays on another row: both rows are candidates.
    func testASelectedRowBesideTheFocusedOneIsACandidate() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, content) = Self.boxWindow()
            let list = gtk_list_box_new()!
            let rows = (0..<3).map { index -> UnsafeMutablePointer<GtkWidget> in
                let row = gtk_list_box_row_new()!
                gtk_list_box_row_set_child(row.cast(to: GtkListBoxRow.self), gtk_label_new("Row \(index)"))
                gtk_list_box_append(OpaquePointer(list), row)
                return row
            }
            gtk_box_append(content.cast(to: GtkBox.self), list)
            host.waitForFrames(2)
            gtk_widget_grab_focus(rows[0])
            gtk_list_box_select_row(OpaquePointer(list), rows[2].cast(to: GtkListBoxRow.self))
            let candidates = Announcer.locusCandidates(near: content)
            XCTAssertTrue(candidates.contains(rows[0]))
            XCTAssertTrue(candidates.contains(rows[2]))
            XCTAssertFalse(candidates.contains(rows[1]))
            host.close()
        }
    }

    /// Issue #29: the message was the focused widget's description for a
    /// second, and a focus presentation inside that second (Alt+Tab back)
    /// read it again. It is given back as soon as the change has gone out:
    /// on the next main-loop turn (test_orca_speech.py's a11y-refocus checks
    /// what Orca 43 then says).
    func testTheDescriptionIsGivenBackOnceItsChangeHasGoneOut() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, content, button) = Self.focusedButtonWindow(tooltip: nil)
            var lentAtDelivery: Set<UnsafeMutablePointer<GtkWidget>> = []
            var deliveredAt: gint64?
            let observation = Announcer.observe { record in
                guard record.mechanism == "description" else { return }
                lentAtDelivery = Set(Announcer.lentWidgets)
                deliveredAt = g_get_monotonic_time()
            }
            defer { observation.cancel() }
            Announcer.announce("Saved", from: content, priority: .polite)
            HUDTesting.wait("the description set") { deliveredAt != nil }
            XCTAssertEqual(lentAtDelivery, [button, host.window], "the focused button and the window carry it")
            HUDTesting.wait("the description given back") { Announcer.lentWidgets.isEmpty }
            let held = Double(g_get_monotonic_time() - (deliveredAt ?? 0)) / 1_000_000
            XCTAssertLessThan(held, 0.25, "given back on the next turn, not after a second")
            host.close()
        }
    }

    /// A focused widget with a tooltip keeps the message until focus leaves
    /// it: its restored tooltip would otherwise be read out as a new description.
    func testAFocusedWidgetWithATooltipKeepsTheMessageUntilFocusLeaves() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, content, button) = Self.focusedButtonWindow(tooltip: "Sends the file")
            let other = gtk_button_new_with_label("Other")!
            gtk_box_append(content.cast(to: GtkBox.self), other)
            var delivered = false
            let observation = Announcer.observe { if $0.mechanism == "description" { delivered = true } }
            defer { observation.cancel() }
            Announcer.announce("Saved", from: content, priority: .polite)
            HUDTesting.wait("the description set") { delivered }
            HUDTesting.wait("the window's description given back") { !Announcer.lentWidgets.contains(host.window) }
            XCTAssertEqual(Announcer.lentWidgets, [button], "the focused button with a tooltip still holds it")
            gtk_widget_grab_focus(other)
            HUDTesting.wait("the tooltip restored once focus left") { Announcer.lentWidgets.isEmpty }
            host.close()
        }
    }

    /// An instance HUD's progress (its fast road past render()) is announced at
    /// the same steps as the shared HUD's: 0 %, then 60 % and 100 % once 2 s passed.
    func testInstanceHUDProgressIsAnnouncedLikeTheSharedHUDs() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let clock = ManualScheduler()
            HUDBezelPresenter.announcementClock = clock
            var spoken: [String] = []
            let observation = Announcer.observe { spoken.append($0.text) }
            let (host, _) = HUDTesting.window()
            let hud = try! HUD(on: host.window)
            hud.mode = .determinateHorizontalBar
            hud.label = "Copying"
            hud.show(animated: false)
            HUDTesting.wait("first announcement") { spoken.count == 1 }
            for fraction in [0.6, 1.0] {
                clock.advance(by: .milliseconds(2100))
                hud.progress = fraction
                HUDTesting.wait("announcement of \(fraction)") { spoken.count >= (fraction == 1 ? 3 : 2) }
            }
            XCTAssertEqual(spoken, ["Copying, 0%", "Copying, 60%", "Copying, 100%"])
            observation.cancel()
            hud.hide(animated: false)
            host.close()
        }
    }
}

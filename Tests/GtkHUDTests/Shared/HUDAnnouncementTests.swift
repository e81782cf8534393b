import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import XCTest

/// What reached GTK's `gtk_accessible_announce` (a stand-in records it, as in AnnouncerTests).
nonisolated(unsafe) private var nativeAnnouncements: [String] = []

/// Announcements beyond a HUD's first show, checked on what GTK and the
/// accessibility bus received rather than on what GtkHUD meant to say: a HUD
/// shown again, a blocking HUD whose focused bezel already speaks, and the same
/// message twice in a row on GTK < 4.14.
final class HUDAnnouncementTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated {
            Accessible.announceFunction = gtkhud_lookup_accessible_announce()
            Announcer.mechanisms = .all
            Announcer.clearPendingDescription()
        }
    }

    @MainActor private static func recordNativeAnnouncements() {
        nativeAnnouncements = []
        Accessible.announceFunction = { _, message, _ in nativeAnnouncements.append(String(cString: message!)) }
    }

    /// A HUD dismissed and shown again with the same status is a new message.
    func testAHUDShownAgainWithTheSameStatusIsAnnouncedAgain() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            Self.recordNativeAnnouncements()
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = try! HUD(on: host.window)
            hud.mode = .text
            hud.label = "Saving"
            hud.show(animated: false)
            HUDTesting.wait("the first announcement") { nativeAnnouncements.count == 1 }
            hud.hide(animated: false)
            HUDTesting.wait("the HUD gone") { hud.isFinished }
            hud.show(animated: false)
            HUDTesting.wait("the second announcement") { nativeAnnouncements.count == 2 }
            XCTAssertEqual(nativeAnnouncements, ["Saving", "Saving"])
            hud.hide(animated: false)
            HUDTesting.wait("the HUD gone") { hud.isFinished }
        }
    }

    /// Issue #29: moving the shared HUD to another window reset what it had
    /// said, so the new window heard "Uploading, 10%" again. A move is silent;
    /// new words after it are said once.
    func testMovingTheSharedHUDBetweenWindowsSaysNothingTwice() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            Self.recordNativeAnnouncements()
            var records: [Announcer.Record] = []
            let observation = Announcer.observe { records.append($0) }
            let (first, _) = HUDTesting.window()
            let (second, _) = HUDTesting.window()
            defer {
                observation.cancel()
                ProgressHUD.reset()
                ProgressHUD.host = nil
                first.close()
                second.close()
            }
            @MainActor func isIn(_ host: HostWindow) -> Bool {
                guard let bezel = ProgressHUD.bezelWidget?.gtkWidget?.raw.asWidget, gtk_widget_get_mapped(bezel) != 0 else { return false }
                return gtk_widget_get_root(bezel).map { UnsafeMutableRawPointer($0) } == UnsafeMutableRawPointer(host.window)
            }
            ProgressHUD.host = first.window
            ProgressHUD.showProgress(0.1, status: "Uploading")
            HUDTesting.wait("the first announcement") { nativeAnnouncements.count == 1 }
            ProgressHUD.host = second.window
            ProgressHUD.showProgress(0.1, status: "Uploading")
            HUDTesting.wait("the HUD in the second window") { isIn(second) }
            ProgressHUD.host = first.window
            ProgressHUD.showProgress(0.2, status: "Uploading")
            HUDTesting.wait("the HUD back in the first window") { isIn(first) }
            _ = MainLoop.run(until: { false }, timeoutMilliseconds: 300)
            XCTAssertEqual(nativeAnnouncements, ["Uploading, 10%"], "a move repeated the words or a stale percentage")
            ProgressHUD.host = second.window
            ProgressHUD.showProgress(0.2, status: "Verifying")
            HUDTesting.wait("the new words") { nativeAnnouncements.count == 2 }
            _ = MainLoop.run(until: { false }, timeoutMilliseconds: 300)
            XCTAssertEqual(nativeAnnouncements, ["Uploading, 10%", "Verifying, 20%"])
            XCTAssertEqual(records.map(\.text), nativeAnnouncements)
        }
    }

    /// A blocking HUD's bezel takes focus and its name is the message: that is
    /// the announcement. Announcing it as well makes Orca say it twice.
    func testABlockingHUDIsSpokenByItsFocusedBezelOnly() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            Self.recordNativeAnnouncements()
            var records: [Announcer.Record] = []
            let observation = Announcer.observe { records.append($0) }
            defer { observation.cancel() }
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            var appearance = HUD.defaultAppearance
            appearance.mask = .black
            let hud = try! HUD(on: host.window, appearance: appearance)
            hud.label = "Please wait"
            hud.show(animated: false)
            HUDTesting.wait("focus on the bezel") { hud.view.bezelWidget.map { gtk_widget_has_focus($0) != 0 } ?? false }
            // A description would be set 150 ms after an announcement: give it time to show up.
            _ = MainLoop.run(until: { false }, timeoutMilliseconds: 400)
            XCTAssertEqual(nativeAnnouncements, [], "nothing announced on top of the focused bezel's name")
            XCTAssertEqual(records.map(\.mechanism), ["focus"])
            hud.hide(animated: false)
            HUDTesting.wait("the HUD gone") { hud.isFinished }
        }
    }

    /// On GTK < 4.14 a message becomes, for a moment, the description of what
    /// has focus. Read from the accessibility bus, as Orca reads it: the same
    /// message twice in a row changes each description twice (setting an equal
    /// value is no change: no event goes out and nothing is spoken), and each
    /// time the description is given back right after.
    func testTheSameMessageTwiceChangesTheFocusedDescriptionTwice() throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            Accessible.announceFunction = nil
            let (host, content) = HUDTesting.window()
            defer { host.close() }
            host.waitForFrames(2)
            gtk_widget_grab_focus(content)
            let listener = try AccessibilityBusListener(events: "object:property-change:accessible-description")
            defer { listener.stop() }
            XCTAssertTrue(XInput.pump(until: { listener.isReady }, timeoutMilliseconds: 15_000), "the AT-SPI listener started")
            // Each announcement: the window's and the focused widget's description
            // set, then given back (issue #29); wait for those events, not for a time.
            for round in 1...2 {
                Announcer.announce("Saved", from: content, priority: .polite)
                XInput.wait("announcement \(round) set and given back on the bus", timeoutMilliseconds: 5_000) {
                    listener.events.filter { $0.data.isEmpty }.count >= 2 * round
                }
            }
            let changes = Dictionary(grouping: listener.events, by: \.path)
            XCTAssertFalse(changes.isEmpty, "the message reached the accessibility bus as a description change")
            for (path, events) in changes {
                // Which of the two carries the invisible mark depends on earlier announcements.
                XCTAssertEqual(events.map { $0.data.replacingOccurrences(of: "\u{200B}", with: "") }, ["Saved", "", "Saved", ""],
                               "\(path): each announcement changes the description, then gives it back")
                XCTAssertNotEqual(events.first?.data, events.dropFirst(2).first?.data, "\(path): two values, so two changes")
            }
        }
    }
}

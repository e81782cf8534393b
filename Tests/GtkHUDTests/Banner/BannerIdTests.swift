import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Banner ids on real widgets (issue #26): a banner shown while another with
/// its id is up, under each policy: how many widgets are on screen, what they
/// show, and what screen readers are told (Announcer's record); the action of
/// an update pressed with a real click (xdotool).
final class BannerIdTests: XCTestCase {
    /// A window with animations off and Announcer's records collected.
    @MainActor
    private static func withRecords(_ body: @MainActor (BannerTestWindow, () -> [String]) -> Void) throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            Announcer.clearPendingDescription()
            defer { Announcer.clearPendingDescription() }
            var records: [Announcer.Record] = []
            let observation = Announcer.observe { records.append($0) }
            defer { observation.cancel() }
            body(window) { records.map(\.text) }
        }
    }

    /// The banner widgets in the window's stack, shown or leaving.
    @MainActor
    private static func bannerWidgets(in window: BannerTestWindow) -> [BannerWidget] {
        var widgets: [BannerWidget] = []
        var child = gtk_widget_get_first_child(window.center.stackWidget.gtkWidget)
        while let current = child {
            if let banner = BannerWidget.of(current) { widgets.append(banner) }
            child = gtk_widget_get_next_sibling(current)
        }
        return widgets
    }

    @MainActor
    private static func banner(_ title: String, _ policy: BannerIDPolicy, id: String = "sync") -> NotificationBanner {
        let banner = try! NotificationBanner(title: title, id: id)
        banner.idPolicy = policy
        return banner
    }

    func testUpdateInPlaceChangesTheWordsOfTheBannerOnScreenAndSpeaksThemOnce() throws {
        try MainActor.assumeIsolated {
            try Self.withRecords { window, said in
                let first = Self.banner("Syncing", .updateInPlace)
                guard let widget = window.show(first, duration: 30) else { return XCTFail("no banner widget") }
                let second = Self.banner("Synced", .updateInPlace)
                window.show(second, duration: 30)
                XCTAssertEqual(Self.bannerWidgets(in: window).map(\.widget), [widget.widget], "one widget: the same one")
                XCTAssertEqual(widget.titleText, "Synced")
                XCTAssertEqual(second.state, .gone(.sameID))
                XCTAssertTrue(window.center.banner(id: "sync") === first)
                HUDTesting.wait("both announcements") { said().count >= 2 }
                BannerGtkTesting.idle(milliseconds: 300)
                XCTAssertEqual(said(), ["Syncing", "Synced"], "the change is spoken once")
            }
        }
    }

    func testCountShowsTimesThreeAndSpeaksTheCountOnce() throws {
        try MainActor.assumeIsolated {
            try Self.withRecords { window, said in
                let first = Self.banner("Saved", .count)
                guard let widget = window.show(first, duration: 30) else { return XCTFail("no banner widget") }
                for _ in 0..<2 { window.show(Self.banner("Saved", .count), duration: 30) }
                XCTAssertEqual(Self.bannerWidgets(in: window).count, 1)
                guard let badge = widget.countLabel else { return XCTFail("no count badge") }
                XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(badge))), "×3")
                XCTAssertTrue(Accessible.hasLabel(badge, "3 times"), "screen readers read the badge as what it means")
                XCTAssertTrue(gtk_widget_get_mapped(badge) != 0, "the badge is on screen")
                XCTAssertGreaterThan(gtk_widget_get_width(badge), 0)
                HUDTesting.wait("the count spoken") { said().count >= 2 }
                BannerGtkTesting.idle(milliseconds: UInt32(BannerQueue.countAnnouncementDelay.components.seconds) * 1_000 + 300)
                XCTAssertEqual(said(), ["Saved", "Saved, 3 times"], "the burst is spoken once, as a count")
                XCTAssertTrue(window.center.hideCounted(id: "sync"))
                XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(badge))), "×2")
                XCTAssertTrue(window.center.hide(id: "sync"), "hide(id:) takes it whatever its count")
                XCTAssertEqual(first.state, .gone(.programmatic))
            }
        }
    }

    func testReplaceShowsTheNewBannerWhereTheOldOneWas() throws {
        try MainActor.assumeIsolated {
            try Self.withRecords { window, said in
                let first = Self.banner("Syncing", .replace)
                let reason = BannerReasonBox()
                first.onDismiss = { reason.reason = $0 }
                window.show(first, duration: 30)
                HUDTesting.wait("the first announcement") { said().count == 1 }
                let second = Self.banner("Synced", .replace)
                window.show(second, duration: 30)
                HUDTesting.wait("the old banner's end") { reason.reason != nil }
                XCTAssertEqual(reason.reason, .replaced)
                XCTAssertEqual(Self.bannerWidgets(in: window).map(\.titleText), ["Synced"])
                XCTAssertTrue(window.center.banner(id: "sync") === second)
                HUDTesting.wait("both announcements") { said().count >= 2 }
                XCTAssertEqual(said(), ["Syncing", "Synced"])
            }
        }
    }

    func testIgnoreLeavesTheBannerOnScreenAsItIs() throws {
        try MainActor.assumeIsolated {
            try Self.withRecords { window, said in
                guard let widget = window.show(Self.banner("Syncing", .ignore), duration: 30) else { return XCTFail("no banner widget") }
                let second = Self.banner("Synced", .ignore)
                window.show(second, duration: 30)
                XCTAssertEqual(Self.bannerWidgets(in: window).map(\.widget), [widget.widget])
                XCTAssertEqual(widget.titleText, "Syncing")
                XCTAssertEqual(second.state, .gone(.sameID))
                BannerGtkTesting.idle(milliseconds: 300)
                XCTAssertEqual(said(), ["Syncing"])
            }
        }
    }

    /// The update brings its own action: a real click on the button runs the
    /// new closure, not the old one.
    func testAClickOnTheButtonOfAnUpdateRunsTheNewAction() throws {
        try MainActor.assumeIsolated {
            try BannerInputTests.withInput { window, input in
                let old = BannerCallCounter(), new = BannerCallCounter()
                let first = Self.banner("Upload failed", .updateInPlace)
                first.setAction("Retry", handler: old.tick)
                guard let widget = window.show(first, duration: 30) else { return XCTFail("no banner widget") }
                let second = Self.banner("Upload failed again", .updateInPlace)
                second.setAction("Retry now", handler: new.tick)
                window.show(second, duration: 30)
                window.waitUntilSettled(widget)
                XCTAssertEqual(widget.titleText, "Upload failed again")
                let button = widget.actionButton
                input.click(at: input.point(in: button, x: Double(gtk_widget_get_width(button)) / 2,
                                            y: Double(gtk_widget_get_height(button)) / 2))
                XInput.wait("the action") { new.count > 0 }
                XCTAssertEqual([old.count, new.count], [0, 1])
                XCTAssertEqual(first.state, .gone(.action))
            }
        }
    }

    /// Bad ids are refused under the public name; the same id in two windows names two banners.
    func testBadIDsAreRefusedWithAMessageAndIDsArePerWindow() throws {
        try MainActor.assumeIsolated {
            try Self.withRecords { window, _ in
                let (_, messages) = BannerGtkTesting.capturingMessages {
                    let blank = try! NotificationBanner(title: "Blank", id: "")
                    XCTAssertNil(blank.id)
                    let shown = Self.banner("Shown", .count)
                    window.show(shown, duration: 30)
                    shown.id = "other"
                    XCTAssertEqual(shown.id, "sync")
                    XCTAssertFalse(window.center.hide(id: "nothing"))
                    XCTAssertFalse(window.center.isShownOrQueued(id: " "))
                }
                XCTAssertEqual(messages.map(\.source), ["NotificationBanner.init(title:subtitle:image:backgroundColor:textColor:id:onTap:)",
                                                        "NotificationBanner.id", "BannerCenter.hide(id:)",
                                                        "BannerCenter.isShownOrQueued(id:)"])
                let other = BannerTestWindow()
                defer { other.close() }
                let there = Self.banner("There", .ignore)
                other.show(there, duration: 30)
                XCTAssertEqual(there.state, .showing, "another window's banner with the same id is another message")
                XCTAssertTrue(other.center.isShownOrQueued(id: "sync") && window.center.isShownOrQueued(id: "sync"))
            }
        }
    }
}

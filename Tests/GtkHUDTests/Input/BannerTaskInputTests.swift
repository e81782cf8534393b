import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Task banners (issue #26) with real widgets and real input: a click on
/// Cancel cancels the work, Retry runs its closure once, progress draws a bar.
final class BannerTaskInputTests: XCTestCase {
    /// The banner showing `title` in `window`, once it is on screen and settled.
    @MainActor
    private static func taskWidget(_ window: BannerTestWindow, titled title: String) -> BannerWidget? {
        var found: BannerWidget?
        XInput.wait("the task banner “\(title)”") {
            found = window.center.visibleBanners.first { $0.title == title }?.bannerWidget
            return found != nil
        }
        if let found { _ = window.waitUntilSettled(found) }
        return found
    }

    func testAClickOnCancelCancelsTheWorkAndTheBannerSaysCancelled() throws {
        try MainActor.assumeIsolated {
            try BannerInputTests.withInput { window, input in
                var outcome: String?
                let started = Date()
                Task { @MainActor in
                    do {
                        _ = try await NotificationBanner.run("Uploading", on: window.window, graceTime: 0.1,
                                                             minimumShowTime: 0, resultDuration: 30) { _ in
                            try await Task.sleep(for: .seconds(60))
                        }
                        outcome = "finished"
                    } catch is CancellationError {
                        outcome = "cancelled"
                    } catch {
                        outcome = "failed: \(error)"
                    }
                }
                guard let widget = Self.taskWidget(window, titled: "Uploading") else { return XCTFail("no task banner") }
                XCTAssertNotNil(widget.spinner.map { gtk_widget_get_visible($0) != 0 }, "a spinner while the work runs")
                input.click(at: input.center(of: widget.actionButton))
                XInput.wait("the work to be cancelled") { outcome != nil }
                XCTAssertEqual(outcome, "cancelled")
                XCTAssertLessThan(Date().timeIntervalSince(started), 30, "cancelled by the click, not by its sleep")
                let banner = window.center.visibleBanners.first
                XCTAssertEqual(banner?.title, "Cancelled", "the same banner says so")
                XCTAssertEqual(banner?.bannerWidget === widget, true, "in place: the same widget")
                XCTAssertNil(banner?.actionLabel, "Cancel is gone")
                window.center.dismissAll()
                XInput.wait("the banner to leave") { window.center.visibleBanners.isEmpty }
            }
        }
    }

    func testAClickOnRetryRunsTheRetryClosureOnce() throws {
        struct Offline: Error {}
        try MainActor.assumeIsolated {
            try BannerInputTests.withInput { window, input in
                var retries = 0
                var failed = false
                Task { @MainActor in
                    do {
                        _ = try await NotificationBanner.run("Syncing", on: window.window, graceTime: 0, minimumShowTime: 0,
                                                             resultDuration: 30, retry: { retries += 1 }) { _ in
                            try await Task.sleep(for: .milliseconds(300))
                            throw Offline()
                        }
                    } catch {
                        failed = true
                    }
                }
                XInput.wait("the work to fail") { failed }
                guard let widget = Self.taskWidget(window, titled: "Failed") else { return XCTFail("no failed banner") }
                XCTAssertEqual(widget.titleText, "Failed")
                let retry = widget.actionButton
                let point = input.center(of: retry)
                input.click(at: point)
                XInput.wait("the banner to leave") { window.center.visibleBanners.isEmpty }
                input.click(at: point)
                window.host.waitForFrames(3)
                XCTAssertEqual(retries, 1)
            }
        }
    }

    func testReportedProgressDrawsAnAccessibleBar() throws {
        try MainActor.assumeIsolated {
            try BannerInputTests.withInput { window, _ in
                var done = false
                let gate = Gate()
                Task { @MainActor in
                    _ = try? await NotificationBanner.run("Copying", on: window.window, successTitle: "Copied", graceTime: 0,
                                                          minimumShowTime: 0, resultDuration: 30) { progress in
                        progress.report(0.25)
                        await Task.detached { progress.report(0.5) }.value
                        await gate.wait()
                    }
                    done = true
                }
                guard let widget = Self.taskWidget(window, titled: "Copying") else { return XCTFail("no task banner") }
                XInput.wait("the bar at 50 %") {
                    widget.progressBar.flatMap { HUDBarWidget.of($0)?.shownProgress } == 0.5
                }
                let bar = try! XCTUnwrap(widget.progressBar)
                XCTAssertNotEqual(gtk_widget_get_visible(bar), 0)
                XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(bar)), GTK_ACCESSIBLE_ROLE_PROGRESS_BAR)
                XCTAssertEqual(widget.spinner.map { gtk_widget_get_visible($0) } ?? 0, 0, "the bar replaced the spinner")
                Task { await gate.open() }
                XInput.wait("the work to end") { done }
                XInput.wait("the outcome in place") { widget.titleText == "Copied" }
                XCTAssertEqual(gtk_widget_get_visible(bar), 0, "no bar on the outcome")
                window.center.dismissAll()
                XInput.wait("the banner to leave") { window.center.visibleBanners.isEmpty }
            }
        }
    }
}

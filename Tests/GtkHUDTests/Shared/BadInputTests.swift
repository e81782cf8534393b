import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// The bad-input table: every case must not crash and must give the documented
/// result, which each test asserts. GTK animations are off unless a case needs
/// them, so results are synchronous. Messages go to `Diagnostics.handler`,
/// which the fixture captures.
final class BadInputTests: XCTestCase {
    // MARK: Progress values

    func testInstanceProgressNaNShowsTheSpinnerAndAFiniteValueBringsTheRingBack() throws {
        try run { fixture in
            let hud = try fixture.determinateHUD(progress: 0.3)
            XCTAssertEqual(hud.view.ringWidget?.kind, .annular)
            hud.progress = .nan
            XCTAssertTrue(hud.progress.isNaN, "the value is kept as given")
            XCTAssertEqual(hud.view.content.indicator, .indeterminate, "NaN → indeterminate")
            XCTAssertEqual(hud.view.ringWidget?.kind, .indeterminate)
            hud.progress = 0.6
            XCTAssertEqual(hud.view.content.indicator, .progress(0.6))
            XCTAssertEqual(hud.view.ringWidget?.kind, .annular)
            XCTAssertEqual(hud.view.ringWidget?.shownProgress ?? -1, 0.6, accuracy: 1e-9)
        }
    }

    func testInstanceProgressPlusInfinityIsIndeterminate() throws {
        try run { fixture in
            let hud = try fixture.determinateHUD(progress: 0.5)
            hud.progress = .infinity
            XCTAssertEqual(hud.view.content.indicator, .indeterminate)
            XCTAssertEqual(hud.view.ringWidget?.kind, .indeterminate)
        }
    }

    func testInstanceProgressMinusInfinityIsIndeterminateInEveryDeterminateMode() throws {
        try run { fixture in
            for mode in [HUD.Mode.determinate, .annularDeterminate, .determinateHorizontalBar] {
                let hud = try fixture.determinateHUD(progress: 0.5)
                hud.mode = mode
                hud.progress = -.infinity
                XCTAssertEqual(hud.view.content.indicator, .indeterminate, "\(mode)")
                hud.hide()
            }
        }
    }

    func testInstanceNegativeProgressIsClampedToZero() throws {
        try run { fixture in
            let hud = try fixture.determinateHUD(progress: 0.5)
            hud.progress = -0.25
            XCTAssertEqual(hud.progress, 0)
            XCTAssertEqual(hud.view.ringWidget?.shownProgress, 0)
            XCTAssertTrue(fixture.messages.isEmpty, "clamping is normal use, not reported")
        }
    }

    func testInstanceProgressAboveOneIsClampedToOne() throws {
        try run { fixture in
            let hud = try fixture.determinateHUD(progress: 0.5)
            hud.progress = 1.0000001
            XCTAssertEqual(hud.progress, 1)
            hud.progress = 42
            XCTAssertEqual(hud.progress, 1)
            XCTAssertEqual(hud.view.ringWidget?.shownProgress, 1)
        }
    }

    func testOscillatingProgressEndsOnTheLastValueWithTheSameRing() throws {
        try run { fixture in
            let hud = try fixture.determinateHUD(progress: 0)
            let ring = hud.view.ringWidget.map { ObjectIdentifier($0) }
            for step in 0..<10_000 { hud.progress = step % 2 == 0 ? 1 : 0 }
            hud.progress = 0.25
            XCTAssertEqual(hud.view.ringWidget.map { ObjectIdentifier($0) }, ring, "updates never rebuild the ring")
            XCTAssertEqual(hud.view.ringWidget?.shownProgress ?? -1, 0.25, accuracy: 1e-9)
            fixture.host.waitForFrames(1)
        }
    }

    func testNaNFromABackgroundThreadShowsTheSpinner() throws {
        try run { fixture in
            let hud = try fixture.determinateHUD(progress: 0.4)
            Thread.detachNewThread { hud.setProgress(.nan) }
            HUDTesting.wait("the NaN to arrive") { hud.progress.isNaN }
            XCTAssertEqual(hud.view.content.indicator, .indeterminate)
        }
    }

    func testSharedShowProgressNaNShowsTheSpinner() throws {
        try run { _ in
            ProgressHUD.showProgress(.nan, status: "Counting")
            XCTAssertEqual(SharedHUD.instance?.controller.content.indicator, .indeterminate)
            XCTAssertEqual(SharedHUD.instance?.view?.ringWidget?.kind, .indeterminate)
            XCTAssertTrue(ProgressHUD.isVisible)
        }
    }

    func testSharedShowProgressOutOfRangeIsClamped() throws {
        try run { _ in
            ProgressHUD.showProgress(7)
            XCTAssertEqual(SharedHUD.instance?.controller.content.indicator, .progress(1))
            ProgressHUD.showProgress(-3)
            XCTAssertEqual(SharedHUD.instance?.controller.content.indicator, .progress(0))
            XCTAssertEqual(SharedHUD.instance?.view?.ringWidget?.shownProgress, 0)
        }
    }

    // MARK: Text

    func testEmptyStatusShowsNoLabelAndReadsAsLoading() throws {
        try run { _ in
            ProgressHUD.show(status: "")
            XCTAssertNil(SharedHUD.instance?.view?.statusText)
            XCTAssertEqual(SharedHUD.instance?.controller.content.accessibleName, "Loading")
        }
    }

    func testWhitespaceOnlyStatusShowsNoLabel() throws {
        try run { _ in
            ProgressHUD.show(status: "  \n\t \u{2028} ")
            XCTAssertNil(SharedHUD.instance?.controller.content.status)
            XCTAssertNil(SharedHUD.instance?.view?.statusText)
        }
    }

    func testMegabyteStatusIsCutAtFourThousandCharactersAndReported() throws {
        try run { fixture in
            ProgressHUD.show(status: String(repeating: "a", count: 1 << 20))
            let shown = try XCTUnwrap(SharedHUD.instance?.view?.statusText)
            XCTAssertEqual(shown.count, HUDInput.maximumStatusLength + 1)
            XCTAssertTrue(shown.hasSuffix(HUDInput.truncationMark))
            XCTAssertEqual(fixture.messages(from: "ProgressHUD.show(status:)").count, 1, "under the public name the app called")
            fixture.host.waitForFrames(1)
            XCTAssertTrue(ProgressHUD.isVisible)
        }
    }

    func testMegabyteDetailsLabelOfAnInstanceHUDIsCutAndReported() throws {
        try run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            hud.detailsLabel = String(repeating: "é", count: 1 << 20)
            hud.show()
            XCTAssertEqual(hud.view.content.details?.count, HUDInput.maximumStatusLength + 1)
            for step in 1...5 { hud.progress = Double(step) / 5 }
            XCTAssertEqual(fixture.messages(from: "HUD.detailsLabel").count, 1, "cleaned once, as it was set, not on every refresh")
        }
    }

    func testMarkupIsShownLiterallyByDefault() throws {
        try run { _ in
            ProgressHUD.show(status: "Loading <b>& <i>")
            XCTAssertEqual(SharedHUD.instance?.view?.statusText, "Loading <b>& <i>")
        }
    }

    func testInvalidMarkupFallsBackToLiteralTextWhenMarkupIsOn() throws {
        try run { _ in
            var appearance = HUDAppearance()
            appearance.usesMarkup = true
            ProgressHUD.appearance = appearance
            ProgressHUD.show(status: "<b>&")
            XCTAssertEqual(SharedHUD.instance?.view?.statusText, "<b>&")
            ProgressHUD.show(status: "<b>Bold</b> &amp; more")
            XCTAssertEqual(SharedHUD.instance?.view?.statusText, "Bold & more", "valid markup is parsed")
        }
    }

    func testRightToLeftTextIsKeptAndReadAsIs() throws {
        try run { fixture in
            let text = "שלום עולם — مرحبا بالعالم"
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            gtk_widget_set_direction(fixture.host.window, GTK_TEXT_DIR_RTL)
            hud.label = text
            hud.show()
            fixture.host.waitForFrames(1)
            XCTAssertEqual(hud.view.statusText, text)
            XCTAssertEqual(hud.view.content.accessibleName, text)
        }
    }

    func testEmojiAreKeptAndCountOnceForTheDisplayTime() throws {
        try run { _ in
            let text = "👨‍👩‍👧‍👦 Done 👍🏽"
            ProgressHUD.minimumDismissTime = 0
            ProgressHUD.showSuccess(status: text)
            XCTAssertEqual(SharedHUD.instance?.view?.statusText, text)
            XCTAssertEqual(ProgressHUD.displayDuration(for: text), 0.06 * 8 + 0.5, accuracy: 1e-9)
        }
    }

    func testFiveHundredNewlinesReadAsOneLineAndKeepTheBezelInTheWindow() throws {
        try run { fixture in
            let text = Array(repeating: "x", count: 501).joined(separator: "\n")
            ProgressHUD.show(status: text)
            fixture.host.waitForFrames(2)
            XCTAssertEqual(SharedHUD.instance?.controller.content.accessibleName,
                           Array(repeating: "x", count: 501).joined(separator: " "))
            let bezel = try XCTUnwrap(ProgressHUD.bezelWidget?.gtkWidget)
            XCTAssertLessThanOrEqual(gtk_widget_get_height(bezel), gtk_widget_get_height(fixture.host.window),
                                     "the label caps its lines")
            XCTAssertEqual(SharedHUD.instance?.view?.statusText?.filter(\.isNewline).count, 11, "12 lines shown")
            XCTAssertTrue(SharedHUD.instance?.view?.statusText?.hasSuffix("x…") == true)
        }
    }

    func testBannerWithFiveHundredLinesStaysInTheWindow() throws {
        try run { fixture in
            let text = Array(repeating: "line", count: 500).joined(separator: "\n")
            let banner = try NotificationBanner(title: text, subtitle: text)
            banner.show(on: fixture.host.window)
            fixture.host.waitForFrames(2)
            let widget = try XCTUnwrap(banner.widget?.gtkWidget)
            XCTAssertLessThanOrEqual(gtk_widget_get_height(widget), gtk_widget_get_height(fixture.host.window))
        }
    }

    func testNewlinesOnlyStatusShowsNoLabel() throws {
        try run { _ in
            ProgressHUD.show(status: String(repeating: "\n", count: 500))
            XCTAssertNil(SharedHUD.instance?.view?.statusText)
        }
    }

    // MARK: Durations

    func testNegativeHideDelayHidesNowAndIsReported() throws {
        try run { fixture in
            let hud = try fixture.shownHUD()
            let outcomes = Outcomes()
            hud.hide(afterDelay: -1, completion: outcomes.record)
            XCTAssertFalse(hud.isVisible)
            XCTAssertEqual(outcomes.values, [.dismissed])
            XCTAssertEqual(fixture.messages(from: "HUD.hide(afterDelay:)").count, 1)
        }
    }

    func testNaNHideDelayHidesNowAndIsReported() throws {
        try run { fixture in
            let hud = try fixture.shownHUD()
            hud.hide(afterDelay: .nan)
            XCTAssertFalse(hud.isVisible)
            XCTAssertTrue(fixture.messages(from: "HUD.hide(afterDelay:)").first?.text.contains("NaN") == true)
        }
    }

    func testInfiniteHideDelayKeepsTheHUDUntilTheNextHide() throws {
        try run { fixture in
            let hud = try fixture.shownHUD()
            let outcomes = Outcomes()
            hud.hide(afterDelay: .infinity, completion: outcomes.record)
            BannerGtkTesting.idle(milliseconds: 50)
            XCTAssertTrue(hud.isVisible)
            XCTAssertTrue(outcomes.values.isEmpty)
            hud.hide(completion: outcomes.record)
            XCTAssertEqual(outcomes.values, [.dismissed, .dismissed], "both completions ride on the newer hide")
            XCTAssertEqual(fixture.messages.count, 1, "infinity means never: allowed for delays, and said once")
        }
    }

    func testNegativeGraceTimeIsReportedAndTheHUDShowsAtOnce() throws {
        try run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            hud.graceTime = -1
            hud.show()
            XCTAssertTrue(hud.isVisible)
            XCTAssertFalse(fixture.messages(from: "HUD.graceTime").isEmpty)
        }
    }

    func testNaNGraceTimeIsReportedAndTheHUDShowsAtOnce() throws {
        try run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            hud.graceTime = .nan
            hud.show()
            XCTAssertTrue(hud.isVisible)
            XCTAssertTrue(fixture.messages(from: "HUD.graceTime").first?.text.contains("NaN") == true)
        }
    }

    func testInfiniteMinimumShowTimeIsReportedAndDoesNotHoldTheHUD() throws {
        try run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            hud.minimumShowTime = .infinity
            hud.show()
            hud.hide()
            XCTAssertFalse(hud.isVisible)
            XCTAssertFalse(fixture.messages(from: "HUD.minimumShowTime").isEmpty)
        }
    }

    func testNegativeAnimationDurationIsReportedAndTheHUDAppearsAtOnce() throws {
        try run(animations: true) { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            let events = fixture.record(hud)
            hud.animationDuration = -0.3
            hud.show()
            XCTAssertEqual(events.kinds, ["willAppear", "didAppear"], "no fade: appeared within the call")
            XCTAssertFalse(fixture.messages(from: "HUD.animationDuration").isEmpty)
        }
    }

    func testSharedNegativeDismissDelayHidesNowAndIsReported() throws {
        try run { fixture in
            ProgressHUD.show()
            ProgressHUD.dismiss(withDelay: -2)
            XCTAssertFalse(ProgressHUD.isVisible)
            XCTAssertEqual(fixture.messages(from: "ProgressHUD.dismiss(withDelay:completion:)").count, 1, "under the public name the app called")
        }
    }

    /// NaN is refused and the last good value kept (it used to become 0).
    func testSharedNaNMinimumDismissTimeKeepsTheLastValue() throws {
        try run { fixture in
            let before = ProgressHUD.minimumDismissTime
            ProgressHUD.minimumDismissTime = .nan
            XCTAssertEqual(ProgressHUD.minimumDismissTime, before)
            XCTAssertEqual(ProgressHUD.displayDuration(for: "ab"), max(0.62, before), accuracy: 1e-9)
            XCTAssertEqual(fixture.messages(from: "ProgressHUD.minimumDismissTime").count, 1)
        }
    }

    func testSharedNegativeMaximumDismissTimeBecomesZeroAndStatusHUDsLeaveAtOnce() throws {
        try run { fixture in
            ProgressHUD.maximumDismissTime = -5
            XCTAssertEqual(ProgressHUD.maximumDismissTime, 0)
            XCTAssertEqual(ProgressHUD.displayDuration(for: "Saved"), 0)
            ProgressHUD.showSuccess(status: "Saved")
            HUDTesting.wait("the success HUD to leave") { !ProgressHUD.isVisible }
            XCTAssertEqual(fixture.messages(from: "ProgressHUD.maximumDismissTime").count, 1)
        }
    }

    func testBannerNegativeDurationIsReportedAndShowsUntilDismissed() throws {
        try run { fixture in
            let banner = try NotificationBanner(title: "Negative")
            banner.show(on: fixture.host.window, duration: -1)
            XCTAssertEqual(banner.state, .showing)
            XCTAssertNil(banner.remainingTime, "no timeout")
            XCTAssertEqual(fixture.messages(from: "NotificationBanner.show(on:duration:)").count, 1)
        }
    }

    func testBannerNaNDurationIsReportedAndShowsUntilDismissed() throws {
        try run { fixture in
            let banner = try NotificationBanner(title: "NaN")
            banner.show(on: fixture.host.window, duration: .nan)
            XCTAssertEqual(banner.state, .showing)
            XCTAssertNil(banner.remainingTime)
            XCTAssertEqual(fixture.messages(from: "NotificationBanner.show(on:duration:)").count, 1)
        }
    }

    func testBannerInfiniteDurationShowsUntilDismissedWithoutAMessage() throws {
        try run { fixture in
            let banner = try NotificationBanner(title: "Forever")
            banner.show(on: fixture.host.window, duration: .infinity)
            XCTAssertEqual(banner.state, .showing)
            XCTAssertNil(banner.remainingTime)
            XCTAssertTrue(fixture.messages.isEmpty)
        }
    }

    func testBannerWithNothingToShowThrowsAndIsReported() throws {
        try run { fixture in
            XCTAssertThrowsError(try NotificationBanner(title: " ", subtitle: "\n\n")) { error in
                XCTAssertEqual(error as? BannerContentError, .empty)
            }
            XCTAssertEqual(fixture.messages.count, 1)
        }
    }

    // MARK: CSS, colours, icons

    func testInvalidCSSIsReportedWithItsLineAndValidRulesStillApply() throws {
        try run { _ in
            let sheet = StyleSheet(priority: .application)
            let errors = sheet.load("hudbezel { color: ; }\nhudbezel { padding: 3px; }\n@@@ {")
            XCTAssertFalse(errors.isEmpty)
            XCTAssertEqual(errors.first?.line, 1)
            XCTAssertTrue(sheet.load("hudbezel { padding: 3px; }").isEmpty, "the same sheet loads valid CSS afterwards")
        }
    }

    func testUnusableAppearanceValuesDoNotBreakTheHUD() throws {
        try run { fixture in
            var appearance = HUD.defaultAppearance
            appearance.cornerRadius = .infinity // "infpx": GTK drops the rule, the theme's radius stays
            appearance.border = (HUDColor(red: .nan, green: 2, blue: -1, alpha: 9), .nan)
            appearance.margin = .nan
            appearance.ringThickness = -4
            appearance.ringRadius = .infinity
            appearance.imageViewSize = .infinity
            appearance.minimumSize = (.nan, .infinity)
            appearance.offset = (.nan, -.infinity)
            let hud = try XCTUnwrap(HUD(on: fixture.host.window, appearance: appearance))
            hud.label = "Still here"
            hud.show()
            fixture.host.waitForFrames(2)
            XCTAssertTrue(hud.isVisible)
            XCTAssertGreaterThan(gtk_widget_get_width(try XCTUnwrap(hud.view.bezelWidget)), 0)
            XCTAssertEqual(hud.view.ringWidget?.radius, 18, "infinity falls back to the default radius")
            XCTAssertEqual(hud.view.ringWidget?.thickness, 0.5, "negative thickness is raised to the thinnest line")
        }
    }

    func testOutOfRangeColoursAreClampedInCSS() throws {
        try run { _ in
            XCTAssertEqual(HUDColor(red: 2, green: -1, blue: .nan, alpha: 7).cssValue, "rgba(255, 0, 0, 1.0)")
        }
    }

    func testImagesAreNamedByKindNotGuessedFromASlash() throws {
        try run { fixture in
            // An icon name with a "/" stays an icon name; a file is a file.
            ProgressHUD.showImage(.iconName("folder/with-slash"), status: "Icon")
            fixture.host.waitForFrames(1)
            var image = try XCTUnwrap(fixture.firstDescendant(of: ProgressHUD.bezelWidget?.gtkWidget, type: gtk_image_get_type()))
            XCTAssertEqual(gtk_image_get_storage_type(OpaquePointer(image)), GTK_IMAGE_ICON_NAME)
            let texture = gdk_memory_texture_new(1, 1, GDK_MEMORY_R8G8B8A8, g_bytes_new([UInt8](repeating: 255, count: 4), 4), 4)!
            defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
            let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("gtkhud-\(UUID().uuidString).png")
            defer { try? FileManager.default.removeItem(at: file) }
            XCTAssertNotEqual(gdk_texture_save_to_png(texture, file.path), 0)
            ProgressHUD.showImage(.file(file), status: "File")
            fixture.host.waitForFrames(1)
            image = try XCTUnwrap(fixture.firstDescendant(of: ProgressHUD.bezelWidget?.gtkWidget, type: gtk_image_get_type()))
            XCTAssertEqual(gtk_image_get_storage_type(OpaquePointer(image)), GTK_IMAGE_PAINTABLE, "a file is loaded as a file")
            ProgressHUD.showImage(.paintable(texture), status: "Paintable")
            fixture.host.waitForFrames(1)
            image = try XCTUnwrap(fixture.firstDescendant(of: ProgressHUD.bezelWidget?.gtkWidget, type: gtk_image_get_type()))
            XCTAssertEqual(gtk_image_get_storage_type(OpaquePointer(image)), GTK_IMAGE_PAINTABLE)
            XCTAssertEqual(gtk_image_get_paintable(OpaquePointer(image)).map(UnsafeMutableRawPointer.init), UnsafeMutableRawPointer(texture),
                           "the app's paintable itself is shown")
        }
    }

    func testUnknownIconNameStillShowsAnImage() throws {
        try run { fixture in
            ProgressHUD.showImage(.iconName("gtkhud-no-such-icon-symbolic"), status: "Unknown icon")
            fixture.host.waitForFrames(1)
            XCTAssertTrue(ProgressHUD.isVisible)
            let image = try XCTUnwrap(fixture.firstDescendant(of: ProgressHUD.bezelWidget?.gtkWidget, type: gtk_image_get_type()))
            XCTAssertEqual(gtk_image_get_icon_name(OpaquePointer(image)).map { String(cString: $0) }, "gtkhud-no-such-icon-symbolic")
        }
    }

    func testMissingResourceShowsTheHUDWithAnEmptyImage() throws {
        try run { fixture in
            // gtk_image_new_from_resource would log a warning here (fatal under G_DEBUG=fatal-warnings).
            ProgressHUD.showImage(.resource("/org/example/gtkhud/no-such-picture.png"), status: "No resource")
            fixture.host.waitForFrames(1)
            XCTAssertTrue(ProgressHUD.isVisible)
            let image = try XCTUnwrap(fixture.firstDescendant(of: ProgressHUD.bezelWidget?.gtkWidget, type: gtk_image_get_type()))
            XCTAssertEqual(gtk_image_get_storage_type(OpaquePointer(image)), GTK_IMAGE_EMPTY)
        }
    }

    func testMissingImageFileStillShowsTheHUD() throws {
        try run { fixture in
            ProgressHUD.showImage(.file("/nonexistent/gtkhud-missing.png"), status: "No file")
            fixture.host.waitForFrames(1)
            XCTAssertTrue(ProgressHUD.isVisible)
            XCTAssertNotNil(fixture.firstDescendant(of: ProgressHUD.bezelWidget?.gtkWidget, type: gtk_image_get_type()))
        }
    }

    func testEmptySuccessIconNameStillShowsTheHUD() throws {
        try run { fixture in
            var appearance = HUDAppearance()
            appearance.successImage = ""
            ProgressHUD.appearance = appearance
            ProgressHUD.showSuccess(status: "Saved")
            fixture.host.waitForFrames(1)
            XCTAssertTrue(ProgressHUD.isVisible)
        }
    }

    func testBannerWithAnUnknownIconShows() throws {
        try run { fixture in
            let banner = try NotificationBanner(title: "Icon", image: .iconName("gtkhud-no-such-icon"))
            banner.show(on: fixture.host.window)
            fixture.host.waitForFrames(1)
            XCTAssertEqual(banner.state, .showing)
            XCTAssertNotNil(banner.widget)
        }
    }

    // MARK: The window goes away

    func testHostDestroyedWhileShowingCancelsOnceAndClosesTheEvents() throws {
        try run { fixture in
            let hud = try fixture.shownHUD()
            let events = fixture.record(hud)
            let outcomes = Outcomes()
            hud.hide(afterDelay: 60, completion: outcomes.record)
            fixture.host.close()
            XCTAssertEqual(outcomes.values, [.cancelled])
            XCTAssertEqual(events.kinds, ["willDisappear", "didDisappear"])
            XCTAssertTrue(hud.isFinished)
            hud.hide(completion: outcomes.record)
            XCTAssertEqual(outcomes.values, [.cancelled, .dismissed], "a later hide completes at once")
        }
    }

    func testHostDestroyedDuringTheGraceTimeShowsNothing() throws {
        try run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            let events = fixture.record(hud)
            hud.graceTime = 30
            hud.show()
            let outcomes = Outcomes()
            hud.hide(afterDelay: 60, completion: outcomes.record)
            fixture.host.close()
            XCTAssertEqual(outcomes.values, [.cancelled])
            XCTAssertEqual(events.kinds, [], "it never appeared")
            XCTAssertFalse(hud.isVisible)
        }
    }

    func testHostDestroyedDuringTheFadeOutCancelsOnce() throws {
        try run(animations: true) { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            hud.animationDuration = 2
            hud.show(animated: false)
            let events = fixture.record(hud)
            let outcomes = Outcomes()
            hud.hide(animated: true, completion: outcomes.record)
            XCTAssertEqual(hud.lifecycle.phase, .fadingOut)
            fixture.host.close()
            XCTAssertEqual(outcomes.values, [.cancelled])
            XCTAssertEqual(events.kinds, ["willDisappear", "didDisappear"])
        }
    }

    func testSharedHUDHostDestroyedWhileShowingRunsTheCompletionOnce() throws {
        try run { fixture in
            ProgressHUD.show(status: "Working")
            var completions = 0
            ProgressHUD.dismiss(withDelay: 60) { completions += 1 }
            fixture.host.close()
            XCTAssertEqual(completions, 1)
            XCTAssertFalse(ProgressHUD.isVisible)
        }
    }

    func testBannerHostDestroyedWhileShowingOrQueuedDismissesEachOnce() throws {
        try run { fixture in
            let showing = try NotificationBanner(title: "Showing")
            let queued = try NotificationBanner(title: "Queued")
            var reasons: [String: [BannerDismissReason]] = [:]
            showing.onDismiss = { reasons["showing", default: []].append($0) }
            queued.onDismiss = { reasons["queued", default: []].append($0) }
            showing.show(on: fixture.host.window)
            queued.show(on: fixture.host.window)
            XCTAssertEqual(queued.state, .queued)
            fixture.host.close()
            XCTAssertEqual(reasons["showing"], [.hostDestroyed])
            XCTAssertEqual(reasons["queued"], [.hostDestroyed])
        }
    }

    // MARK: Re-entrant calls

    func testCompletionThatShowsAgainLeavesTheHUDUp() throws {
        try run { fixture in
            let hud = try fixture.shownHUD()
            let events = fixture.record(hud)
            hud.hide { _ in hud.show() }
            XCTAssertTrue(hud.isVisible)
            XCTAssertEqual(events.kinds, ["willDisappear", "didDisappear", "willAppear", "didAppear"])
        }
    }

    func testSharedDismissCompletionThatShowsAgainLeavesTheHUDUp() throws {
        try run { _ in
            ProgressHUD.show(status: "First")
            ProgressHUD.dismiss { ProgressHUD.show(status: "Again") }
            XCTAssertTrue(ProgressHUD.isVisible)
            XCTAssertEqual(SharedHUD.instance?.view?.statusText, "Again")
        }
    }

    func testEventHandlerThatHidesDuringWillAppearEndsHiddenWithPairedEvents() throws {
        try run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            var kinds: [String] = []
            let observation = hud.observeEvents { event in
                kinds.append(event.kind)
                if case .willAppear = event { hud.hide() }
            }
            hud.show()
            XCTAssertFalse(hud.isVisible)
            XCTAssertEqual(kinds, ["willAppear", "didAppear", "willDisappear", "didDisappear"])
            observation.cancel()
        }
    }

    func testBannerOnDismissThatShowsAnotherBanner() throws {
        try run { fixture in
            let first = try NotificationBanner(title: "First")
            let second = try NotificationBanner(title: "Second")
            first.onDismiss = { _ in second.show(on: fixture.host.window) }
            first.show(on: fixture.host.window)
            first.dismiss()
            HUDTesting.wait("the second banner") { second.state == .showing }
            XCTAssertTrue(first.state.isGone)
        }
    }

    // MARK: Dismissing what is not there

    func testHideWithoutShowCompletesAtOnce() throws {
        try run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            let outcomes = Outcomes()
            hud.hide(completion: outcomes.record)
            XCTAssertEqual(outcomes.values, [.dismissed])
        }
    }

    func testDoubleHideRunsEachCompletionOnceAndDisappearsOnce() throws {
        try run { fixture in
            let hud = try fixture.shownHUD()
            let events = fixture.record(hud)
            let first = Outcomes(), second = Outcomes()
            hud.hide(completion: first.record)
            hud.hide(completion: second.record)
            XCTAssertEqual(first.values, [.dismissed])
            XCTAssertEqual(second.values, [.dismissed])
            XCTAssertEqual(events.kinds, ["willDisappear", "didDisappear"])
        }
    }

    func testSharedDismissWithoutAnyHUDRunsTheCompletion() throws {
        try run { _ in
            ProgressHUD.reset()
            var completions = 0
            ProgressHUD.dismiss { completions += 1 }
            XCTAssertEqual(completions, 1)
        }
    }

    func testPopActivityWithoutShowDoesNothing() throws {
        try run { _ in
            ProgressHUD.popActivity()
            ProgressHUD.popActivity()
            XCTAssertFalse(ProgressHUD.isVisible)
            ProgressHUD.show()
            XCTAssertEqual(SharedHUD.instance?.controller.activityCount, 1, "never negative, so one show is one activity")
        }
    }

    func testHideForAWindowWithoutHUDsReturnsFalse() throws {
        try run { fixture in
            XCTAssertFalse(HUD.hide(for: fixture.host.window))
            XCTAssertNil(HUD.hud(for: fixture.host.window))
        }
    }

    func testBannerDismissedTwiceReportsOnceAndCannotBeShownAgain() throws {
        try run { fixture in
            let banner = try NotificationBanner(title: "Once")
            var reasons: [BannerDismissReason] = []
            banner.onDismiss = { reasons.append($0) }
            banner.dismiss() // never shown: nothing to do
            banner.show(on: fixture.host.window)
            banner.dismiss()
            banner.dismiss()
            HUDTesting.wait("the banner to finish") { !reasons.isEmpty }
            XCTAssertEqual(reasons, [.programmatic])
            banner.show(on: fixture.host.window)
            XCTAssertTrue(banner.state.isGone)
            XCTAssertTrue(fixture.messages.last?.text.contains("already dismissed") == true)
        }
    }

    // MARK: Before GTK is initialised

    /// In this process GTK is initialised by the first test, so the calls run in
    /// a fresh process: `gtkhud-bench --mode before-init` calls the shared HUD,
    /// `HUDOverlay()`, early `setProgress` and a banner before `gtk_init`, then
    /// initialises GTK and checks the early progress did not pop up a HUD.
    /// Issue #11 (8): `HUDOverlay()` segfaulted after its message, only the
    /// first early call was reported, and the early progress showed a HUD.
    func testCallsBeforeGTKInitAreRefusedWithOneMessageEach() throws {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("gtkhud-bench") }
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("gtkhud-bench is not built next to the tests")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--mode", "before-init"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "no crash: \(text + log)")
        XCTAssertEqual(process.terminationStatus, 0, text + log)
        // The message goes through GLib's structured log, domain GtkHUD (#11 bug 14: it went to stdout).
        // One message per API called (ProgressHUD.show twice: once), not one for the first call only.
        for call in ["ProgressHUD.show(status:)", "ProgressHUD.showSuccess(status:)", "NotificationBanner.show(on:duration:)",
                     "HUDOverlay.init(content:)", "ProgressHUD.setProgress(_:)"] {
            XCTAssertEqual(log.components(separatedBy: call).count - 1, 1, "\(call) reported once: \(log)")
        }
        XCTAssertTrue(log.contains("GtkHUD-Message"), "a GLib message in the GtkHUD domain: \(log)")
        XCTAssertFalse(text.contains("GTK is not initialised yet"), "not on standard output: \(text)")
        XCTAssertTrue(text.contains("nothing shown: true"), text)
        if ProcessInfo.processInfo.environment["DISPLAY"] != nil {
            XCTAssertTrue(text.contains("early progress shown: false"), text)
        }
    }

    // MARK: Numeric settings (#11 bug 9)

    /// A finite but huge minimum height trapped in Int32() at layout.
    func testHugeBannerMinimumHeightIsClampedOnceAndShows() throws {
        try run { fixture in
            let banner = try XCTUnwrap(try? NotificationBanner(title: "Tall"))
            banner.minimumHeight = 3e9
            XCTAssertEqual(banner.minimumHeight, 2_000)
            XCTAssertEqual(fixture.messages(from: "NotificationBanner.minimumHeight").count, 1)
            banner.show(on: fixture.host.window, duration: 0.2)
            fixture.host.waitForFrames(3)
            XCTAssertEqual(banner.state, .showing)
            banner.minimumHeight = .nan
            XCTAssertEqual(banner.minimumHeight, 2_000, "NaN keeps the last good value")
            banner.dismiss()
        }
    }

    /// NaN for the longest display made every success HUD vanish at once.
    func testNaNMaximumDismissTimeKeepsSuccessHUDsOnScreen() throws {
        try run { fixture in
            let before = ProgressHUD.maximumDismissTime
            defer { ProgressHUD.maximumDismissTime = before }
            ProgressHUD.maximumDismissTime = .nan
            XCTAssertEqual(ProgressHUD.maximumDismissTime, before)
            XCTAssertGreaterThan(ProgressHUD.displayDuration(for: "Saved"), 0.5)
            XCTAssertEqual(fixture.messages(from: "ProgressHUD.maximumDismissTime").count, 1)
        }
    }

    /// A bad setting is reported when it is set, not again on every show and hide.
    func testABadGraceTimeIsReportedOnceNotOnEveryShow() throws {
        try run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            hud.graceTime = -1
            XCTAssertEqual(hud.graceTime, 0)
            for _ in 0..<3 {
                hud.show(animated: false)
                hud.hide(animated: false)
            }
            XCTAssertEqual(fixture.messages(from: "HUD.graceTime").count, 1, "\(fixture.messages)")
        }
    }

    /// `hide(afterDelay: .infinity)` never ends: that is said, once.
    func testAnInfiniteHideDelayIsReported() throws {
        try run { fixture in
            let hud = try XCTUnwrap(HUD(on: fixture.host.window))
            hud.show(animated: false)
            hud.hide(animated: false, afterDelay: .infinity)
            XCTAssertEqual(fixture.messages(from: "HUD.hide(afterDelay:)").count, 1)
            XCTAssertTrue(hud.isVisible)
            hud.hide(animated: false)
        }
    }

    // MARK: Fixture

    private func run(animations: Bool = false, _ body: @MainActor (BadInputFixture) throws -> Void) throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            let fixture = BadInputFixture(animations: animations)
            defer { fixture.close() }
            try body(fixture)
        }
    }
}

/// A window, captured diagnostics, and everything put back afterwards.
@MainActor
private final class BadInputFixture {
    let host: HostWindow
    private(set) var messages: [HUDCore.Diagnostics.Message] = []
    private let previousHandler: @MainActor (HUDCore.Diagnostics.Message) -> Void
    private var observations: [HUDObservation] = []

    init(animations: Bool) {
        HUDTesting.setAnimations(animations)
        host = HUDTesting.window().host
        ProgressHUD.host = host.window
        previousHandler = HUDCore.Diagnostics.handler
        HUDCore.Diagnostics.handler = { [weak self] in self?.messages.append($0) }
    }

    func messages(from source: String) -> [HUDCore.Diagnostics.Message] { messages.filter { $0.source == source } }

    /// An instance HUD in `.annularDeterminate` mode, shown at `progress`.
    func determinateHUD(progress: Double) throws -> HUD {
        let hud = try XCTUnwrap(HUD(on: host.window))
        hud.mode = .annularDeterminate
        hud.progress = progress
        hud.show()
        return hud
    }

    func shownHUD() throws -> HUD {
        let hud = try XCTUnwrap(HUD(on: host.window))
        hud.label = "Working"
        hud.show()
        XCTAssertTrue(hud.isVisible)
        return hud
    }

    /// Records the HUD's events from now on.
    func record(_ hud: HUD) -> EventLog {
        let log = EventLog()
        observations.append(hud.observeEvents { log.kinds.append($0.kind) })
        return log
    }

    func firstDescendant(of root: UnsafeMutablePointer<GtkWidget>?, type: GType) -> UnsafeMutablePointer<GtkWidget>? {
        guard let root else { return nil }
        if gtkhud_is_a(root.raw, type) != 0 { return root }
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            if let found = firstDescendant(of: current, type: type) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    func close() {
        for observation in observations { observation.cancel() }
        ProgressHUD.reset()
        ProgressHUD.host = nil
        ProgressHUD.appearance = HUDAppearance()
        ProgressHUD.minimumDismissTime = 5
        ProgressHUD.maximumDismissTime = .infinity
        host.close()
        HUDCore.Diagnostics.handler = previousHandler
        HUDTesting.setAnimations(true)
    }
}

@MainActor
private final class EventLog {
    var kinds: [String] = []
}

/// Collects dismissal outcomes.
@MainActor
private final class Outcomes {
    private(set) var values: [HUDDismissOutcome] = []
    var record: @MainActor (HUDDismissOutcome) -> Void { { [self] in values.append($0) } }
}

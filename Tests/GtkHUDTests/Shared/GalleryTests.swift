import CGtk
import Foundation
import GtkSupport
import XCTest

/// The gallery app, driven from the outside: scripted scenarios, the CSS
/// editor, the stress page and screenshots (issue #5's "done when" list).
final class GalleryScenarioTests: XCTestCase {
    static let required = [
        "hud-indeterminate", "hud-status", "hud-progress", "hud-annular", "hud-pie", "hud-bar", "hud-text",
        "hud-success", "hud-error", "hud-info", "hud-image", "hud-custom", "hud-button", "hud-mask-black",
        "hud-mask-gradient", "hud-dark", "hud-positions", "banner-top", "banner-bottom", "banner-image",
        "banner-queue", "banner-priority", "banner-action",
    ]

    override func setUpWithError() throws {
        try HUDTesting.requireDisplay()
        try GalleryBinary.requireBinary()
    }

    private func scenarioNames() throws -> [String] {
        let list = try GalleryBinary.run(["--list-scenarios"], timeout: 20)
        XCTAssertEqual(list.status, 0, list.summary)
        return list.lines.filter { !$0.isEmpty }
    }

    func testListsEveryRequiredScenarioOncePerLine() throws {
        let names = try scenarioNames()
        for name in Self.required { XCTAssertTrue(names.contains(name), "missing scenario \(name)") }
        XCTAssertEqual(Set(names).count, names.count, "duplicate names: \(names)")
        XCTAssertTrue(names.allSatisfy { !$0.contains(" ") }, "one name a line: \(names)")
    }

    /// Every scenario runs headless, prints what it showed and `done`, and exits 0.
    func testEveryScenarioRunsHeadlessAndReportsWhatItShowed() throws {
        // a11y-* scenarios send real key presses: they need a display of their
        // own (the screen-reader test plays them), not one shared by 3 runs.
        let names = try scenarioNames().filter { !$0.hasPrefix("a11y-") }
        // Scenarios that move the keyboard focus between windows (their banners pause while
        // their window is left) run one at a time after the others: on a shared display
        // another run's window can take the focus, and their banners wait for it forever.
        let focusMoving: Set = ["banner-background-window", "banner-in-dialog"]
        let together = names.filter { !focusMoving.contains($0) }, alone = names.filter { focusMoving.contains($0) }
        let runs = GalleryBinary.runAll(together.map { ["--scenario", $0] }, parallel: 3, timeout: 40)
            + GalleryBinary.runAll(alone.map { ["--scenario", $0] }, parallel: 1, timeout: 40)
        var byName: [String: GalleryBinary.Run] = [:]
        for (name, result) in zip(together + alone, runs) {
            guard case .success(let run) = result else { XCTFail("\(name) could not start: \(result)"); continue }
            byName[name] = run
            XCTAssertFalse(run.timedOut, "\(name) timed out\n\(run.summary)")
            XCTAssertEqual(run.status, 0, run.summary)
            XCTAssertGreaterThanOrEqual(run.shown.count, 1, "\(name) showed nothing\n\(run.summary)")
            XCTAssertEqual(run.lines.last, "done", "\(name) must end with done\n\(run.summary)")
            XCTAssertFalse(run.stdout.contains("error:"), run.summary)
            for shown in run.shown {
                // "button": a button of GtkHUD's that took focus (l10n-defaults: Cancel, a banner's close button).
                XCTAssertTrue(["hud", "banner", "button"].contains(shown.kind), "\(name): \(shown)")
                XCTAssertFalse(shown.text.isEmpty, "\(name): a message without text")
            }
            if name.hasPrefix("banner-") { XCTAssertTrue(run.shown.contains { $0.kind == "banner" }, run.summary) }
            if name.hasPrefix("hud-") && name != "hud-and-banner" { XCTAssertTrue(run.shown.allSatisfy { $0.kind == "hud" }, run.summary) }
        }
        // A few scenarios with a known script.
        XCTAssertEqual(byName["hud-indeterminate"]?.shown.map(\.text), ["Loading"])
        XCTAssertEqual(byName["hud-positions"]?.shown.count, 9)
        // GtkHUD's own words, in English when the test runs without LANGUAGE.
        XCTAssertEqual(byName["l10n-defaults"]?.shown.map(\.text), ["Loading", "Error", "Working", "Cancel", "Information: Cancelled", "Saved", "Dismiss"])
        // A banner's shown: line carries what is on it, title and subtitle.
        XCTAssertEqual(byName["banner-queue"]?.shown.map(\.text), (1...3).map { "Message \($0) of 3. Waits for the one before it" })
        XCTAssertEqual(byName["banner-priority"]?.shown.map(\.text),
                       ["Syncing notes. A normal banner", "Battery low. High priority: shows at once", "Syncing notes. A normal banner"],
                       "the high-priority banner pre-empts, then the normal one comes back")
        // Issue #26: three arrivals under one id, counted: one banner, its count one message.
        XCTAssertEqual(byName["banner-count"]?.shown.map(\.text), ["Copied. To the clipboard", "Copied. To the clipboard, 3 times"])
        XCTAssertEqual(byName["banner-count"]?.lines.filter { $0.hasPrefix("gone: ") }.count, 3, "two folded into the first, which was hidden by id")
        // Issue #26: task banners: the work, then its outcome in the same banner.
        XCTAssertEqual(byName["banner-task-success"]?.shown.map(\.text), ["Uploading 3 photos", "Uploaded"])
        XCTAssertEqual(byName["banner-task-retry"]?.shown.map(\.text), ["Syncing notes", "The server cannot be reached"])
        XCTAssertEqual(byName["banner-task-retry"]?.lines.contains("retried"), true, "Retry ran its closure")
        // Issue #27: a banner (top by default) anchored above the Banners page's action bar, on the bottom
        // edge while the bar is hidden, at the top once the anchor is cleared.
        XCTAssertEqual(byName["banner-anchor"]?.lines.filter { $0.hasPrefix("anchor: ") },
                       ["anchor: the banner stands on the action bar", "anchor: the bar hidden, the banner on the window's edge",
                        "anchor: the bar shown again, the banner back on it", "anchor: cleared, the banner at its own edge (the top)"])
        // Status changes and results are messages too, not only a HUD's appearance.
        XCTAssertEqual(byName["hud-status"]?.shown.map(\.text), ["Connecting", "Downloading"])
        // A result is read with its mark: "Success: Finished".
        XCTAssertEqual(byName["hud-run"]?.shown.map(\.text), ["Working", "Success: Finished"])
        XCTAssertEqual(byName["hud-run-default"]?.shown.map(\.text), ["Uploading", "Success: Uploading"],
                       "without a success label the checkmark under the working label is a message of its own")
        XCTAssertEqual(byName["hud-run-cancel"]?.shown.map(\.text), ["Working", "Information: Cancelled"])
        XCTAssertEqual(byName["hud-progress-steps"]?.shown.map(\.text), ["Downloading", "Downloading 50%", "Downloading 100%"])
        XCTAssertEqual(byName["hud-grace"]?.shown.map(\.text), ["Slow work", "Success: Slow work"],
                       "quick work under the grace time never shows")
        // The button scenarios press a button: check the press took effect.
        XCTAssertTrue(byName["hud-button"]?.lines.contains("cancelled: hud Uploading") ?? false,
                      "Cancel ran its handler\n\(byName["hud-button"]?.summary ?? "")")
        XCTAssertTrue(byName["banner-action"]?.lines.contains("action: banner Undo") ?? false,
                      "Undo ran its handler\n\(byName["banner-action"]?.summary ?? "")")
        XCTAssertEqual(byName["banner-action"]?.lines.filter { $0.hasPrefix("gone: ") }, ["gone: banner Message deleted. Undo brings it back (action)"],
                       "the action dismissed the banner")
        XCTAssertEqual(byName["banner-close-button"]?.lines.filter { $0.hasPrefix("gone: ") }, ["gone: banner Close me. showsCloseButton = true (closeButton)"],
                       "Close dismissed the banner, not its timeout")
    }

    func testUnknownScenarioAndOptionFailWithAMessage() throws {
        let unknown = try GalleryBinary.run(["--scenario", "no-such-scenario"], timeout: 20)
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("no-such-scenario"), unknown.summary)
        let option = try GalleryBinary.run(["--frobnicate"], timeout: 20)
        XCTAssertNotEqual(option.status, 0)
        XCTAssertTrue(option.stderr.contains("--frobnicate"), option.summary)
    }
}

final class GalleryThemingTests: XCTestCase {
    override func setUpWithError() throws {
        try HUDTesting.requireDisplay()
        try GalleryBinary.requireBinary()
    }

    /// The editor's change handler reports invalid CSS with line and column and does not crash.
    func testInvalidCSSInTheEditorIsReportedWithItsLocation() throws {
        let invalid = try GalleryBinary.run(["--css-check", "hudbezel { color: nope; }"], timeout: 20)
        XCTAssertEqual(invalid.status, 0, invalid.summary)
        XCTAssertTrue(invalid.stdout.contains("1:"), invalid.summary)
        XCTAssertTrue(invalid.stdout.contains("nope"), invalid.summary)

        let secondLine = try GalleryBinary.run(["--css-check", "hudbezel {\n  color: nope;\n}"], timeout: 20)
        XCTAssertTrue(secondLine.stdout.contains("2:"), secondLine.summary)

        let garbage = try GalleryBinary.run(["--css-check", "}}} hudbezel { color: rgb(; padding: ; } @import url(\"/nowhere.css\"); ::: { @@"], timeout: 20)
        XCTAssertEqual(garbage.status, 0, garbage.summary)
        XCTAssertTrue(garbage.stdout.contains("Error at"), garbage.summary)

        let valid = try GalleryBinary.run(["--css-check", "hudbezel { color: red; border-radius: 4px; }"], timeout: 20)
        XCTAssertEqual(valid.status, 0, valid.summary)
        XCTAssertTrue(valid.stdout.hasPrefix("No errors"), valid.summary)
    }

    /// Typing each preset key by key reloads the CSS on every keystroke, through
    /// thousands of half-written states, and every preset ends without errors.
    func testTypingEveryPresetKeyByKeyNeverCrashesAndEndsClean() throws {
        let run = try GalleryBinary.run(["--css-type-presets"], timeout: 60)
        XCTAssertEqual(run.status, 0, run.summary)
        let presets = run.lines.filter { $0.contains(" keys, ") }
        XCTAssertGreaterThanOrEqual(presets.count, 4, run.summary)
        for line in presets { XCTAssertTrue(line.hasSuffix(" 0 errors at the end"), line) }
        let reloads = run.lines.first { $0.hasPrefix("reloads: ") }.flatMap { Int($0.dropFirst("reloads: ".count)) } ?? 0
        XCTAssertGreaterThan(reloads, 1_000, "one reload per keystroke")
    }

    func testPresetsAreFoundInTheSourceTreeOrGTKHUD_DATA_DIR() throws {
        let list = try GalleryBinary.run(["--list-themes"], timeout: 20)
        XCTAssertEqual(list.status, 0, list.summary)
        XCTAssertTrue(list.lines.first?.hasSuffix("data/themes") ?? false, list.summary)
        let names = list.lines.dropFirst().compactMap { $0.split(separator: "\t").first.map(String.init) }
        for name in ["default", "compact", "high-contrast", "svprogresshud-dark"] { XCTAssertTrue(names.contains(name), "\(name): \(names)") }
        XCTAssertEqual(names.first, "default")

        let data = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("themes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        try "/* GtkHUD: Mine. */ hudbezel { color: red; }".write(to: data.appendingPathComponent("themes/mine.css"), atomically: true, encoding: .utf8)
        let custom = try GalleryBinary.run(["--list-themes"], timeout: 20, environment: ["GTKHUD_DATA_DIR": data.path])
        XCTAssertEqual(custom.lines.dropFirst().first, "mine\tMine", custom.summary)
    }

    /// Each shipped preset parses without a single error.
    func testShippedPresetsParseCleanly() throws {
        let folder = GalleryBinary.root.appendingPathComponent("data/themes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".css") }
        XCTAssertGreaterThanOrEqual(files.count, 4)
        MainActor.assumeIsolated {
            let sheet = StyleSheet(priority: .application)
            for file in files {
                guard let css = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { return XCTFail(file) }
                XCTAssertEqual(sheet.load(css), [], file)
            }
        }
    }
}

final class GalleryStressAndScreenshotTests: XCTestCase {
    override func setUpWithError() throws {
        try HUDTesting.requireDisplay()
        try GalleryBinary.requireBinary()
    }

    func testStressPagePairsEveryEvent() throws {
        let run = try GalleryBinary.run(["--stress", "1500"], timeout: 60)
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertTrue(run.stdout.contains("operations: 1500,"), run.summary)
        XCTAssertFalse(run.stdout.contains("banners: 0 shown"), run.summary)
        XCTAssertTrue(run.stdout.contains("balanced: true"), run.summary)
    }

    /// Screenshots are written offscreen, are not blank, and show what their names say.
    func testScreenshotsShowWhatTheirNamesSay() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-shots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = ["page-shared-hud", "hud-success", "hud-mask-black", "page-banners", "banner-top", "banner-covers-top-edge", "banner-bottom", "theme-high-contrast"]
        let run = try GalleryBinary.run(["--screenshot", directory.path, "--only", names.joined(separator: ",")], timeout: 60)
        XCTAssertEqual(run.status, 0, run.summary)
        var images: [String: PNGImage] = [:]
        for name in names {
            let path = directory.appendingPathComponent(name + ".png").path
            guard let image = PNGImage(path: path) else { XCTFail("\(name).png missing or unreadable\n\(run.summary)"); continue }
            XCTAssertGreaterThanOrEqual(image.width, 600, name)
            XCTAssertGreaterThanOrEqual(image.height, 420, name)
            XCTAssertGreaterThan(image.colourCount, 6, "\(name) looks blank")
            images[name] = image
        }
        guard let page = images["page-shared-hud"], let success = images["hud-success"], let masked = images["hud-mask-black"],
              let banners = images["page-banners"], let top = images["banner-top"], let bottom = images["banner-bottom"],
              let contrast = images["theme-high-contrast"], let covering = images["banner-covers-top-edge"] else { return }
        let (w, h) = (page.width, page.height)
        // A bezel in the middle of the window, and nothing else changed at the corners.
        XCTAssertGreaterThan(success.differingPixels(from: page, x: w / 2 - 80, y: h / 2 - 80, width: 160, height: 160), 400, "no HUD in the middle")
        XCTAssertLessThan(success.differingPixels(from: page, x: 0, y: h - 40, width: 120, height: 40), 50, "the corners should be untouched")
        // The black mask darkens the whole window, corners included.
        XCTAssertGreaterThan(masked.differingPixels(from: page, x: 0, y: h - 60, width: w, height: 60), w * 20, "no black mask")
        // Banners change the top (or bottom) strip of the window and leave the other end alone.
        // A top banner sits below the header bars (47 px) and leaves them alone; covering the top edge, it hides them.
        XCTAssertGreaterThan(top.differingPixels(from: banners, x: 0, y: 50, width: w, height: 50), w * 2, "no banner below the header bar")
        XCTAssertLessThan(top.differingPixels(from: banners, x: 0, y: 0, width: w, height: 40), w / 2, "the header bars should be untouched")
        XCTAssertGreaterThan(covering.differingPixels(from: banners, x: 0, y: 0, width: w, height: 40), w * 2, "no banner over the header bars")
        XCTAssertLessThan(top.differingPixels(from: banners, x: 0, y: h - 50, width: w, height: 50), w, "the bottom should be untouched")
        XCTAssertGreaterThan(bottom.differingPixels(from: banners, x: 0, y: h - 50, width: w, height: 50), w * 2, "no banner at the bottom")
        XCTAssertLessThan(bottom.differingPixels(from: banners, x: 0, y: 0, width: w, height: 50), w, "the top should be untouched")
        // The high-contrast preview bezel is black.
        let black = contrast.count(x: w / 2, y: 90, width: w / 2, height: 170) { $0.red < 20 && $0.green < 20 && $0.blue < 20 }
        XCTAssertGreaterThan(black, 2_000, "the high-contrast preset should paint the preview bezel black")
    }
}

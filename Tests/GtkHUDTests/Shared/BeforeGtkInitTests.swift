import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Calls before gtk_init: refused with a message, never a crash.
/// Every case must not crash and must give the documented result (GTK
/// animations are off unless a case needs them; see ``BadValueFixture``).
final class BeforeGtkInitTests: XCTestCase {

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
        let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"] != nil
        // Issue #27: from another thread, said once the main loop runs (after
        // gtk_init, which needs a display).
        let fromAnyThread = ["ProgressHUD.fromAnyThread.show(status:)",
                             "NotificationBanner.fromAnyThread.show(title:subtitle:id:inWindowNamed:duration:)",
                             "BannerCenter.fromAnyThread.broadcast(title:subtitle:id:duration:)"]
        for call in ["ProgressHUD.show(status:)", "ProgressHUD.showSuccess(status:)", "NotificationBanner.show(on:duration:)",
                     "HUDOverlay.init(content:)", "ProgressHUD.setProgress(_:)"] + (hasDisplay ? fromAnyThread : []) {
            XCTAssertEqual(log.components(separatedBy: call).count - 1, 1, "\(call) reported once: \(log)")
        }
        XCTAssertTrue(log.contains("GtkHUD-Message"), "a GLib message in the GtkHUD domain: \(log)")
        XCTAssertFalse(text.contains("GTK is not initialised yet"), "not on standard output: \(text)")
        XCTAssertTrue(text.contains("nothing shown: true"), text)
        if hasDisplay {
            XCTAssertTrue(text.contains("early progress shown: false"), text)
        }
    }
}

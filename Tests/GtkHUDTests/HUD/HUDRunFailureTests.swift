import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import XCTest

/// `HUD.run` shows people a sentence, not a Swift type name.
final class RunFailureTextTests: XCTestCase {
    private struct ImportError: Error { let code: Int }
    private struct DiskFull: LocalizedError { var errorDescription: String? { "The disk is full" } }
    private struct Blank: LocalizedError { var errorDescription: String? { "  " } }

    func testFailureTextUsesTheLocalizedDescriptionElseFailed() {
        MainActor.assumeIsolated {
            XCTAssertEqual(HUD.failureText(for: ImportError(code: 7)), "Failed", "was “ImportError(code: 7)”")
            XCTAssertEqual(HUD.failureText(for: DiskFull()), "The disk is full")
            XCTAssertEqual(HUD.failureText(for: Blank()), "Failed")
        }
    }

    func testRunShowsTheFailureTextAndRethrows() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            let hud = try! HUD(on: host.window)
            hud.graceTime = 0
            hud.minimumShowTime = 0
            let outcome = CaughtError()
            Task { @MainActor in
                do { _ = try await hud.run(resultDuration: 5) { throw DiskFull() } } catch { outcome.error = error }
                outcome.finished = true
            }
            XCTAssertTrue(MainLoop.run(until: { outcome.finished }, timeoutMilliseconds: 5_000))
            XCTAssertTrue(outcome.error is DiskFull, "the error reaches the app")
            XCTAssertEqual(hud.label, "The disk is full")
            XCTAssertEqual(hud.mode, .error)
            hud.hide(animated: false)
            host.close()
        }
    }
}

@MainActor
private final class CaughtError {
    var error: (any Error)?
    var finished = false
}

import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import XCTest

/// Issue #27, multi-window apps, with real window switches: xdotool moves the
/// X focus between two windows of one running application (`windowactivate`
/// through the window manager when one runs, `windowfocus` otherwise), GTK
/// reports it and the application reorders its windows, as for a user's Alt+Tab.
final class MultiWindowInputTests: XCTestCase {
    /// The user switches to `input`'s window, and GTK has said so.
    @MainActor private static func switchTo(_ input: XInput) {
        let windowManagerRuns = ProcessInfo.processInfo.environment["GTKHUD_WINDOW_MANAGER"] != nil
        input.run([windowManagerRuns ? "windowactivate" : "windowfocus", "--sync", input.windowID])
        XInput.wait("window \(input.windowID) to become active") { gtk_window_is_active(input.window.asWindow) != 0 }
    }

    /// The window the shared HUD's bezel is drawn in, if it is on screen.
    @MainActor private static var hudWindow: UnsafeMutableRawPointer? {
        guard let bezel = ProgressHUD.bezelWidget?.gtkWidget, gtk_widget_get_mapped(bezel) != 0 else { return nil }
        return gtk_widget_get_root(bezel).map { UnsafeMutableRawPointer($0) }
    }

    /// Two windows of a running app, each focused once by xdotool.
    @MainActor private static func withTwoWindows(_ body: @MainActor (AppWindows, [XInput]) throws -> Void) throws {
        try XInput.require()
        HUDTesting.setAnimations(false)
        defer { HUDTesting.setAnimations(true) }
        try AppWindows.run(windows: 2) { app in
            let inputs = app.windows.compactMap { XInput(window: $0) }
            guard inputs.count == 2 else { return XCTFail("xdotool found no X window for the test windows") }
            defer { inputs.last?.restore() }
            try body(app, inputs)
        }
    }

    func testTheSharedHUDGoesToTheWindowTheUserIsInWhenARunStarts() throws {
        try MainActor.assumeIsolated {
            try Self.withTwoWindows { app, inputs in
                ProgressHUD.context = .activeWindow(of: app.app)
                for index in [1, 0, 1] {
                    Self.switchTo(inputs[index])
                    XCTAssertEqual(gtk_application_get_active_window(app.app).map { UnsafeMutableRawPointer($0) }, app.windows[index].raw)
                    ProgressHUD.show(status: "In window \(index)")
                    XInput.wait("the HUD in window \(index)") { Self.hudWindow == app.windows[index].raw }
                    ProgressHUD.dismiss()
                    XInput.wait("the HUD gone") { !ProgressHUD.isVisible }
                }
            }
        }
    }

    /// A run started in one window stays there when the user switches (its
    /// progress and its result too); its black mask blocks that window only:
    /// a click in the other window reaches its button. Once the HUD has gone,
    /// the next run goes to the window the user is in.
    func testARunStaysInItsWindowAndBlocksOnlyThat() throws {
        try MainActor.assumeIsolated {
            try Self.withTwoWindows { app, inputs in
                PresentationContext.router = .activeWindow()
                var appearance = HUDAppearance()
                appearance.mask = .black
                ProgressHUD.appearance = appearance
                defer { ProgressHUD.appearance = HUDAppearance() }
                Self.switchTo(inputs[0])
                ProgressHUD.showProgress(0.2, status: "Exporting")
                XInput.wait("the HUD in the first window") { Self.hudWindow == app.windows[0].raw }

                Self.switchTo(inputs[1])
                ProgressHUD.showProgress(0.6, status: "Exporting")
                XCTAssertEqual(Self.hudWindow, app.windows[0].raw, "the run's progress stays in its window")
                inputs[1].click(at: inputs[1].center(of: app.buttons[1]))
                inputs[1].waitUntilHandled(on: app.hosts[1])
                XCTAssertEqual(app.clicks[1], 1, "the other window is not blocked")
                inputs[0].click(at: inputs[0].center(of: app.buttons[0]))
                Self.switchTo(inputs[0])
                inputs[0].waitUntilHandled(on: app.hosts[0])
                XCTAssertEqual(app.clicks[0], 0, "the run's window is")

                Self.switchTo(inputs[1])
                ProgressHUD.showSuccess(status: "Exported")
                XCTAssertEqual(Self.hudWindow, app.windows[0].raw, "its result too")
                ProgressHUD.dismiss()
                XInput.wait("the HUD gone") { !ProgressHUD.isVisible }
                ProgressHUD.show(status: "Next")
                XInput.wait("the next run in the window the user is in") { Self.hudWindow == app.windows[1].raw }
            }
        }
    }

    /// The run's window is hidden meanwhile: the next call routes again
    /// (never a stale window), to the window the user is in.
    func testARunWhoseWindowIsHiddenMovesToTheActiveOne() throws {
        try MainActor.assumeIsolated {
            try Self.withTwoWindows { app, inputs in
                ProgressHUD.context = .activeWindow()
                Self.switchTo(inputs[0])
                ProgressHUD.show(status: "Working")
                XInput.wait("the HUD in the first window") { Self.hudWindow == app.windows[0].raw }
                gtk_widget_set_visible(app.windows[0], 0)
                Self.switchTo(inputs[1])
                ProgressHUD.show(status: "Still working")
                XInput.wait("the HUD in the second window") { Self.hudWindow == app.windows[1].raw }
                XCTAssertEqual(ProgressHUD.isVisible, true)
            }
        }
    }
}

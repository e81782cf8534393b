import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Screen-reader timing with the real accessibility bus of the test session
/// (`at-spi-bus-launcher`, GSettings in memory): its `org.a11y.Status`
/// properties are set with `dbus-send`, as GNOME's Screen Reader switch and
/// Orca set them, and GtkHUD follows them live.
final class ScreenReaderTimingTests: XCTestCase {
    /// Sets an `org.a11y.Status` property on the session's accessibility bus launcher.
    nonisolated private static func setStatus(_ property: String, _ value: Bool) {
        let send = Process()
        send.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-send")
        send.arguments = ["--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                          "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status",
                          "string:\(property)", "variant:boolean:\(value)"]
        send.standardOutput = FileHandle.nullDevice
        try? send.run()
        send.waitUntilExit()
    }

    /// Runs `body` with the bus saying no screen reader runs before and after.
    @MainActor
    private static func withAccessibilityBus(_ body: @MainActor (BannerTestWindow) -> Void) throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            // The watch starts with GtkHUD's first use; the window above made sure of that.
            GtkHUDAttention.screenReader = .automatic
            setStatus("ScreenReaderEnabled", false)
            setStatus("IsEnabled", false)
            XInput.wait("GtkHUD to see no screen reader") { !GtkHUDAttention.isScreenReaderRunning }
            defer {
                setStatus("ScreenReaderEnabled", false)
                setStatus("IsEnabled", false)
                XInput.pump(until: { !GtkHUDAttention.isScreenReaderRunning }, timeoutMilliseconds: 5_000)
            }
            body(window)
            window.center.dismissAll()
        }
    }

    func testGnomesScreenReaderSwitchIsFollowedLive() throws {
        try MainActor.assumeIsolated {
            try Self.withAccessibilityBus { _ in
                Self.setStatus("ScreenReaderEnabled", true)
                XInput.wait("GtkHUD to see the screen reader") { GtkHUDAttention.isScreenReaderRunning }
                // The launcher leaves accessibility on (IsEnabled, measured on at-spi2-core 2.46),
                // a saved setting: with no Orca process it does not count.
                Self.setStatus("ScreenReaderEnabled", false)
                XInput.wait("GtkHUD to see it stop") { !GtkHUDAttention.isScreenReaderRunning }
                XCTAssertEqual(ScreenReaderWatch.shared.signals.accessibilityEnabled, true)
            }
        }
    }

    func testAccessibilityLeftOnWithoutAScreenReaderDoesNotCount() throws {
        try MainActor.assumeIsolated {
            try Self.withAccessibilityBus { _ in
                // What Orca 43 and 48 leave behind, and what the on-screen keyboard sets.
                Self.setStatus("IsEnabled", true)
                XInput.wait("GtkHUD to read the setting") { ScreenReaderWatch.shared.signals.accessibilityEnabled }
                XCTAssertFalse(ScreenReaderWatch.shared.signals.screenReaderProcessRuns, "no Orca runs in this test session")
                XCTAssertFalse(GtkHUDAttention.isScreenReaderRunning)
            }
        }
    }

    /// A process that names itself `orca`, with no environment (as Orca 48's
    /// retitling leaves `/proc/<pid>/environ`), optionally chrooted into an
    /// empty folder first (as a reader in a container or a chroot beside this session).
    nonisolated private static func startFakeOrca(chrooted: Bool) throws -> Process {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gtkhud-fake-orca-root")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = """
            import ctypes, os, sys, time
            libc = ctypes.CDLL(None)
            libc.prctl(15, b"orca", 0, 0, 0)  # PR_SET_NAME: /proc/<pid>/comm says orca
            if sys.argv[1] == "chroot": os.chroot(sys.argv[2])
            print("ready", flush=True)
            time.sleep(60)
            """
        let fake = Process()
        fake.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        fake.arguments = ["-c", script, chrooted ? "chroot" : "stay", folder.path]
        fake.environment = [:]
        let ready = Pipe()
        fake.standardOutput = ready
        try fake.run()
        _ = ready.fileHandleForReading.readData(ofLength: 5)
        return fake
    }

    func testAnOrcaUnderAnotherRootDirectoryIsNotThisSessionsReader() throws {
        guard getuid() == 0 else { throw XCTSkip("chroot needs root (CI and the test roots run as root)") }
        try MainActor.assumeIsolated {
            try Self.withAccessibilityBus { _ in
                Self.setStatus("IsEnabled", true)
                XInput.wait("GtkHUD to read the setting") { ScreenReaderWatch.shared.signals.accessibilityEnabled }
                guard let elsewhere = try? Self.startFakeOrca(chrooted: true) else { return XCTFail("python3 did not start") }
                defer { elsewhere.terminate(); elsewhere.waitUntilExit() }
                XCTAssertFalse(ScreenReaderWatch.shared.signals.screenReaderProcessRuns,
                               "an Orca with no environment under another root is another session's")
                // The control: the same process under this root counts (the check can fail).
                guard let here = try? Self.startFakeOrca(chrooted: false) else { return XCTFail("python3 did not start") }
                defer { here.terminate(); here.waitUntilExit() }
                XCTAssertTrue(ScreenReaderWatch.shared.signals.screenReaderProcessRuns,
                              "an Orca with no environment under this root is this session's (Orca 48)")
            }
        }
    }

    func testTheAppsChoiceWinsOverTheBus() throws {
        try MainActor.assumeIsolated {
            try Self.withAccessibilityBus { _ in
                GtkHUDAttention.screenReader = .off
                defer { GtkHUDAttention.screenReader = .automatic }
                Self.setStatus("ScreenReaderEnabled", true)
                // The bus has said it (the watch's own reading), yet the app's choice holds.
                XInput.wait("the watch to read the switch") { ScreenReaderWatch.shared.signals.isRunning }
                XCTAssertFalse(GtkHUDAttention.isScreenReaderRunning)
                GtkHUDAttention.screenReader = .automatic
                XCTAssertTrue(GtkHUDAttention.isScreenReaderRunning)
                GtkHUDAttention.screenReader = .on
                Self.setStatus("ScreenReaderEnabled", false)
                XInput.wait("the watch to read the switch off") { !ScreenReaderWatch.shared.signals.isRunning }
                XCTAssertTrue(GtkHUDAttention.isScreenReaderRunning)
            }
        }
    }

    func testUnderAScreenReaderABannerWithAnActionWaitsAndOneWithoutTimesOut() throws {
        try MainActor.assumeIsolated {
            try Self.withAccessibilityBus { window in
                window.center.maxVisible = 2
                Self.setStatus("ScreenReaderEnabled", true)
                XInput.wait("GtkHUD to see the screen reader") { GtkHUDAttention.isScreenReaderRunning }
                let actionable = try! NotificationBanner(title: "Message deleted")
                actionable.setAction("Undo") {}
                let plain = try! NotificationBanner(title: "Saved")
                let plainEnded = BannerCallCounter()
                plain.onDismiss = plainEnded.dismissed
                window.show(actionable, duration: 0.3)
                window.show(plain, duration: 0.3)
                XInput.wait("the plain banner's timeout") { plainEnded.count == 1 }
                XCTAssertEqual(actionable.state, .showing)
                XCTAssertNil(actionable.remainingTime, "no timeout while the screen reader runs")
                // The screen reader stops and accessibility is off: the banner gets its whole time again, and goes.
                let actionableEnded = BannerCallCounter()
                actionable.onDismiss = actionableEnded.dismissed
                Self.setStatus("ScreenReaderEnabled", false)
                Self.setStatus("IsEnabled", false)
                XInput.wait("the actionable banner's timeout") { actionableEnded.count == 1 }
                XCTAssertEqual(actionableEnded.reasons, [.timeout])
            }
        }
    }
}

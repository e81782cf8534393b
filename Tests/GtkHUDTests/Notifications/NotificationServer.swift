import CGtk
import Foundation
import GtkSupport
import XCTest

/// A real notification server for the test's private session bus: Debian's
/// dunst, started here and stopped at the end, with `dbus-monitor` recording
/// every `org.freedesktop.Notifications` call and signal on the bus. Tests act
/// as the user through dunst itself: `dunstctl action 0` clicks the newest
/// notification, `dunstctl context` opens its menu of buttons, where the
/// "dmenu" dunst is configured with picks the GtkHUD button.
@MainActor
final class NotificationServer {
    /// One call or signal the monitor saw: its member and its string and number arguments, in order.
    struct Message: CustomStringConvertible {
        let member: String
        var strings: [String] = []
        var numbers: [UInt32] = []
        var description: String { "\(member)(\(strings), \(numbers))" }
    }

    struct NotStarted: Error {}

    private let directory: URL
    private let server = Process()
    private let monitor = Process()
    private var monitorLog: URL { directory.appendingPathComponent("monitor.txt") }

    /// Checks the programs, or skips (fails under GTKHUD_REQUIRE_DISPLAY=1: scripts/test installs them).
    nonisolated static func require() throws {
        for program in ["dunst", "dunstctl", "dbus-monitor", "dbus-send"] where path(of: program) == nil {
            let message = "\(program) is missing: the desktop-notification tests need dunst (apt-get install dunst; scripts/test installs it)"
            if ProcessInfo.processInfo.environment["GTKHUD_REQUIRE_DISPLAY"] == "1" { XCTFail(message) }
            throw XCTSkip(message)
        }
    }

    /// Starts dunst and the monitor, and waits until dunst owns the name and the monitor listens.
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("gtkhud-notify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let picker = directory.appendingPathComponent("pick-gtkhud-button")
        // dunst's context menu writes one line per action ("#Undo (Title) [3,app.gtkhud-action('gtkhud-7')]");
        // choosing the line is what a user does in the menu.
        try "#!/bin/sh\ngrep -m1 -F 'app.gtkhud-action'\n".write(to: picker, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: picker.path)
        let config = directory.appendingPathComponent("dunstrc")
        try "[global]\n    dmenu = \(picker.path)\n    show_indicators = no\n".write(to: config, atomically: true, encoding: .utf8)

        _ = FileManager.default.createFile(atPath: monitorLog.path, contents: nil)
        monitor.executableURL = URL(fileURLWithPath: Self.path(of: "dbus-monitor")!)
        monitor.arguments = ["--session", "interface='org.freedesktop.Notifications'"]
        monitor.standardOutput = try FileHandle(forWritingTo: monitorLog)
        monitor.standardError = FileHandle.nullDevice
        try monitor.run()
        // The monitor announces itself (NameLost of its own name) once it has become a monitor.
        guard XInput.pump(until: { self.monitorText.contains("member=NameLost") }, timeoutMilliseconds: 20_000) else {
            stop()
            throw XCTSkip("dbus-monitor did not start listening")
        }

        server.executableURL = URL(fileURLWithPath: Self.path(of: "dunst")!)
        server.arguments = ["-config", config.path]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        let owned = XInput.pump(until: {
            Self.run("dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/",
                                   "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.Notifications"])?
                .contains("boolean true") ?? false
        }, timeoutMilliseconds: 20_000)
        guard owned else {
            stop()
            XCTFail("dunst did not take org.freedesktop.Notifications on the session bus")
            throw NotStarted()
        }
    }

    /// Stops dunst and the monitor and removes their files.
    func stop() {
        for process in [server, monitor] where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: What the server received

    private var monitorText: String { (try? String(contentsOf: monitorLog, encoding: .utf8)) ?? "" }

    /// Every call and signal of the notification interface so far, in order.
    var messages: [Message] {
        var result: [Message] = []
        for line in monitorText.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let range = trimmed.range(of: "member=") {
                result.append(Message(member: String(trimmed[range.upperBound...])))
            } else if trimmed.hasPrefix("string \""), trimmed.hasSuffix("\""), !result.isEmpty {
                result[result.count - 1].strings.append(String(trimmed.dropFirst(8).dropLast()))
            } else if trimmed.hasPrefix("uint32 "), let number = UInt32(trimmed.dropFirst(7)), !result.isEmpty {
                result[result.count - 1].numbers.append(number)
            }
        }
        return result.filter { !["NameAcquired", "NameLost"].contains($0.member) }
    }

    /// The `Notify` calls: app name, icon, summary, body, then action keys and labels.
    var notifications: [Message] { messages.filter { $0.member == "Notify" } }

    func count(_ member: String) -> Int { messages.filter { $0.member == member }.count }

    /// Waits until the server has received a `Notify` whose summary is `title`; returns it.
    @discardableResult
    func waitForNotification(titled title: String, file: StaticString = #filePath, line: UInt = #line) -> Message? {
        var found: Message?
        XInput.wait("a Notify titled “\(title)” at the server", timeoutMilliseconds: 15_000, file: file, line: line) {
            found = self.notifications.first { $0.strings.count >= 3 && $0.strings[2] == title }
            return found != nil
        }
        return found
    }

    /// Waits until `member` has been seen `count` times.
    func wait(for member: String, count: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
        XInput.wait("\(count) × \(member) on the bus", timeoutMilliseconds: 15_000, file: file, line: line) {
            self.count(member) >= count
        }
    }

    // MARK: Acting as the user, through dunst

    /// `dunstctl` with `arguments`; its output.
    @discardableResult
    func dunstctl(_ arguments: String...) -> String? { Self.run("dunstctl", arguments) }

    /// Runs `program` to the end while the main loop turns; its standard output, or nil if it failed.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) -> String? {
        guard let path = path(of: program) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("gtkhud-run-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        guard let handle = try? FileHandle(forWritingTo: output) else { return nil }
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        XInput.pump(until: { !process.isRunning }, timeoutMilliseconds: 20_000)
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? handle.close()
        guard process.terminationStatus == 0 else { return nil }
        return try? String(contentsOf: output, encoding: .utf8)
    }

    nonisolated static func path(of program: String) -> String? {
        let search = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return search.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

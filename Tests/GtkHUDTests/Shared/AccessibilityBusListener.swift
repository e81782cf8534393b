import Foundation
import Synchronization

/// Listens on the AT-SPI bus, through pyatspi (the library Orca uses), for
/// events that this test process's accessible objects send: what a screen
/// reader actually receives, not what GtkHUD asked GTK for.
///
/// The listener is a separate process, so the test must keep the main loop
/// turning (`XInput.pump`) while it waits: GTK answers the bus from there.
@MainActor
final class AccessibilityBusListener {
    struct Event: Sendable, Equatable {
        /// The object's path on the bus (one per accessible object).
        let path: String
        /// The event's value (the new description, name, or announcement text).
        let data: String
    }

    /// Lines the listener printed; written from a reading thread.
    private final class Output: Sendable {
        private let text = Mutex("")
        func append(_ data: Data) { text.withLock { $0 += String(decoding: data, as: UTF8.self) } }
        var lines: [String] { text.withLock { $0.split(separator: "\n").map(String.init) } }
    }

    private static let script = """
        import json, sys
        import gi
        gi.require_version("Atspi", "2.0")
        import pyatspi
        from gi.repository import GLib
        pid = int(sys.argv[1])
        def on_event(event):
            try:
                if event.source.get_process_id() != pid:
                    return
                print(json.dumps([event.source.path, str(event.any_data or "")]), flush=True)
            except Exception:
                pass
        pyatspi.Registry.registerEventListener(on_event, *sys.argv[2:])
        print("ready", flush=True)
        GLib.timeout_add_seconds(60, pyatspi.Registry.stop)
        pyatspi.Registry.start()
        """

    private let process = Process()
    private let output = Output()

    init(events: String...) throws {
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", Self.script, String(ProcessInfo.processInfo.processIdentifier)] + events
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let output = self.output
        pipe.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
        try process.run()
    }

    /// Whether the listener is registered and will see events from now on.
    var isReady: Bool { output.lines.contains("ready") }

    /// The events seen so far, oldest first.
    var events: [Event] {
        output.lines.compactMap { line in
            guard let data = line.data(using: .utf8),
                  let fields = try? JSONSerialization.jsonObject(with: data) as? [String], fields.count == 2 else { return nil }
            return Event(path: fields[0], data: fields[1])
        }
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

import CGtk
import Synchronization

/// Every GLib CRITICAL and WARNING (and every GtkHUD diagnostic) during a storm
/// run, through a structured-log writer installed once for the process. Messages
/// still reach the default writer, so they are printed as before.
enum StormLog {
    struct Entry: Sendable {
        let level: String
        let domain: String
        let message: String
        /// A GtkHUD message about refused or corrected input (`Diagnostics`).
        var isDiagnostic: Bool { domain == "GtkHUD" }
    }

    private static let capturing = Atomic<Bool>(false)
    private static let entries = Mutex<[Entry]>([])
    private static let installed = Mutex(false)

    /// Starts recording (installs the writer the first time).
    static func start() {
        installed.withLock { done in
            guard !done else { return }
            done = true
            g_log_set_writer_func(stormLogWriter, nil, nil)
        }
        _ = take()
        capturing.store(true, ordering: .releasing)
    }

    static func stop() { capturing.store(false, ordering: .releasing) }

    /// What was recorded since the last call.
    static func take() -> [Entry] { entries.withLock { recorded in defer { recorded = [] }; return recorded } }

    fileprivate static func record(level: GLogLevelFlags, fields: UnsafePointer<GLogField>?, count: Int) {
        guard capturing.load(ordering: .acquiring), let fields else { return }
        let serious = level.rawValue & (G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_ERROR.rawValue) != 0
        var domain = "", message = ""
        for index in 0..<count {
            let field = fields[index]
            guard let key = field.key, let value = field.value else { continue }
            let text = field.length < 0
                ? String(cString: value.assumingMemoryBound(to: CChar.self))
                : String(decoding: UnsafeRawBufferPointer(start: value, count: Int(field.length)), as: UTF8.self)
            switch String(cString: key) {
            case "GLIB_DOMAIN": domain = text
            case "MESSAGE": message = text
            default: break
            }
        }
        guard serious || domain == "GtkHUD" else { return }
        let name = level.rawValue & G_LOG_LEVEL_CRITICAL.rawValue != 0 ? "CRITICAL"
            : level.rawValue & G_LOG_LEVEL_WARNING.rawValue != 0 ? "WARNING" : serious ? "ERROR" : "MESSAGE"
        entries.withLock { $0.append(Entry(level: name, domain: domain, message: message)) }
    }
}

private func stormLogWriter(_ level: GLogLevelFlags, _ fields: UnsafePointer<GLogField>?, _ count: gsize,
                            _ data: gpointer?) -> GLogWriterOutput {
    StormLog.record(level: level, fields: fields, count: Int(count))
    return g_log_writer_default(level, fields, count, data)
}

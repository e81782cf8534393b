#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif


/// Where GtkHUD reports input it refused or corrected (a negative duration, an
/// empty banner, a call before GTK is initialised, ...).
///
/// Bad input never crashes: it is clamped or rejected, and one clear sentence
/// goes to the current handler. GtkHUD routes it to GLib's log (domain `GtkHUD`, level message);
/// tests replace the handler to assert on the message.
public enum Diagnostics {
    /// A message about input that was refused or corrected.
    public struct Message: Sendable, Equatable, CustomStringConvertible {
        /// The API that received the input, e.g. `"Banner.show(duration:)"`.
        public let source: String
        /// What was wrong and what was done instead.
        public let text: String
        /// A message from `source` (the public API name) saying `text`.
        public init(source: String, text: String) {
            self.source = source
            self.text = text
        }
        /// `GtkHUD: source: text`, as it is logged.
        public var description: String { "GtkHUD: \(source): \(text)" }
    }

    /// Receives every message. Replace it to capture, redirect or silence
    /// messages. HUDCore alone prints to standard error; GtkHUD routes messages
    /// to GLib's structured log (domain `GtkHUD`, level message) on first use,
    /// unless you set a handler of your own first.
    @MainActor public static var handler: @MainActor (Message) -> Void = Diagnostics.printToStandardError {
        didSet { hasCustomHandler = true }
    }

    /// Whether ``handler`` was set (by an app, a test or GtkHUD).
    @MainActor public private(set) static var hasCustomHandler = false

    /// The default handler: one line on standard error.
    @MainActor public static func printToStandardError(_ message: Message) {
        let line = Array((message.description + "\n").utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Reports a message to the current handler.
    @MainActor public static func report(_ source: String, _ text: String) {
        handler(Message(source: source, text: text))
    }
}

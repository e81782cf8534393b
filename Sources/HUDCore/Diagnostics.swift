/// Where GtkHUD reports input it refused or corrected (a negative duration, an
/// empty banner, a call before GTK is initialised, ...).
///
/// Bad input never crashes: it is clamped or rejected, and one clear sentence
/// goes to the current handler. The GtkHUD module routes it to `g_warning`;
/// tests replace the handler to assert on the message.
public enum Diagnostics {
    /// A message about input that was refused or corrected.
    public struct Message: Sendable, Equatable, CustomStringConvertible {
        /// The API that received the input, e.g. `"Banner.show(duration:)"`.
        public let source: String
        /// What was wrong and what was done instead.
        public let text: String
        public init(source: String, text: String) {
            self.source = source
            self.text = text
        }
        public var description: String { "GtkHUD: \(source): \(text)" }
    }

    /// Receives every message. Replace it to capture or silence messages.
    @MainActor public static var handler: @MainActor (Message) -> Void = { message in
        print(message.description)
    }

    /// Reports a message to the current handler.
    @MainActor public static func report(_ source: String, _ text: String) {
        handler(Message(source: source, text: text))
    }
}

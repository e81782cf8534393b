import CGtk

/// A CSS provider installed on the default display.
///
/// Libraries install at `GTK_STYLE_PROVIDER_PRIORITY_FALLBACK` so themes and
/// applications win; an app's own CSS uses `.application`.
@MainActor
public final class StyleSheet {
    /// Where a provider sits in GTK's cascade.
    public enum Priority: UInt32, Sendable {
        /// Below the theme: a library's defaults (`GTK_STYLE_PROVIDER_PRIORITY_FALLBACK`).
        case fallback = 1
        /// The theme's own level.
        case theme = 200
        /// Just above every theme, below applications
        /// (`GTK_STYLE_PROVIDER_PRIORITY_SETTINGS` + 1): libadwaita loads its
        /// stylesheet at `.theme`, but GTK loads the theme named in GtkSettings
        /// or `GTK_THEME` at the settings priority (measured with GTK 4.8's
        /// HighContrast). For a library's sizes that a theme's own pixel sizes
        /// must not hold still.
        case aboveTheme = 401
        /// An application's CSS (`GTK_STYLE_PROVIDER_PRIORITY_APPLICATION`).
        case application = 600
        /// The user's `gtk.css`.
        case user = 800
    }

    /// A CSS parse error with its location (1-based line and column).
    public struct ParseError: Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public let message: String
        public var description: String { "\(line):\(column): \(message)" }
    }

    private let provider: ObjectRef
    private let priority: Priority
    private var installedDisplay: OpaquePointer?
    /// Errors reported while parsing the last loaded text.
    public private(set) var errors: [ParseError] = []

    public init(priority: Priority) {
        self.priority = priority
        provider = ObjectRef(adopting: UnsafeMutableRawPointer(gtk_css_provider_new()))
        Signal.connectTwoPointers(provider.pointer, "parsing-error") { [weak self] section, error in
            self?.record(section: section, error: error)
        }
    }

    isolated deinit {
        uninstall()
    }

    /// Replaces the provider's CSS and returns the parse errors (empty when clean).
    /// Invalid CSS never throws or crashes; valid rules around an error still apply.
    @discardableResult
    public func load(_ css: String) -> [ParseError] {
        errors = []
        css.withCString { gtkhud_css_provider_load(provider.pointer.assumingMemoryBound(to: GtkCssProvider.self), $0) }
        return errors
    }

    /// Adds the provider to the default display (once GTK has one).
    @discardableResult
    public func install() -> Bool {
        guard installedDisplay == nil, let display = gdk_display_get_default() else { return installedDisplay != nil }
        gtkhud_add_provider_for_display(display, provider.pointer.opaque, priority.rawValue)
        installedDisplay = display
        return true
    }

    /// Removes the provider from the display it was added to.
    public func uninstall() {
        guard let display = installedDisplay else { return }
        gtkhud_remove_provider_for_display(display, provider.pointer.opaque)
        installedDisplay = nil
    }

    private func record(section: UnsafeMutableRawPointer?, error: UnsafeMutableRawPointer?) {
        var line = 0, column = 0
        if let section {
            let start = gtk_css_section_get_start_location(section.opaque)
            line = Int(start?.pointee.lines ?? 0) + 1
            column = Int(start?.pointee.line_chars ?? 0) + 1
        }
        let text = error.flatMap { $0.assumingMemoryBound(to: GError.self).pointee.message }.map { String(cString: $0) } ?? "invalid CSS"
        errors.append(ParseError(line: line, column: column, message: text))
    }
}

/// Which of an application's windows a message goes to (issue #27,
/// multi-window apps). The GTK layer lists the app's windows as facts, in the
/// application's own order (`gtk_application_get_windows`: the most recently
/// focused first); the choice is made here.
public enum AppWindowChoice {
    /// What GTK says about one window of the application.
    public struct Window: Equatable, Sendable {
        /// The name the app gave the window (`gtk_widget_set_name`, a `.ui`
        /// file's `name` property), or nil when it has none (GTK then reports
        /// the type's name, which the GTK layer does not pass on).
        public var name: String?
        /// Its id in a `.ui` file (`<object … id="editor">`), or nil.
        public var buildableID: String?
        /// Whether the window is shown (`gtk_widget_get_visible`).
        public var isVisible: Bool

        public init(name: String? = nil, buildableID: String? = nil, isVisible: Bool = true) {
            self.name = name
            self.buildableID = buildableID
            self.isVisible = isVisible
        }

        /// Whether `name` names this window: its widget name or its `.ui` id.
        public func isNamed(_ name: String) -> Bool {
            self.name == name || buildableID == name
        }
    }

    /// What the app asked for.
    public enum Request: Equatable, Sendable {
        /// The app's active window: the most recently focused one that is shown.
        case active
        /// The most recently focused window with that name, shown or hidden.
        case named(String)
        /// Every window that is shown.
        case every
    }

    /// Why no window was chosen.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The application has no window at all; `others` windows are open
        /// that were never added to it (`gtk_window_set_application`).
        case noWindows(others: Int)
        /// It has windows, but every one is hidden.
        case noVisibleWindow
        /// No window has that name; `known` lists the names its windows have.
        case noWindowNamed(String, known: [String])
        /// A window has that name, but it is not one of the application's:
        /// it was never added to it (`gtk_window_set_application`).
        case notTheApplicationsWindow(String)

        public var description: String {
            switch self {
            case .noWindows(let others) where others > 0:
                "the application has no window; the \(others) open are not its own "
                    + "(add them with gtk_window_set_application, or use an AdwApplicationWindow)."
            case .noWindows:
                "the application has no window; present one first."
            case .noVisibleWindow:
                "every window of the application is hidden; present one first."
            case let .noWindowNamed(name, known):
                "no window of the application is named “\(name)” "
                    + (known.isEmpty ? "(none of its windows has a name: gtk_widget_set_name, or an id in a .ui file)."
                                     : "(its windows are named \(known.map { "“\($0)”" }.joined(separator: ", "))).")
            case .notTheApplicationsWindow(let name):
                "the window named “\(name)” is not one of the application's windows; "
                    + "add it with gtk_window_set_application (an AdwApplicationWindow is added when made)."
            }
        }
    }

    /// The windows `request` picks, as indexes into `windows` (given most
    /// recently focused first): one for ``Request/active`` and
    /// ``Request/named(_:)``, every shown one, in the same order, for ``Request/every``.
    /// `others` are the open windows that are not the application's: never
    /// picked, they only make the refusal say what went wrong.
    ///
    /// A named window may be hidden (an app that hides its windows instead of
    /// closing them): the app asked for that one, so its messages wait there
    /// until it is shown, as a hidden context's banners do. Among several
    /// windows of one name (one per document, say) the shown one the user
    /// used last wins. The active and every-window requests pass hidden windows by.
    public static func pick(_ request: Request, among windows: [Window], others: [Window] = []) -> Result<[Int], Refusal> {
        if case .named(let name) = request, !windows.contains(where: { $0.isNamed(name) }),
           others.contains(where: { $0.isNamed(name) }) {
            return .failure(.notTheApplicationsWindow(name))
        }
        guard !windows.isEmpty else { return .failure(.noWindows(others: others.count)) }
        let shown = windows.indices.filter { windows[$0].isVisible }
        switch request {
        case .active:
            return shown.first.map { .success([$0]) } ?? .failure(.noVisibleWindow)
        case .every:
            return shown.isEmpty ? .failure(.noVisibleWindow) : .success(shown)
        case .named(let name):
            let named = windows.indices.filter { windows[$0].isNamed(name) }
            if let pick = named.first(where: { windows[$0].isVisible }) ?? named.first { return .success([pick]) }
            return .failure(.noWindowNamed(name, known: knownNames(of: windows)))
        }
    }

    /// Each name the windows answer to, once, in order.
    private static func knownNames(of windows: [Window]) -> [String] {
        var seen: [String] = []
        for name in windows.flatMap({ [$0.name, $0.buildableID] }).compactMap({ $0 }) where !seen.contains(name) {
            seen.append(name)
        }
        return seen
    }
}

import HUDCore

/// GtkHUD's own words, in the user's language (see HUDCore's `HUDStrings`).
public typealias HUDStrings = HUDCore.HUDStrings

extension HUDStrings {
    /// The words GtkHUD uses at this moment: its translation for the app's
    /// locale (gettext domain `gtkhud`), with ``overrides`` on top.
    ///
    /// Read afresh whenever a HUD or banner shows something, so an app that
    /// changes its language at run time (`LANGUAGE`, then `setlocale`) is
    /// followed from the next HUD or banner on.
    @MainActor public static var current: HUDStrings {
        var strings = translated(by: GettextCatalogs.pgettext)
        overrides.apply(to: &strings)
        return strings
    }

    /// App-wide replacements for GtkHUD's words, SVProgressHUD style: set once,
    /// used by every HUD and banner from then on. A word left `nil` (the
    /// default) is GtkHUD's translation.
    ///
    /// ```swift
    /// HUDStrings.overrides.cancel = "Stop"          // HUD.run's button, everywhere
    /// HUDStrings.overrides.loading = "Working"       // your own word (or your own gettext call)
    /// HUDStrings.overrides = .init()                 // back to GtkHUD's words
    /// ```
    /// A text given to a single call (`HUD.run(cancelTitle:)`, a status) wins over both.
    @MainActor public static var overrides = Overrides()

    /// Replacements for some of ``HUDStrings``' words: every word of
    /// `HUDStrings` can be set here by name (`overrides.dismiss = "Close"`);
    /// `nil` keeps GtkHUD's translation.
    @dynamicMemberLookup
    public struct Overrides: Sendable, Equatable {
        private var words: [Word: String] = [:]

        /// No replacements.
        public init() {}

        /// The replacement for one word of ``HUDStrings``, or `nil` for GtkHUD's translation.
        public subscript(dynamicMember word: WritableKeyPath<HUDStrings, String>) -> String? {
            get { Word(word).flatMap { words[$0] } }
            set { if let key = Word(word) { words[key] = newValue } }
        }

        func apply(to strings: inout HUDStrings) {
            for (word, text) in words { strings[keyPath: word.keyPath] = text }
        }
    }
}

/// The words of ``HUDStrings`` by name: a key path is not `Sendable`, a name is.
private enum Word: CaseIterable, Sendable {
    case loading, success, error, information, image, cancel, cancelled, failed, dismiss
    case resultPattern, progressPattern, percentPattern, sentencesPattern

    init?(_ keyPath: WritableKeyPath<HUDStrings, String>) {
        guard let word = Self.allCases.first(where: { $0.keyPath == keyPath }) else { return nil }
        self = word
    }

    var keyPath: WritableKeyPath<HUDStrings, String> {
        switch self {
        case .loading: \.loading
        case .success: \.success
        case .error: \.error
        case .information: \.information
        case .image: \.image
        case .cancel: \.cancel
        case .cancelled: \.cancelled
        case .failed: \.failed
        case .dismiss: \.dismiss
        case .resultPattern: \.resultPattern
        case .progressPattern: \.progressPattern
        case .percentPattern: \.percentPattern
        case .sentencesPattern: \.sentencesPattern
        }
    }
}

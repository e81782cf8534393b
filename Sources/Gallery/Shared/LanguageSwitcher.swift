import CGtk
import Foundation
import GtkHUD
import GtkSupport

/// The gallery's language menu (header bar) and `--language CODE`: switches the
/// language of GtkHUD's own words at run time, as an app with its own language
/// setting would. GtkHUD reads its words each time it shows something, so the
/// next HUD or banner speaks the new language; the gallery's own texts stay English.
///
/// What it takes (the README's "Languages" describes it for apps): set
/// `LANGUAGE`, and make sure the messages locale is a real one: glibc ignores
/// `LANGUAGE` in "C" (and, from glibc 2.41, in "C.UTF-8"). Arabic and Hebrew also
/// turn the whole window right-to-left, as GTK does at start-up for them.
@MainActor
enum LanguageSwitcher {
    static let choices: [(code: String?, name: String)] = [
        (nil, "System language"), ("en", "English"), ("de", "Deutsch"), ("fr", "Français"), ("es", "Español"),
        ("pt_BR", "Português (Brasil)"), ("ar", "العربية"), ("he", "עברית"), ("ja", "日本語"), ("zh_CN", "简体中文"),
    ]

    /// A locale for each language, tried when the messages locale is "C".
    private static let locales = ["en": "en_US.UTF-8", "de": "de_DE.UTF-8", "fr": "fr_FR.UTF-8", "es": "es_ES.UTF-8",
                                  "pt_BR": "pt_BR.UTF-8", "ar": "ar_EG.UTF-8", "he": "he_IL.UTF-8", "ja": "ja_JP.UTF-8",
                                  "zh_CN": "zh_CN.UTF-8"]

    /// The codes `--language` accepts.
    nonisolated static let codes = ["en", "de", "fr", "es", "pt_BR", "ar", "he", "ja", "zh_CN"]

    /// `LANGUAGE` and the text direction as the gallery started, for "System language".
    private static let startLanguage = ProcessInfo.processInfo.environment["LANGUAGE"]
    private static let startDirection = gtk_widget_get_default_direction()

    /// Switches GtkHUD's words to `code` (nil: back to how the gallery started).
    static func apply(_ code: String?) {
        // Read how the gallery started before the first switch changes it.
        let (startLanguage, startDirection) = (startLanguage, startDirection)
        if let code {
            setenv("LANGUAGE", code, 1)
            let messages = setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
            if ["C", "POSIX", "C.UTF-8", "C.utf8"].contains(messages) {
                // The language's own locale if it is installed, else any real one.
                let candidates: [String?] = [Self.locales[code], "en_US.UTF-8", "de_DE.UTF-8", "ja_JP.UTF-8", "ar_EG.UTF-8", "C.UTF-8"]
                _ = candidates.compactMap { $0 }.first { setlocale(LC_MESSAGES, $0) != nil }
            }
        } else if let startLanguage {
            setenv("LANGUAGE", startLanguage, 1)
        } else {
            unsetenv("LANGUAGE")
        }
        let rightToLeft = code.map { $0.hasPrefix("ar") || $0.hasPrefix("he") }
        gtk_widget_set_default_direction(rightToLeft.map { $0 ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR } ?? startDirection)
        if let dropDown, let index = choices.firstIndex(where: { $0.code == code }),
           Int(gtk_drop_down_get_selected(dropDown.op)) != index {
            gtk_drop_down_set_selected(dropDown.op, guint(index)) // calls back here with the same code: a no-op
        }
        EventCenter.shared.log("Language: \(code ?? "system") (GtkHUD says “\(HUDStrings.current.cancel)”)")
    }

    private static var dropDown: Widget?

    /// A drop-down for the header bar.
    static func makeDropDown() -> Widget {
        let dropDown = gtk_drop_down_new(UI.stringList(choices.map(\.name)), nil)!
        Self.dropDown = dropDown
        gtk_widget_set_tooltip_text(dropDown, "Language of GtkHUD's own words")
        let current = ProcessInfo.processInfo.environment["LANGUAGE"]
        if let index = choices.firstIndex(where: { $0.code != nil && $0.code == current }) {
            gtk_drop_down_set_selected(dropDown.op, guint(index))
        }
        Signal.connect(dropDown.raw, "notify::selected") {
            let index = Int(gtk_drop_down_get_selected(dropDown.op))
            if choices.indices.contains(index) { apply(choices[index].code) }
        }
        return dropDown
    }
}

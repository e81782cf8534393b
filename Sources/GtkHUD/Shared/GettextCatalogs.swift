import CGtk
import Glibc

/// GtkHUD's translations: the gettext domain `gtkhud`, looked up with libc's
/// `dgettext` so the app's own text domain is left alone and the language is
/// chosen exactly as for the app's strings (`LANGUAGE`, `LC_ALL`,
/// `LC_MESSAGES`, `LANG`; glibc ignores `LANGUAGE` while the messages locale is "C").
///
/// Where the compiled catalogs (`gtkhud.mo`) come from, first found wins:
/// 1. `GTKHUD_LOCALEDIR`, for packagers and tests;
/// 2. `../share/locale` beside the running executable, where `meson install`
///    puts them (the usual relocatable layout: `/usr/bin` and `/usr/share/locale`);
/// 3. the catalogs built into GtkHUD itself (`Resources/gtkhud-catalogs.bin`,
///    written by `scripts/update-po`), copied once into the user's cache
///    directory, because glibc reads catalogs only from files. This is what an
///    app that depends on GtkHUD through SwiftPM, with no install step, uses:
///    it needs neither Foundation (`Bundle.module`) nor gettext tools on the
///    machine, and it still works when the app's binary is moved.
/// 4. otherwise gettext's default directory (a distribution's package).
@MainActor
enum GettextCatalogs {
    static let domain = "gtkhud"

    /// The translation of `message` in `context` (gettext's `pgettext`), or `message` itself.
    static func pgettext(_ context: String, _ message: String) -> String {
        bindOnce()
        noticeLanguageChange()
        // gettext returns the key itself when there is no translation: read it
        // while the key's C string is alive, and tell the two apart by address.
        let key = context + "\u{4}" + message
        return key.withCString { keyPointer in
            guard let translated = dgettext(domain, keyPointer), translated != keyPointer else { return message }
            return String(cString: translated)
        }
    }

    /// The directory the domain is bound to (nil: gettext's default).
    static var boundDirectory: String? {
        bindOnce()
        return binding ?? nil
    }

    /// Bound once, on first use (`.some(nil)`: left to gettext's default).
    private static var binding: String??

    private static func bindOnce() {
        guard binding == nil else { return }
        let directory = chooseDirectory()
        if let directory { _ = bindtextdomain(domain, directory) }
        _ = bind_textdomain_codeset(domain, "UTF-8")
        binding = .some(directory)
    }

    /// `LANGUAGE` as last seen. glibc caches each translation until the locale
    /// changes, and `setlocale` to the locale already set is not a change, so an
    /// app switching `LANGUAGE` at run time would keep hearing the old language.
    /// GNU gettext's documented remedy is to bump `_nl_msg_cat_cntr` after
    /// changing `LANGUAGE`; GtkHUD does it for the app when it sees a change
    /// (looked up at run time: other C libraries may not have it, nor need it).
    private static var lastLanguage: String?? = .none

    private static func noticeLanguageChange() {
        let language = environment("LANGUAGE")
        guard lastLanguage != .some(language) else { return }
        if lastLanguage != nil, let counter = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "_nl_msg_cat_cntr") {
            counter.assumingMemoryBound(to: Int32.self).pointee &+= 1
        }
        lastLanguage = .some(language)
    }

    private static func chooseDirectory() -> String? {
        if let explicit = environment("GTKHUD_LOCALEDIR"), !explicit.isEmpty { return explicit }
        let catalogs = EmbeddedCatalogs.all
        if let installed = installedDirectory(), catalogs.contains(where: { exists("\(installed)/\($0.language)/LC_MESSAGES/\(domain).mo") }) {
            return installed
        }
        return EmbeddedCatalogs.extract(catalogs)
    }

    /// `<prefix>/share/locale` for an executable in `<prefix>/bin`.
    private static func installedDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = executable.lastIndex(of: "/") else { return nil }
        return executable[..<slash] + "/../share/locale"
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    static func exists(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }
}

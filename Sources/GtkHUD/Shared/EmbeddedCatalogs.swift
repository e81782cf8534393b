import Glibc
import HUDCore

/// The compiled translations built into GtkHUD (`Resources/gtkhud-catalogs.bin`,
/// made by `scripts/update-po` from `po/*.po` and checked by `scripts/check-po`),
/// so a SwiftPM build with no install step speaks the user's language.
///
/// The file is a sequence of records, each `<language>\n<byte count>\n<gtkhud.mo bytes>`.
@MainActor
enum EmbeddedCatalogs {
    struct Catalog {
        let language: String
        let bytes: ArraySlice<UInt8>
    }

    static var all: [Catalog] { parse(PackageResources.gtkhud_catalogs_bin) }

    static func parse(_ data: [UInt8]) -> [Catalog] {
        var catalogs: [Catalog] = []
        var index = data.startIndex
        func line() -> String? {
            guard let end = data[index...].firstIndex(of: 0x0A) else { return nil }
            defer { index = end + 1 }
            return String(decoding: data[index..<end], as: UTF8.self)
        }
        while index < data.endIndex {
            guard let language = line(), let countText = line(), let count = Int(countText),
                  count >= 0, count <= data.endIndex - index else { break }
            catalogs.append(Catalog(language: language, bytes: data[index..<index + count]))
            index += count
        }
        return catalogs
    }

    /// Writes the catalogs as `<dir>/<language>/LC_MESSAGES/gtkhud.mo` under the
    /// user's cache directory and returns `<dir>`, or nil when nothing could be
    /// written (then GtkHUD speaks English, or what a distribution installed).
    /// The directory is named after the contents, so two GtkHUD versions never
    /// share one, and each file is written to a temporary name and renamed, so
    /// two apps starting at once never read half a catalog.
    static func extract(_ catalogs: [Catalog]) -> String? {
        guard !catalogs.isEmpty else { return nil }
        let name = "catalogs-" + fingerprint(catalogs)
        for base in cacheBases() {
            let directory = base + "/gtkhud/" + name
            guard makeDirectories(directory), [base, base + "/gtkhud", directory].allSatisfy(isOurs) else { continue }
            if catalogs.allSatisfy({ write($0, under: directory) }) { return directory }
        }
        Diagnostics.report("GtkHUD translations", "no writable cache directory for the built-in catalogs "
            + "(XDG_CACHE_HOME, HOME, XDG_RUNTIME_DIR, /tmp); GtkHUD's own words stay in English.")
        return nil
    }

    private static func cacheBases() -> [String] {
        var bases: [String] = []
        if let cache = GettextCatalogs.environment("XDG_CACHE_HOME"), cache.hasPrefix("/") { bases.append(cache) }
        if let home = GettextCatalogs.environment("HOME"), home.hasPrefix("/") { bases.append(home + "/.cache") }
        if let runtime = GettextCatalogs.environment("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") { bases.append(runtime) }
        bases.append("/tmp/gtkhud-\(getuid())")
        return bases
    }

    private static func write(_ catalog: Catalog, under directory: String) -> Bool {
        guard !catalog.language.isEmpty, !catalog.language.contains("/"), !catalog.language.hasPrefix(".") else { return false }
        let folder = directory + "/" + catalog.language + "/LC_MESSAGES"
        let path = folder + "/" + GettextCatalogs.domain + ".mo"
        var info = stat()
        if stat(path, &info) == 0, info.st_size == catalog.bytes.count { return true }
        guard makeDirectories(folder) else { return false }
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return false }
        let written = catalog.bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == catalog.bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Whether `path` belongs to this user and nobody else may write to it: in a
    /// shared folder (/tmp) another user could have made it first, with catalogs of their own.
    private static func isOurs(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == getuid()
            && info.st_mode & 0o022 == 0
    }

    private static func makeDirectories(_ path: String) -> Bool {
        var partial = ""
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0, errno != EEXIST { return false }
        }
        return GettextCatalogs.exists(path)
    }

    /// FNV-1a over every catalog, in hex.
    private static func fingerprint(_ catalogs: [Catalog]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for catalog in catalogs {
            for byte in Array(catalog.language.utf8) + Array(catalog.bytes) {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }
}

import Glibc
@testable import GtkHUD
import XCTest

/// The catalogs built into GtkHUD, written once to the user's cache so glibc
/// can read them (see EmbeddedCatalogs): only into a folder that is the
/// user's alone, named after the contents, never outside it, and a cut-off
/// file is written again.
final class EmbeddedCatalogsTests: XCTestCase {
    private var saved: [String: String?] = [:]
    private var scratch = ""

    override func setUp() {
        var template = Array("/tmp/gtkhud-catalogs-test-XXXXXX".utf8CString)
        scratch = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        for name in ["XDG_CACHE_HOME", "HOME", "XDG_RUNTIME_DIR"] {
            saved[name] = getenv(name).map { String(cString: $0) }
        }
        setenv("XDG_CACHE_HOME", scratch + "/cache", 1)
        setenv("HOME", scratch + "/home", 1)
        setenv("XDG_RUNTIME_DIR", scratch + "/runtime", 1)
    }

    override func tearDown() {
        for (name, value) in saved {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        _ = system("rm -rf '\(scratch)'")
    }

    /// Records as scripts/update-po writes them: `<language>\n<byte count>\n<bytes>`.
    private static func data(_ records: [(String, [UInt8])]) -> [UInt8] {
        records.flatMap { language, bytes in Array("\(language)\n\(bytes.count)\n".utf8) + bytes }
    }

    private static func contents(of path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        while case let byte = fgetc(file), byte != EOF { bytes.append(UInt8(byte)) }
        return bytes
    }

    func testACutOffCatalogIsWrittenAgain() throws {
        try MainActor.assumeIsolated {
            let catalogs = EmbeddedCatalogs.parse(Self.data([("de", [1, 2, 3, 4, 5, 6])]))
            let directory = try XCTUnwrap(EmbeddedCatalogs.extract(catalogs))
            let path = directory + "/de/LC_MESSAGES/gtkhud.mo"
            XCTAssertEqual(Self.contents(of: path), [1, 2, 3, 4, 5, 6])
            XCTAssertEqual(truncate(path, 2), 0) // a write cut short (a full disk, a crash)
            XCTAssertEqual(EmbeddedCatalogs.extract(catalogs), directory)
            XCTAssertEqual(Self.contents(of: path), [1, 2, 3, 4, 5, 6], "the cut-off file was written again")
        }
    }

    func testTwoVersionsOfTheCatalogsNeverShareAFolder() throws {
        try MainActor.assumeIsolated {
            let old = try XCTUnwrap(EmbeddedCatalogs.extract(EmbeddedCatalogs.parse(Self.data([("de", [1, 2, 3])]))))
            let new = try XCTUnwrap(EmbeddedCatalogs.extract(EmbeddedCatalogs.parse(Self.data([("de", [1, 2, 4])]))))
            XCTAssertNotEqual(old, new, "same languages, other words: another folder")
            XCTAssertEqual(Self.contents(of: old + "/de/LC_MESSAGES/gtkhud.mo"), [1, 2, 3])
            XCTAssertEqual(Self.contents(of: new + "/de/LC_MESSAGES/gtkhud.mo"), [1, 2, 4])
        }
    }

    /// In a folder others may write to, someone else could have put catalogs
    /// of their own: it is passed over for the next candidate (HOME's cache).
    func testAFolderOthersMayWriteToIsPassedOver() throws {
        let scratch = self.scratch
        try MainActor.assumeIsolated {
            XCTAssertEqual(mkdir(scratch + "/cache", 0o700), 0)
            XCTAssertEqual(mkdir(scratch + "/cache/gtkhud", 0o700), 0)
            XCTAssertEqual(chmod(scratch + "/cache/gtkhud", 0o777), 0)
            let directory = try XCTUnwrap(EmbeddedCatalogs.extract(EmbeddedCatalogs.parse(Self.data([("de", [7])]))))
            XCTAssertTrue(directory.hasPrefix(scratch + "/home/.cache/gtkhud/catalogs-"), directory)
        }
    }

    /// A record whose language names a folder ("..") must not write outside
    /// the catalogs' folder; with nowhere to write, GtkHUD stays in English.
    func testALanguageNamedLikeAFolderWritesNothingOutside() throws {
        let scratch = self.scratch
        MainActor.assumeIsolated {
            var directory: String?
            let messages = HUDTesting.captureDiagnostics {
                directory = EmbeddedCatalogs.extract(EmbeddedCatalogs.parse(Self.data([("..", [9, 9])])))
            }
            XCTAssertNil(directory)
            XCTAssertFalse(GettextCatalogs.exists(scratch + "/cache/gtkhud/LC_MESSAGES/gtkhud.mo"), "written outside its folder")
            XCTAssertEqual(messages.map(\.source), ["GtkHUD translations"])
        }
    }

    /// A cut-off resource (a record longer than what is left) yields the whole records before it.
    func testACutOffRecordIsLeftOut() {
        MainActor.assumeIsolated {
            let whole = Self.data([("de", [1, 2, 3])])
            let catalogs = EmbeddedCatalogs.parse(whole + Array("fr\n10\nab".utf8))
            XCTAssertEqual(catalogs.map(\.language), ["de"])
            XCTAssertEqual(catalogs.first.map { Array($0.bytes) }, [1, 2, 3])
        }
    }
}

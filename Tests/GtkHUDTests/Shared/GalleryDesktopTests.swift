import CGtk
import Foundation
import XCTest

/// The gallery's desktop integration: .desktop file, AppStream metainfo and icon.
final class GalleryDesktopTests: XCTestCase {
    static let appID = "io.github.gtkhud.Gallery"
    private var data: URL { GalleryBinary.root.appendingPathComponent("data") }

    /// Runs a validator from PATH; skips when it is missing (scripts/test installs it),
    /// unless GTKHUD_REQUIRE_DISPLAY=1 says this is a full run.
    private func validate(_ tool: String, _ arguments: [String]) throws -> GalleryBinary.Run {
        let run = try GalleryBinary.runTool(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, timeout: 60)
        if run.status == 127 {
            if ProcessInfo.processInfo.environment["GTKHUD_REQUIRE_DISPLAY"] == "1" { XCTFail("\(tool) is not installed") }
            throw XCTSkip("\(tool) is not installed")
        }
        return run
    }

    func testDesktopFileValidates() throws {
        let path = data.appendingPathComponent("\(Self.appID).desktop").path
        let run = try validate("desktop-file-validate", [path])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertEqual(run.stdout + run.stderr, "", "desktop-file-validate printed hints or warnings")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("Exec=gtkhud-gallery"))
        XCTAssertTrue(text.contains("Icon=\(Self.appID)"))
    }

    func testMetainfoValidates() throws {
        let path = data.appendingPathComponent("\(Self.appID).metainfo.xml").path
        let run = try validate("appstreamcli", ["validate", "--no-net", path])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertFalse((run.stdout + run.stderr).contains("W: "), "appstreamcli warnings:\n\(run.stdout)")
        XCTAssertFalse((run.stdout + run.stderr).contains("E: "), "appstreamcli errors:\n\(run.stdout)")
    }

    /// Every screenshot the metainfo lists is one the repository ships.
    func testMetainfoScreenshotsExistInDocs() throws {
        let xml = try String(contentsOf: data.appendingPathComponent("\(Self.appID).metainfo.xml"), encoding: .utf8)
        let images = xml.components(separatedBy: "<image>").dropFirst().compactMap { $0.components(separatedBy: "</image>").first }
        XCTAssertGreaterThanOrEqual(images.count, 3)
        for url in images {
            let name = (url as NSString).lastPathComponent
            let local = GalleryBinary.root.appendingPathComponent("docs/screenshots/\(name)").path
            XCTAssertTrue(FileManager.default.fileExists(atPath: local), "\(url) has no docs/screenshots/\(name)")
        }
    }

    func testIconIsAScalableSVGThatRenders() throws {
        let path = data.appendingPathComponent("\(Self.appID).svg").path
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_file(file, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            if let error { g_error_free(error) }
            return XCTFail("the icon does not load: \(message)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        XCTAssertEqual(gdk_texture_get_width(texture), 128)
        XCTAssertEqual(gdk_texture_get_height(texture), 128)
    }
}

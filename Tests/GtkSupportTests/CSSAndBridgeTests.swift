import CGtk
import Foundation
import GtkSupport
import XCTest

final class StyleSheetTests: XCTestCase {
    func testCSSChangesPixelsAndReportsErrorsWithLocation() throws {
        try GtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            let host = HostWindow(width: 120, height: 60)
            let square = WidgetTypes.instantiate(RedSquare.gtype)
            host.setChild(square)
            host.present()
            let sheet = StyleSheet(priority: .application)
            XCTAssertEqual(sheet.load("redsquare { background-color: rgb(0, 0, 255); }"), [])
            sheet.install()
            host.waitForFrames(2)
            guard let image = WidgetRenderer.render(square) else { return XCTFail("no rendering") }
            let blue = image.count(where: { $0.blue > 200 && $0.red < 50 })
            XCTAssertGreaterThan(blue, image.width * image.height / 3, "CSS background must paint the right half blue")

            let errors = sheet.load("redsquare {\n  color: not-a-colour;\n}")
            XCTAssertEqual(errors.count, 1)
            XCTAssertEqual(errors.first?.line, 2)
            sheet.uninstall()
            host.close()
        }
    }
}

final class MainActorBridgeTests: XCTestCase {
    /// Runs a real GLib program (BridgeProbe): a detached task hops to the main
    /// actor 1,000 times inside g_main_loop_run; every hop must run, in order,
    /// on the main thread, and the idle loop must not spin.
    func testDetachedTaskHopsRunInOrderInsideGLibLoop() throws {
        let probe = productsDirectory.appendingPathComponent("BridgeProbe")
        guard FileManager.default.fileExists(atPath: probe.path) else {
            return XCTFail("BridgeProbe is not built; run `swift build --build-tests` (scripts/test does)")
        }
        let process = Process()
        process.executableURL = probe
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("hops: 1002 of 1002, in order: true, off main thread: 0"), text)
        XCTAssertTrue(text.contains("bridge: ok"), text)
    }

    private var productsDirectory: URL {
        Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent()
            ?? Bundle.main.bundleURL
    }
}

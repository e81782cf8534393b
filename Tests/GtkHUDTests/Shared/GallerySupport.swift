import CGtk
import Foundation
import XCTest

/// Runs the built `gtkhud-gallery` as a subprocess (it sits next to the
/// .xctest bundle, like BridgeProbe), with a timeout.
enum GalleryBinary {
    struct Run: Sendable {
        let arguments: [String]
        let status: Int32
        let stdout: String
        let stderr: String
        let timedOut: Bool

        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
        /// `(kind, text)` of every `shown: <kind> <text>` line, in order.
        var shown: [(kind: String, text: String)] {
            lines.compactMap { line in
                guard line.hasPrefix("shown: ") else { return nil }
                let rest = line.dropFirst("shown: ".count)
                let parts = rest.split(separator: " ", maxSplits: 1)
                return (String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "")
            }
        }
        var summary: String {
            "gtkhud-gallery \(arguments.joined(separator: " ")) → status \(status)\(timedOut ? " (timed out)" : "")\nstdout:\n\(stdout)\nstderr:\n\(stderr.suffix(2_000))"
        }
    }

    static var productsDirectory: URL {
        Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent()
            ?? Bundle.main.bundleURL
    }

    static var binary: URL { productsDirectory.appendingPathComponent("gtkhud-gallery") }

    /// The package root (for data/ and docs/).
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Fails the test when the gallery was not built.
    static func requireBinary(file: StaticString = #filePath, line: UInt = #line) throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            XCTFail("gtkhud-gallery is not built at \(binary.path); run `swift build --build-tests` (scripts/test does)", file: file, line: line)
            throw XCTSkip("gallery missing")
        }
    }

    /// Runs the gallery with `arguments`; kills it after `timeout` seconds.
    static func run(_ arguments: [String], timeout: TimeInterval = 30, environment extra: [String: String] = [:]) throws -> Run {
        try runTool(binary, arguments, timeout: timeout, environment: ["GTK_A11Y": "none"].merging(extra) { $1 })
    }

    /// Runs any executable with a timeout, capturing both outputs.
    static func runTool(_ executable: URL, _ arguments: [String], timeout: TimeInterval = 30,
                        environment extra: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("out"), errURL = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            if finished.wait(timeout: .now() + 3) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
        }
        try? out.close()
        try? err.close()
        let stdout = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return Run(arguments: arguments, status: process.terminationStatus, stdout: stdout, stderr: stderr, timedOut: timedOut)
    }

    /// Runs `jobs` gallery invocations, `parallel` at a time; results in input order.
    static func runAll(_ jobs: [[String]], parallel: Int = 3, timeout: TimeInterval = 30) -> [Result<Run, Error>] {
        final class Box: @unchecked Sendable {
            let lock = NSLock()
            var results: [Int: Result<Run, Error>] = [:]
        }
        let box = Box()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = parallel
        for (index, arguments) in jobs.enumerated() {
            queue.addOperation {
                let result = Result { try run(arguments, timeout: timeout) }
                box.lock.lock()
                box.results[index] = result
                box.lock.unlock()
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        return jobs.indices.map { box.results[$0]! }
    }
}

/// A PNG read back with GDK, as straight RGBA.
struct PNGImage {
    let width: Int
    let height: Int
    private let bytes: [UInt8] // BGRA premultiplied, 4 bytes a pixel

    init?(path: String) {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let texture = gdk_texture_new_from_file(file, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let w = Int(gdk_texture_get_width(texture)), h = Int(gdk_texture_get_height(texture))
        var data = [UInt8](repeating: 0, count: w * h * 4)
        data.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(w * 4)) }
        width = w
        height = h
        bytes = data
    }

    func pixel(_ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        let offset = (y * width + x) * 4
        return (Int(bytes[offset + 2]), Int(bytes[offset + 1]), Int(bytes[offset]), Int(bytes[offset + 3]))
    }

    /// How many distinct colours (coarsened to 4 bits a channel) appear.
    var colourCount: Int {
        var seen = Set<Int>()
        for y in stride(from: 0, to: height, by: 2) {
            for x in stride(from: 0, to: width, by: 2) {
                let p = pixel(x, y)
                seen.insert((p.red >> 4) << 8 | (p.green >> 4) << 4 | (p.blue >> 4))
            }
        }
        return seen.count
    }

    /// Pixels in the rectangle that differ clearly from `other` (same size).
    func differingPixels(from other: PNGImage, x: Int = 0, y: Int = 0, width w: Int? = nil, height h: Int? = nil) -> Int {
        let right = min(x + (w ?? width), width, other.width), bottom = min(y + (h ?? height), height, other.height)
        var count = 0
        for row in y..<bottom {
            for column in x..<right {
                let a = pixel(column, row), b = other.pixel(column, row)
                if abs(a.red - b.red) + abs(a.green - b.green) + abs(a.blue - b.blue) > 60 { count += 1 }
            }
        }
        return count
    }

    /// Pixels in the rectangle satisfying `predicate`.
    func count(x: Int = 0, y: Int = 0, width w: Int? = nil, height h: Int? = nil,
               where predicate: ((red: Int, green: Int, blue: Int, alpha: Int)) -> Bool) -> Int {
        var total = 0
        for row in y..<min(y + (h ?? height), height) {
            for column in x..<min(x + (w ?? width), width) where predicate(pixel(column, row)) { total += 1 }
        }
        return total
    }
}

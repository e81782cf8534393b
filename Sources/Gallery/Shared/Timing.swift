// Waiting on GLib's clock from async code, and repeating timers, for pages,
// scenarios and screenshots. GtkHUD's main-queue bridge runs `@MainActor`
// tasks inside the GLib loop, so a `Task { @MainActor in … }` can simply await these.
import CGtk
import Foundation
import GtkSupport

@MainActor
enum Clock {
    /// Resumes after `seconds` of GLib time; under orca-probe, not before Orca
    /// has said every message shown so far (``ScreenReaderLink``), so a
    /// scenario never takes a message away before the screen reader read it.
    static func sleep(_ seconds: Double) async {
        await pause(seconds)
        await ScreenReaderLink.heardEverything(timeout: 5)
    }

    /// Resumes after `seconds` of GLib time, whatever the screen reader has
    /// said: for a message that waits, unspoken, for the user to come back.
    static func pause(_ seconds: Double) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            MainLoop.after(milliseconds: UInt32(max(0, seconds) * 1000)) { continuation.resume() }
        }
    }

    /// Resumes after `count` frames of `widget`'s frame clock (layout and paint
    /// have happened), or after a short timeout if the widget is not drawing.
    static func frames(_ count: Int, of widget: Widget) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            var remaining = count
            var resumed = false
            let finish = {
                guard !resumed else { return }
                resumed = true
                continuation.resume()
            }
            TickCallback.add(to: widget) { _ in
                remaining -= 1
                if remaining <= 0 { finish(); return false }
                return true
            }
            MainLoop.after(milliseconds: UInt32(count) * 100 + 200) { finish() }
        }
    }

    /// Resumes once `condition` holds (checked every 20 ms) or `timeout` passes; returns whether it held.
    @discardableResult
    static func until(timeout: Double = 5, _ condition: @escaping @MainActor () -> Bool) async -> Bool {
        var waited = 0.0
        while !condition() {
            if waited >= timeout { return false }
            await pause(0.02)
            waited += 0.02
        }
        return true
    }
}

/// A repeating GLib timer that stops when `tick` returns false or on `cancel()`.
@MainActor
final class RepeatingTimer {
    private var source: MainLoopSource?
    private let interval: UInt32
    private let tick: @MainActor () -> Bool

    @discardableResult
    init(every seconds: Double, _ tick: @escaping @MainActor () -> Bool) {
        interval = UInt32(seconds * 1000)
        self.tick = tick
        schedule()
    }

    private func schedule() {
        // Keeps itself alive through the pending source until it stops.
        source = MainLoop.after(milliseconds: interval) { [self] in
            if tick() { schedule() } else { source = nil }
        }
    }

    func cancel() {
        source?.cancel()
        source = nil
    }
}

/// Animates a progress value from 0 to 1 over `duration`, calling `update`
/// each step; `completion` runs at 1.
@MainActor
@discardableResult
func animateProgress(duration: Double, steps: Int = 25, update: @escaping @MainActor (Double) -> Void,
                     completion: @escaping @MainActor () -> Void = {}) -> RepeatingTimer {
    var step = 0
    update(0)
    return RepeatingTimer(every: duration / Double(steps)) {
        step += 1
        update(min(1, Double(step) / Double(steps)))
        if step >= steps { completion(); return false }
        return true
    }
}

/// Waits for events rather than for time (the screen-reader scenarios: a
/// fixed pause is too short on a slow machine and wasted on a fast one).
@MainActor
enum Await {
    /// Resumes when `object` emits `signal` and `condition` holds then (or
    /// already holds), or after `timeout` seconds, a guard that only fires
    /// when the event never comes; returns whether the condition held.
    @discardableResult
    static func signal(_ object: UnsafeMutableRawPointer, _ signal: String, timeout: Double = 10,
                       until condition: @escaping @MainActor () -> Bool) async -> Bool {
        if condition() { return true }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            final class State { var connection: SignalConnection?; var guardTimer: MainLoopSource?; var done = false }
            let state = State()
            let finish = { (held: Bool) in
                guard !state.done else { return }
                state.done = true
                state.connection?.disconnect()
                state.guardTimer?.cancel()
                continuation.resume(returning: held)
            }
            state.connection = Signal.connect(object, signal) { if condition() { finish(true) } }
            state.guardTimer = MainLoop.after(milliseconds: UInt32(timeout * 1000)) { finish(condition()) }
        }
    }

    /// Runs `arguments` (a program and its arguments, looked up in PATH) and
    /// resumes when it exits; returns its standard output, or nil when it
    /// could not start or failed.
    static func run(_ arguments: [String]) async -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        return await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            process.terminationHandler = { ended in
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                continuation.resume(returning: ended.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil)
            }
            do { try process.run() } catch { continuation.resume(returning: nil) }
        }
    }
}

/// What orca-probe tells the gallery on standard input (ORCA_PROBE_READY_ON_STDIN=1):
/// `orca-probe: focus presented` once Orca has presented the window's focus,
/// then `orca-probe: spoke <text>` for every utterance in Orca's log. Scenarios
/// wait for those events instead of guessing how long Orca takes: the first
/// scenario starts once the focus was presented, and every pause of a scenario
/// (``Clock/sleep(_:)``) lasts until Orca has said what was shown (5 s at most).
/// On a loaded machine Orca once needed more than the 0.7 s a blocking HUD
/// stayed up, and read its bezel when it was already gone: "statusbar.".
@MainActor
enum ScreenReaderLink {
    /// Whether the gallery runs under orca-probe.
    static let isActive = ProcessInfo.processInfo.environment["ORCA_PROBE_READY_ON_STDIN"] == "1"

    private final class Inbox: @unchecked Sendable {
        private let lock = NSLock()
        private var focusLine: String?
        private var utterances: [String] = []
        private var closed = false
        func add(_ line: String) {
            lock.lock(); defer { lock.unlock() }
            if line.hasPrefix("orca-probe: spoke ") {
                utterances.append(String(line.dropFirst("orca-probe: spoke ".count)))
            } else if line.hasPrefix("orca-probe: focus"), focusLine == nil {
                focusLine = line
            }
        }
        func close() { lock.lock(); closed = true; lock.unlock() }
        var state: (focus: String?, utterances: [String], closed: Bool) {
            lock.lock(); defer { lock.unlock() }
            return (focusLine, utterances, closed)
        }
    }

    private static let inbox = Inbox()
    private static var started = false
    /// Shown texts not yet heard, with how many utterances had arrived when each was shown.
    private static var unheard: [(words: [String], since: Int)] = []

    private static func start() {
        guard !started else { return }
        started = true
        let inbox = self.inbox
        Thread {
            forEachLineOfStandardInput { inbox.add($0) }
            inbox.close()
        }.start()
    }

    /// Calls `body` with every line read from descriptor 0 until end of file, with
    /// read(2), not stdio: Debian 13's glibc takes every stdio stream's lock in
    /// `exit()`, stdin's included, so a thread blocked in `readLine` kept the
    /// gallery from exiting until orca-probe's timeout killed it (2 minutes a run).
    private nonisolated static func forEachLineOfStandardInput(_ body: (String) -> Void) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            pending.append(contentsOf: buffer[0..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                body(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
        }
        if !pending.isEmpty { body(String(decoding: pending, as: UTF8.self)) }
    }

    /// Waits until orca-probe says whether Orca presented the window's focus; returns its line.
    static func focusPresented(timeout: Double) async -> String? {
        start()
        _ = await Clock.until(timeout: timeout) { inbox.state.focus != nil || inbox.state.closed }
        return inbox.state.focus
    }

    /// A message was put on screen: pauses last until Orca has said it.
    static func shown(_ text: String) {
        guard isActive else { return }
        start()
        let words = Self.words(of: text)
        if !words.isEmpty { unheard.append((words, inbox.state.utterances.count)) }
    }

    /// Waits until Orca has said everything shown so far (or `timeout` passes; then stops waiting for it).
    static func heardEverything(timeout: Double) async {
        guard isActive, !unheard.isEmpty else { return }
        _ = await Clock.until(timeout: timeout) {
            let utterances = inbox.state.utterances
            unheard.removeAll { entry in
                utterances.dropFirst(max(0, entry.since - 1)).contains { said in
                    let heard = Set(words(of: said))
                    return entry.words.allSatisfy(heard.contains)
                }
            }
            return unheard.isEmpty
        }
        unheard = []
    }

    /// Lower-cased runs of letters and digits, markup and invisible marks left out.
    private static func words(of text: String) -> [String] {
        var plain = ""
        var inTag = false
        for character in text {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { plain.append(character) }
        }
        return plain.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}

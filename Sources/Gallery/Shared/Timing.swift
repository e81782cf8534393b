// Waiting on GLib's clock from async code, and repeating timers, for pages,
// scenarios and screenshots. GtkHUD's main-queue bridge runs `@MainActor`
// tasks inside the GLib loop, so a `Task { @MainActor in … }` can simply await these.
import CGtk
import Foundation
import GtkSupport

@MainActor
enum Clock {
    /// Resumes after `seconds` of GLib time.
    static func sleep(_ seconds: Double) async {
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
            await sleep(0.02)
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

    /// Resumes when a line starting with `prefix` arrives on standard input
    /// and returns it, or nil when input closes or `timeout` seconds pass.
    static func standardInputLine(startingWith prefix: String, timeout: Double) async -> String? {
        await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            final class Once: @unchecked Sendable {
                private let lock = NSLock()
                private var done = false
                func claim() -> Bool { lock.lock(); defer { lock.unlock() }; if done { return false }; done = true; return true }
            }
            let once = Once()
            let reader = Thread {
                var came: String?
                while let read = Swift.readLine(strippingNewline: true) {
                    if read.hasPrefix(prefix) { came = read; break }
                }
                if once.claim() { continuation.resume(returning: came) }
            }
            reader.start()
            MainLoop.after(milliseconds: UInt32(timeout * 1000)) {
                if once.claim() { continuation.resume(returning: nil) }
            }
        }
    }
}

// A real GLib program used by the test suite: inside g_main_loop_run, a
// detached task hops to the main actor 1,000 times; every hop must run, in
// order, on the main thread, alongside DispatchQueue.main blocks and
// `await MainActor.run`. Then the loop idles to show the bridge does not spin.
// Prints one result line per check and exits 0 only if all hold.
import CGtk
import Dispatch
import Foundation
import GtkSupport

let hopCount = 1_000
nonisolated(unsafe) var failures: [String] = []

@MainActor final class HopLog {
    var values: [Int] = []
    var offMain = 0
    func record(_ value: Int) {
        if !Thread.isMainThread { offMain += 1 }
        values.append(value)
    }
}

func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

let loop = g_main_loop_new(nil, 0)
let log = MainActor.assumeIsolated { HopLog() }
print("bridge installed at load: \(MainActorBridge.isInstalled)")
if !MainActorBridge.isInstalled { failures.append("bridge not installed at load") }

Task.detached {
    for index in 0..<hopCount {
        await MainActor.run { log.record(index) }
    }
    // Unstructured main-actor tasks and Dispatch blocks keep FIFO order too.
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { MainActor.assumeIsolated { log.record(hopCount) } }
        Task { @MainActor in
            log.record(hopCount + 1)
            done.resume()
        }
    }
    await MainActor.run {
        let expected = Array(0...(hopCount + 1))
        let ordered = log.values == expected
        print("hops: \(log.values.count) of \(expected.count), in order: \(ordered), off main thread: \(log.offMain)")
        if !ordered { failures.append("hops out of order or missing") }
        if log.offMain != 0 { failures.append("\(log.offMain) hops ran off the main thread") }
        // Idle for half a second: a spinning bridge would burn CPU here.
        let before = processCPUSeconds()
        _ = MainLoop.after(milliseconds: 500) {
            let used = processCPUSeconds() - before
            print(String(format: "idle loop CPU over 0.5 s: %.3f s", used))
            if used > 0.25 { failures.append("main loop spins while idle") }
            g_main_loop_quit(loop)
        }
    }
}

// A watchdog so a broken bridge fails instead of hanging the suite.
let watchdog = MainActor.assumeIsolated {
    MainLoop.after(milliseconds: 20_000) {
        failures.append("timed out: hops did not complete inside the GLib loop")
        g_main_loop_quit(loop)
    }
}
g_main_loop_run(loop)
MainActor.assumeIsolated { watchdog.cancel() }
g_main_loop_unref(loop)
if failures.isEmpty {
    print("bridge: ok")
    exit(0)
} else {
    print("bridge: FAILED: \(failures.joined(separator: "; "))")
    exit(1)
}

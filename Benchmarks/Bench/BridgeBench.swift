import CGtk
import Foundation
import GtkHUD
import GtkSupport
import Synchronization

/// Does main-actor work keep flowing while a HUD spins, and does painting keep
/// flowing while main-actor work floods in? (Issue #11, bug 15.) With the
/// bridge below GTK's redraw priority, the GL renderer's continuous redraws
/// held `Task.sleep(0.1)` for seconds; at default priority a progress storm held
/// painting at 7 frames a second. Run it with and without GSK_RENDERER=cairo.
@MainActor
enum BridgeBench {
    @MainActor final class Box { var latencies: [Double] = []; var done = false }
    final class Counters: Sendable {
        let hops = Atomic<Int>(0)
        let stop = Atomic<Bool>(false)
        let finished = Atomic<Int>(0)
    }

    static func run(width: Int32 = 400, height: Int32 = 300) {
        Bench.setAnimations(true)
        let scene = SpinnerBench.makeScene(.hud, width: width, height: height)
        note("bridge: \(width)×\(height) window")
        defer { scene.close() }
        Bench.pump(seconds: 0.3)

        // 1. Ten `Task.sleep(for: .milliseconds(100))` in a row on the main actor.
        let box = Box()
        scene.counter.reset()
        let start = wallSeconds()
        Task { @MainActor in
            for _ in 0..<10 {
                let before = wallSeconds()
                try? await Task.sleep(for: .milliseconds(100))
                box.latencies.append(wallSeconds() - before)
            }
            box.done = true
        }
        while !box.done && wallSeconds() - start < 120 { MainLoop.iterate(mayBlock: true) }
        let sleepFPS = Double(scene.counter.painted) / (wallSeconds() - start)
        let sorted = box.latencies.sorted()
        note(String(format: "Task.sleep(0.1) under a spinning HUD: median %.3f s, max %.3f s (%d of 10 done), %.1f frames/s",
                    median(sorted), sorted.last ?? .nan, sorted.count, sleepFPS))
        report("bridge_sleep_100ms_median_s", median(sorted))
        report("bridge_sleep_100ms_max_s", sorted.last ?? .nan)

        // 2. Background tasks awaiting `showProgress` (one main-actor hop each) for 2 s.
        let counters = Counters()
        ProgressHUD.host = scene.host.window
        for _ in 0..<4 {
            Task.detached { [counters] in
                var count = 0
                while !counters.stop.load(ordering: .relaxed) {
                    count += 1
                    await ProgressHUD.showProgress(Double(count % 100) / 100, status: "Copying")
                    counters.hops.add(1, ordering: .relaxed)
                }
                counters.finished.add(1, ordering: .releasing)
            }
        }
        scene.counter.reset()
        Bench.pump(seconds: 2)
        counters.stop.store(true, ordering: .relaxed)
        let awaited = Double(counters.hops.load(ordering: .relaxed)) / 2
        let awaitedFPS = Double(scene.counter.painted) / 2
        let end = wallSeconds() + 30
        while counters.finished.load(ordering: .acquiring) < 4 && wallSeconds() < end { MainLoop.iterate(mayBlock: true) }
        ProgressHUD.reset()
        ProgressHUD.host = nil
        note(String(format: "awaited showProgress from 4 tasks: %.0f/s, %.1f frames/s", awaited, awaitedFPS))
        report("bridge_awaited_show_progress_per_sec", awaited, decimals: 0)
        report("bridge_awaited_frames_per_sec", awaitedFPS, decimals: 1)

        // 3. A storm of `setProgress` from threads for 1 s: frames painted meanwhile.
        if let hud = scene.hud {
            hud.mode = .annularDeterminate
            Bench.pump(seconds: 0.2)
            scene.counter.reset()
            let posted = ProgressBench.storm(seconds: 1) { hud.setProgress($0) }
            note("setProgress storm: \(posted) updates in 1 s, \(scene.counter.painted) frames")
            report("bridge_storm_frames_per_sec", scene.counter.painted)
        }
    }

    // MARK: Main-actor job latency (issue #14)

    @MainActor final class Latencies { var values: [Double] = [] }

    /// A background thread enqueues a main-actor job (`Task { @MainActor in }`)
    /// every 1–4 ms for `seconds` while `subject` spins; each job records how long
    /// it waited. Returns the waits in seconds.
    static func jobLatencies(_ subject: SpinnerBench.Subject, seconds: Double) -> [Double] {
        Bench.setAnimations(true)
        let scene = SpinnerBench.makeScene(subject)
        defer { scene.close() }
        Bench.pump(seconds: 0.3)
        let box = Latencies()
        let stop = Atomic<Bool>(false), finished = Atomic<Bool>(false)
        Thread {
            var step = 0
            while !stop.load(ordering: .relaxed) {
                let posted = wallSeconds()
                Task { @MainActor in box.values.append(wallSeconds() - posted) }
                step += 1
                usleep(useconds_t(1_000 + (step * 7_919) % 3_000))
            }
            finished.store(true, ordering: .releasing)
        }.start()
        Bench.pump(seconds: seconds)
        stop.store(true, ordering: .relaxed)
        while !finished.load(ordering: .acquiring) { MainLoop.iterate(mayBlock: true) }
        Bench.pump(seconds: 0.1)
        return box.values
    }

    static func runJobLatency() {
        let seconds = quickRun ? 2.0 : 4.0
        let frame = ShowBench.frameIntervalMs
        let hud = jobLatencies(.hud, seconds: seconds).map { $0 * 1000 }
        let gtk = jobLatencies(.gtk, seconds: seconds).map { $0 * 1000 }
        note(String(format: "main-actor jobs while a HUD spins: %d jobs, median %.2f ms, p99 %.2f ms, max %.2f ms; "
                    + "beside a bare GtkSpinner: median %.2f ms, p99 %.2f ms, max %.2f ms",
                    hud.count, median(hud), percentile(hud, 99), hud.max() ?? .nan,
                    median(gtk), percentile(gtk, 99), gtk.max() ?? .nan))
        report("main_actor_job_latency_p99_ms", percentile(hud, 99), decimals: 2)
        report("main_actor_job_latency_p99_frames", percentile(hud, 99) / frame)
        report("main_actor_job_latency_max_ms", hud.max() ?? .nan, decimals: 2)
        report("main_actor_job_latency_gtkspinner_p99_ms", percentile(gtk, 99), decimals: 2)
    }
}

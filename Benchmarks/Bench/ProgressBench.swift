import CGtk
import Dispatch
import Foundation
import GtkHUD
import GtkSupport
import HUDCore
import Synchronization

/// Progress from many threads: `HUD.setProgress` (a lock-free mailbox, one
/// main-loop callback per turn) against the hand-written approach, one
/// `g_idle_add` per update to a GtkProgressBar.
@MainActor
enum ProgressBench {
    nonisolated static let threads = 8
    static let totalUpdates = 1_000_000

    /// Storm figures: posting time, time until the UI holds the final value, frames and ring snapshots.
    struct Storm {
        var postingSeconds = 0.0
        var endToEndSeconds = 0.0
    }

    /// Rounds of each storm; figures are medians, as the machine's other load makes single storms noisy.
    static let rounds = 3

    static func run() {
        Bench.setAnimations(true)
        SnapshotCounter.installOnRing()
        let host = HostWindow(width: 400, height: 300, title: "gtkhud-bench progress")
        host.setChild(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        host.present()
        guard let hud = try? HUD(on: host.window) else { exit(1) }
        hud.mode = .annularDeterminate
        hud.label = "Copying"
        hud.show(animated: false)
        host.waitForFrames(2)
        ProgressHUD.host = host.window
        _ = storm(updates: 50_000) { hud.setProgress($0) } // warm-up

        // Redraws: threads post as fast as they can for a second, so the storm spans many frames.
        Bench.pump(seconds: 0.3)
        let counter = FrameCounter(window: host.window)
        SnapshotCounter.ringCount = 0
        let sustained = storm(seconds: 1) { hud.setProgress($0) }
        let frames = counter.painted, snapshots = SnapshotCounter.ringCount
        counter.stop()
        note(String(format: "sustained storm: %d updates in 1 s from %d threads, %d frames, %d ring snapshots",
                    sustained, threads, frames, snapshots))

        var hudStorms: [Storm] = [], sharedStorms: [Storm] = [], idleStorms: [Storm] = []
        var correct = true
        for _ in 0..<rounds {
            hudStorms.append(storm(updates: totalUpdates) { hud.setProgress($0) })
            correct = correct && hud.progress == 1
            sharedStorms.append(storm(updates: totalUpdates) { ProgressHUD.setProgress($0) })
            idleStorms.append(idleAddStorm())
        }
        hud.hide(animated: false)
        ProgressHUD.reset()
        ProgressHUD.host = nil
        host.close()

        let posting = median(hudStorms.map(\.postingSeconds)), endToEnd = median(hudStorms.map(\.endToEndSeconds))
        let sharedPosting = median(sharedStorms.map(\.postingSeconds))
        let idleEndToEnd = median(idleStorms.map(\.endToEndSeconds))
        for (name, storms) in [("HUD.setProgress", hudStorms), ("ProgressHUD.setProgress", sharedStorms), ("g_idle_add per update", idleStorms)] {
            note(String(format: "%@: %d updates from %d threads; posted in %@ ms; on screen after %@ ms", name, totalUpdates, threads,
                        storms.map { String(format: "%.1f", $0.postingSeconds * 1000) }.joined(separator: "/"),
                        storms.map { String(format: "%.1f", $0.endToEndSeconds * 1000) }.joined(separator: "/")))
        }
        if !correct { note("HUD.setProgress: the final value on screen was WRONG") }

        report("progress_updates_per_sec", Double(totalUpdates) / posting, decimals: 0)
        report("progress_shared_updates_per_sec", Double(totalUpdates) / sharedPosting, decimals: 0)
        report("progress_frames_during_storm", frames)
        report("redraws_per_frame", frames > 0 ? Double(snapshots) / Double(frames) : .nan)
        report("progress_idle_add_updates_per_sec", Double(totalUpdates) / idleEndToEnd, decimals: 0)
        report("progress_vs_idle_add_ratio", idleEndToEnd / endToEnd, decimals: 1)
        report("progress_final_value_correct", correct ? 1 : 0)
    }

    /// `threads` threads call `post` with rising values for `seconds`; the main loop runs meanwhile.
    /// Returns how many updates were posted.
    static func storm(seconds: Double, post: @escaping @Sendable (Double) -> Void) -> Int {
        let stop = Atomic<Bool>(false)
        let posted = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        for _ in 0..<threads {
            Thread {
                var count = 0
                while !stop.load(ordering: .relaxed) {
                    for _ in 0..<1_000 { post(Double(count % 10_000) / 10_000); count += 1 }
                }
                posted.add(count, ordering: .relaxed)
                finished.add(1, ordering: .releasing)
                DispatchQueue.main.async {}
            }.start()
        }
        Bench.pump(seconds: seconds)
        stop.store(true, ordering: .relaxed)
        while finished.load(ordering: .acquiring) < threads { MainLoop.iterate(mayBlock: true) }
        Bench.drain()
        return posted.load(ordering: .relaxed)
    }

    /// `threads` threads call `post` `updates` times in total, each ending on 1.0.
    /// The main loop keeps running meanwhile; returns when the final value is on the main thread.
    static func storm(updates: Int, isDelivered: @MainActor () -> Bool = { true },
                      post: @escaping @Sendable (Double) -> Void) -> Storm {
        let perThread = updates / threads
        let ready = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        let go = Atomic<Bool>(false)
        let lastFinish = Atomic<UInt64>(0)
        for _ in 0..<threads {
            let thread = Thread {
                ready.add(1, ordering: .relaxed)
                while !go.load(ordering: .acquiring) { sched_yield() }
                for step in 1...perThread { post(Double(step) / Double(perThread)) }
                let now = UInt64(wallSeconds() * 1e9)
                _ = lastFinish.max(now, ordering: .relaxed)
                if finished.add(1, ordering: .acquiringAndReleasing).newValue == threads {
                    DispatchQueue.main.async {} // wake the main loop
                }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        while ready.load(ordering: .relaxed) < threads { sched_yield() }
        let start = wallSeconds()
        go.store(true, ordering: .releasing)
        while finished.load(ordering: .acquiring) < threads { MainLoop.iterate(mayBlock: true) }
        MainLoop.run(until: isDelivered, timeoutMilliseconds: 60_000)
        Bench.drain()
        let end = wallSeconds()
        let posted = Double(lastFinish.load(ordering: .relaxed)) / 1e9 - start
        return Storm(postingSeconds: posted, endToEndSeconds: end - start)
    }

    nonisolated(unsafe) static var idleBar: UnsafeMutablePointer<GtkWidget>?
    static let idleApplied = Atomic<Int>(0)

    /// The hand-written approach: every update schedules its own idle callback
    /// that sets the fraction of a GtkProgressBar.
    static func idleAddStorm() -> Storm {
        let host = HostWindow(width: 400, height: 300, title: "gtkhud-bench g_idle_add")
        let bar = gtk_progress_bar_new()!
        gtk_widget_set_valign(bar, GTK_ALIGN_CENTER)
        host.setChild(bar)
        host.present()
        idleBar = bar
        idleApplied.store(0, ordering: .relaxed)
        let callback: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
            let value = Double(bitPattern: UInt64(UInt(bitPattern: data)))
            gtk_progress_bar_set_fraction(OpaquePointer(ProgressBench.idleBar!), value)
            ProgressBench.idleApplied.add(1, ordering: .relaxed)
            return 0 // G_SOURCE_REMOVE
        }
        let expected = (totalUpdates / threads) * threads
        let result = storm(updates: totalUpdates, isDelivered: { idleApplied.load(ordering: .relaxed) >= expected }) { value in
            g_idle_add(callback, UnsafeMutableRawPointer(bitPattern: UInt(value.bitPattern)))
        }
        idleBar = nil
        host.close()
        return result
    }
}

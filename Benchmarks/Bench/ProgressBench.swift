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

    static func run() {
        Bench.setAnimations(true)
        SnapshotCounter.installOnRing()
        let host = HostWindow(width: 400, height: 300, title: "gtkhud-bench progress")
        host.setChild(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        host.present()
        guard let hud = HUD(on: host.window) else { exit(1) }
        hud.mode = .annularDeterminate
        hud.label = "Copying"
        hud.show(animated: false)
        host.waitForFrames(2)

        _ = storm(updates: 50_000) { hud.setProgress($0) } // warm-up
        Bench.pump(seconds: 0.4)
        let counter = FrameCounter(window: host.window)
        SnapshotCounter.ringCount = 0
        let hudStorm = storm(updates: totalUpdates) { hud.setProgress($0) }
        let frames = counter.painted, snapshots = SnapshotCounter.ringCount
        counter.stop()
        let correct = hud.progress == 1
        hud.hide(animated: false)
        note(String(format: "HUD.setProgress: %d updates from %d threads posted in %.1f ms, on screen after %.1f ms; %d frames, %d ring snapshots; final value %@",
                    totalUpdates, threads, hudStorm.postingSeconds * 1000, hudStorm.endToEndSeconds * 1000,
                    frames, snapshots, correct ? "correct" : "WRONG"))

        let raw = ProgressMailbox()
        let rawStorm = storm(updates: totalUpdates) { _ = raw.post($0) }
        note(String(format: "raw ProgressMailbox.post: posted in %.1f ms", rawStorm.postingSeconds * 1000))
        ProgressHUD.host = host.window
        let sharedStorm = storm(updates: totalUpdates) { ProgressHUD.setProgress($0) }
        note(String(format: "ProgressHUD.setProgress: posted in %.1f ms, on screen after %.1f ms",
                    sharedStorm.postingSeconds * 1000, sharedStorm.endToEndSeconds * 1000))
        ProgressHUD.reset()
        ProgressHUD.host = nil
        host.close()

        let idle = idleAddStorm()
        note(String(format: "g_idle_add per update: posted in %.1f ms, on screen after %.1f ms",
                    idle.postingSeconds * 1000, idle.endToEndSeconds * 1000))

        report("progress_updates_per_sec", Double(totalUpdates) / hudStorm.postingSeconds, decimals: 0)
        report("progress_shared_updates_per_sec", Double(totalUpdates) / sharedStorm.postingSeconds, decimals: 0)
        report("redraws_per_frame", frames > 0 ? Double(snapshots) / Double(frames) : .nan)
        report("progress_idle_add_updates_per_sec", Double(totalUpdates) / idle.endToEndSeconds, decimals: 0)
        report("progress_vs_idle_add_ratio", idle.endToEndSeconds / hudStorm.endToEndSeconds, decimals: 1)
        if !correct { report("progress_final_value_wrong", 1) }
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

import CGtk
import Dispatch
import Foundation
import GtkHUD
import GtkSupport
import HUDWidgets
import Synchronization

/// Progress from eight threads, counted where the user sees it: a value is
/// delivered when a frame that shows it has been painted. The progress
/// widget's `snapshot` vfunc is wrapped (through its class structure, as GTK
/// calls it) to read the value the widget draws; after the frame clock's
/// `paint`, a value seen in that frame's snapshot counts once.
///
/// Subjects: `HUD.setProgress` (GtkHUD's mailbox, one main-queue job per turn),
/// and two hand-written GtkProgressBar feeds: a coalescing idle (one pending
/// `g_idle_add` at a time, the latest value wins) and the naive one
/// `g_idle_add` per update.
@MainActor
enum ProgressBench {
    nonisolated static let threads = 8

    enum Subject: String, CaseIterable { case hud, coalescing, naive }

    // MARK: Reading painted values back

    /// What the subject's widget drew in the current frame, and what has been painted so far.
    @MainActor final class PaintProbe {
        var widget: UnsafeMutablePointer<GtkWidget>?
        /// The value the widget draws (read inside its snapshot).
        var read: (@MainActor () -> Double)?
        /// The value the ring has reached in its animation (HUD only).
        var readShown: (@MainActor () -> Double)?
        var snapshotValue: Double?
        var snapshotShown: Double?
        var lastPainted = Double.nan
        var distinctPainted = 0
        var awaited: Double?
        var awaitedPaintedAt: Double?
        var awaitedSettledAt: Double?

        func resetCounts() { distinctPainted = 0 }

        func await(_ value: Double) {
            awaited = value
            awaitedPaintedAt = nil
            awaitedSettledAt = nil
        }

        func snapshotted(_ widget: UnsafeMutablePointer<GtkWidget>?) {
            guard widget == self.widget, let read else { return }
            snapshotValue = read()
            snapshotShown = readShown?()
        }

        func painted(at time: Double) {
            if let value = snapshotValue {
                if value != lastPainted {
                    distinctPainted += 1
                    lastPainted = value
                }
                if value == awaited, awaitedPaintedAt == nil { awaitedPaintedAt = time }
            }
            if let shown = snapshotShown ?? (readShown == nil ? snapshotValue : nil), shown == awaited, awaitedSettledAt == nil {
                awaitedSettledAt = time
            }
            snapshotValue = nil
            snapshotShown = nil
        }
    }

    static let probe = PaintProbe()
    nonisolated(unsafe) private static var ringSnapshot: SnapshotFunction?
    nonisolated(unsafe) private static var barSnapshot: SnapshotFunction?

    /// Wraps the snapshot vfuncs of GtkHUD's ring and of GtkProgressBar.
    static func installProbes() {
        guard ringSnapshot == nil else { return }
        if let klass = g_type_class_ref(HUDRingWidget.gtype), let widgetClass = gtkhud_widget_class(klass) {
            ringSnapshot = widgetClass.pointee.snapshot
            widgetClass.pointee.snapshot = { widget, snapshot in
                ProgressBench.ringSnapshot?(widget, snapshot)
                MainActor.assumeIsolated { ProgressBench.probe.snapshotted(widget) }
            }
        }
        if let klass = g_type_class_ref(gtk_progress_bar_get_type()), let widgetClass = gtkhud_widget_class(klass) {
            barSnapshot = widgetClass.pointee.snapshot
            widgetClass.pointee.snapshot = { widget, snapshot in
                ProgressBench.barSnapshot?(widget, snapshot)
                MainActor.assumeIsolated { ProgressBench.probe.snapshotted(widget) }
            }
        }
    }

    // MARK: Subjects

    /// A window showing one subject, and how threads post a value to it.
    @MainActor final class Scene {
        let host: HostWindow
        let counter: FrameCounter
        var hud: HUD?
        let post: @Sendable (Double) -> Void
        /// Updates applied on the main thread so far (the naive idle: to know when its backlog is gone).
        let applied: (@Sendable () -> Int)?

        init(_ subject: Subject) {
            host = HostWindow(width: 400, height: 300, title: "gtkhud-bench progress \(subject.rawValue)")
            switch subject {
            case .hud:
                host.setChild(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
                host.present()
                guard let hud = try? HUD(on: host.window) else { exit(1) }
                hud.mode = .annularDeterminate
                hud.label = "Copying"
                hud.show(animated: false)
                host.waitForFrames(2)
                self.hud = hud
                let ring = Bench.descendant(of: host.window, typeNamed: String(cString: g_type_name(HUDRingWidget.gtype)))
                probe.widget = ring
                probe.read = { hud.progress }
                probe.readShown = { HUDRingWidget.of(ring)?.shownProgress ?? .nan }
                post = { hud.setProgress($0) }
                applied = nil
            case .coalescing, .naive:
                let bar = gtk_progress_bar_new()!
                gtk_widget_set_valign(bar, GTK_ALIGN_CENTER)
                host.setChild(bar)
                host.present()
                IdleFeed.bar = bar
                IdleFeed.applied.store(0, ordering: .relaxed)
                probe.widget = bar
                probe.read = { gtk_progress_bar_get_fraction(OpaquePointer(bar)) }
                probe.readShown = nil
                post = subject == .naive ? IdleFeed.postNaive : IdleFeed.postCoalescing
                applied = { IdleFeed.applied.load(ordering: .relaxed) }
            }
            counter = FrameCounter(window: host.window)
            counter.afterPaint = { probe.painted(at: $0) }
        }

        func close() {
            counter.stop()
            probe.widget = nil
            probe.read = nil
            probe.readShown = nil
            hud?.hide(animated: false)
            hud = nil
            host.close()
            Bench.drain()
            IdleFeed.bar = nil
        }
    }

    /// The two hand-written feeds of a GtkProgressBar.
    enum IdleFeed {
        nonisolated(unsafe) static var bar: UnsafeMutablePointer<GtkWidget>?
        static let applied = Atomic<Int>(0)
        static let latest = Atomic<UInt64>(0)
        static let pending = Atomic<Bool>(false)

        /// One `g_idle_add` per update, each carrying its value.
        static let postNaive: @Sendable (Double) -> Void = { value in
            g_idle_add({ data in
                if let bar = IdleFeed.bar { gtk_progress_bar_set_fraction(OpaquePointer(bar), Double(bitPattern: UInt64(UInt(bitPattern: data)))) }
                IdleFeed.applied.add(1, ordering: .relaxed)
                return 0 // G_SOURCE_REMOVE
            }, UnsafeMutableRawPointer(bitPattern: UInt(value.bitPattern)))
        }

        /// The latest value in an atomic; an idle is added only when none is pending.
        static let postCoalescing: @Sendable (Double) -> Void = { value in
            latest.store(value.bitPattern, ordering: .releasing)
            if !pending.exchange(true, ordering: .acquiringAndReleasing) {
                g_idle_add({ _ in
                    IdleFeed.pending.store(false, ordering: .releasing) // before reading: a newer value adds a new idle
                    let value = Double(bitPattern: IdleFeed.latest.load(ordering: .acquiring))
                    if let bar = IdleFeed.bar { gtk_progress_bar_set_fraction(OpaquePointer(bar), value) }
                    IdleFeed.applied.add(1, ordering: .relaxed)
                    return 0
                }, nil)
            }
        }
    }

    // MARK: Storms

    /// A distinct value in 0 < v < 1 for thread `thread`'s `index`-th update.
    nonisolated static func value(thread: Int, index: Int) -> Double {
        Double((index &* threads &+ thread) % 100_000_000 + 1) / 100_000_002
    }

    final class StormState: Sendable {
        let stop = Atomic<Bool>(false)
        let posted = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        let lastPostNanos = Atomic<UInt64>(0)
        /// Set after the final value was timed and posted: `finished` reaches
        /// the thread count before that, and a reader that went by `finished`
        /// alone could read a `lastPostNanos` of 0 (a "latency" since boot).
        let finalPosted = Atomic<Bool>(false)
    }

    /// `threads` threads post distinct values for `seconds` (at most `maxUpdates`
    /// in all). If `final` is given, the thread that finishes last posts it
    /// and records when. Returns after every thread has stopped.
    static func storm(seconds: Double, maxUpdates: Int = .max, final: Double? = nil,
                      post: @escaping @Sendable (Double) -> Void) -> StormState {
        let state = StormState()
        for thread in 0..<threads {
            let worker = Thread {
                var index = 0
                while !state.stop.load(ordering: .relaxed) {
                    for _ in 0..<256 { post(value(thread: thread, index: index)); index += 1 }
                    if state.posted.add(256, ordering: .relaxed).newValue >= maxUpdates { break }
                }
                if state.finished.add(1, ordering: .acquiringAndReleasing).newValue == threads {
                    if let final {
                        state.lastPostNanos.store(UInt64(wallSeconds() * 1e9), ordering: .releasing)
                        post(final)
                        state.finalPosted.store(true, ordering: .releasing)
                    }
                    DispatchQueue.main.async {} // wake the main loop
                }
            }
            worker.stackSize = 1 << 20
            worker.start()
        }
        Bench.pump(seconds: seconds)
        state.stop.store(true, ordering: .relaxed)
        while state.finished.load(ordering: .acquiring) < threads
                || (final != nil && !state.finalPosted.load(ordering: .acquiring)) {
            MainLoop.iterate(mayBlock: true)
        }
        return state
    }

    /// Painted values per second while 8 threads post for `seconds`: distinct
    /// values painted from the start until the feed has applied everything
    /// posted and one more frame is painted, divided by that time.
    static func paintedPerSecond(_ subject: Subject, seconds: Double) -> (perSecond: Double, posted: Int, window: Double, fps: Double, mainCPU: Double) {
        let scene = Scene(subject)
        Bench.pump(seconds: 0.2)
        probe.resetCounts()
        scene.counter.reset()
        let start = wallSeconds(), mainStart = threadCPUSeconds()
        let state = storm(seconds: seconds, maxUpdates: subject == .naive ? 1_000_000 : .max, post: scene.post)
        let posted = state.posted.load(ordering: .relaxed)
        if let applied = scene.applied, subject == .naive {
            MainLoop.run(until: { applied() >= posted }, timeoutMilliseconds: 60_000)
        }
        scene.host.waitForFrames(1)
        let window = wallSeconds() - start, mainCPU = threadCPUSeconds() - mainStart
        let painted = probe.distinctPainted, frames = scene.counter.painted
        scene.close()
        return (Double(painted) / window, posted, window, Double(frames) / window, mainCPU / window)
    }

    /// Latency from the last update of a 0.2 s storm to the end of the frame
    /// that paints it, and to the frame where the ring's animation reaches it.
    static func latency(_ subject: Subject, rounds: Int) -> (painted: [Double], settled: [Double]) {
        let scene = Scene(subject)
        var painted: [Double] = [], settled: [Double] = []
        for round in 0..<rounds {
            Bench.pump(seconds: 0.05 + Double(round % 5) * 0.0037) // dephase from the frame clock
            let final = 0.5 + Double(round) / 1000 + 0.5 / 100_000_002
            probe.await(final)
            let state = storm(seconds: 0.2, final: final, post: scene.post)
            let posted = Double(state.lastPostNanos.load(ordering: .acquiring)) / 1e9
            MainLoop.run(until: { probe.awaitedPaintedAt != nil && probe.awaitedSettledAt != nil }, timeoutMilliseconds: 3_000)
            if let at = probe.awaitedPaintedAt { painted.append(at - posted) } else { painted.append(.infinity) }
            if let at = probe.awaitedSettledAt { settled.append(at - posted) } else { settled.append(.infinity) }
        }
        probe.awaited = nil
        scene.close()
        return (painted, settled)
    }

    /// Main-thread cost of applying one value, without painting: `HUD.progress`
    /// (what a mailbox delivery runs) against `gtk_progress_bar_set_fraction`.
    static func applyCost(count: Int = 5_000) -> (hud: Double, bar: Double) {
        let hudScene = Scene(.hud)
        let hud = hudScene.hud!
        let start = threadCPUSeconds()
        for index in 0..<count { hud.progress = value(thread: 0, index: index) }
        let hudCost = (threadCPUSeconds() - start) / Double(count)
        hudScene.close()
        let barScene = Scene(.coalescing)
        let bar = OpaquePointer(IdleFeed.bar!)
        let barStart = threadCPUSeconds()
        for index in 0..<count { gtk_progress_bar_set_fraction(bar, value(thread: 0, index: index)) }
        let barCost = (threadCPUSeconds() - barStart) / Double(count)
        barScene.close()
        return (hudCost, barCost)
    }

    static func run() {
        // GTKHUD_BENCH_PROGRESS_ANIMATIONS=0: GTK animations off, so the ring does
        // not start an animation per value (to see what that costs).
        Bench.setAnimations(ProcessInfo.processInfo.environment["GTKHUD_BENCH_PROGRESS_ANIMATIONS"] != "0")
        installProbes()
        let cost = applyCost()
        note(String(format: "main-thread CPU to apply one value: HUD.progress %.1f µs, gtk_progress_bar_set_fraction %.1f µs",
                    cost.hud * 1e6, cost.bar * 1e6))
        report("progress_apply_us", cost.hud * 1e6, decimals: 1)
        report("progress_bar_apply_us", cost.bar * 1e6, decimals: 1)
        let frame = ShowBench.frameIntervalMs / 1000
        let seconds = quickRun ? 1.0 : 2.0
        let rounds = quickRun ? 2 : 5
        _ = paintedPerSecond(.hud, seconds: 0.2) // warm-up

        var rates: [Subject: [Double]] = [:], posted: [Subject: [Int]] = [:], mainCPU: [Subject: [Double]] = [:]
        for _ in 0..<rounds {
            for subject in Subject.allCases {
                let result = paintedPerSecond(subject, seconds: seconds)
                rates[subject, default: []].append(result.perSecond)
                posted[subject, default: []].append(result.posted)
                mainCPU[subject, default: []].append(result.mainCPU)
                note(String(format: "%@: %d updates posted in %.1f s, %.1f values painted per second (window %.2f s, %.1f frames/s, main thread on a CPU %.0f %% of the time)",
                            subject.rawValue, result.posted, seconds, result.perSecond, result.window, result.fps, result.mainCPU * 100))
            }
        }
        let hud = median(rates[.hud]!), coalescing = median(rates[.coalescing]!), naive = median(rates[.naive]!)
        report("progress_posted_per_sec", median(posted[.hud]!.map { Double($0) / seconds }), decimals: 0)
        report("progress_painted_per_sec", hud, decimals: 1)
        report("progress_coalescing_idle_painted_per_sec", coalescing, decimals: 1)
        report("progress_naive_idle_painted_per_sec", naive, decimals: 2)
        report("progress_painted_vs_coalescing_idle_ratio", hud / coalescing)
        report("progress_painted_vs_naive_idle_ratio", naive > 0 ? hud / naive : .infinity, decimals: 1)
        // Share of the time the main thread was on a CPU while the threads posted: what delivering cost it.
        report("progress_main_thread_cpu_percent", median(mainCPU[.hud]!) * 100, decimals: 1)
        report("progress_coalescing_idle_main_thread_cpu_percent", median(mainCPU[.coalescing]!) * 100, decimals: 1)

        let samples = quickRun ? 6 : 15
        let hudLatency = latency(.hud, rounds: samples)
        let idleLatency = latency(.coalescing, rounds: samples)
        func text(_ values: [Double]) -> String { values.map { String(format: "%.1f", $0 * 1000) }.joined(separator: " ") }
        note("HUD: last setProgress to the frame that paints it (ms): \(text(hudLatency.painted)); to the end of the ring's animation: \(text(hudLatency.settled))")
        note("coalescing idle: last update to the frame that paints it (ms): \(text(idleLatency.painted))")
        report("progress_latency_frames_median", median(hudLatency.painted) / frame, decimals: 2)
        report("progress_latency_frames_p90", percentile(hudLatency.painted, 90) / frame, decimals: 2)
        report("progress_latency_frames_max", hudLatency.painted.max()! / frame, decimals: 2)
        report("progress_settle_ms_median", median(hudLatency.settled) * 1000, decimals: 1)
        report("progress_coalescing_idle_latency_frames_median", median(idleLatency.painted) / frame, decimals: 2)
    }
}

import CGtk
import Foundation
import GtkHUD
import GtkSupport
import HUDWidgets

// MARK: Clocks and memory

/// Monotonic wall time in seconds.
func wallSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// CPU time of the whole process (every thread, user + system) in seconds.
func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Kernel (system) CPU time of the whole process in seconds, from getrusage:
/// Linux splits the precise run time between user and system by its tick samples.
func kernelCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

/// CPU time of the calling thread in seconds.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

@_silgen_name("malloc_trim") private func malloc_trim(_ pad: Int) -> Int32

/// Resident set size in KiB (from /proc/self/statm), after giving freed heap back to the kernel.
func residentKiB(trim: Bool = true) -> Int {
    if trim { _ = malloc_trim(0) }
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

// MARK: Output

/// Prints one `name: value` line (and flushes, so partial runs still report).
func report(_ name: String, _ value: Double, decimals: Int = 3) {
    let text = value.isFinite ? String(format: "%.\(decimals)f", value) : "\(value)"
    print("\(name): \(text)")
    fflush(nil)
}

func report(_ name: String, _ value: Int) {
    print("\(name): \(value)")
    fflush(nil)
}

/// Context lines (not figures) go to stderr so stdout stays `name: value`.
func note(_ text: String) {
    FileHandle.standardError.write(("[bench] " + text + "\n").data(using: .utf8)!)
}

// MARK: GTK helpers

@MainActor
enum Bench {
    /// Turns GTK animations on or off (GtkSettings gtk-enable-animations).
    static func setAnimations(_ enabled: Bool) { GtkEnvironment.setAnimationsEnabled(enabled) }

    /// Runs the main loop for `seconds` (handling events, timers and frames).
    static func pump(seconds: Double) {
        let end = wallSeconds() + seconds
        // Rounded up (+1 ms): a timer that fired before `end` would leave the last blocking iteration waiting forever.
        let timer = MainLoop.after(milliseconds: UInt32((max(0, seconds) * 1000).rounded(.up)) + 1) {}
        while wallSeconds() < end { MainLoop.iterate(mayBlock: true) }
        timer.cancel()
    }

    /// Runs ready main-loop sources without blocking, until none is left (at most `seconds`).
    static func drain(seconds: Double = 1) {
        let end = wallSeconds() + seconds
        while wallSeconds() < end, MainLoop.iterate() {}
    }

    /// The GType name of a GObject instance.
    static func typeName(_ object: UnsafeMutableRawPointer) -> String {
        String(cString: g_type_name(gtkhud_instance_type(object)))
    }

    /// The first descendant of `root` (depth first, `root` included) whose GType is named `name`.
    static func descendant(of root: UnsafeMutablePointer<GtkWidget>, typeNamed name: String) -> UnsafeMutablePointer<GtkWidget>? {
        if typeName(root.raw) == name { return root }
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            if let found = descendant(of: current, typeNamed: name) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// Whether the widget has been laid out in a mapped window (so a paint after this draws it).
    static func isOnScreen(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_get_mapped(widget) != 0 && gtk_widget_get_width(widget) > 0 && gtk_widget_get_height(widget) > 0
    }

    /// The GskRenderer type a new window gets (GSK_RENDERER, or GTK's choice when unset).
    static func rendererInUse() -> String {
        let host = HostWindow(width: 100, height: 100, title: "gtkhud-bench renderer")
        host.present()
        host.waitForFrames(1)
        defer { host.close() }
        guard let renderer = gtk_native_get_renderer(OpaquePointer(host.window)) else { return "none" }
        return typeName(UnsafeMutableRawPointer(renderer))
    }

    static var liveObjects: Int { WidgetTypes.totalLiveInstances + ClosureBoxes.liveCount }
}

/// Counts the frames a window's frame clock paints (`paint` signal) and
/// every frame it runs (`after-paint`, emitted on every frame-clock cycle).
@MainActor
final class FrameCounter {
    private(set) var painted = 0
    private(set) var cycles = 0
    /// Called after every painted frame, with the monotonic time in seconds.
    var afterPaint: (@MainActor (Double) -> Void)?
    private var paintedThisCycle = false
    private var connections: [SignalConnection] = []

    init(window: UnsafeMutablePointer<GtkWidget>) {
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        let pointer = UnsafeMutableRawPointer(clock)
        connections.append(Signal.connect(pointer, "paint", after: true) { [weak self] in
            self?.painted += 1
            self?.paintedThisCycle = true
        })
        connections.append(Signal.connect(pointer, "after-paint") { [weak self] in
            guard let self else { return }
            self.cycles += 1
            if self.paintedThisCycle {
                self.paintedThisCycle = false
                self.afterPaint?(wallSeconds())
            }
        })
    }

    func reset() {
        painted = 0
        cycles = 0
    }

    func stop() {
        for connection in connections { connection.disconnect() }
        connections = []
        afterPaint = nil
    }
}

/// A widget class's `snapshot` vfunc (ProgressBench wraps two of them).
typealias SnapshotFunction = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?) -> Void

// MARK: Whole-system CPU (the app and the X server)

/// Whether the bench runs with `--quick` (shorter windows, fewer rounds).
nonisolated(unsafe) var quickRun = false

/// CPU time (user + system, every thread) of another process in seconds, from
/// /proc: the run time of each thread in /proc/PID/task/*/schedstat (ns), which
/// is what /proc/PID/stat's utime + stime count in 10 ms ticks. Falls back to
/// those ticks when schedstat is missing. Nil when the process is gone.
func processCPUSeconds(pid: Int32) -> Double? {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    var total = 0.0, found = false
    for task in tasks {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8),
              let first = text.split(separator: " ").first, let ns = Double(first) else { continue }
        total += ns / 1e9
        found = true
    }
    if found { return total }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    // Fields after the command name: state is field 3, utime 14, stime 15.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// The X server's process id (run-bench.sh finds the session's Xvfb and exports it).
let xServerPID: Int32? = ProcessInfo.processInfo.environment["GTKHUD_BENCH_XSERVER_PID"].flatMap(Int32.init)

/// CPU seconds used so far by this process and by the X server (0 when unknown).
func systemCPUSeconds() -> (app: Double, xServer: Double) {
    (processCPUSeconds(), xServerPID.flatMap { processCPUSeconds(pid: $0) } ?? 0)
}

/// The p-th percentile (0...100) by nearest rank.
func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

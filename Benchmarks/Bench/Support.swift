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
    static func setAnimations(_ enabled: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        var value = GValue()
        g_value_init(&value, gtkhud_type_boolean())
        g_value_set_boolean(&value, enabled ? 1 : 0)
        g_object_set_property(UnsafeMutableRawPointer(settings).asObject, "gtk-enable-animations", &value)
        g_value_unset(&value)
    }

    /// Runs the main loop for `seconds` (handling events, timers and frames).
    static func pump(seconds: Double) {
        let end = wallSeconds() + seconds
        let timer = MainLoop.after(milliseconds: UInt32(max(0, seconds) * 1000)) {}
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

// MARK: Counting snapshots of Swift-registered widgets

typealias SnapshotFunction = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?) -> Void

/// Wraps the `snapshot` vfunc of a widget class to count calls, without
/// touching the library: the class structure is shared by every instance.
@MainActor
enum SnapshotCounter {
    nonisolated(unsafe) static var ringCount = 0
    nonisolated(unsafe) private static var originalRing: SnapshotFunction?

    static func installOnRing() {
        guard originalRing == nil, let klass = g_type_class_ref(HUDRingWidget.gtype) else { return }
        let widgetClass = gtkhud_widget_class(klass)!
        originalRing = widgetClass.pointee.snapshot
        widgetClass.pointee.snapshot = { widget, snapshot in
            SnapshotCounter.ringCount += 1
            SnapshotCounter.originalRing?(widget, snapshot)
        }
    }
}

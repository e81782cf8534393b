// The start-up probe shared by Benchmarks/StartupBare, StartupFoundation and
// StartupLinked (each links it through a symlink, so the three programs differ
// only in what they link and in their main.swift): gtk_init, a 400×300 window,
// the end of its first painted frame, then the process's CPU time since exec
// (ms) and its resident set (KiB).
import CGtk
import Glibc

nonisolated(unsafe) private var painted = false

/// CPU time of this process since exec, in milliseconds.
func cpuMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

/// A `/proc/self/status` field in KiB (VmRSS, VmHWM, RssAnon, RssFile).
func statusKiB(_ field: String) -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, file) != nil {
        let text = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if text.hasPrefix(field + ":") { return Int(text.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "0") ?? 0 }
    }
    return 0
}

/// Initialises GTK (and libadwaita with `--adw`), runs `prepare` (what the
/// linked program does before its window), shows the window until its first
/// frame is painted and prints the figures. `atMain` is the CPU time at the
/// first statement of main: exec, the dynamic loader, constructors.
func runStartupProbe(atMain: Double, prepare: () -> Void = {}) {
    gtk_init()
    if CommandLine.arguments.contains("--adw") { adw_init() } // a libadwaita app
    let prepareStart = cpuMilliseconds()
    prepare()
    let prepareMilliseconds = cpuMilliseconds() - prepareStart
    let beforeWindow = cpuMilliseconds()
    let window = gtk_window_new()!
    gtk_window_set_default_size(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), 400, 300)
    gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    while gtk_widget_get_frame_clock(window) == nil { g_main_context_iteration(nil, 1) }
    let onPaint: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _ in painted = true }
    g_signal_connect_data(UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window)), "after-paint",
                          unsafeBitCast(onPaint, to: GCallback.self), nil, nil, G_CONNECT_AFTER)
    while !painted { g_main_context_iteration(nil, 1) }
    let atFrame = cpuMilliseconds()
    print("startup_cpu_ms: \(atFrame)")
    print("startup_main_cpu_ms: \(atMain)")
    print("startup_frame_cpu_ms: \(atFrame - beforeWindow)")
    print("startup_rss_kib: \(statusKiB("VmRSS"))")
    print("startup_peak_rss_kib: \(statusKiB("VmHWM"))")
    print("startup_rss_anon_kib: \(statusKiB("RssAnon"))")
    print("startup_rss_file_kib: \(statusKiB("RssFile"))")
    print("startup_first_call_cpu_ms: \(prepareMilliseconds)")
}

// gtkhud-startup-linked: Benchmarks/StartupBare linking GtkHUD (keep the two in
// step). Whatever GtkHUD does at load time (its constructor installs the
// main-queue bridge) runs before main; with --prepare it also makes the first
// GtkHUD call an app makes (an HUDOverlay, which parses GtkHUD's stylesheet
// and installs it on the display) before the window is presented.
import CGtk
import GtkHUD
import Glibc

/// CPU time at the first statement of main: exec, the dynamic loader, constructors.
let atMain = cpuMilliseconds()
nonisolated(unsafe) var painted = false

func cpuMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

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

gtk_init()
if CommandLine.arguments.contains("--adw") { adw_init() } // a libadwaita app
let prepareStart = cpuMilliseconds()
if CommandLine.arguments.contains("--prepare") {
    MainActor.assumeIsolated { _ = HUDOverlay(content: nil) }
}
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

// gtkhud-bench: GtkHUD's performance figures, each against an anchor measured
// in the same run. Prints one `name: value` line per figure on stdout (context
// goes to stderr). Run it through scripts/bench (release build, Xvfb, cairo).
//
//   gtkhud-bench                         every in-process figure
//   gtkhud-bench --only NAME[,NAME]      some of them (spinner, progress, show, settled, cycles, bridge)
//   gtkhud-bench --mode spinner-hud --frames N   paint N frames and exit (for callgrind)
//   gtkhud-bench --mode spinner-gtk --frames N
//   gtkhud-bench --mode spinner-png --out FILE   a picture of the benchmarked HUD
//   gtkhud-bench --mode leak-cycles --cycles N   show/dismiss cycles for valgrind memcheck
//   gtkhud-bench --mode before-init              public calls before gtk_init (for BadInputTests)
import CGtk
import Foundation
import GtkHUD
import GtkSupport

let arguments = CommandLine.arguments

func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}

if option("--mode") == "before-init" {
    // For the bad-input test: public calls before gtk_init are refused, each
    // entry point with one message (a repeat is silent), and nothing crashes.
    MainActor.assumeIsolated {
        ProgressHUD.show(status: "Too early")
        ProgressHUD.show(status: "Too early again")
        ProgressHUD.showSuccess(status: "Too early")
        ProgressHUD.setStatus("Too early")
        ProgressHUD.setProgress(0.5)
        ProgressHUD.setProgress(0.6)
        let overlay: HUDOverlay? = HUDOverlay()
        let banner = try? NotificationBanner(title: "Too early")
        banner?.show(duration: 3)
        print("nothing shown: \(overlay == nil && !ProgressHUD.isVisible && banner?.state == .hidden && !GtkEnvironment.isInitialized)")
        // The early progress must not pop up a HUD once GTK runs: initialise,
        // present a window, and let the main queue drain past anything queued.
        guard GtkEnvironment.initialize() else { return }
        _ = HUDOverlay() as HUDOverlay? // any call now sets GtkHUD up (main-actor bridge)
        let host = HostWindow(width: 300, height: 200, title: "before-init")
        host.present()
        var drained = false
        DispatchQueue.main.async { drained = true }
        MainLoop.run(until: { drained }, timeoutMilliseconds: 5_000)
        host.waitForFrames(1)
        print("early progress shown: \(ProgressHUD.isVisible)")
        host.close()
    }
    exit(0)
}

MainActor.assumeIsolated {
    guard GtkEnvironment.initialize() else {
        note("cannot open a display (set DISPLAY, or run scripts/bench, which starts Xvfb)")
        exit(1)
    }
    let frames = Int(option("--frames") ?? "") ?? 60
    switch option("--mode") {
    case "spinner-hud": SpinnerBench.runFrames(.hud, frames: frames)
    case "spinner-gtk": SpinnerBench.runFrames(.gtk, frames: frames)
    case "spinner-png":
        // A picture of the benchmarked HUD, to check what is being measured.
        let scene = SpinnerBench.makeScene(.hud)
        let path = option("--out") ?? "spinner-hud.png"
        let written = WidgetRenderer.savePNG(scene.host.window, to: path)
        note(written ? "wrote \(path)" : "could not write \(path)")
        exit(written ? 0 : 1)
    case "leak-cycles": CycleBench.leakCycles(Int(option("--cycles") ?? "") ?? 1_000)
    case nil, "all": break
    case let other?:
        note("unknown mode \(other)")
        exit(2)
    }

    let only = Set((option("--only") ?? "spinner,show,settled,cycles,progress,bridge").split(separator: ",").map(String.init))
    note("GTK \(GtkEnvironment.runtimeVersion), renderer \(ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "default")")

    if only.contains("spinner") {
        Bench.setAnimations(true)
        let seconds = Double(option("--seconds") ?? "") ?? 3
        let gtk = SpinnerBench.measureCPU(.gtk, seconds: seconds)
        let hud = SpinnerBench.measureCPU(.hud, seconds: seconds)
        note(String(format: "GtkSpinner: %.2f ms CPU/frame at %.1f fps; HUD: %.2f ms CPU/frame at %.1f fps",
                    gtk.cpuPerFrameMs, gtk.fps, hud.cpuPerFrameMs, hud.fps))
        report("spinner_gtk_cpu_ms_per_frame", gtk.cpuPerFrameMs)
        report("spinner_hud_cpu_ms_per_frame", hud.cpuPerFrameMs)
        report("spinner_hud_fps", hud.fps, decimals: 1)
        report("spinner_cpu_per_frame_ratio", hud.cpuPerFrameMs / gtk.cpuPerFrameMs)
    }
    if only.contains("show") {
        if let samples = option("--samples").flatMap(Int.init) { ShowBench.samples = max(1, samples) }
        ShowBench.run()
    }
    if only.contains("settled") { SettledBench.run() }
    if only.contains("cycles") { CycleBench.run(cycles: Int(option("--cycles") ?? "") ?? 10_000) }
    if only.contains("progress") { ProgressBench.run() }
    if only.contains("bridge") {
        // --bridge-size WxH: a bigger window makes each GL frame slower (the gallery is 1000×700).
        let size = (option("--bridge-size") ?? "400x300").split(separator: "x").compactMap { Int32($0) }
        BridgeBench.run(width: size.first ?? 400, height: size.count > 1 ? size[1] : 300)
    }
    exit(0)
}

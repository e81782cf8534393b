// gtkhud-bench: GtkHUD's performance figures, each against an anchor measured
// in the same run. Prints one `name: value` line per figure on stdout (context
// goes to stderr). Run it through scripts/bench (release build, Xvfb, cairo).
//
//   gtkhud-bench [--quick]               every in-process figure (--quick: shorter windows, fewer rounds)
//   gtkhud-bench --only NAME[,NAME]      some of them (spinner, progress, latency, show, settled, memory,
//                                        cycles, burst; bridge: the bridge's own figures, not in the default set)
//   gtkhud-bench --mode spinner-hud --frames N   paint N frames and exit (for callgrind)
//   gtkhud-bench --mode spinner-gtk --frames N
//   gtkhud-bench --mode spinner-adw --frames N   (AdwSpinner, libadwaita 1.6+; exits 3 without it;
//                                                also spinner-native, -gtk32, -adw32, -floor)
//                                                GTKHUD_BENCH_WINDOW=WxH: the window's size (default 400x300)
//   gtkhud-bench --mode spinner-nodes            render nodes of a frame of each spinner, and how many are new
//   gtkhud-bench --mode spinner-png --out FILE   a picture of the benchmarked HUD
//   gtkhud-bench --mode leak-cycles --cycles N   show/dismiss cycles for valgrind memcheck
//   gtkhud-bench --mode before-init              public calls before gtk_init (for BadInputTests)
//   gtkhud-bench --mode crash                    prints a figure, then aborts (scripts/bench must fail);
//                                                GTKHUD_BENCH_CRASH=1 does the same in any mode
//   GTKHUD_BENCH_SHADOW_BANDS=0|1: the bezel's shadow drawn whole or in bands on every renderer
//                                  (ShadowBands; default: GtkHUD's, in bands on cairo from GTK 4.16), in any mode
//   GTKHUD_BENCH_ARC_MASK=0|1: the spinning arc drawn on GPU renderers as a texture, or as its colour
//                              through a mask (HUDRingWidget.drawsArcThroughMask; default: GtkHUD's, a mask
//                              from GTK 4.16), in any mode
//   GTKHUD_BENCH_MEMORY_HUD=text|success|annular, GTKHUD_BENCH_MEMORY_SPLIT=1: tracing the memory
//                              bench (a HUD that does not spin; where the memory is), MemoryBench.swift
import CGtk
import Foundation
import GtkHUD
import GtkSupport
import HUDWidgets

let arguments = CommandLine.arguments
quickRun = arguments.contains("--quick")

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
        // From another thread (issue #27): dropped at once, said on the main thread once the loop runs.
        let worker = Thread {
            ProgressHUD.fromAnyThread.show(status: "Too early")
            ProgressHUD.fromAnyThread.show(status: "Too early again")
            NotificationBanner.fromAnyThread.show(title: "Too early")
            BannerCenter.fromAnyThread.broadcast(title: "Too early")
        }
        worker.start()
        while !worker.isFinished { usleep(1_000) }
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
    if option("--mode") == "crash" || ProcessInfo.processInfo.environment["GTKHUD_BENCH_CRASH"] == "1" {
        // Proves that a crashing benchmark fails scripts/bench (run-bench.sh uses pipefail).
        report("crash_before_abort", 1)
        note("GTKHUD_BENCH_CRASH / --mode crash: aborting on purpose")
        abort()
    }
    if let bands = ProcessInfo.processInfo.environment["GTKHUD_BENCH_SHADOW_BANDS"] {
        HUDOverlayWidget.shadowBandsUse = bands == "1" ? .everyRenderer : .never
        note("GTKHUD_BENCH_SHADOW_BANDS=\(bands): the bezel's shadow \(bands == "1" ? "in bands" : "drawn whole")")
    }
    if let mask = ProcessInfo.processInfo.environment["GTKHUD_BENCH_ARC_MASK"] {
        HUDRingWidget.drawsArcThroughMask = mask == "1"
        note("GTKHUD_BENCH_ARC_MASK=\(mask): the arc on GPU renderers \(mask == "1" ? "through a mask" : "as a texture")")
    }
    let frames = Int(option("--frames") ?? "") ?? 60
    switch option("--mode") {
    case let mode? where mode.hasPrefix("spinner-") && SpinnerBench.Subject(rawValue: String(mode.dropFirst(8))) != nil:
        // spinner-hud, -native, -gtk, -gtk32, -adw, -adw32, -floor
        let subject = SpinnerBench.Subject(rawValue: String(mode.dropFirst(8)))!
        guard !subject.isAdwSpinner || SpinnerBench.adwSpinnerNew != nil else {
            note("AdwSpinner: n/a (libadwaita < 1.6)")
            exit(3)
        }
        SpinnerBench.runFrames(subject, frames: frames)
    case "spinner-nodes":
        // The render nodes of a frame of each spinner subject, and how many are made anew.
        FrameNodes.run()
        exit(0)
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

    let only = Set((option("--only") ?? "spinner,latency,progress,show,settled,memory,cycles,burst").split(separator: ",").map(String.init))
    note("GTK \(GtkEnvironment.runtimeVersion), libadwaita \(adw_get_major_version()).\(adw_get_minor_version()).\(adw_get_micro_version()), "
         + "GSK_RENDERER=\(ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "(unset)") → \(Bench.rendererInUse())\(quickRun ? ", quick" : "")")
    report("frame_interval_ms", ShowBench.frameIntervalMs, decimals: 2)
    var sectionStart = wallSeconds()
    func finished(_ section: String) {
        note(String(format: "%@: %.1f s", section, wallSeconds() - sectionStart))
        sectionStart = wallSeconds()
    }

    if only.contains("spinner") {
        let seconds = Double(option("--seconds") ?? "") ?? (quickRun ? 0.8 : 2)
        SpinnerBench.run(rounds: quickRun ? 3 : 5, seconds: seconds)
        finished("spinner")
    }
    if only.contains("latency") { BridgeBench.runJobLatency(); finished("latency") }
    if only.contains("progress") { ProgressBench.run(); finished("progress") }
    if only.contains("show") {
        ShowBench.samples = quickRun ? 15 : 31
        if let samples = option("--samples").flatMap(Int.init) { ShowBench.samples = max(1, samples) }
        ShowBench.run()
        finished("show")
    }
    if only.contains("settled") { SettledBench.run(); finished("settled") }
    if only.contains("memory") { MemoryBench.run(); finished("memory") }
    if only.contains("cycles") { CycleBench.run(cycles: Int(option("--cycles") ?? "") ?? (quickRun ? 2_000 : 10_000)); finished("cycles") }
    if only.contains("burst") { BurstBench.run(); finished("burst") }
    if only.contains("bridge") {
        // --bridge-size WxH: a bigger window makes each GL frame slower (the gallery is 1000×700).
        let size = (option("--bridge-size") ?? "400x300").split(separator: "x").compactMap { Int32($0) }
        BridgeBench.run(width: size.first ?? 400, height: size.count > 1 ? size[1] : 300)
    }
    exit(0)
}

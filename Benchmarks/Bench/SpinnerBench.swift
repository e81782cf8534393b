import CGtk
import Foundation
import GtkHUD
import GtkSupport

/// Frames the floor subject has drawn (its colour alternates with the parity;
/// a global, as a C draw function cannot capture).
nonisolated(unsafe) var floorFrame = 0

/// Spinners, each alone and centred in a 400×300 window: an indeterminate HUD
/// with a status label over a black mask (GtkHUD's own ring, 38 px, or the
/// `.native` indicator, a 32 px GtkSpinner inside the bezel), against bare
/// GtkSpinners of the same sizes and, where libadwaita has it (1.6+), bare
/// AdwSpinners of the same sizes.
@MainActor
enum SpinnerBench {
    enum Subject: String, CaseIterable {
        /// The HUD with its own ring (`.flat`, the default).
        case hud
        /// The HUD with `indicatorAnimation = .native`: a GtkSpinner in the bezel.
        case native
        /// A bare GtkSpinner as big as the HUD's ring.
        case gtk
        /// A bare GtkSpinner as big as the `.native` HUD's (32 px).
        case gtk32
        /// A bare AdwSpinner (libadwaita 1.6+) as big as the HUD's ring.
        case adw
        /// A bare AdwSpinner at 32 px, the size GNOME's apps give a page's spinner.
        case adw32
        /// The floor: a 38 px square that changes colour every frame (one solid
        /// fill). What any animation of that size pays per frame here, whatever it draws.
        case floor

        var isAdwSpinner: Bool { self == .adw || self == .adw32 }
        var size: Int32 { self == .gtk || self == .adw || self == .floor ? indicatorSize : nativeIndicatorSize }
        /// The subjects this libadwaita can show.
        static var available: [Subject] { allCases.filter { !$0.isAdwSpinner || adwSpinnerNew != nil } }
    }

    typealias WidgetConstructor = @convention(c) () -> UnsafeMutablePointer<GtkWidget>?
    /// `adw_spinner_new` (libadwaita 1.6), looked up at run time: the bench is
    /// built against Debian 12's libadwaita 1.2 headers, which do not have it.
    nonisolated static let adwSpinnerNew: WidgetConstructor? = {
        guard let symbol = dlsym(nil, "adw_spinner_new") else { return nil }
        return unsafeBitCast(symbol, to: WidgetConstructor.self)
    }()

    /// The ring's size with a status label (radius 18, line 2: 38 px); the GtkSpinner gets the same.
    nonisolated static let indicatorSize: Int32 = 38
    /// The size HUDIndicatorFactory gives a `.native` GtkSpinner.
    nonisolated static let nativeIndicatorSize: Int32 = 32

    @MainActor final class Scene {
        let host: HostWindow
        let hud: HUD?
        let counter: FrameCounter
        init(host: HostWindow, hud: HUD?) {
            self.host = host
            self.hud = hud
            counter = FrameCounter(window: host.window)
        }
        func close() {
            counter.stop()
            hud?.hide(animated: false)
            host.close()
        }
    }

    static func makeScene(_ subject: Subject, width: Int32 = 400, height: Int32 = 300) -> Scene {
        let host = HostWindow(width: width, height: height, title: "gtkhud-bench spinner \(subject.rawValue)")
        switch subject {
        case .hud, .native:
            host.setChild(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
            host.present()
            var appearance = HUD.defaultAppearance
            appearance.mask = ProcessInfo.processInfo.environment["GTKHUD_BENCH_MASK"] == "none" ? .none : .black
            if subject == .native { appearance.indicatorAnimation = .native }
            guard let hud = try? HUD(on: host.window, appearance: appearance) else {
                note("could not create a HUD")
                exit(1)
            }
            hud.label = "Loading"
            hud.show(animated: false)
            host.waitForFrames(3)
            return Scene(host: host, hud: hud)
        case .floor:
            let square = gtk_drawing_area_new()!
            gtk_widget_set_size_request(square, subject.size, subject.size)
            gtk_widget_set_halign(square, GTK_ALIGN_CENTER)
            gtk_widget_set_valign(square, GTK_ALIGN_CENTER)
            gtk_drawing_area_set_draw_func(square.cast(to: GtkDrawingArea.self), { _, cairo, width, height, _ in
                floorFrame &+= 1
                cairo_set_source_rgb(cairo, 0.2, 0.2, floorFrame % 2 == 0 ? 0.2 : 0.3)
                cairo_rectangle(cairo, 0, 0, Double(width), Double(height))
                cairo_fill(cairo)
            }, nil, nil)
            TickCallback.add(to: square) { _ in
                gtk_widget_queue_draw(square)
                return true
            }
            host.setChild(square)
            host.present()
            host.waitForFrames(3)
            return Scene(host: host, hud: nil)
        case .gtk, .gtk32, .adw, .adw32:
            let spinner: UnsafeMutablePointer<GtkWidget>
            if subject.isAdwSpinner {
                guard let constructor = adwSpinnerNew, let made = constructor() else {
                    note("AdwSpinner needs libadwaita 1.6 or later")
                    exit(1)
                }
                // An AdwSpinner draws at its allocation (16 to 64 px) and always spins.
                spinner = made
            } else {
                spinner = gtk_spinner_new()!
                gtk_spinner_start(OpaquePointer(spinner))
            }
            gtk_widget_set_size_request(spinner, subject.size, subject.size)
            gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
            gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
            host.setChild(spinner)
            host.present()
            host.waitForFrames(3)
            return Scene(host: host, hud: nil)
        }
    }

    /// CPU seconds (app, X server), painted frames and wall seconds of some windows of one subject.
    struct Usage {
        var app = 0.0, xServer = 0.0, frames = 0, seconds = 0.0
        /// The part of `app` spent in the kernel (system calls, page faults), from getrusage.
        var appKernel = 0.0
        var appKernelMsPerFrame: Double { frames > 0 ? appKernel * 1000 / Double(frames) : .infinity }
        var appMsPerFrame: Double { frames > 0 ? app * 1000 / Double(frames) : .infinity }
        var xMsPerFrame: Double { frames > 0 ? xServer * 1000 / Double(frames) : .infinity }
        var systemMsPerFrame: Double { appMsPerFrame + xMsPerFrame }
        var fps: Double { seconds > 0 ? Double(frames) / seconds : 0 }
        static func += (lhs: inout Usage, rhs: Usage) {
            lhs.app += rhs.app; lhs.xServer += rhs.xServer; lhs.frames += rhs.frames; lhs.seconds += rhs.seconds
            lhs.appKernel += rhs.appKernel
        }
    }

    /// One window of `seconds` after 0.2 s of warm-up: CPU of this process and of the X server, frames painted.
    static func measure(_ subject: Subject, seconds: Double) -> Usage {
        let scene = makeScene(subject)
        Bench.pump(seconds: 0.2)
        scene.counter.reset()
        let before = systemCPUSeconds(), kernelBefore = kernelCPUSeconds(), wall = wallSeconds()
        Bench.pump(seconds: seconds)
        let after = systemCPUSeconds(), kernelAfter = kernelCPUSeconds(), elapsed = wallSeconds() - wall
        let frames = scene.counter.painted
        scene.close()
        Bench.pump(seconds: 0.1)
        return Usage(app: after.app - before.app, xServer: after.xServer - before.xServer, frames: frames, seconds: elapsed,
                     appKernel: kernelAfter - kernelBefore)
    }

    /// The subjects take turns (`rounds` windows of `seconds` each), so the
    /// machine's other load hits them alike; per subject, the ratio of summed
    /// CPU to summed frames, and the median of the per-round ratios against the anchor.
    static func run(rounds: Int, seconds: Double) {
        Bench.setAnimations(true)
        var total: [Subject: Usage] = [:]
        var perRound: [Subject: [Usage]] = [:]
        for round in 0..<rounds {
            // Alternate the order so neither subject always runs right after the other.
            let order = round % 2 == 0 ? Subject.available : Subject.available.reversed()
            for subject in order {
                let usage = measure(subject, seconds: seconds)
                total[subject, default: Usage()] += usage
                perRound[subject, default: []].append(usage)
            }
        }
        if xServerPID == nil { note("GTKHUD_BENCH_XSERVER_PID is not set: the X server's CPU is not counted") }
        for subject in Subject.available {
            let usage = total[subject]!
            note(String(format: "%@: app %.3f (kernel %.3f) + X server %.3f = %.3f ms CPU per frame at %.1f fps (%d frames in %.1f s)",
                        subject.rawValue, usage.appMsPerFrame, usage.appKernelMsPerFrame, usage.xMsPerFrame,
                        usage.systemMsPerFrame, usage.fps, usage.frames, usage.seconds))
        }
        func roundRatios(_ subject: Subject, _ anchor: Subject) -> String {
            zip(perRound[subject]!, perRound[anchor]!)
                .map { String(format: "%.2f", $0.systemMsPerFrame / $1.systemMsPerFrame) }.joined(separator: " ")
        }
        let hud = total[.hud]!, native = total[.native]!, gtk = total[.gtk]!, gtk32 = total[.gtk32]!
        for (name, usage) in [("hud", hud), ("native", native), ("gtk", gtk), ("gtk32", gtk32)] {
            report("spinner_\(name)_app_cpu_ms_per_frame", usage.appMsPerFrame)
            report("spinner_\(name)_app_kernel_cpu_ms_per_frame", usage.appKernelMsPerFrame)
            report("spinner_\(name)_xserver_cpu_ms_per_frame", usage.xMsPerFrame)
            report("spinner_\(name)_fps", usage.fps, decimals: 1)
        }
        let floor = total[.floor]!
        report("spinner_floor_app_cpu_ms_per_frame", floor.appMsPerFrame)
        report("spinner_floor_app_kernel_cpu_ms_per_frame", floor.appKernelMsPerFrame)
        report("spinner_floor_xserver_cpu_ms_per_frame", floor.xMsPerFrame)
        report("spinner_floor_fps", floor.fps, decimals: 1)
        // The lowest whole-system ratio against a GtkSpinner any 38 px animation could reach here.
        report("spinner_floor_vs_gtkspinner_system_cpu_per_frame_ratio", floor.systemMsPerFrame / gtk.systemMsPerFrame)
        report("spinner_vs_floor_system_cpu_per_frame_ratio", hud.systemMsPerFrame / floor.systemMsPerFrame)
        report("spinner_hud_xserver_share", hud.xMsPerFrame / hud.systemMsPerFrame)
        report("spinner_gtk_xserver_share", gtk.xMsPerFrame / gtk.systemMsPerFrame)
        report("spinner_app_cpu_per_frame_ratio", hud.appMsPerFrame / gtk.appMsPerFrame)
        report("spinner_system_cpu_per_frame_ratio", hud.systemMsPerFrame / gtk.systemMsPerFrame)
        note("spinner system ratio per round: " + roundRatios(.hud, .gtk))
        report("native_system_cpu_per_frame_ratio", native.systemMsPerFrame / gtk32.systemMsPerFrame)
        report("native_vs_gtk38_system_cpu_per_frame_ratio", native.systemMsPerFrame / gtk.systemMsPerFrame)
        note("native system ratio per round: " + roundRatios(.native, .gtk32))
        // AdwSpinner (libadwaita 1.6+): the spinner a GNOME developer reaches for today.
        report("spinner_adw_available", adwSpinnerNew != nil ? 1 : 0)
        guard let adw = total[.adw], let adw32 = total[.adw32] else {
            return note("AdwSpinner: n/a (libadwaita < 1.6)")
        }
        for (name, usage) in [("adw", adw), ("adw32", adw32)] {
            report("spinner_\(name)_app_cpu_ms_per_frame", usage.appMsPerFrame)
            report("spinner_\(name)_app_kernel_cpu_ms_per_frame", usage.appKernelMsPerFrame)
            report("spinner_\(name)_xserver_cpu_ms_per_frame", usage.xMsPerFrame)
            report("spinner_\(name)_fps", usage.fps, decimals: 1)
        }
        report("spinner_vs_adwspinner_system_cpu_per_frame_ratio", hud.systemMsPerFrame / adw.systemMsPerFrame)
        report("spinner_vs_adwspinner32_system_cpu_per_frame_ratio", hud.systemMsPerFrame / adw32.systemMsPerFrame)
        report("native_vs_adwspinner32_system_cpu_per_frame_ratio", native.systemMsPerFrame / adw32.systemMsPerFrame)
        report("adwspinner_vs_gtkspinner_system_cpu_per_frame_ratio", adw.systemMsPerFrame / gtk.systemMsPerFrame)
        note("spinner ÷ AdwSpinner per round: " + roundRatios(.hud, .adw))
    }

    /// For callgrind: sets the scene up, spins 600 frames (the ring's arc
    /// images are rasterised once per process, each the first time a frame
    /// lands on its step; under valgrind a frame is late and skips steps, so one
    /// turn's worth of frames leaves some undrawn), then paints `frames` frames
    /// in ``paintCountedFrames(_:frames:)`` and exits at once. run-bench.sh
    /// collects only inside that function (`--toggle-collect`): the main
    /// thread's instructions for those frames. `--frames 0` skips the warm-up.
    /// `GTKHUD_BENCH_WINDOW=WxH` sets the window's size (default 400x300): a
    /// frame whose cost grows with it redraws the whole window.
    static func runFrames(_ subject: Subject, frames: Int) -> Never {
        let size = (ProcessInfo.processInfo.environment["GTKHUD_BENCH_WINDOW"] ?? "").split(separator: "x").compactMap { Int32($0) }
        let scene = size.count == 2 ? makeScene(subject, width: size[0], height: size[1]) : makeScene(subject)
        let warmUp = frames > 0 ? 600 : 0
        MainLoop.run(until: { scene.counter.painted >= warmUp }, timeoutMilliseconds: 600_000)
        paintCountedFrames(scene, frames: frames)
        note("\(subject.rawValue): painted \(scene.counter.painted) frames")
        exit(0)
    }

    /// The frames callgrind counts (kept out of line so its name can be matched).
    @inline(never)
    static func paintCountedFrames(_ scene: Scene, frames: Int) {
        scene.counter.reset()
        if frames > 0 {
            MainLoop.run(until: { scene.counter.painted >= frames }, timeoutMilliseconds: 600_000)
        }
    }
}

import CGtk
import Foundation
import GtkHUD
import GtkSupport
import HUDWidgets

/// Issue #26's burst: 100 messages a second for 5 seconds into one 800×600
/// window, with animations on, as GtkHUD's banners (`maxVisible` 3, the calm
/// stack's defaults: deck stacking, 20 waiting, the oldest dropped) and as
/// `AdwToast`s in an `AdwToastOverlay` (which queues every toast). Reports, per
/// subject: frames painted per second during the burst, the main thread's
/// lateness (a 10 ms probe timer: how late it fires, median, 99th percentile
/// and worst, in ms), and the resident memory grown from before the burst to
/// its end (KiB, after a malloc_trim), for banners also once every banner is
/// dismissed and gone (`rss_settled`), and for both once the window is closed
/// (`rss_closed`). Both subjects are measured after a warm-up that drew the
/// same words once (`GTKHUD_BENCH_BURST_COLD=1` leaves it out). Context lines
/// split the growth (``BurstMemory``). Figures are printed, not judged.
@MainActor
enum BurstBench {
    static let perSecond = 100
    static let seconds = 5.0

    /// Every banner the burst made, held weakly: how many are still alive.
    private static var made: [WeakBanner] = []

    static func run() {
        Bench.setAnimations(true)
        let duration = quickRun ? 2.0 : seconds
        // GTKHUD_BENCH_BURST_SUBJECTS (default "banner,adwtoast") runs them in
        // another order, or one twice: what the first pays once shows up.
        let subjects = (ProcessInfo.processInfo.environment["GTKHUD_BENCH_BURST_SUBJECTS"] ?? "banner,adwtoast").split(separator: ",")
        if ProcessInfo.processInfo.environment["GTKHUD_BENCH_BURST_COLD"] != "1" { warmUp() }
        for subject in subjects {
            switch subject {
            case "banner": bannerBurst(duration: duration)
            case "adwtoast": toastBurst(duration: duration)
            default: note("burst: no subject \(subject)")
            }
        }
    }

    /// Draws one banner and one toast with the burst's words before either is
    /// measured. Whichever subject came first used to pay for the process's
    /// first text: the fonts and HarfBuzz, FreeType and libm pages mapped in,
    /// the shape plans and glyph caches (about 4 MB, see docs/performance.md),
    /// which every later text shares.
    private static func warmUp() {
        let host = HostWindow(width: 800, height: 600, title: "gtkhud-bench burst warm-up")
        let overlay = adw_toast_overlay_new()!
        adw_toast_overlay_set_child(OpaquePointer(overlay), gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        host.setChild(overlay)
        host.present()
        host.waitForFrames(3)
        let words = "Message 0123456789"
        let banner = try? NotificationBanner(title: words, subtitle: "One of a burst")
        banner?.show(on: host.window, duration: 0.5)
        let toast = adw_toast_new(words)!
        adw_toast_set_timeout(toast, 1)
        adw_toast_overlay_add_toast(OpaquePointer(overlay), toast)
        Bench.pump(seconds: 1.5)
        banner?.dismiss()
        Bench.pump(seconds: 0.5)
        host.close()
        Bench.drain()
    }

    private static func bannerBurst(duration: Double) {
        measure("banner", duration: duration) { host in
            BannerCenter.for(host.window)?.maxVisible = 3
            var index = 0
            return {
                index += 1
                let banner = try? NotificationBanner(title: "Message \(index)", subtitle: "One of a burst")
                banner?.show(on: host.window, duration: 3)
                made.append(WeakBanner(banner: banner))
            }
        }
    }

    private static func toastBurst(duration: Double) {
        var overlay: UnsafeMutablePointer<GtkWidget>?
        measure("adwtoast", duration: duration, content: {
            let made = adw_toast_overlay_new()!
            adw_toast_overlay_set_child(OpaquePointer(made), gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
            overlay = made
            return made
        }) { _ in
            var index = 0
            return {
                index += 1
                let toast = adw_toast_new("Message \(index)")!
                adw_toast_set_timeout(toast, 3)
                adw_toast_overlay_add_toast(OpaquePointer(overlay!), toast)
            }
        }
    }

    /// Runs one subject's burst: `arrange` gets the window and returns what one arrival does.
    private static func measure(_ name: String, duration: Double,
                                content: () -> UnsafeMutablePointer<GtkWidget> = { gtk_box_new(GTK_ORIENTATION_VERTICAL, 0) },
                                arrange: (HostWindow) -> @MainActor () -> Void) {
        let host = HostWindow(width: 800, height: 600, title: "gtkhud-bench burst \(name)")
        host.setChild(content())
        host.present()
        host.waitForFrames(3)
        let arrive = arrange(host)
        let frames = FrameCounter(window: host.window)
        Bench.pump(seconds: 0.3)
        let before = residentKiB()
        let base = BurstMemory.now()
        // GTKHUD_BENCH_BURST_MAPS=1: which mappings grew, by file (the investigation in docs/performance.md).
        let mapsBase = ProcessInfo.processInfo.environment["GTKHUD_BENCH_BURST_MAPS"] == "1" ? residentByMapping() : nil
        frames.reset()

        var lateness: [Double] = []
        var probe: MainLoopSource?
        func armProbe() {
            let due = wallSeconds() + 0.010
            probe = MainLoop.after(milliseconds: 10) {
                lateness.append(max(0, wallSeconds() - due) * 1000)
                armProbe()
            }
        }
        armProbe()
        let start = wallSeconds()
        var sent = 0
        var feeder: MainLoopSource?
        func armFeeder() {
            feeder = MainLoop.after(milliseconds: UInt32(1000 / perSecond)) {
                // Catch up with the wall clock: 100 a second whatever the loop's delays.
                let due = min(Int((wallSeconds() - start) * Double(perSecond)), Int(duration * Double(perSecond)))
                while sent < due { arrive(); sent += 1 }
                if sent < Int(duration * Double(perSecond)) { armFeeder() }
            }
        }
        armFeeder()
        // A little past the end, so the last arrival (due at `duration`) is sent too.
        Bench.pump(seconds: duration + 0.05)
        let elapsed = wallSeconds() - start
        let painted = frames.painted
        probe?.cancel()
        feeder?.cancel()
        let grown = residentKiB() - before
        frames.stop()
        report("burst.\(name)_sent", sent)
        report("burst.\(name)_fps", Double(painted) / elapsed, decimals: 1)
        report("burst.\(name)_latency_median_ms", median(lateness), decimals: 2)
        report("burst.\(name)_latency_p99_ms", percentile(lateness, 99), decimals: 2)
        report("burst.\(name)_latency_max_ms", lateness.max() ?? 0, decimals: 2)
        report("burst.\(name)_rss_growth_kib", grown)
        BurstMemory.now(alive: made).report("burst \(name) at its end", since: base)
        if let mapsBase { reportMappingGrowth("burst \(name) mapping", since: mapsBase) }
        if name == "banner", let center = BannerCenter.for(host.window) {
            note("burst banner: \(center.visibleBanners.count) on screen, \(center.queuedBanners.count) waiting at the end")
            settle(center, host)
            report("burst.\(name)_rss_settled_kib", residentKiB() - before)
            BurstMemory.now(alive: made).report("burst \(name) settled (dismissed, exits over)", since: base)
        }
        Bench.pump(seconds: 0.5)
        host.close()
        Bench.drain()
        report("burst.\(name)_rss_closed_kib", residentKiB() - before)
        BurstMemory.now(alive: made).report("burst \(name) window closed", since: base)
        made = []
    }

    /// Dismisses every banner and waits until the last exit is over, and a second more.
    private static func settle(_ center: BannerCenter, _ host: HostWindow) {
        center.dismissAll()
        let stack = center.stackWidget.gtkWidget
        let deadline = wallSeconds() + 5
        while stack.flatMap({ BannerStackWidget.of($0)?.banners.isEmpty }) == false, wallSeconds() < deadline {
            Bench.pump(seconds: 0.1)
        }
        Bench.pump(seconds: 1)
    }
}

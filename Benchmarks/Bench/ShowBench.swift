import CGtk
import Foundation
import GtkHUD
import GtkSupport

/// Time from `show` to the end of the first frame that contains the HUD (or
/// toast), with GTK animations off: median of ``samples`` shows of each kind.
/// The kinds take turns, each in its own 400×300 window, so drifts in the
/// machine's speed hit every kind alike; before each show the window idles
/// 50 ms, so its frame clock is free to paint at once. The first round is a
/// warm-up and not counted.
@MainActor
enum ShowBench {
    static var samples = 31

    /// One kind of message and how to show, find and dismiss it.
    struct Kind {
        let name: String
        var content: () -> UnsafeMutablePointer<GtkWidget> = { gtk_box_new(GTK_ORIENTATION_VERTICAL, 0) }
        /// Shows in the window and returns how to find the shown widget and how to dismiss it.
        let show: @MainActor (HostWindow) -> Shown
    }

    typealias Shown = (find: @MainActor () -> UnsafeMutablePointer<GtkWidget>?, dismiss: @MainActor () -> Void)

    static func run() {
        Bench.setAnimations(false)
        defer { Bench.setAnimations(true) }
        var kinds = [
            Kind(name: "ProgressHUD.show") { host in
                ProgressHUD.host = host.window
                ProgressHUD.show(status: "Loading")
                return (find: { ProgressHUD.bezelWidget?.gtkWidget }, dismiss: {
                    ProgressHUD.dismiss()
                    MainLoop.run(until: { !ProgressHUD.isVisible }, timeoutMilliseconds: 2_000)
                })
            },
            Kind(name: "HUD.show(on:)") { host in
                let hud = try? HUD.show(on: host.window)
                hud?.label = "Loading"
                return (find: { Bench.descendant(of: host.window, typeNamed: "GtkHUDBezel") }, dismiss: {
                    hud?.hide(animated: false)
                    MainLoop.run(until: { hud?.isVisible != true }, timeoutMilliseconds: 2_000)
                })
            },
        ]
        kinds.append(Kind(name: "NotificationBanner.show") { host in
            let banner = try? NotificationBanner(title: "Loading")
            banner?.show(on: host.window)
            return (find: { banner?.widget?.gtkWidget }, dismiss: {
                banner?.dismiss()
                MainLoop.run(until: { banner?.state.isGone != false && banner?.widget == nil }, timeoutMilliseconds: 2_000)
            })
        })
        var toastOverlay: UnsafeMutablePointer<GtkWidget>?
        kinds.append(Kind(name: "AdwToast", content: {
            let overlay = adw_toast_overlay_new()!
            adw_toast_overlay_set_child(OpaquePointer(overlay), gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
            toastOverlay = overlay
            return overlay
        }) { _ in
            let toast = adw_toast_new("Loading")!
            adw_toast_set_timeout(toast, 0)
            g_object_ref(UnsafeMutableRawPointer(toast))
            adw_toast_overlay_add_toast(OpaquePointer(toastOverlay!), toast)
            return (find: { Bench.descendant(of: toastOverlay!, typeNamed: "AdwToastWidget") }, dismiss: {
                adw_toast_dismiss(toast)
                g_object_unref(UnsafeMutableRawPointer(toast))
                MainLoop.run(until: { Bench.descendant(of: toastOverlay!, typeNamed: "AdwToastWidget") == nil },
                             timeoutMilliseconds: 2_000)
            })
        })
        // GTKHUD_BENCH_SHOW_ONLY=AdwToast (a kind's name): that kind alone, for
        // callgrind runs that compare what one show costs (no figures reported).
        if let only = ProcessInfo.processInfo.environment["GTKHUD_BENCH_SHOW_ONLY"] {
            let chosen = kinds.filter { $0.name == only }
            guard !chosen.isEmpty else { return note("GTKHUD_BENCH_SHOW_ONLY: no kind named \(only)") }
            _ = measure(chosen)
            ProgressHUD.reset()
            return
        }
        let medians = measure(kinds)
        ProgressHUD.reset()
        ProgressHUD.host = nil
        let shared = medians[0], instance = medians[1], banner = medians[2], toast = medians[3]
        report("show_to_first_frame_ms", shared, decimals: 2)
        report("hud_instance_show_to_first_frame_ms", instance, decimals: 2)
        report("banner_show_to_first_frame_ms", banner, decimals: 2)
        report("adwtoast_show_to_first_frame_ms", toast, decimals: 2)
        report("show_to_first_frame_vs_adwtoast_ratio", shared / toast)
        report("hud_instance_show_to_first_frame_vs_adwtoast_ratio", instance / toast)
        report("banner_show_to_first_frame_vs_adwtoast_ratio", banner / toast)
    }

    /// The display's frame interval (60 Hz unless the monitor says otherwise).
    static var frameIntervalMs: Double {
        if let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display),
           let first = g_list_model_get_item(monitors, 0) {
            defer { g_object_unref(first) }
            let millihertz = gdk_monitor_get_refresh_rate(OpaquePointer(first))
            if millihertz > 0 { return 1_000_000 / Double(millihertz) }
        }
        return 1000.0 / 60
    }

    /// Median milliseconds, per kind, from calling `show` to the end of the first
    /// painted frame in which the shown widget is mapped and laid out.
    static func measure(_ kinds: [Kind]) -> [Double] {
        let hosts = kinds.map { kind in
            let host = HostWindow(width: 400, height: 300, title: "gtkhud-bench show \(kind.name)")
            host.setChild(kind.content())
            host.present()
            return host
        }
        let counters = hosts.map { FrameCounter(window: $0.window) }
        var times = [[Double]](repeating: [], count: kinds.count)
        for round in 0...samples {
            for (index, kind) in kinds.enumerated() {
                let host = hosts[index], counter = counters[index]
                Bench.pump(seconds: 0.05)
                var shownAt: Double?
                var finder: (@MainActor () -> UnsafeMutablePointer<GtkWidget>?)?
                counter.afterPaint = { time in
                    if shownAt == nil, let widget = finder?(), Bench.isOnScreen(widget) { shownAt = time }
                }
                let start = wallSeconds()
                let shown = kind.show(host)
                finder = shown.find
                MainLoop.run(until: { shownAt != nil }, timeoutMilliseconds: 2_000)
                if let shownAt, round > 0 { times[index].append((shownAt - start) * 1000) }
                if shownAt == nil { note("\(kind.name): show \(round) never reached a frame") }
                counter.afterPaint = nil
                shown.dismiss()
                host.waitForFrames(1)
            }
        }
        for counter in counters { counter.stop() }
        for host in hosts { host.close() }
        for (index, kind) in kinds.enumerated() {
            note(String(format: "%@: show to first frame, median %.2f ms (min %.2f, max %.2f)",
                        kind.name, median(times[index]), times[index].min() ?? .nan, times[index].max() ?? .nan))
        }
        return times.map(median)
    }
}

/// Frames drawn per second once a status HUD (or toast) has settled.
@MainActor
enum SettledBench {
    static func run() {
        Bench.setAnimations(true)
        let success = measure {
            ProgressHUD.host = $0.window
            ProgressHUD.showSuccess(status: "Saved")
        }
        ProgressHUD.dismiss()
        ProgressHUD.reset()
        ProgressHUD.host = nil

        var instance: HUD?
        let instanceSuccess = measure {
            instance = try? HUD(on: $0.window)
            instance?.mode = .success
            instance?.label = "Done"
            instance?.show()
        }
        instance?.hide(animated: false)
        instance = nil

        Bench.setAnimations(false)
        let stillSpinner = measure {
            ProgressHUD.host = $0.window
            ProgressHUD.show(status: "Loading")
        }
        ProgressHUD.reset()
        ProgressHUD.host = nil
        Bench.setAnimations(true)

        var banner: NotificationBanner?
        let settledBanner = measure {
            banner = try? NotificationBanner(title: "Saved", subtitle: "3 files were copied")
            banner?.show(on: $0.window)
        }
        banner?.dismiss()
        banner = nil

        var toastOverlay: UnsafeMutablePointer<GtkWidget>?
        let toast = measure(content: {
            let overlay = adw_toast_overlay_new()!
            toastOverlay = overlay
            return overlay
        }) { _ in
            let toast = adw_toast_new("Saved")!
            adw_toast_set_timeout(toast, 0)
            adw_toast_overlay_add_toast(OpaquePointer(toastOverlay!), toast)
        }
        report("settled_frames_per_sec", success, decimals: 2)
        report("hud_instance_settled_frames_per_sec", instanceSuccess, decimals: 2)
        report("spinner_no_animations_settled_frames_per_sec", stillSpinner, decimals: 2)
        report("banner_settled_frames_per_sec", settledBanner, decimals: 2)
        report("adwtoast_settled_frames_per_sec", toast, decimals: 2)
    }

    static func measure(content: () -> UnsafeMutablePointer<GtkWidget> = { gtk_box_new(GTK_ORIENTATION_VERTICAL, 0) },
                        seconds: Double = quickRun ? 0.6 : 2, show: (HostWindow) -> Void) -> Double {
        let host = HostWindow(width: 400, height: 300, title: "gtkhud-bench settled")
        host.setChild(content())
        host.present()
        show(host)
        Bench.pump(seconds: quickRun ? 0.5 : 1) // fade-in and any follow-up layout
        let counter = FrameCounter(window: host.window)
        Bench.pump(seconds: seconds)
        let painted = counter.painted
        counter.stop()
        host.close()
        return Double(painted) / seconds
    }
}

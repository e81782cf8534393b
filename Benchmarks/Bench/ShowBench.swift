import CGtk
import Foundation
import GtkHUD
import GtkSupport

/// Time from `show` to the end of the first frame that contains the HUD (or
/// toast), with GTK animations off, median of ``samples`` shows. Before each
/// show the window idles, so the frame clock is free to paint at once; the
/// first show of each kind is a warm-up and not counted.
@MainActor
enum ShowBench {
    static let samples = 21

    static func run() {
        Bench.setAnimations(false)
        defer { Bench.setAnimations(true) }
        let shared = measure(name: "ProgressHUD.show") { host, index in
            ProgressHUD.host = host.window
            ProgressHUD.show(status: "Loading")
            return (find: { ProgressHUD.bezelWidget }, dismiss: {
                ProgressHUD.dismiss()
                MainLoop.run(until: { !ProgressHUD.isVisible }, timeoutMilliseconds: 2_000)
            })
        }
        ProgressHUD.reset()
        ProgressHUD.host = nil
        let instance = measure(name: "HUD.show(on:)") { host, index in
            let hud = HUD.show(on: host.window)
            hud?.label = "Loading"
            return (find: { Bench.descendant(of: host.window, typeNamed: "GtkHUDBezel") }, dismiss: {
                hud?.hide(animated: false)
                MainLoop.run(until: { hud?.isVisible != true }, timeoutMilliseconds: 2_000)
            })
        }
        var toastOverlay: UnsafeMutablePointer<GtkWidget>?
        let toast = measure(name: "AdwToast", content: {
            let overlay = adw_toast_overlay_new()!
            adw_toast_overlay_set_child(OpaquePointer(overlay), gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
            toastOverlay = overlay
            return overlay
        }) { host, index in
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
        }
        report("frame_interval_ms", frameIntervalMs, decimals: 2)
        report("show_to_first_frame_ms", shared, decimals: 2)
        report("hud_instance_show_to_first_frame_ms", instance, decimals: 2)
        report("adwtoast_show_to_first_frame_ms", toast, decimals: 2)
        report("show_to_first_frame_vs_adwtoast_ratio", shared / toast)
        report("hud_instance_show_to_first_frame_vs_adwtoast_ratio", instance / toast)
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

    typealias Shown = (find: @MainActor () -> UnsafeMutablePointer<GtkWidget>?, dismiss: @MainActor () -> Void)

    /// Median milliseconds from calling `show` to the end of the first painted
    /// frame in which the widget `show` returns a finder for is mapped and laid out.
    static func measure(name: String, content: () -> UnsafeMutablePointer<GtkWidget> = { gtk_box_new(GTK_ORIENTATION_VERTICAL, 0) },
                        show: (HostWindow, Int) -> Shown) -> Double {
        let host = HostWindow(width: 400, height: 300, title: "gtkhud-bench show")
        host.setChild(content())
        host.present()
        let counter = FrameCounter(window: host.window)
        var times: [Double] = []
        for index in 0...samples {
            Bench.pump(seconds: 0.05)
            var shownAt: Double?
            var finder: (@MainActor () -> UnsafeMutablePointer<GtkWidget>?)?
            counter.afterPaint = { time in
                if shownAt == nil, let widget = finder?(), Bench.isOnScreen(widget) { shownAt = time }
            }
            let start = wallSeconds()
            let shown = show(host, index)
            finder = shown.find
            MainLoop.run(until: { shownAt != nil }, timeoutMilliseconds: 2_000)
            if let shownAt, index > 0 { times.append((shownAt - start) * 1000) }
            if shownAt == nil { note("\(name): show \(index) never reached a frame") }
            counter.afterPaint = nil
            shown.dismiss()
            host.waitForFrames(1)
        }
        counter.stop()
        host.close()
        note(String(format: "%@: show to first frame, median %.2f ms (min %.2f, max %.2f)",
                    name, median(times), times.min() ?? .nan, times.max() ?? .nan))
        return median(times)
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
            instance = HUD(on: $0.window)
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
        report("adwtoast_settled_frames_per_sec", toast, decimals: 2)
    }

    static func measure(content: () -> UnsafeMutablePointer<GtkWidget> = { gtk_box_new(GTK_ORIENTATION_VERTICAL, 0) },
                        seconds: Double = 2, show: (HostWindow) -> Void) -> Double {
        let host = HostWindow(width: 400, height: 300, title: "gtkhud-bench settled")
        host.setChild(content())
        host.present()
        show(host)
        Bench.pump(seconds: 1) // fade-in and any follow-up layout
        let counter = FrameCounter(window: host.window)
        Bench.pump(seconds: seconds)
        let painted = counter.painted
        counter.stop()
        host.close()
        return Double(painted) / seconds
    }
}

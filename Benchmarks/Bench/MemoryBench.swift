import CGtk
import Foundation
import GtkHUD
import GtkSupport

/// Memory for one more shown HUD, and one more shown banner: the resident set
/// (after `malloc_trim`) with `count` of them shown and painted, one per
/// 400×300 window, minus the same windows without them, divided by `count`.
/// Each window already shows a line of text (as an app's window does: with the
/// GL renderer each window has its own glyph cache, which the first text in it
/// creates). A HUD and a banner are shown and dismissed once first on a spare
/// window, so one-time costs (stylesheet, widget types, the shared arc images,
/// fonts) are not counted; whatever a HUD adds to its window is.
@MainActor
enum MemoryBench {
    static let count = 8
    /// For tracing, not a figure: `GTKHUD_BENCH_MEMORY_HUD=text`, `success` or `annular`
    /// (a ring at 40 %) measures a HUD that does not spin (its window stops drawing once
    /// it is shown), to tell what the spinning costs a window apart from what the bezel
    /// and an image do.
    static let hudModeForTracing: HUD.Mode? = switch ProcessInfo.processInfo.environment["GTKHUD_BENCH_MEMORY_HUD"] {
    case "text": .text
    case "success": .success
    case "annular": .annularDeterminate
    default: nil
    }
    /// For tracing, not a figure: `GTKHUD_BENCH_MEMORY_SPLIT=1` notes (stderr) where the
    /// first toasts', HUDs' and banners' memory is: anonymous or file pages, malloc's or not,
    /// and the mappings that grew most.
    static let notesTheSplit = ProcessInfo.processInfo.environment["GTKHUD_BENCH_MEMORY_SPLIT"] == "1"

    /// Where the memory is now, for ``noteTheSplit(_:since:)``.
    static func splitNow() -> (BurstMemory, [String: Int]) { (BurstMemory.now(), residentByMapping()) }

    /// Notes (stderr) what grew since `base`, split as `GTKHUD_BENCH_MEMORY_SPLIT` says; nothing without a base.
    static func noteTheSplit(_ what: String, since base: (BurstMemory, [String: Int])?) {
        guard let base else { return }
        BurstMemory.now().report(what, since: base.0)
        reportMappingGrowth(what, since: base.1)
    }

    static func run() {
        Bench.setAnimations(true)
        let hosts = (0...count).map { _ in
            let host = HostWindow(width: 400, height: 300, title: "gtkhud-bench memory")
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_box_append(box.cast(to: GtkBox.self), gtk_label_new("A document window with some text"))
            host.setChild(box)
            host.present()
            return host
        }
        // The anchor's windows: an AdwToastOverlay around the same text, made, drawn
        // and warmed up (one toast on a spare one) like the subjects' windows, and
        // measured first: a toast measured after the HUDs' windows closed reused
        // their freed memory, and one measured before its windows' first frame paid
        // for that frame (both seen in session 25: 4.5 and 6.4 MiB on GTK 4.18's GL).
        var overlays: [OpaquePointer] = []
        let toastHosts = (0...count).map { _ in
            let host = HostWindow(width: 400, height: 300, title: "gtkhud-bench memory toast")
            let overlay = adw_toast_overlay_new()!
            adw_toast_overlay_set_child(OpaquePointer(overlay), gtk_label_new("A document window with some text"))
            overlays.append(OpaquePointer(overlay))
            host.setChild(overlay)
            host.present()
            return host
        }
        func addToast(to overlay: OpaquePointer) -> OpaquePointer {
            let toast = adw_toast_new("Saved")!
            adw_toast_set_timeout(toast, 0)
            g_object_ref(UnsafeMutableRawPointer(toast)) // ours, to dismiss it; the overlay takes the other
            adw_toast_overlay_add_toast(overlay, toast)
            return toast
        }
        let warmToast = addToast(to: overlays[count])
        Bench.pump(seconds: quickRun ? 0.4 : 0.8)
        adw_toast_dismiss(warmToast)
        g_object_unref(UnsafeMutableRawPointer(warmToast))

        // Warm-up on the spare window.
        let spare = hosts[count]
        let warmHUD = try? HUD(on: spare.window)
        warmHUD?.label = "Loading"
        if let mode = hudModeForTracing { warmHUD?.mode = mode; warmHUD?.progress = 0.4 } // its icon's one-time costs (an SVG loaded) too
        warmHUD?.show(animated: false)
        let warmBanner = try? NotificationBanner(title: "Saved", subtitle: "3 files were copied")
        warmBanner?.show(on: spare.window)
        Bench.pump(seconds: quickRun ? 0.4 : 0.8)
        warmHUD?.hide(animated: false)
        warmBanner?.dismiss()
        Bench.pump(seconds: quickRun ? 0.4 : 0.8)
        for host in hosts + toastHosts { host.waitForFrames(1) }

        // The anchor: the first AdwToast in each of `count` windows.
        let beforeToasts = residentKiB()
        let splitBeforeToasts = notesTheSplit ? splitNow() : nil
        let toasts = overlays.prefix(count).map { addToast(to: $0) }
        Bench.pump(seconds: quickRun ? 0.4 : 0.8)
        for host in toastHosts.prefix(count) { host.waitForFrames(1) }
        let toastKiB = Double(residentKiB() - beforeToasts) / Double(count)
        noteTheSplit("\(count) first toasts", since: splitBeforeToasts)
        for toast in toasts {
            adw_toast_dismiss(toast)
            g_object_unref(UnsafeMutableRawPointer(toast))
        }
        Bench.pump(seconds: quickRun ? 0.4 : 0.8)

        // Twice: the first HUD (banner) a window shows, and one shown again after
        // the first was dismissed (what the renderer keeps per window is then there).
        var hudKiB: [Double] = [], bannerKiB: [Double] = []
        for pass in 0..<2 {
            let before = residentKiB()
            let splitBefore = notesTheSplit && pass == 0 ? splitNow() : nil
            let huds = hosts.prefix(count).map { host -> HUD? in
                let hud = try? HUD(on: host.window)
                hud?.label = "Loading"
                if let mode = hudModeForTracing { hud?.mode = mode; hud?.progress = 0.4 }
                hud?.show(animated: false)
                return hud
            }
            Bench.pump(seconds: quickRun ? 0.3 : 0.5)
            for host in hosts.prefix(count) { host.waitForFrames(1) }
            let shown = residentKiB()
            hudKiB.append(Double(shown - before) / Double(count))
            noteTheSplit("\(count) first HUDs", since: splitBefore)
            for hud in huds { hud?.hide(animated: false) }
            Bench.pump(seconds: quickRun ? 0.3 : 0.5)

            let beforeBanners = residentKiB()
            let splitBeforeBanners = notesTheSplit && pass == 0 ? splitNow() : nil
            let banners = hosts.prefix(count).map { host -> NotificationBanner? in
                let banner = try? NotificationBanner(title: "Saved", subtitle: "3 files were copied")
                banner?.show(on: host.window)
                return banner
            }
            Bench.pump(seconds: quickRun ? 0.4 : 0.8) // slide-in
            for host in hosts.prefix(count) { host.waitForFrames(1) }
            let shownBanners = residentKiB()
            bannerKiB.append(Double(shownBanners - beforeBanners) / Double(count))
            noteTheSplit("\(count) first banners", since: splitBeforeBanners)
            for banner in banners { banner?.dismiss() }
            Bench.pump(seconds: quickRun ? 0.4 : 0.8)
        }
        for host in hosts + toastHosts { host.close() }
        Bench.pump(seconds: 0.3)
        report("memory_per_hud_kib", hudKiB[0], decimals: 0)
        report("memory_per_banner_kib", bannerKiB[0], decimals: 0)
        report("memory_per_hud_again_kib", hudKiB[1], decimals: 0)
        report("memory_per_banner_again_kib", bannerKiB[1], decimals: 0)
        report("memory_per_adwtoast_kib", toastKiB, decimals: 0)
        // Issue #28's goal: the first HUD and the first banner in a window cost no more than the first AdwToast.
        report("memory_per_hud_vs_adwtoast_ratio", hudKiB[0] / toastKiB, decimals: 2)
        report("memory_per_banner_vs_adwtoast_ratio", bannerKiB[0] / toastKiB, decimals: 2)
    }
}

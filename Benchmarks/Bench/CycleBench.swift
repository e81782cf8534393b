import CGtk
import Foundation
import GtkHUD
import GtkSupport

/// Show/dismiss cycles: memory growth and objects left behind.
///
/// One cycle creates an instance HUD (alternating modes, a label, a progress
/// value), shows the shared HUD with a status and then a progress value,
/// shows a banner (alternating subtitle, image, action button and timeout),
/// dismisses the banner, hides both HUDs and shows a success HUD that is
/// dismissed at once. GTK
/// animations are off so a cycle does not wait for fades; every
/// ``paintEvery``-th cycle paints a frame with everything on screen, so
/// widgets are also snapshotted and rendered.
@MainActor
enum CycleBench {
    static let paintEvery = 100

    @MainActor final class Scene {
        let host = HostWindow(width: 400, height: 300, title: "gtkhud-bench cycles")
        init() {
            host.setChild(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
            host.present()
            ProgressHUD.host = host.window
        }

        func cycle(_ index: Int, paint: Bool) {
            guard let hud = try? HUD(on: host.window) else { return }
            hud.mode = [.indeterminate, .annularDeterminate, .determinate, .determinateHorizontalBar, .text][index % 5]
            hud.label = "Working \(index % 7)"
            if index % 2 == 0 { hud.detailsLabel = "Step \(index % 3)" }
            hud.show()
            hud.progress = Double(index % 10) / 10
            ProgressHUD.show(status: "Loading \(index % 5)")
            ProgressHUD.showProgress(0.3, status: "Copying")
            let banner = try? NotificationBanner(title: "Copied \(index % 3)", subtitle: index % 2 == 0 ? "Link copied" : nil,
                                                 image: index % 4 == 0 ? .iconName("emblem-ok-symbolic") : nil)
            if index % 5 == 0 { banner?.setAction("Undo") {} }
            banner?.show(on: host.window, duration: index % 2 == 0 ? 5 : nil)
            if paint { host.waitForFrames(1) } else { Bench.drain() }
            banner?.dismiss()
            hud.hide()
            ProgressHUD.showSuccess(status: "Done")
            Bench.drain()
            ProgressHUD.dismiss()
            Bench.drain()
        }

        func close() {
            ProgressHUD.reset()
            ProgressHUD.host = nil
            host.close()
            Bench.drain()
        }
    }

    static func run(cycles: Int) {
        Bench.setAnimations(false)
        let scene = Scene()
        for index in 0..<(quickRun ? 300 : 1_000) { scene.cycle(index, paint: index % paintEvery == 0) }
        Bench.pump(seconds: 0.7)
        let liveBefore = Bench.liveObjects
        // RSS moves by a few hundred KiB either way as GLib, Pango and malloc
        // caches settle, so the growth is a robust slope over eleven samples,
        // one every tenth of the run, not the difference of two. With the GL
        // renderer it also flips between two levels ~500 KiB apart (about a
        // 400×300 frame buffer) depending on when a frame was last painted, so
        // each sample is the lowest of the readings after five consecutive
        // cycles that each paint (a leak raises the low level as well).
        let window = 5
        func sample(_ index: inout Int) -> Double {
            scene.cycle(index, paint: true)
            index += 1
            var lowest = residentKiB()
            for _ in 1..<window {
                scene.cycle(index, paint: true)
                index += 1
                lowest = min(lowest, residentKiB())
            }
            return Double(lowest)
        }
        var done = 0
        var samples: [(cycles: Double, kib: Double)] = [(0, sample(&done))]
        let step = max(window, cycles / 10)
        let start = wallSeconds()
        while done < cycles {
            scene.cycle(done, paint: done % paintEvery == 0)
            done += 1
            if done % step == 0 { samples.append((Double(done), sample(&done))) }
        }
        let elapsed = wallSeconds() - start
        Bench.pump(seconds: 0.7)
        let liveAfter = Bench.liveObjects
        // Theil–Sen: the median of the slopes between every pair of samples, so
        // one step (a cache freed, an arena trimmed) does not tilt the line.
        var slopes: [Double] = []
        for i in samples.indices { for j in samples.indices where j > i {
            slopes.append((samples[j].kib - samples[i].kib) / (samples[j].cycles - samples[i].cycles))
        } }
        let slope = median(slopes) // KiB per cycle
        // How far the samples stray from that line (3 × the median absolute
        // deviation of the residuals), as KiB per 10,000 cycles over this run's
        // span: a step of a few hundred KiB in a short run moves the slope this much.
        let intercept = median(samples.map { $0.kib - slope * $0.cycles })
        let residuals = samples.map { $0.kib - (intercept + slope * $0.cycles) }
        let center = median(residuals)
        let spread = 3 * median(residuals.map { abs($0 - center) })
        let uncertainty = spread * 10_000 / max(1, samples.last!.cycles - samples.first!.cycles)
        note(String(format: "%d HUD and banner cycles in %.2f s (%.0f µs each); RSS samples (KiB): %@; live objects %d → %d",
                    done, elapsed, elapsed / Double(done) * 1e6,
                    samples.map { String(Int($0.kib)) }.joined(separator: " "), liveBefore, liveAfter))
        scene.close()
        // Per 10,000 cycles whatever the run's length (--quick runs 2,000).
        report("cycle_rss_growth_kib", Int((slope * 10_000).rounded()))
        report("cycle_rss_growth_uncertainty_kib", Int(uncertainty.rounded()))
        report("live_objects_after", liveAfter - liveBefore)
    }

    /// For valgrind memcheck: `cycles` cycles, then everything is torn down
    /// and the process exits normally so the leak check sees what is left.
    static func leakCycles(_ cycles: Int) -> Never {
        Bench.setAnimations(false)
        // One cycle first: the stylesheet and its parse-error handler live as long as the process.
        let first = Scene()
        first.cycle(0, paint: true)
        first.close()
        Bench.pump(seconds: 0.7)
        let liveBefore = Bench.liveObjects
        let scene = Scene()
        for index in 0..<cycles { scene.cycle(index, paint: index % 10 == 0) }
        scene.close()
        Bench.pump(seconds: 0.7)
        note("leak-cycles: \(cycles) cycles; live objects \(liveBefore) → \(Bench.liveObjects)")
        exit(0)
    }
}

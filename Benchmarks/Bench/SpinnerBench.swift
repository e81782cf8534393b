import CGtk
import Foundation
import GtkHUD
import GtkSupport

/// An indeterminate HUD with a status label over a black mask, against a bare
/// GtkSpinner of the same size as the HUD's ring, each centred in a 400×300 window.
@MainActor
enum SpinnerBench {
    enum Subject: String { case hud, gtk }

    /// The ring's size with a status label (radius 18, line 2: 38 px); the GtkSpinner gets the same.
    static let indicatorSize: Int32 = 38

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
        let host = HostWindow(width: width, height: height, title: "gtkhud-bench spinner")
        switch subject {
        case .hud:
            host.setChild(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
            host.present()
            var appearance = HUD.defaultAppearance
            appearance.mask = ProcessInfo.processInfo.environment["GTKHUD_BENCH_MASK"] == "none" ? .none : .black
            guard let hud = try? HUD(on: host.window, appearance: appearance) else {
                note("could not create a HUD")
                exit(1)
            }
            hud.label = "Loading"
            hud.show(animated: false)
            host.waitForFrames(3)
            return Scene(host: host, hud: hud)
        case .gtk:
            let spinner = gtk_spinner_new()!
            gtk_widget_set_size_request(spinner, indicatorSize, indicatorSize)
            gtk_widget_set_halign(spinner, GTK_ALIGN_CENTER)
            gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
            gtk_spinner_start(OpaquePointer(spinner))
            host.setChild(spinner)
            host.present()
            host.waitForFrames(3)
            return Scene(host: host, hud: nil)
        }
    }

    /// Process CPU time per painted frame (ms) and frames per second over `seconds`.
    static func measureCPU(_ subject: Subject, seconds: Double) -> (cpuPerFrameMs: Double, fps: Double) {
        let scene = makeScene(subject)
        Bench.pump(seconds: 0.3)
        scene.counter.reset()
        let cpu = processCPUSeconds(), wall = wallSeconds()
        Bench.pump(seconds: seconds)
        let cpuUsed = processCPUSeconds() - cpu, elapsed = wallSeconds() - wall
        let frames = scene.counter.painted
        scene.close()
        Bench.pump(seconds: 0.1)
        return (frames > 0 ? cpuUsed * 1000 / Double(frames) : .infinity, Double(frames) / elapsed)
    }

    /// For callgrind: sets the scene up, paints `frames` frames and exits at once.
    /// Run with `--frames 0` for the start-up baseline.
    static func runFrames(_ subject: Subject, frames: Int) -> Never {
        let scene = makeScene(subject)
        scene.counter.reset()
        if frames > 0 {
            MainLoop.run(until: { scene.counter.painted >= frames }, timeoutMilliseconds: 600_000)
        }
        note("\(subject.rawValue): painted \(scene.counter.painted) frames")
        exit(0)
    }
}

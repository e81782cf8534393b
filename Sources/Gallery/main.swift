// gtkhud-gallery: every GtkHUD feature one click away (placeholder window until the
// gallery issue lands). `--screenshot DIR` writes a PNG of the window and exits.
import CGtk
import Foundation
import GtkSupport

let arguments = CommandLine.arguments
let screenshotDirectory: String? = arguments.firstIndex(of: "--screenshot").flatMap {
    arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
}

MainActor.assumeIsolated {
    guard GtkEnvironment.initialize() else {
        print("gtkhud-gallery: cannot open a display (set DISPLAY, or run scripts/gallery, which starts Xvfb)")
        exit(1)
    }
    let host = HostWindow(width: 640, height: 420, title: "GtkHUD Gallery")
    let label = gtk_label_new("GtkHUD Gallery")!
    host.setChild(label)
    host.present()
    if let directory = screenshotDirectory {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/gallery.png"
        let written = WidgetRenderer.savePNG(host.window, to: path)
        print(written ? "wrote \(path)" : "could not write \(path)")
        host.close()
        exit(written ? 0 : 1)
    }
    let loop = g_main_loop_new(nil, 0)
    Signal.connect(host.window.raw, "close-request") { g_main_loop_quit(loop) }
    g_main_loop_run(loop)
}

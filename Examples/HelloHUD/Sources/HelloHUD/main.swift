// HelloHUD: written from GtkHUD's README only ("Using it from your package",
// "What you get"), as an app developer would. It shows the shared HUD, an
// instance HUD running work with HUD.run, a queue of banners, and a window of
// its own built from a GtkBuilder .ui file with a GtkHUDOverlay in it (GTK's C
// API comes from GtkHUD's CGtk product); prints a line for each thing it
// showed, and exits 0 when all went as the README says.
import CGtk
import Foundation
import GtkHUD

var failures: [String] = []
@MainActor func check(_ condition: Bool, _ what: String) {
    print(condition ? "ok: \(what)" : "FAILED: \(what)")
    if !condition { failures.append(what) }
}

let app = GtkHUDApplication(id: "org.gtkhud.HelloHUD")
app.run(title: "Hello HUD") { window in
    Task { @MainActor in
        // The shared HUD, SVProgressHUD style.
        ProgressHUD.show(status: "Loading")
        check(ProgressHUD.isVisible, "shown: Loading (shared HUD)")
        ProgressHUD.showProgress(0.4, status: "Downloading")
        try? await Task.sleep(for: .milliseconds(200))
        ProgressHUD.showSuccess(status: "Saved")           // dismisses itself
        check(ProgressHUD.isVisible, "shown: Saved (success)")
        let outcome = await ProgressHUD.dismissAndWait()
        check(!ProgressHUD.isVisible, "dismissed: \(outcome)")

        // An instance HUD running work; HUD.run returns the work's value.
        do {
            let value = try await HUD.run(on: window, label: "Importing", graceTime: 0) {
                try await Task.sleep(for: .milliseconds(300))
                return 42
            }
            check(value == 42, "HUD.run returned \(value)")
        } catch {
            check(false, "HUD.run threw \(error)")
        }

        // A HUD of our own, MBProgressHUD style.
        do {
            let hud = try HUD(on: window)
            hud.mode = .annularDeterminate
            hud.label = "Uploading"
            hud.show()
            hud.setProgress(0.5)                            // from any thread, at any rate
            check(hud.isVisible, "shown: Uploading (instance HUD)")
            let hidden = await hud.hideAndWait(afterDelay: 0.2)
            check(!hud.isVisible, "hidden: \(hidden)")
        } catch {
            check(false, "HUD(on:) threw \(error)")
        }

        // A queue of banners: one shows at a time, the others wait.
        do {
            let first = try NotificationBanner(title: "Message sent", subtitle: "To Ada")
            let second = try NotificationBanner(title: "Second banner")
            first.show(on: window, duration: 0.3)
            second.show(on: window, duration: 0.3)
            check(BannerCenter.for(window)?.queuedBanners.count == 1, "queued: Second banner waits its turn")
            let reasons = [await first.dismissed, await second.dismissed]
            check(reasons.count == 2, "banners gone: \(reasons)")
        } catch {
            check(false, "NotificationBanner threw \(error)")
        }

        // A window of our own from a .ui file, its HUD layer a GtkHUDOverlay.
        await showBuilderWindow()

        print(failures.isEmpty ? "HelloHUD: all shown as the README says" : "HelloHUD: \(failures.count) failed")
        app.quit()
    }
}
exit(failures.isEmpty ? 0 : 1)

/// Builds a window from GtkBuilder XML whose content is a `GtkHUDOverlay`
/// (banners over the title bar), then shows a HUD and a banner in it.
@MainActor func showBuilderWindow() async {
    let ui = """
    <interface>
      <object class="GtkWindow" id="window">
        <property name="title">From a .ui file</property>
        <child>
          <object class="GtkHUDOverlay" id="overlay">
            <property name="banner-placement">covers-top-edge</property>
            <child>
              <object class="GtkLabel" id="label"><property name="label">Built with GtkBuilder</property></object>
            </child>
          </object>
        </child>
      </object>
    </interface>
    """
    HUDOverlay.registerWidgetTypes()
    let builder = gtk_builder_new_from_string(ui, -1)!
    defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
    let window = OpaquePointer(gtk_builder_get_object(builder, "window")!)
    let label = OpaquePointer(gtk_builder_get_object(builder, "label")!)
    guard let overlay = HUDOverlay(wrapping: OpaquePointer(gtk_builder_get_object(builder, "overlay")!)) else {
        check(false, "the .ui file's GtkHUDOverlay wraps as a HUDOverlay")
        return
    }
    check(overlay.content == GtkWidgetRef(label), "the overlay's <child> is its content")
    gtk_window_present(UnsafeMutablePointer(window))
    do {
        let hud = try HUD(on: label)                 // any widget inside the overlay
        hud.label = "In the overlay"
        hud.show()
        check(HUD.allHUDs(for: overlay.widget).count == 1, "shown: In the overlay (HUD in the .ui file's overlay)")
        await hud.hideAndWait()
        let banner = try NotificationBanner(title: "From a .ui file")
        banner.show(on: label, duration: 0.3)
        check(BannerCenter.for(label)?.placement == .coversTopEdge, "banner-placement from the .ui file: covers-top-edge")
        _ = await banner.dismissed
    } catch {
        check(false, "the .ui window threw \(error)")
    }
    gtk_window_destroy(UnsafeMutablePointer(window))
}

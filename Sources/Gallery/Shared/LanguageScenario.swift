import CGtk
import GtkHUD
import GtkSupport

/// The `l10n-defaults` scenario: every word GtkHUD says on its own, in the
/// app's language (run the gallery with `LANGUAGE=de`, `LC_ALL=ar_EG.UTF-8`, …).
/// Each is printed as a `shown:` line, so the screen-reader test can check Orca
/// speaks it: the spoken default of a HUD without text ("Loading"), a result's
/// meaning ("Error"), `HUD.run`'s Cancel button taking focus (as Tab would
/// give it) and its "Cancelled" outcome, and the banner close button's name.
@MainActor
enum LanguageScenario {
    static func play() async {
        let strings = HUDStrings.current
        Gallery.main.show(Gallery.sharedPage)
        await Clock.sleep(0.4)

        // No status: the HUD is spoken by its default name.
        ProgressHUD.show()
        EventCenter.shared.shown(.hud, strings.loading)
        await Clock.sleep(0.8)
        await ProgressHUD.dismissAndWait()
        await Clock.sleep(0.6)

        // A result without text is spoken by its meaning alone.
        ProgressHUD.showError()
        EventCenter.shared.shown(.hud, strings.error)
        await Clock.sleep(0.8)
        await ProgressHUD.dismissAndWait()
        await Clock.sleep(0.6)

        // HUD.run's default button, focused, then pressed: "Cancel", then "Cancelled".
        Gallery.main.show(Gallery.instancePage)
        await Clock.sleep(0.4)
        guard let hud = Gallery.instancePage.workHUD("Working", grace: 0) else { return }
        Task { @MainActor in
            await Clock.sleep(0.8)
            guard let button = UI.descendants(of: Gallery.window).first(where: { UI.hasClass($0, "hudbutton") }) else {
                return emit("error: no Cancel button")
            }
            let before = gtk_root_get_focus(gtk_widget_get_root(button))
            gtk_widget_grab_focus(button)
            EventCenter.shared.shown(.button, strings.cancel)
            await Clock.sleep(0.8)
            // Back where the user was, then pressed as a click would (a focused
            // button removed by its own press leaves GTK 4.8 nothing to speak from).
            if let before { gtk_widget_grab_focus(before) }
            await Clock.sleep(0.3)
            gtk_widget_activate(button)
        }
        _ = try? await hud.run(resultDuration: 0.6) { try await Task.sleep(nanoseconds: 8_000_000_000) }
        await Clock.sleep(0.6)

        // The banner's close button, focused: its accessible name.
        Gallery.main.show(Gallery.bannersPage)
        await Clock.sleep(0.4)
        Gallery.bannersPage.show(title: "Saved", seconds: 5) { $0.showsCloseButton = true }
        await Clock.sleep(0.9)
        guard let stack = BannerCenter.for(Gallery.window)?.stackWidget.gtkWidget,
              let close = UI.descendants(of: stack).first(where: { UI.hasClass($0, "close") }) else {
            return emit("error: no close button")
        }
        let before = gtk_root_get_focus(gtk_widget_get_root(close))
        gtk_widget_grab_focus(close)
        EventCenter.shared.shown(.button, strings.dismiss)
        await Clock.sleep(0.8)
        if let before { gtk_widget_grab_focus(before) }
        gtk_widget_activate(close)
    }
}

// Scripted scenarios: `--scenario NAME` plays one without input, printing
// `shown: <hud|banner> <text>` whenever a message becomes visible, then `done`.
// Used by the tests (every scenario must run headless and exit 0) and for demos.

/// The scenario names (readable without GTK, for `--list-scenarios`).
enum Scenarios {
    static let all: [(name: String, summary: String)] = [
        ("hud-indeterminate", "ProgressHUD.show(status:)"),
        ("hud-status", "A status that changes while shown"),
        ("hud-progress", "ProgressHUD.showProgress filling up"),
        ("hud-progress-steps", "Progress at 0, 50 and 100 %, 2 s apart (each step is spoken)"),
        ("hud-instance-progress", "Instance HUD progress at 0, 60 and 100 %, 2 s apart"),
        ("hud-annular", "Instance HUD, annular determinate"),
        ("hud-pie", "Instance HUD, determinate pie"),
        ("hud-bar", "Instance HUD, horizontal bar"),
        ("hud-text", "Instance HUD, text only"),
        ("hud-details", "Instance HUD with a details label"),
        ("hud-success", "ProgressHUD.showSuccess, dismissing itself"),
        ("hud-error", "ProgressHUD.showError, dismissing itself"),
        ("hud-info", "ProgressHUD.showInfo, dismissing itself"),
        ("hud-image", "ProgressHUD.showImage with an icon name"),
        ("hud-custom", "ProgressHUD.showCustomWidget"),
        ("hud-button", "A Cancel button, pressed"),
        ("hud-mask-black", "Black mask"),
        ("hud-mask-gradient", "Gradient mask"),
        ("hud-dark", "Dark style"),
        ("hud-native-spinner", "GtkSpinner as the indeterminate indicator"),
        ("hud-transitions", "Each show/hide transition in turn"),
        ("hud-positions", "Nine HUDs, one at each position"),
        ("hud-several", "Three HUDs at once"),
        ("hud-part-of-window", "A HUD on a HUDOverlay covering one card"),
        ("hud-foundation-progress", "A Foundation Progress updated from a background thread"),
        ("hud-async-sequence", "An AsyncStream of progress values"),
        ("hud-run", "HUD.run: work that succeeds"),
        ("hud-run-default", "HUD.run without a success label: the checkmark under the working label"),
        ("hud-run-cancel", "HUD.run: work cancelled with the button"),
        ("hud-grace", "Quick work stays hidden under the grace time; slow work shows"),
        ("hud-reduced-motion", "Animations off: HUDs appear at once"),
        ("theme-presets", "The shared HUD under each preset theme"),
        ("banner-top", "A banner dropping in from the top"),
        ("banner-bottom", "A banner rising from the bottom"),
        ("banner-image", "A banner with an image file, untinted"),
        ("banner-colors", "BRYXBanner colours: a red error banner"),
        ("banner-markup", "Pango markup in title and subtitle"),
        ("banner-springiness", "No spring, slight and heavy, one after another"),
        ("banner-queue", "Three banners waiting their turn"),
        ("banner-priority", "A high-priority banner pushing a normal one back"),
        ("banner-update", "A shown banner's text changes (setMessage): the new words are spoken"),
        ("banner-action", "An Undo button, pressed"),
        ("banner-close-button", "A close button, pressed"),
        ("banner-stack", "Three banners on screen at once (maxVisible = 3)"),
        ("banner-toast-width", "Banners clamped to 450 px, like AdwToast"),
        ("banner-count", "One message shown three times under its id (idPolicy = .count): one banner, “×3”, the count spoken once"),
        ("banner-task-success", "Work under one banner (NotificationBanner.run): a spinner, a bar as it reports progress, then “Uploaded” in the same banner, spoken once"),
        ("banner-task-retry", "Work under one banner that fails: the same banner shows the error with Retry, which is pressed and runs its closure once"),
        ("banner-undo", "An undo banner (NotificationBanner.undoable): Undo pressed with a double click undoes once, never commits; “Undone: …” spoken"),
        ("banner-undo-commit", "An undo banner left to time out: its change is committed once"),
        ("banner-in-panes", "Two panes, each a HUDOverlay: a banner in each at once, then a blocking HUD in the left pane only"),
        ("context-stack-page", "A banner on a GtkStack page switched away: its time stands still until the page shows again"),
        ("banner-in-dialog", "A dialog window's own banner, shown while the focus is in the dialog"),
        ("banner-background-window", "A banner shown in the gallery window while the user is in the app's second window: it waits, paused, and is read when the gallery is active again; then one banner in each window (BannerCenter.broadcast)"),
        ("banner-burst", "A burst of 100 banners in a second (maxVisible = 3): a calm stack, “+20 more”, the count spoken once"),
        ("banner-deck", "Five banners, maxVisible = 3: two collapsed behind the newest and “+2 more”; the deck opened with the keyboard"),
        ("banner-anchor", "A banner (top by default) anchored above the Banners page's action bar (BannerCenter.anchor): on the bar, on the bottom edge while the bar is hidden, back on it, at the top once the anchor is cleared"),
        ("hud-and-banner", "A HUD and a banner at the same time"),
        ("l10n-defaults", "GtkHUD's own words in the app's language: Loading, Error, Cancel, Cancelled, Dismiss (run with LANGUAGE=de)"),
        ("a11y-typing", "Real key presses (xdotool) into an entry while a banner and a HUD appear; the text must arrive whole"),
        ("a11y-refocus", "A HUD is up while the focus goes to another window and back (xdotool, needs a window manager): said once"),
        ("a11y-banner-shortcut", "Under a screen reader a banner with an action waits; Ctrl+F6 reaches its button and Return acts (xdotool)"),
    ]

    static var names: [String] { all.map(\.name) }

    /// The first name in a comma-separated `list` that is no scenario (nil when all are).
    static func unknown(in list: String) -> String? {
        let requested = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if requested.allSatisfy(\.isEmpty) { return list }
        return requested.first { !$0.isEmpty && !names.contains($0) }
    }
}

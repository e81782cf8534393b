// `--screenshot DIR`: one PNG per page, per HUD mode, style and mask, per
// banner kind and per preset theme, rendered offscreen from the window once
// the message has appeared and its frames have settled.
import CGtk
import Foundation
import GtkHUD
import GtkSupport

@MainActor
enum Screenshots {
    private static var directory = ""
    private static var written: [String] = []
    private static var failed: [String] = []
    private static var filters: [String] = []

    static func write(to directory: String) async {
        self.directory = directory
        filters = Gallery.options.only.map { $0.split(separator: ",").map(String.init) } ?? []
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            FileHandle.standardError.write(Data("gtkhud-gallery: cannot create \(directory): \(error)\n".utf8))
            Gallery.quit(status: 1)
            return
        }
        // GNOME's interface font, so the images look like a GNOME desktop
        // (bare X servers default to "Sans 10").
        if let settings = gtk_settings_get_default() {
            UI.setString(UnsafeMutableRawPointer(settings), "gtk-font-name", "Cantarell 11")
        }
        // Status HUDs stay until dismissed here, so each is captured at rest.
        ProgressHUD.minimumDismissTime = 60
        Gallery.sharedPage.autoDismissAfter = 0
        await Clock.frames(3, of: Gallery.window)

        await pages()
        await sharedHUDs()
        await instanceHUDs()
        await positions()
        await banners()
        await themes()
        await darkStyle()
        await textSizes()
        await languages()

        emit("screenshots: \(written.count) written to \(directory)")
        if !failed.isEmpty {
            FileHandle.standardError.write(Data("gtkhud-gallery: could not write \(failed.joined(separator: ", "))\n".utf8))
        }
        Gallery.quit(status: failed.isEmpty && !written.isEmpty ? 0 : 1)
    }

    static func wanted(_ name: String) -> Bool {
        filters.isEmpty || filters.contains { name.hasPrefix($0) }
    }

    /// Shows `page`, runs `action`, waits `settle` seconds and a few frames,
    /// writes `<name>.png`, then clears every message. Skipped when filtered out.
    static func capture(_ name: String, on page: String, settle: Double = 0.5,
                                _ action: @MainActor () -> Void = {}) async {
        guard wanted(name) else { return }
        if let target = Gallery.main.page(named: page), Gallery.main.current !== target {
            Gallery.main.show(target)
            await Clock.sleep(0.3) // the stack's crossfade
        }
        action()
        await Clock.sleep(settle)
        await Clock.frames(3, of: Gallery.window)
        let path = (directory as NSString).appendingPathComponent(name + displaySuffix + ".png")
        if WidgetRenderer.savePNG(Gallery.window, to: path, scale: DeviceScale.of(Gallery.window)) {
            written.append(name)
            emit("wrote \(path)")
        } else {
            failed.append(name)
        }
        await clear()
    }

    /// Removes every message and restores the default looks before the next shot.
    private static func clear() async {
        Gallery.dismissEverything()
        BannerCenter.for(Gallery.window)?.placement = .belowHeaderBar
        await Gallery.settle(timeout: 3)
        ProgressHUD.appearance = HUDAppearance()
        let instance = Gallery.instancePage
        instance.appearance = HUD.defaultAppearance
        instance.showsDetails = true
        instance.details = "Details label: smaller text"
        if let center = Gallery.bannersPage.center {
            center.maxVisible = 1
            center.spacing = 0
            center.maximumWidth = nil
        }
    }

    private static func pages() async {
        for page in Gallery.main.pages {
            let name = "page-\(page.name)"
            guard wanted(name) else { continue }
            switch page.name {
            case "accessibility":
                // Some events for the live log, then show its end.
                Gallery.main.show(page)
                ProgressHUD.showSuccess(status: "Saved")
                Gallery.bannersPage.show(title: "Upload complete", seconds: 0.5)
                await Clock.sleep(0.8)
                await clear()
                await capture(name, on: page.name, settle: 0.4) { UI.scrollToEnd(page.widget) }
            case "stress":
                Gallery.main.show(page)
                _ = await Gallery.stressPage.run(operations: 1_000)
                await capture(name, on: page.name, settle: 0.4) { UI.scrollToEnd(page.widget) }
            default:
                await capture(name, on: page.name, settle: 0.4)
            }
        }
    }

    private static func sharedHUDs() async {
        let shots: [(String, @MainActor () -> Void)] = [
            ("hud-indeterminate", { ProgressHUD.show(status: "Loading") }),
            ("hud-progress", { ProgressHUD.showProgress(0.62, status: "Downloading") }),
            ("hud-success", { ProgressHUD.showSuccess(status: "Saved") }),
            ("hud-error", { ProgressHUD.showError(status: "Could not connect") }),
            ("hud-info", { ProgressHUD.showInfo(status: "Heads up") }),
            ("hud-image", { ProgressHUD.showImage(.iconName("mail-send-symbolic"), status: "Sent") }),
            ("hud-custom", { Gallery.sharedPage.showCustom(status: "Starred") }),
            ("hud-no-text", { ProgressHUD.show() }),
            ("hud-mask-black", { ProgressHUD.appearance.mask = .black; ProgressHUD.show(status: "Black mask") }),
            ("hud-mask-gradient", { ProgressHUD.appearance.mask = .gradient; ProgressHUD.show(status: "Gradient mask") }),
            ("hud-mask-custom", { ProgressHUD.appearance.mask = SharedHUDPage.masks[4].1; ProgressHUD.show(status: "Custom mask") }),
            ("hud-style-dark", { ProgressHUD.appearance.style = .dark; ProgressHUD.showSuccess(status: "Dark style") }),
            ("hud-style-light", { ProgressHUD.appearance.style = .light; ProgressHUD.showInfo(status: "Light style") }),
            ("hud-style-custom", {
                ProgressHUD.appearance.style = .custom
                ProgressHUD.appearance.backgroundColor = HUDColor(red: 0.11, green: 0.32, blue: 0.62, alpha: 0.95)
                ProgressHUD.appearance.foregroundColor = .white
                ProgressHUD.show(status: "Custom colours")
            }),
            ("hud-native-spinner", { ProgressHUD.appearance.indicatorAnimation = .native; ProgressHUD.show(status: "GtkSpinner") }),
        ]
        for (name, action) in shots {
            await capture(name, on: "shared-hud", action)
        }
    }

    private static func instanceHUDs() async {
        let instance = Gallery.instancePage
        let progressModes: [(String, HUD.Mode, String, Double)] = [
            ("hud-annular", .annularDeterminate, "Uploading", 0.7),
            ("hud-pie", .determinate, "Exporting", 0.4),
            ("hud-bar", .determinateHorizontalBar, "Copying", 0.55),
        ]
        for (name, mode, label, fraction) in progressModes {
            await capture(name, on: "instance-hud") {
                let hud = instance.makeHUD(mode, label: label)
                hud?.detailsLabel = nil
                hud?.progress = fraction
                hud?.show()
            }
        }
        let labelled: [(String, HUD.Mode, String, String?)] = [
            ("hud-status", .indeterminate, "Loading", "Fetching 3 of 7 files"),
            ("hud-text", .text, "Message sent", "To: Ada Lovelace"),
        ]
        for (name, mode, label, details) in labelled {
            await capture(name, on: "instance-hud") {
                let hud = instance.makeHUD(mode, label: label)
                hud?.detailsLabel = details
                hud?.show()
            }
        }
        await capture("hud-button", on: "instance-hud", settle: 1.2) { instance.withButton(label: "Uploading") }
        await capture("hud-several", on: "instance-hud") { instance.several() }
    }

    private static func positions() async {
        let page = Gallery.positionsPage
        await capture("hud-positions", on: "positions") { page.showAll(duration: 30) }
        await capture("hud-part-of-window", on: "positions") {
            UI.scrollToEnd(page.widget)
            page.showOnCard(duration: 30)
        }
    }

    private static func banners() async {
        let page = Gallery.bannersPage
        let long = 60.0
        let shots: [(String, @MainActor () -> Void)] = [
            ("banner-top", { page.show(title: "Upload complete", subtitle: "3 photos were added to “Holidays”", image: .iconName("emblem-ok-symbolic"), seconds: long) }),
            // The iOS look: the banner covers the header bars (BannerCenter.placement).
            ("banner-covers-top-edge", {
                BannerCenter.for(Gallery.window)?.placement = .coversTopEdge
                page.show(title: "Upload complete", subtitle: "placement = .coversTopEdge", image: .iconName("emblem-ok-symbolic"), seconds: long)
            }),
            ("banner-bottom", { page.show(title: "Connection restored", subtitle: "You are back online", image: .iconName("network-wireless-symbolic"), seconds: long) { $0.position = .bottom } }),
            ("banner-image", {
                let image: ImageSource = BannersPage.appIconFile.map { .file($0) } ?? .iconName("starred-symbolic")
                page.show(title: "GtkHUD Gallery", subtitle: "An image from a file, in its own colours", image: image, seconds: long) { $0.tintsImage = false }
            }),
            ("banner-colors", { page.show(title: "Payment failed", subtitle: "Your card was declined", image: .iconName("dialog-error-symbolic"),
                                          background: HUDColor(red: 0.75, green: 0.11, blue: 0.16, alpha: 0.95), text: .white, seconds: long) }),
            ("banner-markup", { page.show(title: "<b>Ada</b> mentioned you", subtitle: "in <i>#design</i>: “Love the new <tt>HUD</tt>!”",
                                          image: .iconName("mail-unread-symbolic"), seconds: long) { $0.usesMarkup = true } }),
            ("banner-action", { page.withAction(seconds: long) }),
            ("banner-close-button", { page.show(title: "Close me", subtitle: "showsCloseButton = true", image: .iconName("window-close-symbolic"), seconds: long) { $0.showsCloseButton = true } }),
            ("banner-high-priority", { page.show(title: "Battery low", subtitle: "High priority: shows at once", image: .iconName("battery-caution-symbolic"),
                                                 background: HUDColor(red: 0.9, green: 0.38, blue: 0.0, alpha: 0.97), text: .white, seconds: long) { $0.priority = .high } }),
            // The calm stack: three on screen, the older two collapsed behind the newest, two waiting.
            ("banner-stack", { showDeck(on: page, seconds: long) }),
            // The same deck opened by the keyboard on its badge: spread out, the waiting titles listed.
            ("banner-stack-open", {
                showDeck(on: page, seconds: long)
                _ = page.deckBadge.map { gtk_widget_grab_focus($0) }
            }),
            ("banner-toast-width", {
                page.center?.maximumWidth = 450
                page.show(title: "Saved", subtitle: "Clamped to 450 px, like AdwToast", image: .iconName("document-save-symbolic"), seconds: long)
            }),
            ("hud-and-banner", {
                ProgressHUD.show(status: "Sending")
                page.show(title: "New message", subtitle: "From Ada", image: .iconName("mail-unread-symbolic"), seconds: long)
            }),
        ]
        for (name, action) in shots {
            await capture(name, on: "banners", settle: 1.0, action)
        }
    }

    /// Five banners with `maxVisible` 3: a collapsed deck and "+2 more".
    private static func showDeck(on page: BannersPage, seconds: Double) {
        page.center?.maxVisible = 3
        for index in 1...5 {
            page.show(title: "Message \(index) of 5", subtitle: "maxVisible = 3: the older ones collapse behind", image: .iconName("mail-unread-symbolic"), seconds: seconds)
        }
    }

    private static func themes() async {
        let theming = Gallery.themingPage
        for preset in theming.presets {
            await capture("theme-\(preset.name)", on: "theming", settle: 0.3) { theming.loadPreset(named: preset.name) }
        }
        await capture("theme-parse-error", on: "theming", settle: 0.2) {
            _ = theming.typeIntoEditor("hudbezel {\n  color: nope;\n}\n")
        }
        theming.loadPreset(at: 0)
    }

    private static func darkStyle() async {
        guard ["dark-hud-progress", "dark-banner", "dark-page-theming"].contains(where: wanted) else { return }
        Gallery.setDark(true)
        await capture("dark-hud-progress", on: "shared-hud") { ProgressHUD.showProgress(0.45, status: "Downloading") }
        await capture("dark-banner", on: "banners", settle: 1.0) {
            Gallery.bannersPage.show(title: "Upload complete", subtitle: "The dark style follows libadwaita", image: .iconName("emblem-ok-symbolic"), seconds: 60)
        }
        await capture("dark-page-theming", on: "theming")
        Gallery.setDark(false)
    }
}

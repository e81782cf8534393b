// Screenshots of how GtkHUD follows the user's display settings: Large Text
// (gtk-xft-dpi, switched here), and, in the runs scripts/screenshots makes
// with GDK_SCALE=2 or ADW_DEBUG_HIGH_CONTRAST=1 (read at start-up), the
// same shots at 2x ("@2x") and in high contrast ("-high-contrast").
import CGtk
import GtkHUD
import GtkSupport

extension Screenshots {
    /// Added to every file name: how this run's display differs from the default one.
    static var displaySuffix: String {
        var suffix = ""
        if GtkEnvironment.prefersHighContrast { suffix += "-high-contrast" }
        let scale = DeviceScale.of(Gallery.window)
        if scale != 1 { suffix += "@\(scale == scale.rounded() ? String(Int(scale)) : String(scale))x" }
        return suffix
    }

    /// The HUD with a ring, details and a button, and a banner with an image,
    /// action and close button, at GNOME's Large Text (125 %) and at 150 %.
    static func textSizes() async {
        for factor in [1.25, 1.5] {
            let percent = Int((factor * 100).rounded())
            guard wanted("large-text-\(percent)") else { continue }
            TextScale.set(factor)
            await capture("large-text-\(percent)-hud", on: "instance-hud", settle: 1.2) {
                Gallery.instancePage.withButton(label: "Uploading")
            }
            await capture("large-text-\(percent)-banner", on: "banners", settle: 1.0) {
                Gallery.bannersPage.show(title: "Upload complete", subtitle: "Text size \(percent) %: the image, paddings and buttons grow too",
                                         image: .iconName("emblem-ok-symbolic"), seconds: 60) { $0.showsCloseButton = true }
            }
            await capture("large-text-\(percent)-page-theming", on: "theming", settle: 0.3)
            TextScale.set(1)
        }
    }
}

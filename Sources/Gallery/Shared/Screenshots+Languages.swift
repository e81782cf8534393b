import CGtk
import GtkHUD

/// Screenshots of GtkHUD's own words in German, Arabic (right to left) and
/// Japanese: `lang-<code>-run.png` (HUD.run's default Cancel button beside a
/// banner with its close button) and `lang-<code>-cancelled.png` (the outcome).
extension Screenshots {
    /// Sample texts for the banner, as an app in that language would write them.
    private static let samples: [(code: String, title: String, subtitle: String)] = [
        ("de", "Hochladen abgeschlossen", "3 Fotos wurden zu „Urlaub“ hinzugefügt"),
        ("ar", "اكتمل الرفع", "أُضيفت 3 صور إلى «العطلة»"),
        ("ja", "アップロード完了", "「休暇」に写真が3枚追加されました"),
    ]

    static func languages() async {
        for sample in samples where wanted("lang-\(sample.code)") {
            LanguageSwitcher.apply(sample.code)
            var work: Task<Void, Never>?
            await capture("lang-\(sample.code)-run", on: "instance-hud", settle: 1.0) {
                Gallery.bannersPage.show(title: sample.title, subtitle: sample.subtitle,
                                         image: .iconName("emblem-ok-symbolic"), seconds: 60) { $0.showsCloseButton = true }
                guard let hud = Gallery.instancePage.workHUD("", grace: 0) else { return }
                hud.label = nil
                work = Task { @MainActor in _ = try? await hud.run { try await Task.sleep(nanoseconds: 60_000_000_000) } }
            }
            work?.cancel()
            await capture("lang-\(sample.code)-cancelled", on: "shared-hud") {
                ProgressHUD.showInfo(status: HUDStrings.current.cancelled)
            }
        }
        LanguageSwitcher.apply(nil)
    }
}

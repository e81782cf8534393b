import CGtk
import GtkSupport
import HUDCore

/// One-time set-up shared by every public entry point.
@MainActor
enum GtkHUDRuntime {
    /// Checks GTK is initialised and loads the default stylesheet. Returns false,
    /// with a clear message, when called before `gtk_init`/`adw_init`.
    @discardableResult
    static func prepare(caller: String) -> Bool {
        routeDiagnosticsToGLib()
        // The widgets and the core read GtkHUD's words through this, in the user's language.
        HUDStrings.provider = { HUDStrings.current }
        guard GtkEnvironment.isInitialized else {
            reportNotInitialized(caller)
            return false
        }
        MainActorBridge.install()
        GtkHUDStyleSheet.ensureLoaded()
        return true
    }

    /// Sends GtkHUD's messages to GLib's structured log (domain `GtkHUD`), where
    /// apps, `G_MESSAGES_DEBUG`-style tooling and journald see them, unless the
    /// app set ``Diagnostics/handler`` itself.
    private static func routeDiagnosticsToGLib() {
        guard !HUDCoreDiagnostics.hasCustomHandler else { return }
        HUDCoreDiagnostics.handler = { message in gtkhud_log_message(message.source, "\(message.source): \(message.text)") }
    }

    /// The calls already reported: each API once, however often it is called.
    private static var reported: Set<String> = []
    private static func reportNotInitialized(_ caller: String) {
        guard reported.insert(caller).inserted else { return }
        HUDCoreDiagnostics.report(caller, "GTK is not initialised yet; call gtk_init() or adw_init() (or run inside GApplication's activate) before showing HUDs or banners. Nothing was shown.")
    }
}

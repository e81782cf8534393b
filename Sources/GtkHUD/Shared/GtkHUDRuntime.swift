import CGtk
import GtkSupport
import HUDCore

/// One-time set-up shared by every public entry point.
@MainActor
enum GtkHUDRuntime {
    /// Checks GTK is initialised and, the first time it is, sets GtkHUD up.
    /// Returns false, with a clear message, when called before `gtk_init`/`adw_init`.
    @discardableResult
    static func prepare(caller: String) -> Bool {
        if !isSetUp {
            isSetUp = true
            routeDiagnosticsToGLib()
            // The widgets and the core read GtkHUD's words through this, in the user's language.
            HUDStrings.provider = { HUDStrings.current }
        }
        guard GtkEnvironment.isInitialized else {
            reportNotInitialized(caller)
            return false
        }
        if !isGtkSetUp {
            isGtkSetUp = true
            MainActorBridge.install()
            ScreenReaderWatch.shared.start()
            // Banners pause in a window the user left, once it was active: remember it from now on.
            WindowActivityWatch.followAllWindows()
        }
        // Not once: a display that was missing at the first call may have come since (it checks itself).
        GtkHUDStyleSheet.ensureLoaded()
        return true
    }

    /// The set-up that needs no GTK (messages, words) is done.
    private static var isSetUp = false
    /// The main queue's bridge is installed (it needs GTK initialised).
    private static var isGtkSetUp = false

    /// Sends GtkHUD's messages to GLib's structured log (domain `GtkHUD`), where
    /// apps, `G_MESSAGES_DEBUG`-style tooling and journald see them, unless the
    /// app set ``Diagnostics/handler`` itself.
    private static func routeDiagnosticsToGLib() {
        guard !HUDCoreDiagnostics.hasCustomHandler else { return }
        HUDCoreDiagnostics.handler = { message in gtkhud_log_message(message.source, "\(message.source): \(message.text)") }
    }

    /// Whether GTK is initialised, from any thread (the calls of other threads check it as they are made).
    nonisolated static var isGtkInitialized: Bool { gtk_is_initialized() != 0 }

    /// A call made before GTK was initialised (on another thread, say) and
    /// dropped: said once per API, on the main thread, whatever GTK's state is by then.
    static func reportCalledBeforeInitialization(_ caller: String) {
        _ = prepare(caller: caller) // GtkHUD's log set up; says it already if GTK is still not initialised
        guard reported.insert(caller).inserted else { return } // once per API: nothing more if prepare just said it
        HUDCoreDiagnostics.report(caller, "called on another thread before GTK was initialised; call gtk_init() or adw_init() "
            + "(or run inside GApplication's activate) before showing HUDs or banners. Nothing was shown.")
    }

    /// The calls already reported: each API once, however often it is called.
    private static var reported: Set<String> = []
    private static func reportNotInitialized(_ caller: String) {
        guard reported.insert(caller).inserted else { return }
        HUDCoreDiagnostics.report(caller, "GTK is not initialised yet; call gtk_init() or adw_init() (or run inside GApplication's activate) before showing HUDs or banners. Nothing was shown.")
    }
}

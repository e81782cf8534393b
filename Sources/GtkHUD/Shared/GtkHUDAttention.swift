import CGtk
import GtkSupport
import HUDCore

/// How GtkHUD's messages respect the user's attention, app-wide: how long
/// they stay, whether they wait while the user is in another window, and what
/// changes while a screen reader runs.
///
/// ```swift
/// GtkHUDAttention.timeoutMultiplier = 2        // every message stays twice as long
/// GtkHUDAttention.screenReader = .automatic    // follow the desktop (the default)
/// ```
///
/// The rules themselves live in HUDCore (``/HUDCore/AppAttention``), where
/// they are tested on virtual time; this type feeds them what GTK and the
/// desktop say.
@MainActor
public enum GtkHUDAttention {
    /// Every message's time is multiplied by this: banner durations, HUD
    /// results (``ProgressHUD/displayDuration(for:)``) and delayed hides (1).
    /// Lies in 1...10: ten times is what WCAG 2.2.1 (Timing Adjustable) asks an
    /// adjustable timeout to reach. Zero, negative and NaN values are refused
    /// with a message (the multiplier stays); values below 1 count as 1, above
    /// 10 as 10. Banners on screen keep the share of their time they had left.
    public static var timeoutMultiplier: Double {
        get { AppAttention.shared.timeoutMultiplier }
        set { AppAttention.shared.setTimeoutMultiplier(newValue, source: "GtkHUDAttention.timeoutMultiplier") }
    }

    /// Whether banners pause while their window is not active (true): a
    /// banner keeps counting only while the user can see it, and one shown
    /// while they were in another window gets its whole time when they come
    /// back. A window counts as left only after it has been active once, so
    /// banners never freeze on a compositor that activates nothing (headless
    /// sessions, kiosks). Per banner: ``NotificationBanner/pausesWhileWindowInactive``.
    public static var pausesWhileWindowInactive: Bool {
        get { AppAttention.shared.pausesWhileWindowInactive }
        set { AppAttention.shared.setPausesWhileWindowInactive(newValue) }
    }

    /// Whether GtkHUD treats a screen reader as running: ``ScreenReader/automatic``
    /// (the default) follows the desktop live, `.on` and `.off` decide for it.
    /// While one runs, a banner with an action stays until it is acted on or
    /// dismissed (unless ``NotificationBanner/expiresUnderScreenReader``).
    public static var screenReader: ScreenReader = .automatic {
        didSet {
            ScreenReaderWatch.shared.startIfPossible()
            ScreenReaderWatch.shared.modeChanged(to: screenReader)
        }
    }

    /// Whether a screen reader counts as running now (see ``screenReader``).
    /// The desktop is asked asynchronously from GtkHUD's first use on, so the
    /// first answer may come a moment after that.
    public static var isScreenReaderRunning: Bool {
        ScreenReaderWatch.shared.startIfPossible()
        return AppAttention.shared.screenReaderRunning
    }

    /// How GtkHUD learns that a screen reader runs.
    public enum ScreenReader: Sendable, Hashable {
        /// Follow the desktop, live: the accessibility bus's
        /// `org.a11y.Status` (its `ScreenReaderEnabled`, set by GNOME's Screen
        /// Reader switch, and its `IsEnabled`, set by Orca when it starts) and,
        /// from Orca 49, Orca's own `org.gnome.Orca.Service` on the session bus.
        /// `IsEnabled` stays on after Orca quits or the Screen Reader switch is turned off, until the session ends: then
        /// banners with an action keep waiting for the user, which errs on the
        /// safe side.
        case automatic
        /// Act as if a screen reader ran.
        case on
        /// Act as if none ran.
        case off
    }
}

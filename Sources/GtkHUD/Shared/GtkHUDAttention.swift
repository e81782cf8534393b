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

    /// The key chord that takes the keyboard to the newest banner of the
    /// window (`"<Control>F6"`, Ctrl+F6, by default), in GtkAccelerator syntax
    /// as `gtk_shortcut_trigger_parse_string` reads it; nil turns it off.
    ///
    /// The chord lands on the newest banner's action button, else its close
    /// button, else the banner itself (Enter or space on it is a tap). Inside
    /// the banners, Tab and Shift+Tab go round the banners of that window; every
    /// one of them waits while the keyboard is there and goes on with the time
    /// it had left when it leaves (`AdwToast` restarts from its full time).
    /// Escape dismisses the banner with the focus; Escape, or that banner
    /// leaving in any way, gives the focus back to the widget that had it
    /// before the chord (if it is gone, to the window's first focusable
    /// widget), and the chord again gives it back without dismissing anything.
    /// The chord does nothing while a blocking HUD is up, nor in a window with
    /// no banner on screen (the key goes on to the window).
    ///
    /// Why Ctrl+F6: no GTK 4.8 widget, libadwaita 1.2–1.7 widget, mutter or
    /// GNOME Shell binds it; it is in the F6 "next region" family without
    /// being GtkPaned's F6 and F8 (those keep working inside panes); and Alt
    /// chords are mnemonics. The window's table runs last, after the focused
    /// widget and its ancestors: a widget of the app that binds the same chord
    /// wins while it has the focus.
    ///
    /// A string GTK cannot read is refused with a message and the chord stays
    /// as it was. A change reaches windows already open. A banner with an
    /// action says once, after its text, how to reach it ("Press Ctrl+F6 to
    /// reach it."), with the chord written as GTK writes it in the user's language.
    public static var bannerShortcut: String? {
        get { bannerShortcutSetting.text }
        set {
            guard let text = newValue else {
                bannerShortcutSetting = BannerShortcutSetting(text: nil)
                HostShortcuts.bannerShortcutChanged(to: nil)
                refreshBannerShortcutLabel()
                return
            }
            guard let trigger = ShortcutTrigger.parse(text) else {
                let current = bannerShortcutSetting.text.map { "\"\($0)\"" } ?? "nil (off)"
                Diagnostics.report("GtkHUDAttention.bannerShortcut", "\"\(text)\" is not a key chord GTK can read "
                    + "(GtkAccelerator syntax, e.g. \"<Control>F6\"); keeping \(current).")
                return
            }
            bannerShortcutSetting = BannerShortcutSetting(text: text, trigger: trigger)
            HostShortcuts.bannerShortcutChanged(to: trigger)
            refreshBannerShortcutLabel()
        }
    }

    /// The chord as text and as GTK's trigger, parsed once (lazily: the default
    /// is read the first time a window needs it).
    private struct BannerShortcutSetting {
        var text: String?
        var parsed: ShortcutTrigger?
        init(text: String?, trigger: ShortcutTrigger? = nil) {
            self.text = text
            parsed = trigger
        }
    }

    private static var bannerShortcutSetting = BannerShortcutSetting(text: "<Control>F6")

    /// The trigger for ``bannerShortcut`` (nil: off).
    static var bannerShortcutTrigger: ShortcutTrigger? {
        if bannerShortcutSetting.parsed == nil, let text = bannerShortcutSetting.text {
            bannerShortcutSetting.parsed = ShortcutTrigger.parse(text)
        }
        return bannerShortcutSetting.parsed
    }

    /// Tells the banner model how the chord is written now, for the spoken hint.
    static func refreshBannerShortcutLabel() {
        AppAttention.shared.setBannerShortcutLabel(bannerShortcutTrigger?.label)
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
        /// Follow the desktop, live: GNOME's Screen Reader switch
        /// (`org.a11y.Status`'s `ScreenReaderEnabled`), Orca 49's own
        /// `org.gnome.Orca.Service`, and, for Orca 43 and 48 started by hand,
        /// accessibility switched on (`IsEnabled`, which Orca sets as it starts)
        /// together with an Orca process of this user, looked for every 2 s
        /// while only that can tell: `IsEnabled` alone is a saved setting that
        /// stays on after Orca quits (or with the on-screen keyboard). From
        /// at-spi2-core 2.61 `IsEnabled` is live and counts alone. The rule is
        /// HUDCore's ``/HUDCore/ScreenReaderSignals``.
        case automatic
        /// Act as if a screen reader ran.
        case on
        /// Act as if none ran.
        case off
    }
}

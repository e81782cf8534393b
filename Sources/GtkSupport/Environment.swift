import CGtk

/// Facts about the running GTK.
@MainActor
public enum GtkEnvironment {
    /// Whether `gtk_init` has run in this process.
    public static var isInitialized: Bool { gtk_is_initialized() != 0 }

    /// Initialises GTK and libadwaita if that has not happened yet; false when
    /// no display can be opened.
    @discardableResult
    public static func initialize() -> Bool {
        if !isInitialized {
            guard gtk_init_check() != 0 else { return false }
        }
        // A failed gtk_init_check still marks GTK initialised, so a second call
        // would go on without a display, which adw_init (and every window) needs.
        guard gdk_display_get_default() != nil else { return false }
        adw_init()
        return true
    }

    /// The GTK version running now (not the headers we were built against).
    public static var runtimeVersion: (major: UInt32, minor: UInt32, micro: UInt32) {
        (gtk_get_major_version(), gtk_get_minor_version(), gtk_get_micro_version())
    }

    /// Whether the running GTK is at least the given version.
    public static func runtimeAtLeast(_ major: UInt32, _ minor: UInt32, _ micro: UInt32 = 0) -> Bool {
        gtkhud_running_gtk_at_least(major, minor, micro) != 0
    }

    /// Whether GtkHUD should animate: `gtk-enable-animations` is on (as libadwaita
    /// sees it for `widget`) and, where GTK has it (4.22+), the user did not ask
    /// for reduced motion (`gtk-interface-reduced-motion`).
    public static func animationsEnabled(for widget: UnsafeMutablePointer<GtkWidget>?) -> Bool {
        let enabled = widget.map { adw_get_enable_animations($0) != 0 } ?? (settingsFlag("gtk-enable-animations") ?? true)
        return enabled && prefersReducedMotion != true
    }

    /// Turns GTK's animations on or off for the whole display (`gtk-enable-animations`
    /// on the default `GtkSettings`; observers get `notify`), as the user's setting would.
    public static func setAnimationsEnabled(_ enabled: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        var value = GValue()
        g_value_init(&value, gtkhud_type_boolean())
        g_value_set_boolean(&value, enabled ? 1 : 0)
        g_object_set_property(UnsafeMutableRawPointer(settings).asObject, "gtk-enable-animations", &value)
        g_value_unset(&value)
    }

    /// Whether the user asked for reduced motion (`gtk-interface-reduced-motion`,
    /// GTK 4.22+; nil where this GTK does not have the setting).
    public static var prefersReducedMotion: Bool? { settingsFlag("gtk-interface-reduced-motion") }

    /// Whether the user asked for high contrast: libadwaita's high-contrast
    /// style (the desktop's setting, or `ADW_DEBUG_HIGH_CONTRAST=1`), or a
    /// high-contrast GTK theme (`GTK_THEME=HighContrast`, `Adwaita:hc`,
    /// `Default-hc`), which libadwaita's style manager does not report.
    public static var prefersHighContrast: Bool {
        if adw_style_manager_get_high_contrast(adw_style_manager_get_default()) != 0 { return true }
        var themes: [String] = []
        if let environment = g_getenv("GTK_THEME") { themes.append(String(cString: environment)) }
        if let settings = gtk_settings_get_default(), let name = gtkhud_settings_string(settings, "gtk-theme-name") {
            themes.append(String(cString: name))
            g_free(name)
        }
        return themes.contains { isHighContrastTheme($0) }
    }

    /// Whether a GTK theme name (as `GTK_THEME` spells it) is a high-contrast theme.
    public static func isHighContrastTheme(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasPrefix("highcontrast") || lowered.hasSuffix(":hc") || lowered.hasSuffix("-hc")
            || lowered.contains("-hc-") || lowered.contains(":hc-")
    }

    /// A boolean `GtkSettings` property, or nil when this GTK does not have it.
    public static func settingsFlag(_ name: String) -> Bool? {
        switch gtkhud_settings_boolean(name) {
        case 1: return true
        case 0: return false
        default: return nil
        }
    }
}

import CGtk

/// The user's text size, as GTK sees it: `gtk-xft-dpi` on `GtkSettings`
/// (1024 × dots per inch; 96 dpi is 1.0). GNOME's Large Text
/// (`text-scaling-factor` 1.25) arrives as 1.25 × 96 × 1024.
///
/// Labels grow with it by themselves (fonts are in points); GtkHUD scales the
/// metrics it draws or lays out in pixels by ``factor(for:)`` so icons,
/// rings, paddings and buttons grow with the text, and follows changes live
/// through ``observe(_:_:)``.
@MainActor
public enum TextScale {
    /// `gtk-xft-dpi` at a text scale of 1.0.
    public static let baseDPI: Int32 = 96 * 1024
    /// Factors outside this range are clamped: a broken setting must not make
    /// a HUD vanish or fill the screen.
    public static let range: ClosedRange<Double> = 0.5...3

    /// The text scale of `widget`'s display (of the default display for nil);
    /// 1 when GTK has no value (`gtk-xft-dpi` is -1 until a settings daemon sets it).
    public static func factor(for widget: UnsafeMutablePointer<GtkWidget>? = nil) -> Double {
        guard GtkEnvironment.isInitialized, let settings = settings(for: widget) else { return 1 }
        return factor(dpi: gtkhud_settings_get_int(settings, "gtk-xft-dpi"))
    }

    /// The factor for a `gtk-xft-dpi` value (non-positive: unset, 1).
    public static func factor(dpi: Int32) -> Double {
        guard dpi > 0 else { return 1 }
        return min(max(Double(dpi) / Double(baseDPI), range.lowerBound), range.upperBound)
    }

    /// `pixels` at the text scale of `widget`'s display.
    public static func scaled(_ pixels: Double, for widget: UnsafeMutablePointer<GtkWidget>?) -> Double {
        pixels * factor(for: widget)
    }

    /// Calls `handler` whenever the text scale of `widget`'s display changes.
    /// Disconnect the returned connection when the widget goes.
    public static func observe(_ widget: UnsafeMutablePointer<GtkWidget>?,
                               _ handler: @escaping @MainActor () -> Void) -> SignalConnection? {
        guard GtkEnvironment.isInitialized, let settings = settings(for: widget) else { return nil }
        return Signal.connect(UnsafeMutableRawPointer(settings), "notify::gtk-xft-dpi", handler)
    }

    /// Sets the text scale of the default display, as the desktop's Large Text
    /// setting would (the gallery's control and tests use it). Clamped to ``range``.
    public static func set(_ factor: Double) {
        guard GtkEnvironment.isInitialized, let settings = gtk_settings_get_default() else { return }
        let clamped = factor.isFinite ? min(max(factor, range.lowerBound), range.upperBound) : 1
        gtkhud_settings_set_int(settings, "gtk-xft-dpi", Int32((clamped * Double(baseDPI)).rounded()))
    }

    private static func settings(for widget: UnsafeMutablePointer<GtkWidget>?) -> OpaquePointer? {
        widget.flatMap { gtk_widget_get_settings($0) } ?? gtk_settings_get_default()
    }
}

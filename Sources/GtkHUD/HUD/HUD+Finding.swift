import CGtk
import GtkSupport
import HUDWidgets

/// MBProgressHUD's class helpers: finding and hiding the HUDs of a host, and
/// the registry of live HUDs per overlay behind them.
extension HUD {
    /// Creates and shows a HUD on `host` (it removes itself when hidden).
    /// - Throws: ``HUDError``, as ``init(on:appearance:)``.
    @discardableResult
    public static func show(on host: some GtkWidgetConvertible, animated: Bool = true) throws(HUDError) -> HUD {
        let hud = try HUD(on: host)
        hud.show(animated: animated)
        return hud
    }

    /// The topmost HUD on `host`'s overlay that is showing or about to.
    public static func hud(for host: some GtkWidgetConvertible) -> HUD? {
        allHUDs(for: host).last
    }

    /// Every live HUD on `host`'s overlay, bottom to top: shown or waiting for
    /// its grace time, and not already on its way out (fading out, or hidden
    /// once its minimum show time is up), like MBProgressHUD's `allHUDsForView:`.
    public static func allHUDs(for host: some GtkWidgetConvertible) -> [HUD] {
        guard let overlayHost = existingHost(for: host) else { return [] }
        return overlayHost.liveHUDs.filter { !$0.isFinished && !$0.lifecycle.isFinished }
    }

    /// Hides the topmost HUD of `host`; returns whether there was one. The
    /// HUD's own settings (``removesFromHostOnHide``) are left as they are.
    @discardableResult
    public static func hide(for host: some GtkWidgetConvertible, animated: Bool = true) -> Bool {
        guard let hud = hud(for: host) else { return false }
        hud.hide(animated: animated)
        return true
    }

    // MARK: Live HUDs (kept by the overlay's host)

    func register() { host?.markLive(self) }

    func unregister() { host?.markFinished(self) }

    /// The host of the overlay serving `convertible`, without adding an overlay to its window.
    static func existingHost(for convertible: some GtkWidgetConvertible) -> OverlayHost? {
        guard let overlay = try? OverlayHost.resolve(.widget(convertible), creating: false) else { return nil }
        return OverlayHost.existing(overlay)
    }
}

import CGtk
import GtkSupport
import HUDCore

/// One message in every window of an application (issue #27, multi-window apps).
extension BannerCenter {
    /// Shows a banner in every shown window of `app`: `makeBanner` makes one
    /// per window (a banner belongs to one window), and each is shown there
    /// for `duration` seconds, in each window's own queue.
    ///
    /// ```swift
    /// try BannerCenter.broadcast(duration: 5) { _ in
    ///     try NotificationBanner(title: "You are offline", subtitle: "Changes are kept until you reconnect")
    /// }
    /// ```
    ///
    /// Each window keeps its banner by itself: closing one window ends only
    /// its own (with ``/HUDCore/BannerDismissReason/hostDestroyed``), and a
    /// window the user is not in holds its banner, paused, until they come
    /// back (<doc:RespectingAttention>). Hidden windows are passed by.
    ///
    /// - Parameters:
    ///   - app: the application; nil (the default) takes the one running (`g_application_get_default()`).
    ///   - duration: as ``NotificationBanner/show(in:duration:)``.
    ///   - makeBanner: called once per window, most recently focused first, with the window.
    /// - Returns: the banners shown, one per window; empty (with a message)
    ///   when there is no application or it has no shown window.
    /// - Throws: what `makeBanner` throws; the banners made before are shown.
    @discardableResult
    public static func broadcast(to app: (any GtkApplicationConvertible)? = nil, duration: Double? = nil,
                                 _ makeBanner: (_ window: GtkWidgetRef) throws -> NotificationBanner) rethrows -> [NotificationBanner] {
        try broadcast(to: ApplicationTarget(app), duration: duration, source: "BannerCenter.broadcast(to:duration:_:)", makeBanner)
    }

    /// Shows a banner with `title`, `subtitle` and `image` in every shown
    /// window of `app`, as ``broadcast(to:duration:_:)`` with a banner made
    /// from these values in each window. `id` (nil by default) files each
    /// under that id in its window. Nothing to show (no title, subtitle or
    /// image) is refused with a message, as for one banner.
    @discardableResult
    public static func broadcast(title: String?, subtitle: String? = nil, image: ImageSource? = nil, id: String? = nil,
                                 to app: (any GtkApplicationConvertible)? = nil, duration: Double? = nil) -> [NotificationBanner] {
        let source = "BannerCenter.broadcast(title:subtitle:image:id:to:duration:)"
        guard BannerContent.validate(title: title, subtitle: subtitle, image: image, source: source) else { return [] }
        // The content was checked above: making each banner does not throw.
        return (try? broadcast(to: ApplicationTarget(app), duration: duration, source: source) { _ in
            try NotificationBanner(title: title, subtitle: subtitle, image: image, id: id)
        }) ?? []
    }

    static func broadcast(to target: ApplicationTarget, duration: Double?, source: String,
                          _ makeBanner: (GtkWidgetRef) throws -> NotificationBanner) rethrows -> [NotificationBanner] {
        guard GtkHUDRuntime.prepare(caller: source) else { return [] }
        let windows: [UnsafeMutablePointer<GtkWidget>]
        switch ApplicationWindows.pick(.every, of: target) {
        case .success(let picked): windows = picked
        case .failure(let failure):
            Diagnostics.report(source, "\(failure.description) Nothing was shown.")
            return []
        }
        var shown: [NotificationBanner] = []
        for window in windows {
            let banner = try makeBanner(GtkWidgetRef(pointer: window))
            banner.show(in: .window(GtkWidgetRef(pointer: window)), duration: duration, source: source)
            shown.append(banner)
        }
        return shown
    }
}

import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// A widget a window's banners stand on instead of the window's edges, and the
/// side they stand on (``BannerCenter/anchor``): ``above(_:)`` a bottom bar
/// or a floating button, ``below(_:)`` a toolbar or a search bar in the content.
/// It takes every banner of the window, whatever its ``NotificationBanner/position``.
///
/// ```swift
/// let center = BannerCenter.for(window)
/// center?.anchor = .above(actionBar)     // every banner stands on the action bar
/// let banner = try NotificationBanner(title: "Moved to Trash")
/// banner.show(on: window)                // there too, though its position is .top
/// ```
public struct BannerAnchor: Hashable, Sendable {
    /// Which side of the widget the banners stand on, and so the edge they
    /// move and fall back to: ``/HUDCore/BannerAnchorSide/above`` the bottom,
    /// ``/HUDCore/BannerAnchorSide/below`` the top.
    public let side: BannerAnchorSide
    /// The anchor widget (held weakly by the center: it stays the app's).
    public let widget: GtkWidgetRef

    /// Every banner stands on `widget`'s top edge, slides up out of it and is
    /// swiped down into it, as bottom banners do (Material's `setAnchorView`):
    /// above an action bar, a bottom view switcher bar, a floating button.
    /// Without room there (the widget hidden, scrolled away) they stand on
    /// the window's bottom edge.
    @MainActor
    public static func above(_ widget: some GtkWidgetConvertible) -> BannerAnchor {
        BannerAnchor(side: .above, widget: GtkWidgetRef(widget))
    }

    /// Every banner hangs from `widget`'s bottom edge, slides down out of it
    /// and is swiped up into it, as top banners do: below a toolbar or a
    /// search bar inside the content. Without room there they hang from the
    /// window's top edge.
    @MainActor
    public static func below(_ widget: some GtkWidgetConvertible) -> BannerAnchor {
        BannerAnchor(side: .below, widget: GtkWidgetRef(widget))
    }
}

extension BannerCenter {
    /// The widget this window's banners stand on instead of the window's
    /// edges; nil (the default) keeps each banner at its own edge, as the
    /// GNOME HIG asks of toasts ("they shouldn't be placed over a particular
    /// area"). Opt in for a control the banners must not cover.
    ///
    /// ```swift
    /// BannerCenter.for(window)?.anchor = .above(actionBar)
    /// ```
    ///
    /// An anchor takes every banner of the window, whatever its
    /// ``NotificationBanner/position`` (which keeps what the app set, and is
    /// back in force once the anchor is cleared): with ``BannerAnchor/above(_:)``
    /// the banners stand on the anchor, slide up out of it and are swiped down,
    /// as bottom banners; with ``BannerAnchor/below(_:)`` they hang from it,
    /// as top banners. Banners on screen when the anchor is set, switched or
    /// cleared move to their new edge: each enters again from there, and the
    /// others restack. One anchor per window, not per banner: the banners
    /// stand on it as one stack and collapse into the deck together;
    /// per-banner anchors would split one stack into piles over each other
    /// (Material anchors per snackbar because it shows one at a time).
    ///
    /// The banners follow the anchor: when the window is resized, and when
    /// the anchor moves or changes size without the window doing so. They
    /// stand on the anchor's edge of the window (the bottom for `.above`, the
    /// top for `.below`) while the anchor is hidden (unmapped) or lies outside
    /// the banner area (scrolled away), and return when it is back. The center
    /// holds the anchor weakly; when it is destroyed the anchor is cleared, as
    /// if set to nil (banners go back to their own edges), and a message says so.
    ///
    /// The anchor must be inside the content the banners show over (the
    /// window's child, or the content of your ``HUDOverlay``). A widget
    /// elsewhere (another window, no window yet, the title bar slot) is
    /// reported with a message; banners stand on the anchor's edge of the
    /// window until it is inside. A reference that is not a widget is refused
    /// with a message, and the anchor stays as it was.
    public var anchor: BannerAnchor? {
        get {
            guard let anchor = presenter.stack.anchor, let widget = anchor.widget else { return nil }
            return BannerAnchor(side: anchor.side, widget: GtkWidgetRef(pointer: widget))
        }
        set { setAnchor(newValue, source: "BannerCenter.anchor") }
    }

    private func setAnchor(_ newValue: BannerAnchor?, source: String) {
        guard !isHostDestroyed else {
            if newValue != nil { Diagnostics.report(source, "the window was destroyed; no anchor is set.") }
            return
        }
        guard let newValue else { return install(nil) }
        guard let widget = newValue.widget.gtkWidget, gtkhud_is_a(widget.raw, gtk_widget_get_type()) != 0 else {
            Diagnostics.report(source, "the anchor is not a GtkWidget; the anchor stays as it was.")
            return
        }
        let anchor = BannerStackAnchor(side: newValue.side, widget: widget, source: source)
        // Destroyed: never back, so the center lets go (the stack already put the banners on the edge).
        anchor.onDestroyed = { [weak self, weak anchor] in
            guard let self, let anchor, self.presenter.stack.anchor === anchor else { return }
            self.install(nil)
        }
        install(anchor)
    }

    /// The stack follows the anchor widget; the queue puts every banner on its
    /// edge (HUDCore decides the edges, the stack only lays them out).
    private func install(_ anchor: BannerStackAnchor?) {
        presenter.stack.anchor = anchor
        queue.anchoredEdge = anchor?.side.edge
    }
}

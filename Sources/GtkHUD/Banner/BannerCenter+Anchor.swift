import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// A widget a window's banners stand on instead of the window's edge, and the
/// side they stand on (``BannerCenter/anchor``): ``above(_:)`` a bottom bar
/// or a floating button, ``below(_:)`` a toolbar or a search bar in the content.
///
/// ```swift
/// let center = BannerCenter.for(window)
/// center?.anchor = .above(actionBar)     // bottom banners stand on the action bar
/// let banner = try NotificationBanner(title: "Moved to Trash")
/// banner.position = .bottom
/// banner.show(on: window)
/// ```
public struct BannerAnchor: Hashable, Sendable {
    /// Which side of the widget the banners stand on; it also says which
    /// banners: ``/HUDCore/BannerAnchorSide/above`` takes the bottom banners,
    /// ``/HUDCore/BannerAnchorSide/below`` the top ones.
    public let side: BannerAnchorSide
    /// The anchor widget (held weakly by the center: it stays the app's).
    public let widget: GtkWidgetRef

    /// Bottom banners stand on `widget`'s top edge and slide up out of it
    /// (Material's `setAnchorView`): above an action bar, a bottom view
    /// switcher bar, a floating button.
    @MainActor
    public static func above(_ widget: some GtkWidgetConvertible) -> BannerAnchor {
        BannerAnchor(side: .above, widget: GtkWidgetRef(widget))
    }

    /// Top banners hang from `widget`'s bottom edge and slide down out of it:
    /// below a toolbar or a search bar inside the content.
    @MainActor
    public static func below(_ widget: some GtkWidgetConvertible) -> BannerAnchor {
        BannerAnchor(side: .below, widget: GtkWidgetRef(widget))
    }
}

extension BannerCenter {
    /// The widget this window's banners of one edge stand on instead of the
    /// edge; nil (the default) keeps both edges, as the GNOME HIG asks of
    /// toasts ("they shouldn't be placed over a particular area"). Opt in for
    /// a control the banners must not cover.
    ///
    /// ```swift
    /// BannerCenter.for(window)?.anchor = .above(actionBar)
    /// ```
    ///
    /// One anchor per window, not per banner: an anchor replaces one edge, so
    /// every banner of that edge stands on it, stacks and collapses into the
    /// deck with the others and keeps its slide and swipe direction
    /// (``BannerAnchor/above(_:)`` takes the bottom banners, which slide up
    /// out of the anchor; ``BannerAnchor/below(_:)`` the top ones). Banners
    /// of the other edge stay at the window's edge. Per-banner anchors would
    /// split one stack into piles over each other; Material anchors per
    /// snackbar because it shows one at a time.
    ///
    /// The banners follow the anchor: when the window is resized, and when
    /// the anchor moves or changes size without the window doing so. They go
    /// back to the edge while the anchor is hidden (unmapped) or lies outside
    /// the banner area (scrolled away), and return when it is back. The center
    /// holds the anchor weakly; when it is destroyed the banners go back to
    /// the edge, the anchor is cleared and a message says so.
    ///
    /// The anchor must be inside the content the banners show over (the
    /// window's child, or the content of your ``HUDOverlay``). A widget
    /// elsewhere (another window, no window yet, the title bar slot) is
    /// reported with a message; banners keep the edge until it is inside. A
    /// reference that is not a widget is refused with a message, and the
    /// anchor stays as it was.
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

import CGtk

/// Finds the bars at the top and bottom of a window's content, so banners can
/// slide out from under the top ones and stand on the bottom ones.
///
/// Bars are header bars, action bars, search bars, view switcher bars and tab
/// bars, and the top and bottom bars of an `AdwToolbarView` (libadwaita 1.4+),
/// whose heights come from the toolbar view itself
/// (`adw_toolbar_view_get_top_bar_height`, looked up at run time): they are 0
/// while the bars are hidden and the part shown while they slide, which no
/// widget's bounds tell. Bars stack (a header bar above a tab bar above a
/// toolbar view's own bar) and sit side by side (the panes of a split view,
/// each with its own header bar): a banner spans the whole width, so the band
/// starts below the lowest bar reached from the top edge and ends above the
/// highest one reached from the bottom edge.
@MainActor
enum HeaderBarEdges {
    /// The band between the bars at the top and at the bottom of `content`, in
    /// the overlay's coordinates. Title bars in the window's titlebar slot are
    /// outside a window layer already.
    static func band(of overlay: UnsafeMutablePointer<GtkWidget>, height: Double,
                     content: UnsafeMutablePointer<GtkWidget>) -> (top: Double, bottom: Double)? {
        var top = Walk(overlay: overlay, fromTop: true), bottom = Walk(overlay: overlay, fromTop: false)
        let topEdge = top.edge(reachedFrom: 0, in: [content])
        let bottomEdge = bottom.edge(reachedFrom: height, in: [content])
        return bottomEdge > topEdge ? (topEdge, bottomEdge) : nil
    }

    /// One search from one edge: only widgets that reach the current edge are
    /// looked into, so the walk stays near the window's edges (a few dozen
    /// widgets in a real app), never into the content's rows.
    @MainActor
    private struct Walk {
        let overlay: UnsafeMutablePointer<GtkWidget>
        let fromTop: Bool
        /// Every widget looked at costs a bounds computation; a pathological tree stops here.
        var budget = 400

        /// The edge after the bars in `widgets` (siblings) reached from `edge`:
        /// a bar that reaches the edge moves it past itself, which may bring a
        /// sibling below it into reach (a header bar above a tab bar).
        mutating func edge(reachedFrom edge: Double, in widgets: [UnsafeMutablePointer<GtkWidget>]) -> Double {
            var current = edge
            for _ in 0..<8 {
                let before = current
                for widget in widgets {
                    guard budget > 0, let rect = reaching(widget, current) else { continue }
                    let reached = self.edge(of: widget, rect: rect, reachedFrom: current)
                    current = fromTop ? max(current, reached) : min(current, reached)
                }
                if current == before { break }
            }
            return current
        }

        /// The edge after `widget`, which reaches `edge`.
        private mutating func edge(of widget: UnsafeMutablePointer<GtkWidget>, rect: graphene_rect_t, reachedFrom edge: Double) -> Double {
            let top = Double(rect.origin.y), bottom = top + Double(rect.size.height)
            if HeaderBarEdges.isBar(widget) { return fromTop ? bottom : top }
            let toolbarView = gtkhud_adw_toolbar_view_type()
            if toolbarView != 0, gtkhud_is_a(widget.raw, toolbarView) != 0 {
                // Its bars sit at its edges; their own widgets keep their full
                // height while sliding out, so ask the toolbar view.
                let bars = Double(gtkhud_adw_toolbar_view_bar_height(widget, fromTop ? 1 : 0))
                var current = edge
                if bars > 0 { current = fromTop ? max(current, top + bars) : min(current, bottom - bars) }
                guard let content = gtkhud_adw_toolbar_view_content(widget) else { return current }
                return self.edge(reachedFrom: current, in: [content])
            }
            // Scrolled content never holds the window's bars; popovers are drawn elsewhere.
            if gtkhud_is_a(widget.raw, gtk_scrolled_window_get_type()) != 0 { return edge }
            return self.edge(reachedFrom: edge, in: widget.children)
        }

        /// The bounds of `widget` if it is shown and reaches across `edge`
        /// (themes give header bars a negative margin of a pixel or two, so a
        /// pixel past the edge still counts).
        private mutating func reaching(_ widget: UnsafeMutablePointer<GtkWidget>, _ edge: Double) -> graphene_rect_t? {
            guard gtk_widget_get_visible(widget) != 0, gtk_widget_get_child_visible(widget) != 0,
                  gtkhud_is_a(widget.raw, gtk_native_get_type()) == 0 else { return nil }
            budget -= 1
            var rect = graphene_rect_t()
            guard gtk_widget_compute_bounds(widget, overlay, &rect) != 0 else { return nil }
            let top = Double(rect.origin.y), bottom = top + Double(rect.size.height)
            let reaches = fromTop ? top <= edge + 1 && bottom > edge + 1 : bottom >= edge - 1 && top < edge - 1
            return reaches ? rect : nil
        }
    }

    private static func isBar(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        barTypes.contains { gtkhud_is_a(widget.raw, $0) != 0 }
    }

    private static let barTypes: [GType] = [
        gtk_header_bar_get_type(), adw_header_bar_get_type(), gtk_action_bar_get_type(), gtk_search_bar_get_type(),
        adw_view_switcher_bar_get_type(), adw_tab_bar_get_type(),
    ]
}

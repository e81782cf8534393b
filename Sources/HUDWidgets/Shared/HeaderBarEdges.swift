import CGtk

/// Finds the header bars at the top and bottom of a window's content (an
/// `AdwToolbarView`'s bars, a `GtkBox` of header bar and view), so banners can
/// slide out from under the top one and stand on the bottom one.
@MainActor
enum HeaderBarEdges {
    /// The bottom of a header bar at the top of the content and the top of one
    /// at its bottom (AdwToolbarView's bars, a GtkBox of header bar and view),
    /// in the overlay's coordinates. Title bars in the window's titlebar slot
    /// are outside a window layer already.
    static func band(of overlay: UnsafeMutablePointer<GtkWidget>, height: Double,
                     content: UnsafeMutablePointer<GtkWidget>) -> (top: Double, bottom: Double)? {
        var top = 0.0, bottom = height
        if let bar = edgeHeaderBar(in: content, first: true, overlay: overlay) { top = max(top, bar.y + bar.height) }
        if let bar = edgeHeaderBar(in: content, first: false, overlay: overlay) { bottom = min(bottom, bar.y) }
        return bottom > top ? (top, bottom) : nil
    }

    /// The header bar reached by following the first (or last) visible child
    /// down from `root`, while it still touches that edge of the overlay.
    private static func edgeHeaderBar(in root: UnsafeMutablePointer<GtkWidget>, first: Bool,
                                      overlay: UnsafeMutablePointer<GtkWidget>) -> (y: Double, height: Double)? {
        let overlayHeight = Double(gtk_widget_get_height(overlay))
        var current: UnsafeMutablePointer<GtkWidget>? = root
        for _ in 0..<12 {
            guard let candidate = current, gtk_widget_get_visible(candidate) != 0 else { return nil }
            var rect = graphene_rect_t()
            guard gtk_widget_compute_bounds(candidate, overlay, &rect) != 0 else { return nil }
            let y = Double(rect.origin.y), h = Double(rect.size.height)
            // At or past the edge: themes give header bars a negative margin of a pixel or two.
            let touchesEdge = first ? y < 1 : y + h > overlayHeight - 1
            guard touchesEdge else { return nil }
            if isHeaderBar(candidate) { return (y, h) }
            current = first ? firstVisibleChild(of: candidate) : lastVisibleChild(of: candidate)
        }
        return nil
    }

    private static func isHeaderBar(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtkhud_is_a(widget.raw, gtk_header_bar_get_type()) != 0 || gtkhud_is_a(widget.raw, adw_header_bar_get_type()) != 0
            || gtkhud_is_a(widget.raw, gtk_action_bar_get_type()) != 0
    }

    private static func firstVisibleChild(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child, gtk_widget_get_visible(current) == 0 { child = gtk_widget_get_next_sibling(current) }
        return child
    }

    private static func lastVisibleChild(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_last_child(widget)
        while let current = child, gtk_widget_get_visible(current) == 0 { child = gtk_widget_get_prev_sibling(current) }
        return child
    }
}

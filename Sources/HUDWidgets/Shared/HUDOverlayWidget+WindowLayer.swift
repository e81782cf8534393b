import CGtk
import GtkSupport

/// A window layer: an overlay that is an extra child of a `GtkWindow` beside
/// the window's own child, laid over that child's area, so the window's
/// `child` / `content` stays the app's widget.
extension HUDOverlayWidget {
    /// Makes `overlay` (a new overlay; the window takes a reference) a layer of
    /// `window`: a child of the window beside its own child, laid out over that
    /// child's area after every window layout, and unparented when the window is destroyed.
    public static func attach(_ overlay: UnsafeMutablePointer<GtkWidget>, to window: UnsafeMutablePointer<GtkWidget>) {
        guard let object = HUDOverlayWidget.of(overlay) else { return }
        object.isWindowLayer = true
        gtk_widget_set_parent(overlay, window)
        let raw = UnsafeMutableRawPointer(window)
        object.windowConnections = object.layerConnections(to: window) + [
            Signal.connectInt(raw, "move-focus") { [weak object] direction in
                guard let object, object.moveFocus(GtkDirectionType(UInt32(bitPattern: direction))) else { return }
                g_signal_stop_emission_by_name(raw, "move-focus")
            },
        ]
        object.followFrameClock()
        gtk_widget_queue_resize(window)
    }

    /// Makes `overlay` (a new overlay; the card takes a reference) a layer of
    /// the card that holds an `AdwDialog`'s `content` (its child's parent: the
    /// part of the dialog on screen, not the dimmed window around it), laid
    /// over the whole card after every layout. The dialog's child stays the
    /// app's widget. The card's own class allocates only its child, as a
    /// window does; focus, drawing and picking reach every child.
    public static func attach(_ overlay: UnsafeMutablePointer<GtkWidget>, overContentOf content: UnsafeMutablePointer<GtkWidget>) {
        guard let object = HUDOverlayWidget.of(overlay), let card = gtk_widget_get_parent(content) else { return }
        object.isCardLayer = true
        gtk_widget_set_parent(overlay, card)
        object.windowConnections = object.layerConnections(to: card)
        object.followFrameClock()
        gtk_widget_queue_resize(card)
    }

    /// Following the layer host's frame clock while it is realized, and
    /// leaving it when it is destroyed.
    private func layerConnections(to host: UnsafeMutablePointer<GtkWidget>) -> [SignalConnection] {
        let raw = UnsafeMutableRawPointer(host)
        return [
            Signal.connect(raw, "realize", after: true) { [weak self] in self?.followFrameClock() },
            Signal.connect(raw, "unrealize") { [weak self] in
                self?.frameClockConnection?.disconnect()
                self?.frameClockConnection = nil
            },
            // The host unparents its own children in dispose; an extra child must go
            // too, or GTK finalizes the host with a child left (and the overlay leaks).
            Signal.connect(raw, "destroy") { [weak self] in
                guard let self, self.isAlive, gtk_widget_get_parent(self.widget) == host else { return }
                gtk_widget_unparent(self.widget)
            },
        ]
    }

    /// Tab and Shift+Tab (the window's `move-focus`): GtkWindow's focus chain
    /// knows only its child and title bar, so when focus reaches the end of the
    /// window's child this layer (a banner's buttons, a HUD's button) comes
    /// next; leaving the layer's end, GTK wraps round as usual.
    /// Returns true when it moved focus itself.
    func moveFocus(_ direction: GtkDirectionType) -> Bool {
        guard direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_TAB_BACKWARD,
              let window = hostWindow, let current = gtk_widget_get_focus_child(window),
              current == gtk_window_get_child(window.asWindow) else { return false }
        if gtk_widget_child_focus(current, direction) != 0 { return true }
        return gtk_widget_child_focus(widget, direction) != 0
    }

    /// The window allocates its child and titlebar only; this lays the layer out
    /// after each window layout (connected after GTK's own layout handler).
    func followFrameClock() {
        frameClockConnection?.disconnect()
        frameClockConnection = nil
        guard let host = layerHost, let clock = gtk_widget_get_frame_clock(host) else { return }
        frameClockConnection = Signal.connect(UnsafeMutableRawPointer(clock), "layout", after: true) { [weak self] in
            self?.layOutOverWindowChild()
        }
        layOutOverWindowChild()
    }

    func layOutOverWindowChild() {
        guard isAlive, !isDisposed, let host = layerHost, gtk_widget_get_visible(widget) != 0 else { return }
        // Over the window's child; over the whole window when it has none to
        // show, and over the whole card of a dialog.
        var rect = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                   size: graphene_size_t(width: Float(gtk_widget_get_width(host)), height: Float(gtk_widget_get_height(host))))
        if let window = hostWindow, let child = gtk_window_get_child(window.asWindow), gtk_widget_get_visible(child) != 0 {
            var childRect = graphene_rect_t()
            if gtk_widget_compute_bounds(child, window, &childRect) != 0 { rect = childRect }
        }
        let width = Int32(rect.size.width.rounded()), height = Int32(rect.size.height.rounded())
        guard width > 0, height > 0 else { return }
        // GTK wants a measure before every allocate.
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, nil, nil)
        // Bars inside the window's child move without changing its size (see
        // bannerBandMoved); then GTK would skip this allocation as unchanged.
        if bannerBandMoved(height: height) { gtk_widget_queue_allocate(widget) }
        var origin = graphene_point_t(x: rect.origin.x.rounded(), y: rect.origin.y.rounded())
        gtk_widget_allocate(widget, width, height, -1, gsk_transform_translate(nil, &origin))
    }
}

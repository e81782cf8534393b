import CGtk
import GtkSupport
import HUDCore

/// The widget one edge of a ``BannerStackWidget`` is anchored to (issue #27):
/// it measures the widget against the stack, and HUDCore's
/// ``BannerAnchorPlacement`` decides where the banners of that edge start.
///
/// What it watches, so the banners move with the anchor: the stack's frame
/// clock after each layout (the anchor moved or changed size while the
/// window did not: a revealer, a pane, a scroll), the anchor's `mapped`
/// (hidden and shown again) and its `destroy` (never back). It holds the
/// anchor weakly: the anchor is the app's widget.
@MainActor
public final class BannerStackAnchor {
    /// The side of the anchor banners stand on.
    public let side: BannerAnchorSide
    private let anchor: WeakObjectRef
    /// The public name mistakes are reported under.
    private let source: String
    private var reporter = BannerAnchorReporter()
    private var anchorConnections: [SignalConnection] = []
    private var stackConnections: [SignalConnection] = []
    private var frameClockConnection: SignalConnection?
    private weak var stack: BannerStackWidget?
    private var isDestroyed = false
    /// The decision the stack was last laid out with.
    public private(set) var decision: BannerAnchorDecision = .noAnchor

    /// Called once when the anchor widget is destroyed (after the banners went back to the edge).
    public var onDestroyed: (@MainActor () -> Void)?

    /// Anchors to `widget`; mistakes (outside the content, another window,
    /// destroyed) are reported under `source`, each once.
    public init(side: BannerAnchorSide, widget: UnsafeMutablePointer<GtkWidget>, source: String) {
        self.side = side
        anchor = WeakObjectRef(widget.raw)
        self.source = source
    }

    /// The anchor widget while it lives.
    public var widget: UnsafeMutablePointer<GtkWidget>? {
        anchor.withObject { $0.asWidget }
    }

    // MARK: - Following the anchor

    func attach(to stack: BannerStackWidget) {
        self.stack = stack
        guard let widget else {
            anchorDestroyed()
            return
        }
        let raw = widget.raw
        anchorConnections = [
            Signal.connect(raw, "notify::mapped") { [weak self] in self?.relayOutIfMoved() },
            Signal.connect(raw, "destroy") { [weak self] in self?.anchorDestroyed() },
        ]
        stackConnections = [
            Signal.connect(stack.widget.raw, "realize", after: true) { [weak self] in self?.followFrameClock() },
            Signal.connect(stack.widget.raw, "unrealize") { [weak self] in
                self?.frameClockConnection?.disconnect()
                self?.frameClockConnection = nil
            },
        ]
        followFrameClock()
        check()
    }

    func detach() {
        (anchorConnections + stackConnections).forEach { $0.disconnect() }
        anchorConnections = []
        stackConnections = []
        frameClockConnection?.disconnect()
        frameClockConnection = nil
        onDestroyed = nil
        stack = nil
    }

    /// Decides now, from the stack's current size, and reports a mistake (the
    /// anchor was just set: the app hears at once, not at the next banner).
    public func check() {
        guard let stack else { return }
        let height = Double(gtk_widget_get_height(stack.widget))
        note(BannerAnchorPlacement.decide(side: side, facts: facts(in: stack), layerHeight: height))
    }

    /// The decision for a stack `height` high, taken while the stack lays out.
    func decide(layerHeight height: Double) -> BannerAnchorDecision {
        guard let stack else { return .noAnchor }
        let decision = BannerAnchorPlacement.decide(side: side, facts: facts(in: stack), layerHeight: height)
        note(decision)
        return decision
    }

    private func note(_ decision: BannerAnchorDecision, windowClosing: Bool = false) {
        self.decision = decision
        if let message = reporter.message(for: decision, windowClosing: windowClosing) { Diagnostics.report(source, message) }
    }

    /// Whether the stack's window is being destroyed (or the stack already went): the anchor went with it.
    private var windowIsClosing: Bool {
        guard let stack, stack.isAlive, !stack.isDisposed else { return true }
        // gtk_window_destroy takes the window off GTK's toplevels before it lets go of its widgets.
        return WindowLiveness.destroyedWindow(of: stack.widget) != nil
    }

    /// After each layout of the window: lays the stack out again when the
    /// anchor moved, changed size, or was hidden or shown since the last time.
    private func relayOutIfMoved() {
        guard let stack, stack.isAlive, !stack.isDisposed, !stack.banners.isEmpty else { return }
        let height = Double(gtk_widget_get_height(stack.widget))
        let now = BannerAnchorPlacement.decide(side: side, facts: facts(in: stack), layerHeight: height)
        if now != decision { gtk_widget_queue_allocate(stack.widget) }
    }

    private func followFrameClock() {
        frameClockConnection?.disconnect()
        frameClockConnection = nil
        guard let stack, let clock = gtk_widget_get_frame_clock(stack.widget) else { return }
        frameClockConnection = Signal.connect(UnsafeMutableRawPointer(clock), "layout", after: true) { [weak self] in
            self?.relayOutIfMoved()
        }
    }

    private func anchorDestroyed() {
        guard !isDestroyed else { return }
        isDestroyed = true
        anchorConnections.forEach { $0.disconnect() }
        anchorConnections = []
        note(.fallback(.destroyed), windowClosing: windowIsClosing)
        if let stack, stack.isAlive, !stack.isDisposed { gtk_widget_queue_allocate(stack.widget) }
        let handler = onDestroyed
        onDestroyed = nil
        handler?()
    }

    // MARK: - Measuring

    /// What GTK tells of the anchor, in the stack's coordinates.
    private func facts(in stack: BannerStackWidget) -> BannerAnchorFacts {
        guard !isDestroyed, let widget else { return .destroyed }
        let whereabouts = Self.whereabouts(of: widget, stack: stack.widget)
        guard whereabouts == .inside else { return BannerAnchorFacts(isAlive: true, whereabouts: whereabouts, isMapped: false) }
        var facts = BannerAnchorFacts(isAlive: true, whereabouts: .inside, isMapped: gtk_widget_get_mapped(widget) != 0)
        var rect = graphene_rect_t()
        if gtk_widget_compute_bounds(widget, stack.widget, &rect) != 0 {
            facts.top = Double(rect.origin.y)
            facts.bottom = Double(rect.origin.y + rect.size.height)
        }
        return facts
    }

    /// Inside means within the content the banners show over: the overlay's
    /// content, or a window layer's window (never the banner layer itself).
    private static func whereabouts(of widget: UnsafeMutablePointer<GtkWidget>,
                                    stack: UnsafeMutablePointer<GtkWidget>) -> BannerAnchorFacts.Whereabouts {
        if widget == stack || gtk_widget_is_ancestor(widget, stack) != 0 { return .outside }
        if let ownRoot = gtk_widget_get_root(stack), let anchorRoot = gtk_widget_get_root(widget),
           UnsafeMutableRawPointer(ownRoot) != UnsafeMutableRawPointer(anchorRoot) {
            return .otherWindow
        }
        guard let overlay = gtk_widget_get_parent(stack).flatMap({ HUDOverlayWidget.of($0) }),
              let content = overlay.appContent else { return .outside }
        return widget == content || gtk_widget_is_ancestor(widget, content) != 0 ? .inside : .outside
    }
}

// MARK: - The stack's side

extension BannerStackWidget {
    /// The lines the banners start from in a stack `height` high: the top
    /// and bottom edges, or the anchor's line in place of one of them.
    func anchoredEdgeLines(height: Double) -> (top: Double, bottom: Double) {
        (anchor?.decide(layerHeight: height) ?? .noAnchor).edgeLines(layerHeight: height)
    }

    /// The anchor changed: the old one lets go, the new one starts watching, and the banners move.
    func anchorChanged(from old: BannerStackAnchor?) {
        guard old !== anchor else { return }
        old?.detach()
        anchor?.attach(to: self)
        guard isAlive, !isDisposed else { return }
        gtk_widget_queue_allocate(widget)
        queueDraw()
    }

    /// Moves a banner on screen to `edge` (its window's anchor was set or
    /// cleared), in `slot` there: it enters again from that edge, as a new
    /// banner would, so the eye sees where it went.
    public func move(_ banner: BannerWidget, to edge: BannerPosition, slot: Int, transition: BannerTransition) {
        guard let motion = motion(of: banner) else { return }
        banner.setEdge(edge)
        setSlot(slot, of: banner, transition: .immediate)
        motion.drag.set(0)
        motion.reveal.set(0)
        reveal(banner, transition: transition)
    }

    /// Draws the children; the banners of an anchored edge are clipped at the
    /// anchor's line, so they slide out from behind the anchor as they slide
    /// out from under the header bar at the top edge.
    func snapshotChildren(_ snapshot: OpaquePointer) {
        let anchoredEdge = anchor?.decision.anchoredEdge
        let lines = anchor?.decision.edgeLines(layerHeight: Double(gtk_widget_get_height(widget)))
        for child in widget.children {
            guard let edge = anchoredEdge, let lines, let banner = BannerWidget.of(child), banner.position == edge else {
                gtk_widget_snapshot_child(widget, child, snapshot)
                continue
            }
            let width = Float(gtk_widget_get_width(widget))
            var clip = edge == .top
                ? graphene_rect_t(origin: graphene_point_t(x: 0, y: Float(lines.top)),
                                  size: graphene_size_t(width: width, height: Float(max(0, Double(gtk_widget_get_height(widget)) - lines.top))))
                : graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: width, height: Float(lines.bottom)))
            gtk_snapshot_push_clip(snapshot, &clip)
            gtk_widget_snapshot_child(widget, child, snapshot)
            gtk_snapshot_pop(snapshot)
        }
    }
}

import CGtk
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets

/// Issue #27's checks: each context's block against real focus (clicks and Tab), banners
/// in their own context, and the edge each banner stands on (an anchor's, or its own).
extension StormChecker {
    /// Whether a context of window `slot` must be blocked: its window's block, or (the pane) a blocking HUD of its own.
    func expectedContextBlock(_ model: StormModel, _ world: StormWorld, slot: Int, context: Int, atClick: Bool = false) -> Bool? {
        let window = expectedBlock(model, world, slot: slot, atClick: atClick)
        let own: Bool? = context == 1 ? expectedBlock(model, world, slot: slot, context: 1, atClick: atClick) : false
        if window == true || own == true { return true }
        return window == nil || own == nil ? nil : false
    }

    /// A blocking HUD in the pane blocks the pane only: its entry cannot take focus (nor a click
    /// give it, nor Tab reach it), while the other context's entry can, unless the whole window is blocked.
    func checkContextFocus(_ model: StormModel, _ world: StormWorld, slot: Int, window: StormWindow, _ fail: (String, String) -> Void) {
        for context in 1...3 where !model.isHidden(StormPlace(slot, context)) {
            guard let entry = window.contextEntries[context],
                  let blocked = expectedContextBlock(model, world, slot: slot, context: context) else { continue }
            let place = StormPlace(slot, context)
            if window.canTakeFocus(entry) == blocked {
                fail(blocked ? "context.focusNotBlocked" : "context.focusBlocked", blocked
                    ? "\(place)'s entry can take focus behind a blocking mask"
                    : "\(place)'s entry cannot take keyboard focus, but no blocking HUD is up there")
            }
            if world.clickedContext == place, let blocked = clickBlock(model, world, slot: slot, context: context),
               StormWindow.hasFocus(entry) == blocked {
                fail(blocked ? "context.clickNotBlocked" : "context.clickBlocked", blocked
                    ? "a click gave \(place)'s entry the focus behind a blocking mask"
                    : "a click on \(place)'s entry did not give it the focus (it is on \(Self.describe(window.focus, in: window)); "
                        + "under its centre: \(Self.describe(Self.picked(at: entry, in: window), in: window))), but no blocking HUD is up there")
            }
        }
        guard let tabbed = world.tabbedFrom, tabbed.window == slot, let pane = window.contexts[1]?.content?.gtkWidget else { return }
        let inPane = { (widget: UnsafeMutablePointer<GtkWidget>?) in widget.map { $0 == pane || gtk_widget_is_ancestor($0, pane) != 0 } ?? false }
        let paneBlocked = expectedBlock(model, world, slot: slot, context: 1)
        if paneBlocked == true, tabbed.reached.contains(where: inPane) {
            fail("context.tabEntered", "Tab took the focus into window\(slot)'s pane, which a HUD blocks")
        }
        if paneBlocked == true, expectedBlock(model, world, slot: slot) == false, !tabbed.reached.contains(where: { $0 != nil && !inPane($0) }) {
            fail("context.tabStuck", "Tab reached nothing in window\(slot) outside its blocked pane")
        }
    }

    /// A widget for a failure's detail: one of the window's entries by its place, else by its type.
    static func describe(_ widget: UnsafeMutablePointer<GtkWidget>?, in window: StormWindow) -> String {
        guard let widget else { return "nothing" }
        let within = { (entry: UnsafeMutablePointer<GtkWidget>) in widget == entry || gtk_widget_is_ancestor(widget, entry) != 0 }
        if within(window.entry) { return "window\(window.slot)'s own entry" }
        if let context = window.contextEntries.first(where: { within($0.value) })?.key { return "context \(context)'s entry" }
        return describe(widget)
    }

    /// The widget GTK picks at the centre of `widget` (what a click there reaches).
    static func picked(at widget: UnsafeMutablePointer<GtkWidget>, in window: StormWindow) -> UnsafeMutablePointer<GtkWidget>? {
        var centre = graphene_point_t(x: Float(gtk_widget_get_width(widget)) / 2, y: Float(gtk_widget_get_height(widget)) / 2)
        var point = graphene_point_t()
        guard gtk_widget_compute_point(widget, window.window, &centre, &point) != 0 else { return nil }
        return gtk_widget_pick(window.window, Double(point.x), Double(point.y), GTK_PICK_DEFAULT)
    }

    /// A widget's type, and its parent's, for a failure's detail.
    static func describe(_ widget: UnsafeMutablePointer<GtkWidget>?) -> String {
        guard let widget else { return "nothing" }
        func name(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
            String(cString: g_type_name_from_instance(widget.raw.assumingMemoryBound(to: GTypeInstance.self)))
        }
        return name(widget) + (gtk_widget_get_parent(widget).map { " in " + name($0) } ?? "")
    }

    /// A banner shows in its own context: inside that overlay, or (the window's) in none of the window's contexts.
    func checkPlace(of widget: UnsafeMutablePointer<GtkWidget>, banner id: Int, _ expected: StormModel.BannerModel,
                    _ world: StormWorld, _ fail: (String, String) -> Void) {
        guard let window = world.windows[expected.window] else { return }
        let inside = window.contexts.filter { gtk_widget_is_ancestor(widget, $0.value.pointer) != 0 }.map(\.key)
        if inside != (expected.context == 0 ? [] : [expected.context]) {
            fail("banner.context", "banner\(id) shows in \(inside.first.map { "context \($0)" } ?? "the whole window") of window\(expected.window); "
                + "the model says \(expected.place)")
        }
    }

    /// Each banner on screen stands on the edge the model says (the window's anchor's, or its own),
    /// and the newest one is on that half of its context.
    func checkEdges(_ expected: StormStack, in place: StormPlace, _ model: StormModel, _ world: StormWorld, _ fail: (String, String) -> Void) {
        for (index, id) in expected.visible.enumerated() {
            guard let banner = world.banners[id], banner.state == .showing, let widget = banner.bannerWidget,
                  let edge = model.expectedEdge(of: id) else { continue }
            let anchor = model.anchors[place.window].map { " (anchor .\($0))" } ?? ""
            if widget.position != edge {
                fail("banner.edge", "banner\(id) stands on the \(widget.position) edge of \(place)\(anchor); the model says \(edge)")
                continue
            }
            guard index == 0, !model.isHidden(place), gtk_widget_get_mapped(widget.widget) != 0,
                  let area = place.context == 0 ? world.windows[place.window]?.window : world.windows[place.window]?.contexts[place.context]?.pointer
            else { continue }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(widget.widget, area, &bounds) != 0 else { continue }
            let centre = Double(bounds.origin.y + bounds.size.height / 2)
            let onTopHalf = centre < Double(gtk_widget_get_height(area)) / 2
            if onTopHalf != (edge == .top) {
                fail("banner.side", "banner\(id), the newest in \(place)\(anchor), is on the \(onTopHalf ? "top" : "bottom") half; "
                    + "the model says the \(edge) edge")
            }
        }
    }
}

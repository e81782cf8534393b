import CGtk
import GtkSupport
import HUDCore

/// The deck of a calm stack (issue #26): the badge "+4 more" next to the
/// banners on screen, for the banners waiting beyond them. The pointer over it
/// or keyboard focus on it opens it: it then lists the next waiting banners'
/// titles, and the stack spreads its collapsed banners out. It reports the
/// pointer and focus to its ``onInput`` handler; whether it is open is the
/// queue's decision (``BannerDeck``), applied with ``apply(_:strings:)``.
///
/// CSS node: `hudbannerdeck` (`.expanded` while open), with a `label.count`
/// (the badge) and, while open, a `label.upcoming` per listed banner.
/// Focusable, accessible role: button, named by the spoken count ("Notifications waiting: 4").
@MainActor
public final class BannerDeckWidget: SwiftWidget {
    public static var gtype: GType {
        WidgetTypes.register(BannerDeckWidget.self, WidgetTypeDescription(
            typeName: "GtkHUDBannerDeck", cssName: "hudbannerdeck", role: GTK_ACCESSIBLE_ROLE_BUTTON,
            layoutManagerType: gtk_box_layout_get_type()))
    }

    /// Creates a deck (floating reference), hidden until banners wait.
    public static func create() -> UnsafeMutablePointer<GtkWidget> { WidgetTypes.instantiate(gtype) }

    /// Called with the pointer entering or leaving, and focus entering or leaving.
    public var onInput: (@MainActor (BannerDeckInput, Bool) -> Void)?

    /// The badge label (`label.count`).
    public private(set) var countLabel: UnsafeMutablePointer<GtkWidget>!
    private var upcomingLabels: [UnsafeMutablePointer<GtkWidget>] = []
    /// What it shows now.
    public private(set) var deck = BannerDeck(waitingCount: 0, isCollapsed: false, isExpanded: false, upcoming: [])

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: widget)
        if let layout = gtk_widget_get_layout_manager(widget) {
            gtk_orientable_set_orientation(OpaquePointer(layout), GTK_ORIENTATION_VERTICAL)
        }
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "count")
        gtk_widget_set_parent(label, widget)
        countLabel = label
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(widget, 0)
        installInput()
    }

    override public func dispose() {
        onInput = nil
        while let child = gtk_widget_get_first_child(widget) { gtk_widget_unparent(child) }
        upcomingLabels = []
        countLabel = nil
    }

    /// Shows `deck`: hidden without waiting banners, the badge otherwise, and the
    /// upcoming titles while open. `strings` gives the words (translated).
    public func apply(_ deck: BannerDeck, strings: HUDStrings) {
        self.deck = deck
        guard isAlive, !isDisposed else { return }
        gtk_widget_set_visible(widget, deck.waitingCount > 0 ? 1 : 0)
        gtk_label_set_text(OpaquePointer(countLabel), strings.deckBadge(deck.waitingCount))
        deck.isExpanded ? gtk_widget_add_css_class(widget, "expanded") : gtk_widget_remove_css_class(widget, "expanded")
        let titles = deck.isExpanded ? deck.upcoming : []
        while upcomingLabels.count > titles.count { gtk_widget_unparent(upcomingLabels.removeLast()) }
        while upcomingLabels.count < titles.count {
            let label = gtk_label_new(nil)!
            gtk_widget_add_css_class(label, "upcoming")
            gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
            gtk_label_set_max_width_chars(OpaquePointer(label), 40)
            gtk_widget_set_parent(label, widget)
            upcomingLabels.append(label)
        }
        for (label, title) in zip(upcomingLabels, titles) { gtk_label_set_text(OpaquePointer(label), title) }
        Accessible.setLabel(widget, SpokenText(strings.deckSpoken(deck.waitingCount)).text)
    }

    private func installInput() {
        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(UnsafeMutableRawPointer(motion), "enter") { [weak self] _, _ in self?.onInput?(.hover, true) }
        Signal.connect(UnsafeMutableRawPointer(motion), "leave") { [weak self] in self?.onInput?(.hover, false) }
        gtk_widget_add_controller(widget, motion)
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(UnsafeMutableRawPointer(focus), "enter") { [weak self] in self?.onInput?(.focus, true) }
        Signal.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in self?.onInput?(.focus, false) }
        gtk_widget_add_controller(widget, focus)
    }
}

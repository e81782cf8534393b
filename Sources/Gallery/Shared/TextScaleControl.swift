// The theming page's "Text size" drop-down: sets gtk-xft-dpi on the default
// GtkSettings as GNOME's Large Text does (1.25), so every HUD and banner on
// screen grows with its labels, live; it follows changes made elsewhere too.
import CGtk
import GtkHUD
import GtkSupport

@MainActor
final class TextScaleControl {
    static let factors: [Double] = [1, 1.25, 1.5, 1.75, 2]

    /// The drop-down (with its label) to put in a toolbar.
    let widget: Widget
    private let dropDown: Widget
    private var following: SignalConnection?

    init() {
        dropDown = gtk_drop_down_new(UI.stringList(Self.factors.map { "\(Int(($0 * 100).rounded())) %" }), nil)!
        gtk_widget_set_tooltip_text(dropDown, "Text size (gtk-xft-dpi; GNOME's Large Text is 125 %)")
        Accessible.setLabel(dropDown, "Text size")
        widget = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, [UI.label("Text size"), dropDown])
        select(TextScale.factor())
        Signal.connectPointer(dropDown.raw, "notify::selected") { [weak self] _ in
            guard let self else { return }
            let index = Int(gtk_drop_down_get_selected(self.dropDown.op))
            guard Self.factors.indices.contains(index), Self.factors[index] != TextScale.factor() else { return }
            TextScale.set(Self.factors[index])
        }
        following = TextScale.observe(nil) { [weak self] in self?.select(TextScale.factor()) }
    }

    /// Shows the factor nearest to `factor` (the desktop may set any value).
    private func select(_ factor: Double) {
        let nearest = Self.factors.indices.min { abs(Self.factors[$0] - factor) < abs(Self.factors[$1] - factor) } ?? 0
        if Int(gtk_drop_down_get_selected(dropDown.op)) != nearest { gtk_drop_down_set_selected(dropDown.op, guint(nearest)) }
    }
}

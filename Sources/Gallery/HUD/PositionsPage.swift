// Where HUDs sit: JGProgressHUD's nine positions, offset and margin, and a
// HUDOverlay covering just part of the window.
import CGtk
import GtkHUD
import GtkSupport

@MainActor
final class PositionsPage: GalleryPage {
    let name = "positions"
    let title = "Positions"
    let subtitle = "Nine positions, offset, margin, part of a window"
    let icon = "view-grid-symbolic"
    private(set) var widget: Widget!

    /// Sets a position on an appearance. (GtkHUD does not re-export HUDWidgets'
    /// `HUDPosition`, so the gallery names positions through the appearance.)
    typealias Placement = @MainActor @Sendable (inout HUDAppearance) -> Void

    static let positions: [(place: Placement, title: String)] = [
        ({ $0.position = .topLeading }, "Top leading"), ({ $0.position = .top }, "Top"), ({ $0.position = .topTrailing }, "Top trailing"),
        ({ $0.position = .leading }, "Leading"), ({ $0.position = .center }, "Center"), ({ $0.position = .trailing }, "Trailing"),
        ({ $0.position = .bottomLeading }, "Bottom leading"), ({ $0.position = .bottom }, "Bottom"), ({ $0.position = .bottomTrailing }, "Bottom trailing"),
    ]

    var offset: (x: Double, y: Double) = (0, 0)
    var margin = 20.0
    private var partOverlay: HUDOverlay!

    init() {
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(grid.cast(to: GtkGrid.self), 6)
        gtk_grid_set_column_spacing(grid.cast(to: GtkGrid.self), 6)
        gtk_grid_set_column_homogeneous(grid.cast(to: GtkGrid.self), 1)
        for (index, entry) in Self.positions.enumerated() {
            let button = UI.button(entry.1) { self.show(at: entry.0, text: entry.1) }
            gtk_grid_attach(grid.cast(to: GtkGrid.self), button, Int32(index % 3), Int32(index / 3), 1, 1)
        }
        gtk_widget_set_margin_bottom(grid, 6)
        let positions = UI.group("HUDAppearance.position", description: "A text HUD at each position.", [
            grid,
            UI.actionRow("All nine at once", subtitle: "Nine instance HUDs on one window") { self.showAll() },
        ])
        let geometry = UI.group("Offset and margin", [
            UI.spinRow("Offset x", range: -400...400, step: 10, value: 0, digits: 0) { self.offset.x = $0 },
            UI.spinRow("Offset y", subtitle: "Huge offsets pin to the edge", range: -400...400, step: 10, value: 0, digits: 0) { self.offset.y = $0 },
            UI.spinRow("Margin", range: 0...120, step: 5, value: 20, digits: 0) { self.margin = $0 },
        ])

        // A HUDOverlay around a card: HUDs shown on it cover only the card.
        let card = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 6, [
            UI.label("This card has its own HUDOverlay", css: ["heading"], xalign: 0.5),
            UI.label("HUDs shown on it cover only the card, like SVProgressHUD's containerView.", css: ["dim-label"], wrap: true, xalign: 0.5),
        ])
        gtk_widget_set_valign(card, GTK_ALIGN_CENTER)
        partOverlay = HUDOverlay(content: card)
        gtk_widget_add_css_class(partOverlay.widget, "card")
        gtk_widget_set_size_request(partOverlay.widget, -1, 150)
        let part = UI.group("Part of a window", [
            partOverlay.widget,
            UI.actionRow("HUD on the card", subtitle: "HUD(on: overlay.widget)") { self.showOnCard() },
        ])
        widget = UI.page([positions, geometry, part])
    }

    @discardableResult
    func show(at place: Placement, text: String, duration: Double = 1.5) -> HUD? {
        let page = Gallery.instancePage
        guard let hud = page.makeHUD(.text, label: text, name: "HUD (\(text))") else { return nil }
        hud.detailsLabel = nil
        place(&hud.appearance)
        hud.appearance.offset = offset
        hud.appearance.margin = margin
        hud.show()
        hud.hide(afterDelay: duration)
        return hud
    }

    @discardableResult
    func showAll(duration: Double = 2) -> [HUD] {
        Self.positions.compactMap { show(at: $0.0, text: $0.1, duration: duration) }
    }

    @discardableResult
    func showOnCard(duration: Double = 2) -> HUD? {
        let page = Gallery.instancePage
        guard let hud = page.makeHUD(.indeterminate, label: "Only here", on: partOverlay.widget, name: "HUD (card)") else { return nil }
        hud.detailsLabel = nil
        hud.appearance.mask = .black
        hud.show()
        hud.hide(afterDelay: duration)
        return hud
    }

    var cardOverlay: Widget { partOverlay.widget }
}

// The gallery window: a sidebar of pages beside the page on show, each side
// with its own libadwaita header bar. HUDs and banners cover the whole window.
import CGtk
import GtkHUD
import GtkSupport

/// One page of the gallery.
@MainActor
protocol GalleryPage: AnyObject {
    /// Stable identifier, used in screenshot file names ("shared-hud").
    var name: String { get }
    var title: String { get }
    var subtitle: String { get }
    var icon: String { get }
    var widget: Widget! { get }
    /// Called when the page becomes the visible one.
    func didShow()
}

extension GalleryPage {
    func didShow() {}
}

@MainActor
final class GalleryWindow {
    let window: Widget
    let pages: [GalleryPage]
    private let stack: Widget
    private let list: Widget
    private let windowTitle: Widget
    private let darkToggle: Widget
    private let overlay: HUDOverlay
    private(set) var current: GalleryPage

    init(application: UnsafeMutablePointer<GtkApplication>, pages: [GalleryPage], width: Int32, height: Int32) {
        self.pages = pages
        current = pages[0]
        window = adw_application_window_new(application)!
        gtk_window_set_title(window.asWindow, "GtkHUD Gallery")
        gtk_window_set_default_size(window.asWindow, width, height)
        gtk_window_set_icon_name(window.asWindow, "io.github.gtkhud.Gallery")

        // Sidebar: a header bar over a navigation list.
        let sidebarHeader = adw_header_bar_new()!
        adw_header_bar_set_show_end_title_buttons(sidebarHeader.op, 0)
        adw_header_bar_set_title_widget(sidebarHeader.op, adw_window_title_new("GtkHUD", nil))
        list = gtk_list_box_new()!
        gtk_widget_add_css_class(list, "navigation-sidebar")
        for page in pages {
            let icon = gtk_image_new_from_icon_name(page.icon)!
            let row = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [icon, UI.label(page.title)])
            UI.margins(row, 6)
            gtk_list_box_append(list.op, row)
        }
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scroller.op, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scroller.op, list)
        UI.expand(scroller, horizontal: false)
        let sidebar = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0, [sidebarHeader, scroller])
        gtk_widget_set_size_request(sidebar, 176, -1)

        // Content: a header bar with the page title over a stack of pages.
        let contentHeader = adw_header_bar_new()!
        adw_header_bar_set_show_start_title_buttons(contentHeader.op, 0)
        windowTitle = adw_window_title_new(pages[0].title, pages[0].subtitle)!
        adw_header_bar_set_title_widget(contentHeader.op, windowTitle)
        darkToggle = gtk_toggle_button_new()!
        gtk_button_set_icon_name(darkToggle.cast(to: GtkButton.self), "weather-clear-night-symbolic")
        gtk_widget_set_tooltip_text(darkToggle, "Dark style")
        adw_header_bar_pack_end(contentHeader.op, darkToggle)
        adw_header_bar_pack_end(contentHeader.op, LanguageSwitcher.makeDropDown())
        let dismissAll = UI.iconButton("edit-clear-all-symbolic", tooltip: "Dismiss every HUD") { Gallery.dismissEverything() }
        adw_header_bar_pack_start(contentHeader.op, dismissAll)
        stack = gtk_stack_new()!
        gtk_stack_set_transition_type(stack.op, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        for page in pages { gtk_stack_add_named(stack.op, page.widget, page.name) }
        UI.expand(stack)
        let content = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0, [contentHeader, stack])
        UI.expand(content)

        let separator = gtk_separator_new(GTK_ORIENTATION_VERTICAL)!
        let body = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0, [sidebar, separator, content])
        // The layer for HUDs and banners, in place before the window is shown
        // (GtkHUD would slip one in on first use, reparenting the content).
        overlay = HUDOverlay(content: body)! // GTK is initialised: the gallery runs inside activate
        adw_application_window_set_content(window.cast(to: AdwApplicationWindow.self), overlay.widget.gtkWidget)

        Signal.connectPointer(list.raw, "row-selected") { [weak self] row in
            guard let self, let row else { return }
            let index = Int(gtk_list_box_row_get_index(row.typed(GtkListBoxRow.self)))
            if self.pages.indices.contains(index) { self.show(self.pages[index]) }
        }
        Signal.connect(darkToggle.raw, "toggled") { [weak self] in
            guard let self else { return }
            Gallery.setDark(gtk_toggle_button_get_active(self.darkToggle.cast(to: GtkToggleButton.self)) != 0)
        }
        gtk_list_box_select_row(list.op, gtk_list_box_get_row_at_index(list.op, 0))
    }

    /// Shows `page` (selecting its sidebar row).
    func show(_ page: GalleryPage) {
        guard let index = pages.firstIndex(where: { $0 === page }) else { return }
        if let row = gtk_list_box_get_row_at_index(list.op, Int32(index)), gtk_list_box_get_selected_row(list.op) != row {
            gtk_list_box_select_row(list.op, row)
            return // row-selected calls back here
        }
        current = page
        gtk_stack_set_visible_child_name(stack.op, page.name)
        adw_window_title_set_title(windowTitle.op, page.title)
        adw_window_title_set_subtitle(windowTitle.op, page.subtitle)
        page.didShow()
    }

    func page(named name: String) -> GalleryPage? { pages.first { $0.name == name } }

    func setDarkToggle(_ dark: Bool) {
        gtk_toggle_button_set_active(darkToggle.cast(to: GtkToggleButton.self), dark ? 1 : 0)
    }

    func present() {
        gtk_window_present(window.asWindow)
    }
}

// Small builders over GTK and libadwaita widgets, so the pages read as lists
// of rows rather than C calls. Everything here runs on the main thread.
import CGtk
import GtkSupport

typealias Widget = UnsafeMutablePointer<GtkWidget>

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The widget as an opaque C pointer (GTK types Swift imports as `OpaquePointer`).
    var op: OpaquePointer { OpaquePointer(self) }
}

@MainActor
enum UI {
    // MARK: Basic widgets

    static func label(_ text: String, css: [String] = [], wrap: Bool = false, xalign: Float = 0) -> Widget {
        let label = gtk_label_new(text)!
        gtk_label_set_xalign(label.op, xalign)
        if wrap {
            gtk_label_set_wrap(label.op, 1)
        }
        for name in css { gtk_widget_add_css_class(label, name) }
        return label
    }

    static func setText(_ label: Widget, _ text: String) {
        gtk_label_set_text(label.op, text)
    }

    static func text(of label: Widget) -> String {
        gtk_label_get_text(label.op).map { String(cString: $0) } ?? ""
    }

    /// A button that runs `action` when clicked.
    @discardableResult
    static func button(_ title: String, css: [String] = [], _ action: @escaping @MainActor () -> Void) -> Widget {
        let button = gtk_button_new_with_label(title)!
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        for name in css { gtk_widget_add_css_class(button, name) }
        Signal.connect(button.raw, "clicked", action)
        return button
    }

    static func iconButton(_ icon: String, tooltip: String, _ action: @escaping @MainActor () -> Void) -> Widget {
        let button = gtk_button_new_from_icon_name(icon)!
        gtk_widget_set_tooltip_text(button, tooltip)
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        Signal.connect(button.raw, "clicked", action)
        return button
    }

    static func box(_ orientation: GtkOrientation, spacing: Int32 = 6, _ children: [Widget] = []) -> Widget {
        let box = gtk_box_new(orientation, spacing)!
        for child in children { gtk_box_append(box.cast(to: GtkBox.self), child) }
        return box
    }

    static func append(_ box: Widget, _ child: Widget) {
        gtk_box_append(box.cast(to: GtkBox.self), child)
    }

    static func margins(_ widget: Widget, _ value: Int32) {
        gtk_widget_set_margin_top(widget, value)
        gtk_widget_set_margin_bottom(widget, value)
        gtk_widget_set_margin_start(widget, value)
        gtk_widget_set_margin_end(widget, value)
    }

    static func expand(_ widget: Widget, horizontal: Bool = true, vertical: Bool = true) {
        gtk_widget_set_hexpand(widget, horizontal ? 1 : 0)
        gtk_widget_set_vexpand(widget, vertical ? 1 : 0)
    }

    // MARK: Preferences layout (libadwaita 1.2)

    /// A scrolling page of groups.
    static func page(_ groups: [Widget]) -> Widget {
        let page = adw_preferences_page_new()!
        for group in groups { adw_preferences_page_add(page.cast(to: AdwPreferencesPage.self), group.cast(to: AdwPreferencesGroup.self)) }
        return page
    }

    static func group(_ title: String, description: String? = nil, _ rows: [Widget]) -> Widget {
        let group = adw_preferences_group_new()!
        let typed = group.cast(to: AdwPreferencesGroup.self)
        adw_preferences_group_set_title(typed, title)
        if let description { adw_preferences_group_set_description(typed, plain(description)) }
        for row in rows { adw_preferences_group_add(typed, row) }
        return group
    }

    /// `text` as libadwaita's markup shows it literally: rows and group
    /// descriptions read Pango markup, and the gallery's texts are plain
    /// ("<Control>F6" once made GTK warn and lose the line).
    static func plain(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return text }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// A row with a title, an optional subtitle and widgets at its end.
    static func row(_ title: String, subtitle: String? = nil, _ suffixes: [Widget] = []) -> Widget {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(row.cast(to: AdwPreferencesRow.self), title)
        if let subtitle { adw_action_row_set_subtitle(row.cast(to: AdwActionRow.self), plain(subtitle)) }
        for suffix in suffixes { adw_action_row_add_suffix(row.cast(to: AdwActionRow.self), suffix) }
        if suffixes.count == 1 { adw_action_row_set_activatable_widget(row.cast(to: AdwActionRow.self), suffixes[0]) }
        return row
    }

    /// A row with one button: the most common row in the gallery.
    static func actionRow(_ title: String, subtitle: String? = nil, button: String = "Show",
                          _ action: @escaping @MainActor () -> Void) -> Widget {
        row(title, subtitle: subtitle, [self.button(button, action)])
    }

    static func setSubtitle(_ row: Widget, _ subtitle: String) {
        adw_action_row_set_subtitle(row.cast(to: AdwActionRow.self), plain(subtitle))
    }

    /// A drop-down row; `onChange` gets the selected index.
    static func comboRow(_ title: String, subtitle: String? = nil, items: [String], selected: Int = 0,
                         _ onChange: @escaping @MainActor (Int) -> Void) -> Widget {
        let row = adw_combo_row_new()!
        adw_preferences_row_set_title(row.cast(to: AdwPreferencesRow.self), title)
        if let subtitle { adw_action_row_set_subtitle(row.cast(to: AdwActionRow.self), plain(subtitle)) }
        let model = stringList(items)
        adw_combo_row_set_model(row.cast(to: AdwComboRow.self), model)
        g_object_unref(UnsafeMutableRawPointer(model))
        adw_combo_row_set_selected(row.cast(to: AdwComboRow.self), guint(selected))
        Signal.connectPointer(row.raw, "notify::selected") { _ in
            onChange(Int(adw_combo_row_get_selected(row.cast(to: AdwComboRow.self))))
        }
        return row
    }

    static func selectCombo(_ row: Widget, _ index: Int) {
        adw_combo_row_set_selected(row.cast(to: AdwComboRow.self), guint(index))
    }

    static func stringList(_ items: [String]) -> OpaquePointer {
        let list = gtk_string_list_new(nil)!
        for item in items { gtk_string_list_append(list, item) }
        return list
    }

    /// A row with a switch.
    static func switchRow(_ title: String, subtitle: String? = nil, active: Bool,
                          _ onChange: @escaping @MainActor (Bool) -> Void) -> (row: Widget, toggle: Widget) {
        let toggle = gtk_switch_new()!
        gtk_switch_set_active(toggle.op, active ? 1 : 0)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        Signal.connectPointer(toggle.raw, "notify::active") { _ in onChange(gtk_switch_get_active(toggle.op) != 0) }
        return (row(title, subtitle: subtitle, [toggle]), toggle)
    }

    /// A row with a number field.
    static func spinRow(_ title: String, subtitle: String? = nil, range: ClosedRange<Double>, step: Double,
                        value: Double, digits: UInt32 = 1, _ onChange: @escaping @MainActor (Double) -> Void) -> Widget {
        let spin = gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step)!
        gtk_spin_button_set_digits(spin.op, digits)
        gtk_spin_button_set_value(spin.op, value)
        gtk_widget_set_valign(spin, GTK_ALIGN_CENTER)
        Signal.connect(spin.raw, "value-changed") { onChange(gtk_spin_button_get_value(spin.op)) }
        return row(title, subtitle: subtitle, [spin])
    }

    /// A single-line text field row.
    /// The widget that really holds keyboard focus for `widget` (an entry's inner text).
    static func focusDelegate(of widget: Widget) -> Widget {
        gtk_widget_get_first_child(widget).flatMap { child in
            gtkhud_is_a(child.raw, gtk_text_get_type()) != 0 ? child : nil
        } ?? widget
    }

    static func entryRow(_ title: String, text: String, _ onChange: @escaping @MainActor (String) -> Void) -> Widget {
        let entry = gtk_entry_new()!
        gtk_editable_set_text(entry.op, text)
        gtk_widget_set_valign(entry, GTK_ALIGN_CENTER)
        Signal.connect(entry.raw, "changed") {
            onChange(gtk_editable_get_text(entry.op).map { String(cString: $0) } ?? "")
        }
        return row(title, [entry])
    }

    // MARK: Object properties

    static func setBool(_ object: UnsafeMutableRawPointer, _ property: String, _ flag: Bool) {
        var value = GValue()
        g_value_init(&value, gtkhud_type_boolean())
        g_value_set_boolean(&value, flag ? 1 : 0)
        g_object_set_property(object.asObject, property, &value)
        g_value_unset(&value)
    }

    static func setString(_ object: UnsafeMutableRawPointer, _ property: String, _ text: String) {
        var value = GValue()
        g_value_init(&value, gtkhud_type_string())
        g_value_set_string(&value, text)
        g_object_set_property(object.asObject, property, &value)
        g_value_unset(&value)
    }

    static func setEnum(_ object: UnsafeMutableRawPointer, _ property: String, type: GType, _ raw: Int32) {
        var value = GValue()
        g_value_init(&value, type)
        g_value_set_enum(&value, raw)
        g_object_set_property(object.asObject, property, &value)
        g_value_unset(&value)
    }

    /// Whether GTK animations are on (`gtk-enable-animations`).
    static var animationsEnabled: Bool {
        get { GtkEnvironment.settingsFlag("gtk-enable-animations") ?? true }
        set {
            guard let settings = gtk_settings_get_default() else { return }
            setBool(UnsafeMutableRawPointer(settings), "gtk-enable-animations", newValue)
        }
    }

    // MARK: Widget tree

    /// Every descendant of `widget` (depth first), including itself.
    static func descendants(of widget: Widget) -> [Widget] {
        var result = [widget]
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            result += descendants(of: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }

    /// Scrolls the first scrolled window inside `widget` to its end.
    static func scrollToEnd(_ widget: Widget) {
        guard let scroller = descendants(of: widget).first(where: { gtkhud_is_a($0.raw, gtk_scrolled_window_get_type()) != 0 }),
              let adjustment = gtk_scrolled_window_get_vadjustment(scroller.op) else { return }
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
    }

    static func hasClass(_ widget: Widget, _ name: String) -> Bool {
        gtk_widget_has_css_class(widget, name) != 0
    }
}

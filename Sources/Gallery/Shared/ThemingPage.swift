// Theming: a live CSS editor. Every keystroke reloads the text into an
// application-priority StyleSheet, restyling the preview HUD, the shared HUD
// and banners on screen; parse errors are listed with line and column and
// underlined in the editor. Preset themes come from data/themes.
import CGtk
import GtkHUD
import GtkSupport

@MainActor
final class ThemingPage: GalleryPage {
    let name = "theming"
    let title = "Theming"
    let subtitle = "Live CSS editor and preset themes"
    let icon = "preferences-desktop-appearance-symbolic"
    private(set) var widget: Widget!

    let presets: [ThemePreset]
    /// The editor's CSS, above the theme and GtkHUD's defaults.
    let sheet = StyleSheet(priority: .application)
    private var editor: Widget!
    private var buffer: UnsafeMutablePointer<GtkTextBuffer>!
    private var errorTag: UnsafeMutablePointer<GtkTextTag>!
    private(set) var statusLabel: Widget!
    private var presetDropDown: Widget!
    private var previewOverlay: HUDOverlay!
    private var previewHUD: HUD?
    private var previewMode = 0
    private var previewTimer: RepeatingTimer?
    /// The "Text size" control (gtk-xft-dpi).
    let textScale = TextScaleControl()
    /// How many times the CSS was reloaded (one per edit).
    private(set) var reloads = 0

    static let previewModes: [(String, HUD.Mode)] = [
        ("Spinner", .indeterminate), ("Ring", .annularDeterminate), ("Bar", .determinateHorizontalBar),
        ("Success", .success), ("Text", .text),
    ]

    init(presets: [ThemePreset]) {
        self.presets = presets
        sheet.install()

        // Presets and preview mode.
        let presetModel = UI.stringList(presets.map(\.title))
        presetDropDown = gtk_drop_down_new(presetModel, nil)!
        gtk_widget_set_tooltip_text(presetDropDown, "Preset theme (data/themes/*.css)")
        let modeDropDown = gtk_drop_down_new(UI.stringList(Self.previewModes.map(\.0)), nil)!
        gtk_widget_set_tooltip_text(modeDropDown, "What the preview HUD shows")
        let sharedButton = UI.button("Show HUD") {
            Gallery.sharedPage.show("Themed")
        }
        gtk_widget_set_tooltip_text(sharedButton, "Show the shared HUD over the whole window")
        let bannerButton = UI.button("Show banner") {
            Gallery.bannersPage.show(title: "Themed banner", subtitle: "Restyled as you type", image: .iconName("preferences-desktop-appearance-symbolic"), seconds: 6)
        }
        gtk_widget_set_tooltip_text(bannerButton, "Show a banner for six seconds")
        let toolbar = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, [
            UI.label("Theme"), presetDropDown, UI.label("Preview"), modeDropDown, textScale.widget,
        ])

        // The preview: a HUD on its own overlay above some sample content.
        let hint = UI.label("Every keystroke below restyles this HUD and every HUD and banner on screen.", css: ["dim-label"], wrap: true)
        gtk_label_set_max_width_chars(hint.op, 24)
        let showButtons = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, [sharedButton, bannerButton])
        gtk_widget_set_margin_top(showButtons, 6)
        let sample = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 4, [UI.label("Preview", css: ["title-4"]), hint, showButtons])
        gtk_widget_set_valign(sample, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(sample, GTK_ALIGN_START)
        UI.margins(sample, 16)
        previewOverlay = HUDOverlay(content: sample)
        gtk_widget_add_css_class(previewOverlay.widget.gtkWidget!, "card")
        gtk_widget_set_size_request(previewOverlay.widget.gtkWidget!, -1, 150)

        // The editor.
        editor = gtk_text_view_new()!
        let textView = editor.cast(to: GtkTextView.self)
        gtk_text_view_set_monospace(textView, 1)
        gtk_text_view_set_wrap_mode(textView, GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_left_margin(textView, 8)
        gtk_text_view_set_top_margin(textView, 6)
        gtk_text_view_set_bottom_margin(textView, 6)
        buffer = gtk_text_view_get_buffer(textView)
        errorTag = gtk_text_tag_new("css-error")
        UI.setEnum(UnsafeMutableRawPointer(errorTag), "underline", type: pango_underline_get_type(), Int32(PANGO_UNDERLINE_ERROR.rawValue))
        UI.setString(UnsafeMutableRawPointer(errorTag), "background", "rgba(224, 27, 36, 0.18)")
        gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer), errorTag)
        g_object_unref(UnsafeMutableRawPointer(errorTag))
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(scroller.op, editor)
        gtk_widget_add_css_class(scroller, "card")
        UI.expand(scroller)
        Accessible.setLabel(editor, "CSS editor")

        statusLabel = UI.label("", wrap: true)
        gtk_label_set_selectable(statusLabel.op, 1)
        Accessible.setLabel(statusLabel, "CSS status")

        let content = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 8, [toolbar, previewOverlay.widget.gtkWidget!, scroller, statusLabel])
        UI.margins(content, 12)
        widget = content

        Signal.connect(UnsafeMutableRawPointer(buffer), "changed") { [weak self] in self?.editorDidChange() }
        Signal.connectPointer(presetDropDown.raw, "notify::selected") { [weak self] _ in
            guard let self else { return }
            self.loadPreset(at: Int(gtk_drop_down_get_selected(self.presetDropDown.op)))
        }
        Signal.connectPointer(modeDropDown.raw, "notify::selected") { [weak self] _ in
            guard let self else { return }
            self.previewMode = Int(gtk_drop_down_get_selected(modeDropDown.op))
            self.updatePreview()
        }
        loadPreset(at: 0)
    }

    func didShow() {
        updatePreview()
    }

    // MARK: Presets

    func loadPreset(at index: Int) {
        guard presets.indices.contains(index) else { return }
        if Int(gtk_drop_down_get_selected(presetDropDown.op)) != index {
            gtk_drop_down_set_selected(presetDropDown.op, guint(index))
            return // notify::selected loads it
        }
        setEditorText(presets[index].css)
    }

    func loadPreset(named name: String) {
        if let index = presets.firstIndex(where: { $0.name == name }) { loadPreset(at: index) }
    }

    // MARK: The editor

    var editorText: String {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    func setEditorText(_ text: String) {
        gtk_text_buffer_set_text(buffer, text, -1)
    }

    /// The buffer's `changed` handler: reloads the CSS and reports errors. Never throws or crashes.
    func editorDidChange() {
        let errors = sheet.load(editorText)
        reloads += 1
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        gtk_text_buffer_remove_tag(buffer, errorTag, &start, &end)
        for error in errors { underline(error) }
        UI.setText(statusLabel, Self.statusText(for: errors))
        gtk_widget_remove_css_class(statusLabel, errors.isEmpty ? "error" : "success")
        gtk_widget_add_css_class(statusLabel, errors.isEmpty ? "success" : "error")
    }

    /// The status line for a list of errors: "No errors", or "line:column: message" for each (three at most).
    static func statusText(for errors: [StyleSheet.ParseError]) -> String {
        guard !errors.isEmpty else { return "No errors: the CSS applies to every HUD and banner." }
        var lines = errors.prefix(3).map { "Error at \($0.line):\($0.column): \($0.message)" }
        if errors.count > 3 { lines.append("… and \(errors.count - 3) more") }
        return lines.joined(separator: "\n")
    }

    private func underline(_ error: StyleSheet.ParseError) {
        let lineCount = Int(gtk_text_buffer_get_line_count(buffer))
        guard error.line >= 1, error.line <= lineCount else { return }
        var start = GtkTextIter()
        gtk_text_buffer_get_iter_at_line(buffer, &start, Int32(error.line - 1))
        let lineLength = Int(gtk_text_iter_get_chars_in_line(&start))
        var from = GtkTextIter()
        gtk_text_buffer_get_iter_at_line_offset(buffer, &from, Int32(error.line - 1), Int32(min(max(0, error.column - 1), max(0, lineLength - 1))))
        var to = from
        if gtk_text_iter_ends_line(&to) == 0 { gtk_text_iter_forward_to_line_end(&to) }
        if gtk_text_iter_equal(&from, &to) != 0 { _ = gtk_text_iter_backward_char(&from) }
        gtk_text_buffer_apply_tag(buffer, errorTag, &from, &to)
    }

    /// Replaces the editor's text as if typed and returns the status line (tests: `--css-check`).
    func typeIntoEditor(_ css: String) -> String {
        setEditorText(css)
        return UI.text(of: statusLabel)
    }

    /// Types every preset into the editor one character at a time (each keystroke
    /// reloads the CSS), then reports how each ended (tests: `--css-type-presets`).
    func typeEveryPresetKeyByKey() -> String {
        var summary: [String] = []
        let before = reloads
        for preset in presets {
            setEditorText("")
            var end = GtkTextIter()
            for character in preset.css {
                gtk_text_buffer_get_end_iter(buffer, &end)
                gtk_text_buffer_insert(buffer, &end, String(character), -1)
            }
            let finalErrors = sheet.errors.count
            summary.append("\(preset.name): \(preset.css.count) keys, \(finalErrors) errors at the end")
        }
        summary.append("reloads: \(reloads - before)")
        loadPreset(at: 0)
        return summary.joined(separator: "\n")
    }

    // MARK: Preview

    func updatePreview() {
        previewTimer?.cancel()
        let (title, mode) = Self.previewModes[previewMode]
        if previewHUD == nil || previewHUD?.isFinished == true {
            previewHUD = try? HUD(on: previewOverlay.widget.gtkWidget!)
            previewHUD?.removesFromHostOnHide = false
            previewHUD?.appearance.margin = 12
            if let hud = previewHUD { PositionsPage.positions[5].place(&hud.appearance) } // trailing
        }
        guard let hud = previewHUD else { return }
        hud.mode = mode
        hud.label = mode == .text ? "Saved to Documents" : title
        hud.detailsLabel = "Details text"
        if mode == .annularDeterminate || mode == .determinateHorizontalBar {
            hud.progress = 0.65
        }
        if !hud.isVisible { hud.show() }
    }
}

import CGtk
import GtkSupport
import HUDCore

/// BannerWidget's helpers that need no instance: label set-up, text, sizes, colours.
extension BannerWidget {
    /// CSS for colours set from code, or nil to follow the theme.
    static func colorDeclarations(_ content: BannerContent) -> String? {
        var declarations = ""
        if let background = content.backgroundColor { declarations += "background-color: \(background.cssValue); " }
        if let text = content.textColor { declarations += "color: \(text.cssValue); " }
        return declarations.isEmpty ? nil : declarations
    }

    /// Whether a button was made and is shown.
    static func isShown(_ button: UnsafeMutablePointer<GtkWidget>?) -> Bool {
        button.map { gtk_widget_get_visible($0) != 0 } ?? false
    }

    enum Axis { case horizontal, vertical }

    static func size(of child: UnsafeMutablePointer<GtkWidget>, _ axis: Axis, forSize: Int32) -> (minimum: Double, natural: Double) {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(child, axis == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL,
                           forSize, &minimum, &natural, nil, nil)
        return (Double(minimum), Double(natural))
    }

    static func setUpLabel(_ label: UnsafeMutablePointer<GtkWidget>, cssClass: String, lines: Int32) {
        let typed = OpaquePointer(label)
        gtk_widget_add_css_class(label, cssClass)
        gtk_label_set_wrap(typed, 1)
        gtk_label_set_wrap_mode(typed, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_ellipsize(typed, PANGO_ELLIPSIZE_END)
        gtk_label_set_lines(typed, lines)
        gtk_label_set_xalign(typed, 0)
        gtk_label_set_use_markup(typed, 0)
        gtk_label_set_use_underline(typed, 0)
    }

    static func setText(_ text: String?, markup: Bool, on label: UnsafeMutablePointer<GtkWidget>) {
        let typed = OpaquePointer(label)
        // GTK's line limit is per paragraph: cap the paragraphs too.
        let text = text.map { HUDLabelWidget.cappingParagraphs($0, at: Int(gtk_label_get_lines(typed))) }
        if markup, let text, pango_parse_markup(text, -1, 0, nil, nil, nil, nil) != 0 {
            gtk_label_set_markup(typed, text)
        } else {
            gtk_label_set_use_markup(typed, 0)
            gtk_label_set_text(typed, text ?? "")
        }
    }

    static func labelText(_ label: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_label_get_text(OpaquePointer(label)))
    }
}

import CGtk
import GtkSupport

/// Status or details text of a HUD: wraps, caps its lines with an ellipsis,
/// and shows text literally unless markup is asked for.
///
/// CSS node: `hudlabel` (class `.status` or `.details`) › `label`.
@MainActor
public final class HUDLabelWidget: SwiftWidget {
    public static var gtype: GType {
        WidgetTypes.register(HUDLabelWidget.self, WidgetTypeDescription(
            typeName: "GtkHUDLabel", cssName: "hudlabel", role: GTK_ACCESSIBLE_ROLE_GENERIC,
            layoutManagerType: gtk_bin_layout_get_type()))
    }

    /// Creates a label (floating reference) with the given CSS class (`status` or `details`).
    public static func create(kind: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = WidgetTypes.instantiate(gtype)
        gtk_widget_add_css_class(label, kind)
        return label
    }

    /// The inner GtkLabel.
    public let label: UnsafeMutablePointer<GtkWidget>

    /// Lines shown before the text is cut with an ellipsis.
    public var maximumLines: Int32 = 12 { didSet { gtk_label_set_lines(typedLabel, maximumLines) } }
    /// Width in characters before wrapping (SVProgressHUD's 200 pt box).
    public var maximumWidthCharacters: Int32 = 28 { didSet { gtk_label_set_max_width_chars(typedLabel, maximumWidthCharacters) } }

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        label = gtk_label_new(nil)
        super.init(widget: widget)
        gtk_widget_set_parent(label, widget)
        gtk_label_set_wrap(typedLabel, 1)
        gtk_label_set_wrap_mode(typedLabel, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_justify(typedLabel, GTK_JUSTIFY_CENTER)
        gtk_label_set_ellipsize(typedLabel, PANGO_ELLIPSIZE_END)
        gtk_label_set_lines(typedLabel, maximumLines)
        gtk_label_set_max_width_chars(typedLabel, maximumWidthCharacters)
        gtk_label_set_use_markup(typedLabel, 0)
        gtk_label_set_use_underline(typedLabel, 0)
    }

    /// Sets the text. Plain text is shown literally (`<b>&` stays `<b>&`);
    /// with `markup: true` it is parsed as Pango markup, and invalid markup
    /// falls back to literal text.
    public func setText(_ text: String, markup: Bool = false) {
        let text = Self.cappingParagraphs(text, at: Int(maximumLines))
        if markup, HUDLabelWidget.isValidMarkup(text) {
            gtk_label_set_markup(typedLabel, text)
        } else {
            gtk_label_set_use_markup(typedLabel, 0)
            gtk_label_set_text(typedLabel, text)
        }
        gtk_widget_set_visible(widget, text.isEmpty ? 0 : 1)
    }

    /// `text` cut after `limit` line breaks, ending in "…". GTK's line limit
    /// counts the lines of each paragraph, so without this a status of 500
    /// short lines made a bezel 500 lines tall.
    static func cappingParagraphs(_ text: String, at limit: Int) -> String {
        guard limit > 0 else { return text }
        var breaks = 0
        for index in text.indices where text[index].isNewline {
            breaks += 1
            if breaks == limit { return String(text[..<index]) + "…" }
        }
        return text
    }

    /// The text as shown (without markup).
    public var text: String { String(cString: gtk_label_get_text(typedLabel)) }

    /// Whether Pango accepts `text` as markup.
    public static func isValidMarkup(_ text: String) -> Bool {
        pango_parse_markup(text, -1, 0, nil, nil, nil, nil) != 0
    }

    private var typedLabel: OpaquePointer { OpaquePointer(label) }
}

import CGtk

/// Accessible properties and states of a widget, without GTK's variadic API.
@MainActor
public enum Accessible {
    /// Sets the accessible name (`GTK_ACCESSIBLE_PROPERTY_LABEL`).
    public static func setLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String?) {
        setString(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, text)
    }

    /// Whether the accessible name GTK holds for `widget` is exactly `text`
    /// (what assistive technologies read, as opposed to what GtkHUD meant to set).
    public static func hasLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String) -> Bool {
        text.withCString { gtkhud_accessible_string_is(widget.accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, $0) != 0 }
    }

    /// Sets the accessible description (`GTK_ACCESSIBLE_PROPERTY_DESCRIPTION`).
    public static func setDescription(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String?) {
        setString(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text)
    }

    /// Sets or resets a string property.
    public static func setString(_ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty, _ text: String?) {
        if let text {
            text.withCString { gtkhud_accessible_set_string(widget.accessible, property, $0) }
        } else {
            gtkhud_accessible_reset_property(widget.accessible, property)
        }
    }

    /// Sets a numeric property (value min/max/now).
    public static func setNumber(_ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty, _ value: Double) {
        gtkhud_accessible_set_double(widget.accessible, property, value)
    }

    /// Sets or resets a boolean state (busy, hidden, ...).
    public static func setState(_ widget: UnsafeMutablePointer<GtkWidget>, _ state: GtkAccessibleState, _ flag: Bool) {
        gtkhud_accessible_set_state(widget.accessible, state, flag ? 1 : 0)
    }

    /// Whether the running GTK has `gtk_accessible_announce` (4.14+).
    public static var canAnnounce: Bool { announceFunction != nil }

    /// Announces `message` through `gtk_accessible_announce` where the running GTK has it.
    /// Returns false (and does nothing) on older GTK.
    @discardableResult
    public static func announce(_ message: String, from widget: UnsafeMutablePointer<GtkWidget>, assertive: Bool) -> Bool {
        guard let function = announceFunction else { return false }
        return message.withCString {
            gtkhud_accessible_announce_with(function, widget.accessible, $0, assertive ? 2 : 1) != 0
        }
    }

    /// Looked up once; tests may replace it to exercise the 4.14 path on older GTK.
    public static var announceFunction: gtkhud_announce_fn? = gtkhud_lookup_accessible_announce()
}

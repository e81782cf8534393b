import CGtk
import GtkSupport
import HUDCore

extension NotificationBanner {
    /// The parameter passed to a `GAction` (its `GVariant`, made for you).
    public enum ActionTarget: Sendable, Equatable {
        /// A string, for an `s`-typed action.
        case string(String)
        /// A 32-bit integer, for an `i`-typed action.
        case int(Int32)
        /// A boolean, for a `b`-typed action.
        case bool(Bool)
        /// A double, for a `d`-typed action.
        case double(Double)

        /// A new floating `GVariant` of this value.
        var variant: OpaquePointer {
            switch self {
            case .string(let text): g_variant_new_string(text)
            case .int(let number): g_variant_new_int32(number)
            case .bool(let flag): g_variant_new_boolean(flag ? 1 : 0)
            case .double(let number): g_variant_new_double(number)
            }
        }
    }
}

/// A `GAction` target riding in a banner's content (``/HUDCore/BannerAction/Effect/gAction(name:target:)``):
/// holds its `GVariant` (taking over a floating one) for as long as the content lives.
final class GVariantContent: ExternalContent, @unchecked Sendable {
    let variant: OpaquePointer

    init(sinking variant: OpaquePointer) {
        self.variant = g_variant_ref_sink(variant)
    }

    deinit {
        g_variant_unref(variant)
    }
}

/// Whether a banner's action target fits its `GAction`: a target of the
/// wrong type (or one missing, or one given to an action without a
/// parameter) reaches GLib as a critical when the action is activated.
@MainActor
enum BannerActionCheck {
    /// What GtkHUD can learn about an action, looking from a widget.
    enum Lookup: Equatable {
        /// Found; its parameter type (nil: it takes none).
        case takes(String?)
        /// Not visible from GtkHUD: a group added with `gtk_widget_insert_action_group`,
        /// or not added yet. Only GTK's own resolution can tell, at the press.
        case unknown
    }

    /// Looks `detailedName` up the way GTK's action muxer would, as far as GTK
    /// lets anyone look: the widget classes' actions from `widget` up, then
    /// `win.` on an application window and `app.` on its application.
    static func lookUp(_ detailedName: String, from widget: UnsafeMutablePointer<GtkWidget>) -> Lookup {
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let candidate = current {
            if let found = classAction(detailedName, of: candidate) { return found }
            current = gtk_widget_get_parent(candidate)
        }
        guard let dot = detailedName.firstIndex(of: "."), let root = gtk_widget_get_root(widget) else { return .unknown }
        let prefix = detailedName[..<dot], name = String(detailedName[detailedName.index(after: dot)...])
        let window = UnsafeMutableRawPointer(root)
        switch prefix {
        case "win" where gtkhud_is_a(window, gtk_application_window_get_type()) != 0:
            return query(name, in: window)
        case "app":
            guard gtkhud_is_a(window, gtk_window_get_type()) != 0,
                  let application = gtk_window_get_application(window.asWidget.asWindow) else { return .unknown }
            return query(name, in: UnsafeMutableRawPointer(application))
        default:
            return .unknown
        }
    }

    /// Nil when `target` fits an action that takes `parameterType`; otherwise why not.
    static func mismatch(_ target: OpaquePointer?, _ parameterType: String?) -> String? {
        switch (target, parameterType) {
        case (nil, nil):
            return nil
        case (nil, let type?):
            return "it takes a parameter of type “\(type)” and no target was given"
        case (let target?, nil):
            return "it takes no parameter, yet a target of type “\(typeString(ofValue: target))” was given"
        case (let target?, let type?):
            guard g_variant_type_string_is_valid(type) != 0 else { return "its parameter type “\(type)” is not valid" }
            let variantType = g_variant_type_new(type)
            defer { g_variant_type_free(variantType) }
            return g_variant_is_of_type(target, variantType) != 0
                ? nil : "it takes a parameter of type “\(type)”, not “\(typeString(ofValue: target))”"
        }
    }

    /// Activates an action GtkHUD could not look up through a `GtkNamedAction`,
    /// which resolves it as GTK's muxer does and checks the target against its
    /// parameter type before activating (GTK logs its own warning then, never a
    /// critical). Returns whether it was activated.
    static func activateCheckedByGTK(_ detailedName: String, target: OpaquePointer?, from widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let action = gtk_named_action_new(detailedName) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(action)) }
        return gtk_shortcut_action_activate(action, GTK_SHORTCUT_ACTION_EXCLUSIVE, widget, target) != 0
    }

    private static func classAction(_ detailedName: String, of widget: UnsafeMutablePointer<GtkWidget>) -> Lookup? {
        guard let widgetClass = gtkhud_widget_get_class(widget) else { return nil }
        var index: UInt32 = 0
        var owner: GType = 0
        var name: UnsafePointer<CChar>?
        var parameterType: OpaquePointer?
        var property: UnsafePointer<CChar>?
        while gtk_widget_class_query_action(widgetClass, index, &owner, &name, &parameterType, &property) != 0 {
            if let name, String(cString: name) == detailedName {
                return .takes(parameterType.map(typeString(of:)))
            }
            index += 1
        }
        return nil
    }

    private static func query(_ name: String, in group: UnsafeMutableRawPointer) -> Lookup {
        guard gtkhud_is_a(group, g_action_group_get_type()) != 0 else { return .unknown }
        var enabled: gboolean = 0
        var parameterType: OpaquePointer?
        guard g_action_group_query_action(OpaquePointer(group), name, &enabled, &parameterType, nil, nil, nil) != 0 else {
            return .unknown
        }
        return .takes(parameterType.map(typeString(of:)))
    }

    /// A `GVariantType`'s text (not nul-terminated in place: it may point into a longer type string).
    private static func typeString(of type: OpaquePointer) -> String {
        String(cString: g_variant_type_peek_string(type)).prefix(Int(g_variant_type_get_string_length(type))).description
    }

    private static func typeString(ofValue variant: OpaquePointer) -> String {
        String(cString: g_variant_get_type_string(variant))
    }
}

import CGtk

/// A GObject property of a widget type registered from Swift, so GtkBuilder
/// `.ui` files, `g_object_set` and property bindings can reach it.
///
/// The Swift subclass keeps the value in a Swift property and answers
/// ``SwiftWidget/setProperty(_:to:)`` and ``SwiftWidget/property(_:)``;
/// a change made from Swift calls ``SwiftWidget/notifyPropertyChange(_:)``.
public struct WidgetProperty: Sendable {
    /// The value type, with its default (and range, for numbers).
    public enum Kind: Sendable {
        case string(default: String?)
        case boolean(default: Bool)
        case double(minimum: Double, maximum: Double, default: Double)
        /// An object of `type` (e.g. `gtk_widget_get_type()`), nil by default.
        case object(type: GType)
    }

    /// The property name, lower case with dashes (`"banner-placement"`).
    public var name: String
    /// A one-line description for tools such as the GTK inspector.
    public var blurb: String
    public var kind: Kind

    public init(_ name: String, _ kind: Kind, blurb: String) {
        self.name = name
        self.kind = kind
        self.blurb = blurb
    }

    /// A parameter spec GObject can install (read-write, notify only when the value changes).
    @MainActor
    func makeParamSpec() -> UnsafeMutablePointer<GParamSpec> {
        let flags = GParamFlags(rawValue: G_PARAM_READWRITE.rawValue | G_PARAM_EXPLICIT_NOTIFY.rawValue)
        return switch kind {
        case .string(let value): g_param_spec_string(name, name, blurb, value, flags)
        case .boolean(let value): g_param_spec_boolean(name, name, blurb, value ? 1 : 0, flags)
        case .double(let minimum, let maximum, let value): g_param_spec_double(name, name, blurb, minimum, maximum, value, flags)
        case .object(let type): g_param_spec_object(name, name, blurb, type, flags)
        }
    }
}

/// A property value as Swift sees it, read from or written to a `GValue`.
public enum WidgetPropertyValue: Equatable {
    case string(String?)
    case boolean(Bool)
    case double(Double)
    case object(UnsafeMutableRawPointer?)

    init(_ value: UnsafePointer<GValue>, kind: WidgetProperty.Kind) {
        switch kind {
        case .string: self = .string(g_value_get_string(value).map { String(cString: $0) })
        case .boolean: self = .boolean(g_value_get_boolean(value) != 0)
        case .double: self = .double(g_value_get_double(value))
        case .object: self = .object(g_value_get_object(value))
        }
    }

    func store(in value: UnsafeMutablePointer<GValue>) {
        switch self {
        case .string(let text): g_value_set_string(value, text)
        case .boolean(let flag): g_value_set_boolean(value, flag ? 1 : 0)
        case .double(let number): g_value_set_double(value, number)
        case .object(let object): g_value_set_object(value, object)
        }
    }
}

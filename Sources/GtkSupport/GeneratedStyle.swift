import CGtk

/// CSS set from code (colours, radii): each distinct rule gets a generated
/// class and its own small provider, shared by every widget with the same
/// declarations and dropped with the last widget that uses it.
///
/// A colour picked from Swift is therefore still CSS (themes and
/// `:backdrop` rules compose with it), a new colour parses one rule instead of
/// a whole sheet, and animating a colour does not pile up rules.
@MainActor
public enum GeneratedStyle {
    /// One generated rule: its own small provider, so a new colour parses one
    /// rule instead of every rule so far, and the count of widgets using it.
    @MainActor
    private final class Rule {
        let sheet: StyleSheet?
        var users = 0
        init(_ css: String) {
            guard GtkEnvironment.isInitialized else { sheet = nil; return }
            let sheet = StyleSheet(priority: .theme)
            sheet.load(css)
            sheet.install()
            self.sheet = sheet
            GeneratedStyle.rulesParsed += 1
        }
    }

    /// The widget's generated class, kept on the widget; its destroy notify
    /// gives the class back when the widget is finalised or gets another one.
    private final class Use: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }

    private static var rules: [String: Rule] = [:]
    private static let useQuark = g_quark_from_static_string("gtkhud-generated-class")

    /// Generated rules in use now (for tests).
    public static var liveRuleCount: Int { rules.count }
    /// Rules parsed since start (for tests: one per new rule, none re-parsed).
    public private(set) static var rulesParsed = 0

    /// Gives `widget` the generated class carrying `declarations` for `node`
    /// (e.g. "hudbezel"), replacing the one it had; nil or empty removes it.
    /// Widgets with the same declarations share a class. A rule is dropped
    /// from the display once no widget uses it, so changing a colour many
    /// times (or animating it) does not pile up rules.
    public static func setClass(on widget: UnsafeMutablePointer<GtkWidget>, node: String, declarations: String?) {
        let object = widget.raw.asObject
        let name = declarations.flatMap { $0.isEmpty ? nil : className(node: node, declarations: $0) }
        let old = g_object_get_qdata(object, useQuark).map { Unmanaged<Use>.fromOpaque($0).takeUnretainedValue().name }
        guard name != old else { return }
        if let old { gtk_widget_remove_css_class(widget, old) }
        guard let name, let declarations else {
            // Runs the destroy notify: the old class is given back.
            g_object_set_qdata(object, useQuark, nil)
            return
        }
        let rule = rules[name] ?? Rule("\(node).\(name) { \(declarations) }")
        rules[name] = rule
        rule.users += 1
        // Replacing the qdata gives the old class back through its destroy notify.
        g_object_set_qdata_full(object, useQuark, Unmanaged.passRetained(Use(name)).toOpaque()) { pointer in
            guard let pointer else { return }
            let use = Unmanaged<Use>.fromOpaque(pointer).takeRetainedValue()
            MainActor.assumeIsolated { GeneratedStyle.giveBack(use.name) }
        }
        gtk_widget_add_css_class(widget, name)
    }

    private static func giveBack(_ name: String) {
        guard let rule = rules[name] else { return }
        rule.users -= 1
        if rule.users <= 0 { rules[name] = nil } // StyleSheet's deinit removes the provider
    }

    /// The class name for `declarations` on `node`: a hash, so equal settings share it.
    private static func className(node: String, declarations: String) -> String {
        let key = node + "{" + declarations + "}"
        var hash: UInt64 = 1469598103934665603
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 1099511628211 }
        return "gtkhud-\(String(hash, radix: 36))"
    }
}

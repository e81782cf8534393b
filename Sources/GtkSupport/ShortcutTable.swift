import CGtk

/// A key chord GTK understands (a `GtkShortcutTrigger`), immutable like GTK's own.
@MainActor
public final class ShortcutTrigger {
    /// The trigger object (one reference held here).
    let reference: ObjectRef

    private init(adopting pointer: OpaquePointer) {
        reference = ObjectRef(adopting: UnsafeMutableRawPointer(pointer))
    }

    /// Parses GtkAccelerator syntax (`"<Control>F6"`, `"Escape"`, alternatives
    /// joined with `|`) with `gtk_shortcut_trigger_parse_string`; nil when GTK
    /// cannot read it.
    public static func parse(_ text: String) -> ShortcutTrigger? {
        guard !text.isEmpty, let pointer = gtk_shortcut_trigger_parse_string(text) else { return nil }
        return ShortcutTrigger(adopting: pointer)
    }

    /// One key with exactly these modifiers (GTK matches modifiers exactly, so
    /// `Escape` is not `<Control>Escape`).
    public static func key(_ keyval: Int32, modifiers: GdkModifierType = GdkModifierType(0)) -> ShortcutTrigger {
        ShortcutTrigger(adopting: gtk_keyval_trigger_new(guint(keyval), modifiers))
    }

    /// The chord as the user's language writes it ("Ctrl+F6"): a single key
    /// through `gtk_accelerator_get_label`, anything else through GTK's trigger label.
    public var label: String {
        let pointer = reference.pointer
        if gtkhud_is_a(pointer, gtk_keyval_trigger_get_type()) != 0 {
            let trigger = OpaquePointer(pointer)
            guard let text = gtk_accelerator_get_label(gtk_keyval_trigger_get_keyval(trigger),
                                                       gtk_keyval_trigger_get_modifiers(trigger)) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
        guard let display = gdk_display_get_default(),
              let text = gtk_shortcut_trigger_to_label(OpaquePointer(pointer), display) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// A new reference for GTK calls that take ownership (transfer full).
    fileprivate func transferred() -> OpaquePointer {
        OpaquePointer(g_object_ref(reference.pointer))
    }
}

/// One `GtkShortcutController` and the Swift closures its shortcuts run: a
/// widget's key table, with named entries whose chords can change later.
///
/// Each closure returns whether it took the key; one that returns false lets
/// the key go on to the next controller and the widget's ancestors, as GTK's
/// own bindings do when they have nothing to act on. The closures are released
/// with the controller (GTK's destroy notify), after ``detach()`` or once the
/// widget is finalised.
@MainActor
public final class ShortcutTable {
    /// The controller (one reference held here; the widget holds another while attached).
    public let controller: ObjectRef
    private var shortcuts: [String: ObjectRef] = [:]

    /// A table in `phase` with `scope`: LOCAL runs it on its own widget, in
    /// that widget's turn of the event's propagation.
    public init(scope: GtkShortcutScope = GTK_SHORTCUT_SCOPE_LOCAL, phase: GtkPropagationPhase = GTK_PHASE_BUBBLE) {
        let created = gtk_shortcut_controller_new()!
        controller = ObjectRef(adopting: UnsafeMutableRawPointer(created))
        gtk_shortcut_controller_set_scope(created, scope)
        gtk_event_controller_set_propagation_phase(created, phase)
    }

    /// Adds the entry `name`: `action` runs when `trigger` is pressed (never, while the trigger is nil).
    public func add(_ name: String, trigger: ShortcutTrigger?, action: @escaping @MainActor () -> Bool) {
        typealias Handler = @MainActor () -> Bool
        let callback: GtkShortcutFunc = { _, _, data in
            let box = ClosureBox<Handler>.from(data)
            return MainActor.assumeIsolated { box.closure() } ? 1 : 0
        }
        let shortcutAction = gtk_callback_action_new(callback, ClosureBox<Handler>.retained(action), AnyClosureBox.destroyNotify)
        let shortcut = gtk_shortcut_new(Self.transferred(trigger), shortcutAction)!
        shortcuts[name] = ObjectRef(retaining: UnsafeMutableRawPointer(shortcut))
        // The controller takes the new reference; `shortcuts` holds its own.
        gtk_shortcut_controller_add_shortcut(controller.pointer.opaque, shortcut)
    }

    /// Adds the entry `name` for several chords at once (Tab and the keypad's Tab, say).
    public func add(_ name: String, triggers: [ShortcutTrigger], action: @escaping @MainActor () -> Bool) {
        for (index, trigger) in triggers.enumerated() {
            add(index == 0 ? name : "\(name)#\(index)", trigger: trigger, action: action)
        }
    }

    /// Changes the chord of the entry `name`; nil turns it off (the entry stays, silent).
    public func setTrigger(_ trigger: ShortcutTrigger?, of name: String) {
        guard let shortcut = shortcuts[name] else { return }
        gtk_shortcut_set_trigger(shortcut.pointer.opaque, Self.transferred(trigger))
    }

    /// A reference to `trigger` for GTK to own, or to GTK's never-trigger for nil.
    private static func transferred(_ trigger: ShortcutTrigger?) -> OpaquePointer {
        if let trigger { return trigger.transferred() }
        return OpaquePointer(g_object_ref(UnsafeMutableRawPointer(gtk_never_trigger_get()!)))
    }

    /// Puts the table on `widget` (it takes a reference of its own).
    public func attach(to widget: UnsafeMutablePointer<GtkWidget>) {
        detach()
        g_object_ref(controller.pointer)
        gtk_widget_add_controller(widget, controller.pointer.opaque)
    }

    /// Takes the table off its widget, if it is on one.
    public func detach() {
        guard let owner = gtk_event_controller_get_widget(controller.pointer.opaque) else { return }
        gtk_widget_remove_controller(owner, controller.pointer.opaque)
    }

    /// The widget the table is on, if any.
    public var widget: UnsafeMutablePointer<GtkWidget>? {
        gtk_event_controller_get_widget(controller.pointer.opaque)
    }
}

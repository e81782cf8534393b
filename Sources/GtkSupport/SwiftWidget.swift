import CGtk

/// The Swift half of one instance of a widget type registered from Swift.
///
/// Subclass it, describe the GType with ``WidgetTypeDescription`` and call
/// ``WidgetTypes/register(_:_:)`` once; every `g_object_new` of that GType then
/// creates one instance of your subclass, owned by the widget (released when
/// the widget is finalised). Override the vfuncs you need; the defaults chain
/// up to the parent GTK class.
@MainActor
open class SwiftWidget {
    /// The GTK widget this object belongs to. Valid while ``isAlive``.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// False once the widget has been finalised.
    public internal(set) var isAlive = true
    /// True once `dispose` ran (the widget is being destroyed).
    public internal(set) var isDisposed = false
    /// The Swift-registered GType this object was created for.
    public internal(set) var registeredType: GType = 0

    public required init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
    }

    /// The Swift object of a Swift-registered widget, or nil for other widgets.
    public static func of(_ widget: UnsafeMutablePointer<GtkWidget>?) -> Self? {
        guard let widget, let raw = g_object_get_qdata(widget.raw.asObject, WidgetTypes.instanceQuark) else { return nil }
        return Unmanaged<SwiftWidget>.fromOpaque(raw).takeUnretainedValue() as? Self
    }

    /// Draws the widget. Default: the parent class's snapshot (children, CSS background).
    open func snapshot(_ snapshot: OpaquePointer) {
        WidgetTypes.parentClass(of: widget)?.pointee.snapshot?(widget, snapshot)
    }

    /// Measures the widget. Default: the parent class's measure (layout manager or zero).
    open func measure(_ orientation: GtkOrientation, forSize: Int32) -> WidgetMeasurement {
        var result = WidgetMeasurement()
        WidgetTypes.parentClass(of: widget)?.pointee.measure?(widget, orientation, forSize,
            &result.minimum, &result.natural, &result.minimumBaseline, &result.naturalBaseline)
        return result
    }

    /// How the widget trades width for height. Default: the parent class's
    /// (its layout manager's, or constant size without one). A widget that
    /// wraps text must say `GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH`, or GTK measures
    /// its height for no particular width (`forSize` -1) and wrapped text is cut.
    open var requestMode: GtkSizeRequestMode {
        WidgetTypes.parentClass(of: widget)?.pointee.get_request_mode?(widget) ?? GTK_SIZE_REQUEST_CONSTANT_SIZE
    }

    /// Positions children. Default: the parent class's size_allocate.
    open func allocate(width: Int32, height: Int32, baseline: Int32) {
        WidgetTypes.parentClass(of: widget)?.pointee.size_allocate?(widget, width, height, baseline)
    }

    /// Whether the point (widget coordinates) is inside the widget for picking.
    /// Default: the parent class's answer. Return false to let pointer events pass
    /// through this widget while its children still receive them.
    open func contains(x: Double, y: Double) -> Bool {
        WidgetTypes.parentClass(of: widget)?.pointee.contains?(widget, x, y) != 0
    }

    /// Adds a child declared in a GtkBuilder `.ui` file (`<child>`); return false
    /// to let GtkWidget handle it (event controllers, layout managers).
    /// Only called for types registered with `acceptsBuilderChildren`.
    open func addBuilderChild(_ child: UnsafeMutableRawPointer, type: String?) -> Bool { false }

    /// A GObject property was set (GtkBuilder, `g_object_set`, a binding). Only
    /// called for the type's ``WidgetTypeDescription/properties``; notify with
    /// ``notifyPropertyChange(_:)`` when the value really changed.
    open func setProperty(_ name: String, to value: WidgetPropertyValue) {}

    /// The value of a GObject property of the type's ``WidgetTypeDescription/properties``.
    open func property(_ name: String) -> WidgetPropertyValue? { nil }

    /// Emits `notify::name` (properties are installed with explicit notify).
    public func notifyPropertyChange(_ name: String) {
        guard isAlive else { return }
        g_object_notify(widget.raw.asObject, name)
    }

    /// Called once when the widget is disposed, before its children are unparented.
    /// Drop timers, signal connections and references to other objects here.
    open func dispose() {}

    private var disposeHandlers = HandlerList<@MainActor () -> Void>()

    /// Runs `handler` once when the widget is disposed (after ``dispose()``),
    /// e.g. to clean up state that other layers keep about this widget.
    /// Returns an id for ``removeDisposeHandler(_:)`` (0 when the widget was
    /// already disposed and the handler ran at once).
    @discardableResult
    public func addDisposeHandler(_ handler: @escaping @MainActor () -> Void) -> Int {
        if isDisposed {
            handler()
            return 0
        }
        return disposeHandlers.add(handler)
    }

    /// Drops a handler that is no longer needed. Objects that live shorter than
    /// the widget (a HUD on a window) must do this, or the list grows for ever.
    public func removeDisposeHandler(_ id: Int) {
        disposeHandlers.remove(id)
    }

    /// Runs the dispose handlers now, for a widget that is done for although
    /// something still holds it (its window was destroyed while the application
    /// keeps a reference, so dispose may never come). They do not run again.
    public func runDisposeHandlersNow() {
        runDisposeHandlers()
    }

    /// How many dispose handlers are waiting (for leak tests).
    var disposeHandlerCount: Int { disposeHandlers.count }

    func runDisposeHandlers() {
        for handler in disposeHandlers.removeAll() { handler() }
    }

    /// Queues a redraw if the widget is still alive.
    public func queueDraw() {
        guard isAlive, !isDisposed else { return }
        gtk_widget_queue_draw(widget)
    }

    /// Queues a relayout if the widget is still alive.
    public func queueResize() {
        guard isAlive, !isDisposed else { return }
        gtk_widget_queue_resize(widget)
    }
}

/// The result of a measure vfunc.
public struct WidgetMeasurement: Sendable, Equatable {
    public var minimum: Int32 = 0
    public var natural: Int32 = 0
    public var minimumBaseline: Int32 = -1
    public var naturalBaseline: Int32 = -1
    public init(minimum: Int32 = 0, natural: Int32 = 0) {
        self.minimum = minimum
        self.natural = natural
    }
}

/// What GTK needs to know about a widget type registered from Swift.
public struct WidgetTypeDescription: Sendable {
    /// The GType name, e.g. `"GtkHUDRing"` (must be unique in the process).
    public var typeName: String
    /// The CSS node name, e.g. `"ring"`.
    public var cssName: String
    /// The accessible role of every instance.
    public var role: GtkAccessibleRole
    /// The parent GType; nil means `GtkWidget`.
    public var parentType: GType?
    /// A layout manager type for the class (e.g. `gtk_bin_layout_get_type()`), if any.
    public var layoutManagerType: GType?
    /// Whether `<child>` elements in GtkBuilder files go to ``SwiftWidget/addBuilderChild(_:type:)``.
    public var acceptsBuilderChildren = false
    /// GObject properties of the type (see ``WidgetProperty``).
    public var properties: [WidgetProperty] = []

    public init(typeName: String, cssName: String, role: GtkAccessibleRole = GTK_ACCESSIBLE_ROLE_GENERIC,
                parentType: GType? = nil, layoutManagerType: GType? = nil, acceptsBuilderChildren: Bool = false,
                properties: [WidgetProperty] = []) {
        self.acceptsBuilderChildren = acceptsBuilderChildren
        self.properties = properties
        self.typeName = typeName
        self.cssName = cssName
        self.role = role
        self.parentType = parentType
        self.layoutManagerType = layoutManagerType
    }
}

/// Registers GtkWidget subclasses whose behaviour is written in Swift.
@MainActor
public enum WidgetTypes {
    struct Entry {
        let description: WidgetTypeDescription
        let make: @MainActor (UnsafeMutablePointer<GtkWidget>) -> SwiftWidget
        var parentClass: UnsafeMutablePointer<GtkWidgetClass>?
        var liveInstances = 0
    }

    private static var entries: [GType: Entry] = [:]
    private static var typesByName: [String: GType] = [:]
    static let instanceQuark: GQuark = g_quark_from_static_string("gtkhud-swift-widget")

    /// Registers (once) and returns the GType for `implementation`.
    /// Calling again with the same type name returns the existing GType.
    public static func register<W: SwiftWidget>(_ implementation: W.Type, _ description: WidgetTypeDescription) -> GType {
        if let existing = typesByName[description.typeName] { return existing }
        let parent = description.parentType ?? gtk_widget_get_type()
        var query = GTypeQuery()
        g_type_query(parent, &query)
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.instance_size = guint16(query.instance_size)
        info.class_init = { klass, _ in
            MainActor.assumeIsolated { WidgetTypes.initializeClass(klass) }
        }
        info.instance_init = { instance, klass in
            MainActor.assumeIsolated { WidgetTypes.initializeInstance(instance, klass) }
        }
        let type = description.typeName.withCString { g_type_register_static(parent, $0, &info, GTypeFlags(0)) }
        if description.acceptsBuilderChildren {
            var buildable = GInterfaceInfo()
            buildable.interface_init = { iface, _ in
                MainActor.assumeIsolated { WidgetTypes.initializeBuildable(iface) }
            }
            g_type_add_interface_static(type, gtk_buildable_get_type(), &buildable)
        }
        entries[type] = Entry(description: description, make: { implementation.init(widget: $0) })
        typesByName[description.typeName] = type
        return type
    }

    /// Creates a new (floating) instance of a registered type.
    public static func instantiate(_ type: GType) -> UnsafeMutablePointer<GtkWidget> {
        gtkhud_object_new(type).assumingMemoryBound(to: GtkWidget.self)
    }

    /// Creates a new (floating) instance with a per-instance accessible role
    /// (the `accessible-role` construct property; roles cannot change later).
    public static func instantiate(_ type: GType, role: GtkAccessibleRole) -> UnsafeMutablePointer<GtkWidget> {
        gtkhud_object_new_with_role(type, role).assumingMemoryBound(to: GtkWidget.self)
    }

    /// Live instances of a registered type (for leak tests).
    public static func liveInstances(of type: GType) -> Int { entries[type]?.liveInstances ?? 0 }

    /// Live instances of every Swift-registered type.
    public static var totalLiveInstances: Int { entries.values.reduce(0) { $0 + $1.liveInstances } }

    static func parentClass(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidgetClass>? {
        registeredType(startingAt: gtkhud_instance_type(widget.raw)).flatMap { entries[$0]?.parentClass }
    }

    private static func registeredType(startingAt type: GType) -> GType? {
        var current = type
        while current != 0 {
            if entries[current] != nil { return current }
            current = g_type_parent(current)
        }
        return nil
    }

    private static func initializeClass(_ klass: UnsafeMutableRawPointer?) {
        guard let klass, let type = registeredType(startingAt: gtkhud_class_type(klass)),
              let description = entries[type]?.description else { return }
        entries[type]?.parentClass = g_type_class_peek_parent(klass)?.assumingMemoryBound(to: GtkWidgetClass.self)
        let widgetClass = gtkhud_widget_class(klass)!
        widgetClass.pointee.snapshot = { widget, snapshot in
            MainActor.assumeIsolated {
                guard let snapshot, let object = SwiftWidget.of(widget) else { return }
                object.snapshot(snapshot)
            }
        }
        widgetClass.pointee.measure = { widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
            MainActor.assumeIsolated {
                let result = SwiftWidget.of(widget)?.measure(orientation, forSize: forSize) ?? WidgetMeasurement()
                minimum?.pointee = result.minimum
                natural?.pointee = max(result.natural, result.minimum)
                minimumBaseline?.pointee = result.minimumBaseline
                naturalBaseline?.pointee = result.naturalBaseline
            }
        }
        widgetClass.pointee.get_request_mode = { widget in
            MainActor.assumeIsolated { SwiftWidget.of(widget)?.requestMode ?? GTK_SIZE_REQUEST_CONSTANT_SIZE }
        }
        widgetClass.pointee.size_allocate = { widget, width, height, baseline in
            MainActor.assumeIsolated {
                SwiftWidget.of(widget)?.allocate(width: width, height: height, baseline: baseline)
            }
        }
        widgetClass.pointee.contains = { widget, x, y in
            MainActor.assumeIsolated { SwiftWidget.of(widget)?.contains(x: x, y: y) ?? false } ? 1 : 0
        }
        gtkhud_object_class(klass)!.pointee.dispose = { object in
            MainActor.assumeIsolated { WidgetTypes.dispose(object) }
        }
        installProperties(description.properties, on: klass)
        description.cssName.withCString { gtk_widget_class_set_css_name(widgetClass, $0) }
        gtk_widget_class_set_accessible_role(widgetClass, description.role)
        if let layout = description.layoutManagerType {
            gtk_widget_class_set_layout_manager_type(widgetClass, layout)
        }
    }

    private static func installProperties(_ properties: [WidgetProperty], on klass: UnsafeMutableRawPointer) {
        guard !properties.isEmpty, let objectClass = gtkhud_object_class(klass) else { return }
        objectClass.pointee.set_property = { object, _, value, spec in
            MainActor.assumeIsolated {
                guard let object, let value, let spec, let (swift, property) = WidgetTypes.property(of: object, spec) else { return }
                swift.setProperty(property.name, to: WidgetPropertyValue(value, kind: property.kind))
            }
        }
        objectClass.pointee.get_property = { object, _, value, spec in
            MainActor.assumeIsolated {
                guard let object, let value, let spec, let (swift, property) = WidgetTypes.property(of: object, spec) else { return }
                swift.property(property.name)?.store(in: value)
            }
        }
        for (index, property) in properties.enumerated() {
            g_object_class_install_property(objectClass, guint(index + 1), property.makeParamSpec())
        }
    }

    /// The Swift object and the description of the property `spec` names.
    private static func property(of object: UnsafeMutablePointer<GObject>,
                                 _ spec: UnsafeMutablePointer<GParamSpec>) -> (SwiftWidget, WidgetProperty)? {
        let widget = UnsafeMutableRawPointer(object).asWidget
        guard let swift = SwiftWidget.of(widget), let name = spec.pointee.name.map({ String(cString: $0) }),
              let property = entries[swift.registeredType]?.description.properties.first(where: { $0.name == name })
        else { return nil }
        return (swift, property)
    }

    /// GtkWidget's own GtkBuildable implementation, to chain up to.
    private static var parentBuildable: UnsafeMutablePointer<GtkBuildableIface>?

    private static func initializeBuildable(_ iface: UnsafeMutableRawPointer?) {
        guard let iface = iface?.assumingMemoryBound(to: GtkBuildableIface.self) else { return }
        parentBuildable = g_type_interface_peek_parent(iface)?.assumingMemoryBound(to: GtkBuildableIface.self)
        iface.pointee.add_child = { buildable, builder, child, type in
            MainActor.assumeIsolated {
                guard let buildable, let child else { return }
                let widget = UnsafeMutableRawPointer(buildable).asWidget
                let typeName = type.map { String(cString: $0) }
                if SwiftWidget.of(widget)?.addBuilderChild(UnsafeMutableRawPointer(child), type: typeName) == true { return }
                WidgetTypes.parentBuildable?.pointee.add_child?(buildable, builder, child, type)
            }
        }
    }

    private static func initializeInstance(_ instance: UnsafeMutablePointer<GTypeInstance>?, _ klass: UnsafeMutableRawPointer?) {
        guard let instance, let klass, let type = registeredType(startingAt: gtkhud_class_type(klass)),
              let entry = entries[type] else { return }
        let widget = UnsafeMutableRawPointer(instance).asWidget
        let object = entry.make(widget)
        object.registeredType = type
        entries[type]?.liveInstances += 1
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { raw in
            guard let raw else { return }
            MainActor.assumeIsolated { WidgetTypes.finalizeInstance(raw) }
        }
        g_object_set_qdata_full(widget.raw.asObject, instanceQuark, Unmanaged.passRetained(object).toOpaque(), release)
    }

    private static func finalizeInstance(_ raw: UnsafeMutableRawPointer) {
        let object = Unmanaged<SwiftWidget>.fromOpaque(raw).takeRetainedValue()
        object.isAlive = false
        entries[object.registeredType]?.liveInstances -= 1
    }

    private static func dispose(_ object: UnsafeMutablePointer<GObject>?) {
        guard let object else { return }
        let widget = UnsafeMutableRawPointer(object).asWidget
        if let swift = SwiftWidget.of(widget), !swift.isDisposed {
            swift.isDisposed = true
            swift.dispose()
            swift.runDisposeHandlers()
        }
        // GTK requires a widget to unparent its children before it is finalised.
        while let child = gtk_widget_get_first_child(widget) {
            gtk_widget_unparent(child)
        }
        let parentObjectClass = parentClass(of: widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GObjectClass.self) }
        parentObjectClass?.pointee.dispose?(object)
    }
}

import CGtk
import Synchronization

/// Counts the closure boxes currently retained by GLib (signals, ticks,
/// timeouts). Leak tests assert it returns to its starting value.
public enum ClosureBoxes {
    static let live = Atomic<Int>(0)
    /// Boxes alive right now.
    public static var liveCount: Int { live.load(ordering: .relaxed) }
}

/// What every closure box shares: the live count and one destroy notify that
/// releases a box of any closure type (a C function cannot be generic).
class AnyClosureBox {
    init() { ClosureBoxes.live.add(1, ordering: .relaxed) }
    deinit { ClosureBoxes.live.subtract(1, ordering: .relaxed) }

    /// Releases the box behind C user data, whatever its closure type.
    static func releaseAny(_ data: UnsafeMutableRawPointer?) {
        guard let data else { return }
        Unmanaged<AnyClosureBox>.fromOpaque(data).release()
    }

    /// A GClosureNotify that releases the box.
    static let signalNotify: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
        AnyClosureBox.releaseAny(data)
    }

    /// A GDestroyNotify that releases the box.
    static let destroyNotify: @convention(c) (UnsafeMutableRawPointer?) -> Void = { AnyClosureBox.releaseAny($0) }
}

/// A retained Swift closure handed to C as user data; GLib's destroy notify
/// releases it, so a box lives exactly as long as its connection or source.
final class ClosureBox<Closure>: AnyClosureBox {
    let closure: Closure
    init(_ closure: Closure) {
        self.closure = closure
        super.init()
    }

    /// Retains the box and returns it as C user data.
    static func retained(_ closure: Closure) -> UnsafeMutableRawPointer {
        Unmanaged<AnyClosureBox>.passRetained(ClosureBox(closure)).toOpaque()
    }
    /// The box behind C user data (not retained).
    static func from(_ data: UnsafeMutableRawPointer?) -> ClosureBox<Closure> {
        // Only boxes of this closure type are handed to this trampoline.
        unsafeDowncast(Unmanaged<AnyClosureBox>.fromOpaque(data!).takeUnretainedValue(), to: ClosureBox<Closure>.self)
    }
}

/// One connected signal handler. `disconnect()` is safe after the object
/// died and may be called more than once; dropping the connection object does
/// not disconnect (the handler lives as long as the emitting object).
@MainActor
public final class SignalConnection {
    private let instance: WeakObjectRef
    /// The GLib handler id (0 once disconnected).
    public private(set) var handlerID: UInt

    init(instance: UnsafeMutableRawPointer, handlerID: UInt) {
        self.instance = WeakObjectRef(instance)
        self.handlerID = handlerID
    }

    /// Whether the handler is still connected to a live object.
    public var isConnected: Bool {
        handlerID != 0 && (instance.withObject { g_signal_handler_is_connected($0, gulong(handlerID)) != 0 } ?? false)
    }

    /// Disconnects the handler; its closure is released by GLib's destroy notify.
    public func disconnect() {
        guard handlerID != 0 else { return }
        let id = gulong(handlerID)
        handlerID = 0
        instance.withObject { object in
            if g_signal_handler_is_connected(object, id) != 0 {
                g_signal_handler_disconnect(object, id)
            }
        }
    }
}

/// Typed signal connections. Each closure is boxed, retained by GLib and
/// released by the connection's destroy notify (on disconnect or when the
/// object is finalised). Handlers run on the main actor: GTK emits on the
/// thread that runs its main loop, which is the main thread.
@MainActor
public enum Signal {
    public typealias Plain = @MainActor () -> Void
    public typealias WithPointer = @MainActor (UnsafeMutableRawPointer?) -> Void
    public typealias WithPoint = @MainActor (Double, Double) -> Void
    public typealias WithPress = @MainActor (Int32, Double, Double) -> Void
    public typealias WithKey = @MainActor (UInt32, UInt32, UInt32) -> Bool
    public typealias WithInt = @MainActor (Int32) -> Void
    public typealias WithTwoPointers = @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

    /// A signal whose C handler takes only the instance (`clicked`, `destroy`, `map`...),
    /// or a `notify::property` signal (its GParamSpec argument is dropped).
    ///
    /// The C handler's arity must match the signal's, because GLib passes the
    /// user data last; `notify` carries a GParamSpec, so it is routed through
    /// the one-argument trampoline.
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
                               _ handler: @escaping Plain) -> SignalConnection {
        if name == "notify" || name.hasPrefix("notify::") {
            return connectPointer(instance, name, after: after) { _ in handler() }
        }
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let box = ClosureBox<Plain>.from(data)
            MainActor.assumeIsolated { box.closure() }
        }
        return connect(instance, name, after, unsafeBitCast(trampoline, to: GCallback.self), boxing: handler)
    }

    /// A signal with one pointer argument (`notify`, `parsing-error`'s section...).
    @discardableResult
    public static func connectPointer(_ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
                                      _ handler: @escaping WithPointer) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, argument, data in
            let box = ClosureBox<WithPointer>.from(data)
            MainActor.assumeIsolated { box.closure(argument) }
        }
        return connect(instance, name, after, unsafeBitCast(trampoline, to: GCallback.self), boxing: handler)
    }

    /// A signal with two pointer arguments (`parsing-error`: section, error).
    @discardableResult
    public static func connectTwoPointers(_ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
                                          _ handler: @escaping WithTwoPointers) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, first, second, data in
            let box = ClosureBox<WithTwoPointers>.from(data)
            MainActor.assumeIsolated { box.closure(first, second) }
        }
        return connect(instance, name, after, unsafeBitCast(trampoline, to: GCallback.self), boxing: handler)
    }

    /// A signal with two doubles (`enter`/`motion` of a motion controller, `drag-update`...).
    @discardableResult
    public static func connectPoint(_ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
                                    _ handler: @escaping WithPoint) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
            let box = ClosureBox<WithPoint>.from(data)
            MainActor.assumeIsolated { box.closure(x, y) }
        }
        return connect(instance, name, after, unsafeBitCast(trampoline, to: GCallback.self), boxing: handler)
    }

    /// A click gesture's `pressed`/`released`: press count and position.
    @discardableResult
    public static func connectPress(_ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
                                    _ handler: @escaping WithPress) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, count, x, y, data in
            let box = ClosureBox<WithPress>.from(data)
            MainActor.assumeIsolated { box.closure(count, x, y) }
        }
        return connect(instance, name, after, unsafeBitCast(trampoline, to: GCallback.self), boxing: handler)
    }

    /// A key controller's `key-pressed`: keyval, keycode, modifier state; return true to stop propagation.
    @discardableResult
    public static func connectKey(_ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
                                  _ handler: @escaping WithKey) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> gboolean = { _, keyval, keycode, state, data in
            let box = ClosureBox<WithKey>.from(data)
            return MainActor.assumeIsolated { box.closure(keyval, keycode, state) } ? 1 : 0
        }
        return connect(instance, name, after, unsafeBitCast(trampoline, to: GCallback.self), boxing: handler)
    }

    /// A `GListModel`'s `items-changed`: position, how many were removed, how many added.
    @discardableResult
    public static func connectItemsChanged(_ list: UnsafeMutableRawPointer,
                                           _ handler: @escaping @MainActor (UInt32, UInt32, UInt32) -> Void) -> SignalConnection {
        typealias Handler = @MainActor (UInt32, UInt32, UInt32) -> Void
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void = { _, position, removed, added, data in
            let box = ClosureBox<Handler>.from(data)
            MainActor.assumeIsolated { box.closure(position, removed, added) }
        }
        return connect(list, "items-changed", false, unsafeBitCast(trampoline, to: GCallback.self), boxing: handler)
    }

    /// A signal with one int or enum argument (GtkWindow's `move-focus`: a GtkDirectionType).
    @discardableResult
    public static func connectInt(_ instance: UnsafeMutableRawPointer, _ name: String, after: Bool = false,
                                  _ handler: @escaping WithInt) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, value, data in
            let box = ClosureBox<WithInt>.from(data)
            MainActor.assumeIsolated { box.closure(value) }
        }
        return connect(instance, name, after, unsafeBitCast(trampoline, to: GCallback.self), boxing: handler)
    }

    /// Connects `callback` (a trampoline for the signal's C signature) with
    /// `handler` boxed as its user data, released by the connection's destroy notify.
    private static func connect<Closure>(_ instance: UnsafeMutableRawPointer, _ name: String, _ after: Bool,
                                         _ callback: GCallback, boxing handler: Closure) -> SignalConnection {
        let data = ClosureBox<Closure>.retained(handler)
        let id = gtkhud_signal_connect(instance, name, callback, data, AnyClosureBox.signalNotify, after ? 1 : 0)
        if id == 0 {
            // Unknown signal: GLib already printed a warning; free the box now.
            AnyClosureBox.releaseAny(data)
        }
        return SignalConnection(instance: instance, handlerID: UInt(id))
    }
}

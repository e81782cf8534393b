import CGtk

/// A libadwaita animation (AdwTimedAnimation or AdwSpringAnimation) driving a
/// Swift closure. libadwaita ticks it on the widget's frame clock, skips it
/// when animations are disabled or the widget is unmapped, and reports `done`.
@MainActor
public final class Animation {
    /// Spring parameters (`AdwSpringParams`): damping ratio, mass, stiffness.
    public struct Spring: Sendable, Equatable {
        public var dampingRatio: Double
        public var mass: Double
        public var stiffness: Double
        public init(dampingRatio: Double, mass: Double, stiffness: Double) {
            self.dampingRatio = dampingRatio
            self.mass = mass
            self.stiffness = stiffness
        }
    }

    private let animation: ObjectRef
    private var doneConnection: SignalConnection?

    /// A timed animation from `from` to `to` over `milliseconds`, eased with `easing`.
    public init(timedOn widget: UnsafeMutablePointer<GtkWidget>, from: Double, to: Double, milliseconds: UInt32,
                easing: AdwEasing = ADW_EASE_OUT_CUBIC, onValue: @escaping @MainActor (Double) -> Void) {
        let target = Animation.callbackTarget(onValue)
        animation = ObjectRef(adopting: UnsafeMutableRawPointer(adw_timed_animation_new(widget, from, to, guint(milliseconds), target)))
        adw_timed_animation_set_easing(animation.pointer.opaque, easing)
    }

    /// A spring animation from `from` to `to`, starting with `velocity` (units per second).
    public init(springOn widget: UnsafeMutablePointer<GtkWidget>, from: Double, to: Double, spring: Spring,
                velocity: Double = 0, clamp: Bool = false, onValue: @escaping @MainActor (Double) -> Void) {
        let target = Animation.callbackTarget(onValue)
        // adw_spring_animation_new takes ownership of the params (transfer full).
        let params = adw_spring_params_new(spring.dampingRatio, spring.mass, spring.stiffness)
        animation = ObjectRef(adopting: UnsafeMutableRawPointer(adw_spring_animation_new(widget, from, to, params, target)))
        adw_spring_animation_set_initial_velocity(animation.pointer.opaque, velocity)
        adw_spring_animation_set_clamp(animation.pointer.opaque, clamp ? 1 : 0)
    }

    isolated deinit {
        doneConnection?.disconnect()
        adw_animation_skip(animation.pointer.typed(AdwAnimation.self))
    }

    /// Runs `handler` once the animation finishes (or is skipped).
    public func onDone(_ handler: @escaping @MainActor () -> Void) {
        doneConnection?.disconnect()
        doneConnection = Signal.connect(animation.pointer, "done", handler)
    }

    /// Starts (or restarts) the animation.
    public func play() { adw_animation_play(animation.pointer.typed(AdwAnimation.self)) }
    /// Jumps to the end value and emits `done`.
    public func skip() { adw_animation_skip(animation.pointer.typed(AdwAnimation.self)) }
    /// Stops without emitting `done`.
    public func reset() { adw_animation_reset(animation.pointer.typed(AdwAnimation.self)) }
    /// The current value.
    public var value: Double { adw_animation_get_value(animation.pointer.typed(AdwAnimation.self)) }
    /// Whether it is running.
    public var isPlaying: Bool { adw_animation_get_state(animation.pointer.typed(AdwAnimation.self)) == ADW_ANIMATION_PLAYING }
    /// A spring's estimated duration in milliseconds (0 for timed animations).
    public var estimatedMilliseconds: UInt32 {
        gtkhud_is_a(animation.pointer, adw_spring_animation_get_type()) != 0
            ? adw_spring_animation_get_estimated_duration(animation.pointer.opaque) : 0
    }

    private static func callbackTarget(_ onValue: @escaping @MainActor (Double) -> Void) -> OpaquePointer {
        typealias Handler = @MainActor (Double) -> Void
        let callback: @convention(c) (Double, UnsafeMutableRawPointer?) -> Void = { value, data in
            let box = ClosureBox<Handler>.from(data)
            MainActor.assumeIsolated { box.closure(value) }
        }
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { ClosureBox<Handler>.release($0) }
        return adw_callback_animation_target_new(callback, ClosureBox<Handler>.retained(onValue), release)
    }
}

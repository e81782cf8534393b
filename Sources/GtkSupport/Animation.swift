import CGtk

/// A libadwaita animation (AdwTimedAnimation or AdwSpringAnimation) driving a
/// Swift closure. libadwaita ticks it on the widget's frame clock, skips it
/// when animations are disabled or the widget is unmapped, and reports `done`.
///
/// A stopped or released animation never reports a value again: libadwaita
/// reports the start or end value from `reset` and `skip`, which would make a
/// HUD or banner jump when its motion is replaced mid-flight.
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

    /// What the libadwaita callback target calls; switched off by `stop()`.
    private final class Target {
        let onValue: @MainActor (Double) -> Void
        var isActive = true
        init(_ onValue: @escaping @MainActor (Double) -> Void) { self.onValue = onValue }
    }

    private let animation: ObjectRef
    private let target: Target
    private var doneConnection: SignalConnection?

    /// A timed animation from `from` to `to` over `milliseconds`, eased with `easing`.
    public init(timedOn widget: UnsafeMutablePointer<GtkWidget>, from: Double, to: Double, milliseconds: UInt32,
                easing: AdwEasing = ADW_EASE_OUT_CUBIC, onValue: @escaping @MainActor (Double) -> Void) {
        target = Target(onValue)
        let adwTarget = Animation.callbackTarget(target)
        animation = ObjectRef(adopting: UnsafeMutableRawPointer(adw_timed_animation_new(widget, from, to, guint(milliseconds), adwTarget)))
        adw_timed_animation_set_easing(animation.pointer.opaque, easing)
    }

    /// A spring animation from `from` to `to`, starting with `velocity` (units per second).
    public init(springOn widget: UnsafeMutablePointer<GtkWidget>, from: Double, to: Double, spring: Spring,
                velocity: Double = 0, clamp: Bool = false, onValue: @escaping @MainActor (Double) -> Void) {
        target = Target(onValue)
        let adwTarget = Animation.callbackTarget(target)
        // adw_spring_animation_new takes ownership of the params and the target (transfer full).
        let params = adw_spring_params_new(spring.dampingRatio, spring.mass, spring.stiffness)
        animation = ObjectRef(adopting: UnsafeMutableRawPointer(adw_spring_animation_new(widget, from, to, params, adwTarget)))
        adw_spring_animation_set_initial_velocity(animation.pointer.opaque, velocity.isFinite ? velocity : 0)
        adw_spring_animation_set_clamp(animation.pointer.opaque, clamp ? 1 : 0)
    }

    isolated deinit {
        stop()
    }

    /// Runs `handler` once the animation finishes (or is skipped), unless stopped first.
    public func onDone(_ handler: @escaping @MainActor () -> Void) {
        doneConnection?.disconnect()
        doneConnection = Signal.connect(animation.pointer, "done") { [target] in
            if target.isActive { handler() }
        }
    }

    /// Starts (or restarts) the animation; libadwaita finishes it at once when
    /// animations are disabled or the widget is not mapped.
    public func play() { adw_animation_play(adwAnimation) }
    /// Jumps to the end value and emits `done`.
    public func skip() { adw_animation_skip(adwAnimation) }
    /// Stops where it is: no further values, no `done`.
    public func stop() {
        target.isActive = false
        doneConnection?.disconnect()
        doneConnection = nil
        adw_animation_reset(adwAnimation)
    }
    /// The current value.
    public var value: Double { adw_animation_get_value(adwAnimation) }
    /// Whether it is running.
    public var isPlaying: Bool { target.isActive && adw_animation_get_state(adwAnimation) == ADW_ANIMATION_PLAYING }
    /// A spring's estimated duration in milliseconds (0 for timed animations).
    public var estimatedMilliseconds: UInt32 {
        gtkhud_is_a(animation.pointer, adw_spring_animation_get_type()) != 0
            ? adw_spring_animation_get_estimated_duration(animation.pointer.opaque) : 0
    }

    private var adwAnimation: UnsafeMutablePointer<AdwAnimation> { animation.pointer.typed(AdwAnimation.self) }

    private static func callbackTarget(_ target: Target) -> OpaquePointer {
        let callback: @convention(c) (Double, UnsafeMutableRawPointer?) -> Void = { value, data in
            guard let data else { return }
            let target = Unmanaged<Target>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated {
                if target.isActive { target.onValue(value) }
            }
        }
        let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
            guard let data else { return }
            Unmanaged<Target>.fromOpaque(data).release()
        }
        return adw_callback_animation_target_new(callback, Unmanaged.passRetained(target).toOpaque(), release)
    }
}

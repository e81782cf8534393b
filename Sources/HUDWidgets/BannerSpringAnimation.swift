import CGtk
import GtkSupport

/// An `AdwSpringAnimation` driving a Swift closure, for banner motion.
///
/// Like GtkSupport's `Animation(springOn:...)`, with two differences that
/// matter for banners: `adw_spring_animation_new` takes ownership of the
/// spring parameters (`transfer full`), so they are not released a second
/// time here; and a stopped or dropped animation never reports a value again
/// (libadwaita reports the start or end value from `reset` and `skip`, which
/// would make a banner jump when its motion is replaced mid-flight).
@MainActor
final class BannerSpringAnimation {
    private final class Target {
        let onValue: @MainActor (Double) -> Void
        var isActive = true
        init(_ onValue: @escaping @MainActor (Double) -> Void) { self.onValue = onValue }
    }

    private let animation: ObjectRef
    private let target: Target
    private var doneConnection: SignalConnection?

    /// A spring from `from` to `to` on `widget`'s frame clock, starting at
    /// `velocity` (units per second); it overshoots when underdamped.
    init(on widget: UnsafeMutablePointer<GtkWidget>, from: Double, to: Double, spring: Animation.Spring,
         velocity: Double, onValue: @escaping @MainActor (Double) -> Void) {
        let target = Target(onValue)
        self.target = target
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
        let adwTarget = adw_callback_animation_target_new(callback, Unmanaged.passRetained(target).toOpaque(), release)
        let params = adw_spring_params_new(spring.dampingRatio, spring.mass, spring.stiffness)
        // Both the parameters and the target are transfer full.
        let created = adw_spring_animation_new(widget, from, to, params, adwTarget)!
        animation = ObjectRef(adopting: UnsafeMutableRawPointer(created))
        adw_spring_animation_set_initial_velocity(animation.pointer.opaque, velocity.isFinite ? velocity : 0)
    }

    isolated deinit {
        stop()
    }

    /// Runs `handler` once the spring has settled (or was skipped because
    /// animations are off or the widget is not mapped).
    func onDone(_ handler: @escaping @MainActor () -> Void) {
        doneConnection?.disconnect()
        doneConnection = Signal.connect(animation.pointer, "done") { [target] in
            if target.isActive { handler() }
        }
    }

    /// Starts the animation; libadwaita finishes it at once when animations
    /// are disabled or the widget is not mapped.
    func play() { adw_animation_play(animation.pointer.typed(AdwAnimation.self)) }

    /// Stops where it is: no further values, no `done`.
    func stop() {
        target.isActive = false
        doneConnection?.disconnect()
        doneConnection = nil
        adw_animation_reset(animation.pointer.typed(AdwAnimation.self))
    }

    /// Whether it is running.
    var isPlaying: Bool {
        target.isActive && adw_animation_get_state(animation.pointer.typed(AdwAnimation.self)) == ADW_ANIMATION_PLAYING
    }
}

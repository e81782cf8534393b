import CGtk

/// A number that moves on a spring (libadwaita's `AdwSpringAnimation`), for
/// motion a widget lays out from: a banner's reveal, its drag offset, its way
/// to a new slot. Setting it jumps; ``spring(to:_:velocity:completion:)``
/// animates from wherever it is, so a motion replaced mid-flight continues
/// smoothly. A stopped spring never reports again (see ``Animation``).
@MainActor
public final class SpringValue {
    /// The current value (a spring may overshoot its target).
    public private(set) var value: Double
    private var animation: Animation?
    private weak var owner: SwiftWidget?
    private let onChange: @MainActor () -> Void

    /// A value starting at `value`, animated on `owner`'s frame clock;
    /// `onChange` runs after every change (typically: queue an allocation).
    public init(_ value: Double, on owner: SwiftWidget, onChange: @escaping @MainActor () -> Void) {
        self.value = value
        self.owner = owner
        self.onChange = onChange
    }

    /// Whether a spring is moving the value now.
    public var isAnimating: Bool { animation?.isPlaying == true }

    /// Jumps to `newValue`, stopping a running spring.
    public func set(_ newValue: Double) {
        stop()
        value = newValue
        onChange()
    }

    /// Springs to `target` from the current value, starting at `velocity`
    /// (units per second). Without a spring it jumps (libadwaita jumps too
    /// while the owner is unmapped); `completion` runs either way, once.
    public func spring(to target: Double, _ spring: Animation.Spring?, velocity: Double = 0,
                       completion: (@MainActor () -> Void)? = nil) {
        stop()
        guard let spring, let owner, owner.isAlive, !owner.isDisposed else {
            set(target)
            completion?()
            return
        }
        let next = Animation(springOn: owner.widget, from: value, to: target, spring: spring, velocity: velocity) { [weak self] in
            self?.value = $0
            self?.onChange()
        }
        if let completion { next.onDone(completion) }
        animation = next
        next.play()
    }

    /// Stops a running spring where it is (dropping it would jump to its end).
    public func stop() {
        guard let running = animation else { return }
        animation = nil
        running.stop()
    }
}

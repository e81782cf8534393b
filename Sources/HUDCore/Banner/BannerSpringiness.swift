/// How much a banner bounces when it enters and leaves, named after BRYXBanner's presets.
///
/// The presets carry UIKit's spring pair `(damping, initialSpringVelocity)`
/// from `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`;
/// ``spring(settlingIn:)`` turns them into libadwaita spring parameters.
public enum BannerSpringiness: Hashable, Sendable {
    /// No overshoot: UIKit damping 1.0, velocity 1.0.
    case none
    /// A small overshoot: UIKit damping 0.7, velocity 1.5. The default.
    case slight
    /// A visible bounce: UIKit damping 0.6, velocity 2.0.
    case heavy
    /// libadwaita parameters given directly (`adw_spring_params_new`), plus an
    /// initial velocity in UIKit's units (travel distances per second).
    /// The settling time follows from these numbers, not from
    /// ``BannerContent/animationDuration``.
    case custom(dampingRatio: Double, mass: Double, stiffness: Double, initialVelocity: Double = 0)

    /// The UIKit `(damping, initialSpringVelocity)` pair of a preset; `nil` for ``custom(dampingRatio:mass:stiffness:initialVelocity:)``.
    public var uikitParameters: (damping: Double, initialVelocity: Double)? {
        switch self {
        case .none: (1.0, 1.0)
        case .slight: (0.7, 1.5)
        case .heavy: (0.6, 2.0)
        case .custom: nil
        }
    }

    /// Whether a custom spring can settle in time: a positive damping ratio,
    /// mass and stiffness, a finite velocity, and a settling time of at most
    /// ``BannerSpring/maximumSettlingTime``. Presets are always valid.
    public var isValid: Bool {
        guard case let .custom(dampingRatio, mass, stiffness, initialVelocity) = self else { return true }
        let numbers = [dampingRatio, mass, stiffness]
        guard numbers.allSatisfy({ $0 > 0 && $0.isFinite }), initialVelocity.isFinite else { return false }
        let spring = BannerSpring(dampingRatio: dampingRatio, mass: mass, stiffness: stiffness)
        return spring.settlingTime <= BannerSpring.maximumSettlingTime
    }

    /// The spring to animate with, or `nil` when there is nothing to animate.
    ///
    /// - Parameter duration: the wanted settling time in seconds (BRYXBanner's
    ///   `animationDuration`). Presets are tuned to settle in this time; zero
    ///   or less means "no animation". Custom springs ignore it.
    public func spring(settlingIn duration: Double) -> BannerSpring? {
        if case let .custom(dampingRatio, mass, stiffness, initialVelocity) = self {
            guard isValid else { return nil }
            return BannerSpring(dampingRatio: dampingRatio, mass: mass, stiffness: stiffness,
                                relativeInitialVelocity: initialVelocity)
        }
        guard let uikit = uikitParameters, duration > 0, duration.isFinite else { return nil }
        return BannerSpring(uikitDamping: uikit.damping, initialVelocity: uikit.initialVelocity, settlingTime: duration)
    }
}

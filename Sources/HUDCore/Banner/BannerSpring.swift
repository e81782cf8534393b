#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Spring parameters in libadwaita's terms (`AdwSpringParams` plus the
/// `initial-velocity` of `AdwSpringAnimation`), derived from UIKit's spring pair.
///
/// ## The mapping
/// UIKit's `usingSpringWithDamping` is a damping *ratio* ζ, so it is copied
/// unchanged. UIKit then stretches the spring to fit the requested duration;
/// libadwaita instead runs a spring until it settles. So the mass is fixed at 1
/// and the stiffness is chosen to make libadwaita's own settling estimate equal
/// the duration. For an under- or critically damped spring libadwaita waits
/// for the envelope `e^(−ζ·ω₀·t)` to fall to `epsilon` (0.001):
///
///     T = −ln(ε) / (ζ·ω₀),  ω₀ = √(k/m)
///     ⇒ ω₀ = −ln(ε) / (ζ·T),  k = m·ω₀²
///
/// UIKit's `initialSpringVelocity` is in "whole travel distances per second",
/// while libadwaita wants value units per second, so the velocity handed to
/// `AdwSpringAnimation` is `v × distance` (see ``initialVelocity(forDistance:)``).
public struct BannerSpring: Hashable, Sendable {
    /// libadwaita's default `epsilon`: the spring counts as settled once it is
    /// this close (relative to the travel distance) to its target.
    public static let epsilon = 0.001

    /// The mass used for springs derived from UIKit presets.
    public static let presetMass = 1.0

    /// The longest settling time accepted for a banner transition, in seconds.
    /// Anything slower is a mistake in the parameters, not a design choice.
    public static let maximumSettlingTime = 10.0

    /// ζ: 1 is critically damped, below 1 overshoots, above 1 creeps.
    public let dampingRatio: Double
    /// `m` in `AdwSpringParams`.
    public let mass: Double
    /// `k` in `AdwSpringParams`.
    public let stiffness: Double
    /// The starting speed in UIKit's units: travel distances per second.
    public let relativeInitialVelocity: Double

    /// Creates a spring from libadwaita's parameters (`adw_spring_params_new`).
    public init(dampingRatio: Double, mass: Double, stiffness: Double, relativeInitialVelocity: Double = 0) {
        self.dampingRatio = dampingRatio
        self.mass = mass
        self.stiffness = stiffness
        self.relativeInitialVelocity = relativeInitialVelocity
    }

    /// Creates the libadwaita spring that matches a UIKit spring animation.
    ///
    /// - Parameters:
    ///   - damping: UIKit's `usingSpringWithDamping`, used as the damping ratio.
    ///   - initialVelocity: UIKit's `initialSpringVelocity`.
    ///   - settlingTime: UIKit's duration in seconds; must be positive.
    public init(uikitDamping damping: Double, initialVelocity: Double, settlingTime: Double) {
        let naturalFrequency = -log(Self.epsilon) / (damping * settlingTime)
        self.init(dampingRatio: damping,
                  mass: Self.presetMass,
                  stiffness: Self.presetMass * naturalFrequency * naturalFrequency,
                  relativeInitialVelocity: initialVelocity)
    }

    /// The damping coefficient `c = ζ·2·√(m·k)`, as `adw_spring_params_new` computes it.
    public var damping: Double { dampingRatio * 2 * (mass * stiffness).squareRoot() }

    /// ω₀ = √(k/m), in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Seconds until the spring counts as settled: the time its decay envelope
    /// needs to fall to ``epsilon``; infinite when nothing damps it.
    ///
    /// Under- and critically damped springs use libadwaita's formula
    /// `−ln(ε)/(ζ·ω₀)`. An overdamped spring decays with its slower mode,
    /// rate `ω₀·(ζ − √(ζ²−1))`; libadwaita refines that case with Newton's
    /// method, and the envelope used here is a slightly longer, safe bound.
    public var settlingTime: Double {
        let decayRate: Double
        if dampingRatio <= 1 {
            decayRate = dampingRatio * naturalFrequency
        } else {
            decayRate = naturalFrequency * (dampingRatio - (dampingRatio * dampingRatio - 1).squareRoot())
        }
        guard decayRate > 0, decayRate.isFinite else { return .infinity }
        return -log(Self.epsilon) / decayRate
    }

    /// The initial velocity for `AdwSpringAnimation`, in the animated value's
    /// units per second, for a move that covers `distance` (signed, `to − from`).
    public func initialVelocity(forDistance distance: Double) -> Double {
        relativeInitialVelocity * distance
    }
}

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

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

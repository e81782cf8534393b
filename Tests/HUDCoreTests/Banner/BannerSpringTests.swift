import Testing
@testable import HUDCore

@MainActor
@Suite struct BannerSpringTests {
    nonisolated static let presets: [(BannerSpringiness, damping: Double, velocity: Double)] = [
        (.none, 1.0, 1.0), (.slight, 0.7, 1.5), (.heavy, 0.6, 2.0),
    ]

    @Test(arguments: presets)
    func presetKeepsBRYXDampingAsRatioAndSettlesInTheDuration(preset: (BannerSpringiness, damping: Double, velocity: Double)) throws {
        let spring = try #require(preset.0.spring(settlingIn: 0.4))
        #expect(spring.dampingRatio == preset.damping)
        #expect(spring.mass == 1)
        #expect(spring.relativeInitialVelocity == preset.velocity)
        #expect(abs(spring.settlingTime - 0.4) <= 0.4 * 0.05)
    }

    @Test func presetStiffnessMatchesTheSettlingFormula() throws {
        // k = (−ln 0.001 / (ζ·0.4))², with −ln 0.001 = 6.907755…
        let expected: [(BannerSpringiness, Double)] = [(.none, 298.23), (.slight, 608.63), (.heavy, 828.42)]
        for (springiness, stiffness) in expected {
            let spring = try #require(springiness.spring(settlingIn: 0.4))
            #expect(abs(spring.stiffness - stiffness) < 0.01, "\(springiness): \(spring.stiffness)")
        }
    }

    /// Integrates the spring independently of the formula: it must still be
    /// moving at half the duration and be within 1 % of the travel at the duration.
    @Test(arguments: presets)
    func simulatedSpringSettlesAroundTheDuration(preset: (BannerSpringiness, damping: Double, velocity: Double)) throws {
        let spring = try #require(preset.0.spring(settlingIn: 0.4))
        let step = 1e-5
        var position = 0.0
        var velocity = spring.initialVelocity(forDistance: 1)
        var largestErrorAroundHalf = 0.0
        var largestErrorAfterEnd = 0.0
        var time = 0.0
        while time < 0.8 {
            let force = -spring.stiffness * (position - 1) - spring.damping * velocity
            velocity += force / spring.mass * step
            position += velocity * step
            time += step
            let error = abs(position - 1)
            if time > 0.18 && time < 0.22 { largestErrorAroundHalf = max(largestErrorAroundHalf, error) }
            if time >= 0.4 { largestErrorAfterEnd = max(largestErrorAfterEnd, error) }
        }
        #expect(largestErrorAroundHalf > BannerSpring.epsilon)
        #expect(largestErrorAfterEnd < 0.01)
    }

    @Test func velocityIsDistancesPerSecondTimesTheDistance() throws {
        let spring = try #require(BannerSpringiness.slight.spring(settlingIn: 0.4))
        #expect(spring.initialVelocity(forDistance: 87) == 130.5)
        #expect(spring.initialVelocity(forDistance: -87) == -130.5)
    }

    @Test func dampingCoefficientMatchesAdwSpringParamsNew() {
        let spring = BannerSpring(dampingRatio: 0.8, mass: 1, stiffness: 400)
        #expect(spring.damping == 0.8 * 2 * 20)
        #expect(spring.naturalFrequency == 20)
    }

    @Test func customSpringIsPassedThroughAndIgnoresTheDuration() throws {
        let springiness = BannerSpringiness.custom(dampingRatio: 0.8, mass: 1, stiffness: 400, initialVelocity: 0.5)
        let spring = try #require(springiness.spring(settlingIn: 3))
        #expect(spring == BannerSpring(dampingRatio: 0.8, mass: 1, stiffness: 400, relativeInitialVelocity: 0.5))
        #expect(abs(spring.settlingTime - 6.907755 / 16) < 1e-6)
    }

    @Test func overdampedSpringSettlesSlowerThanCritical() {
        let critical = BannerSpring(dampingRatio: 1, mass: 1, stiffness: 400)
        let overdamped = BannerSpring(dampingRatio: 2, mass: 1, stiffness: 400)
        #expect(overdamped.settlingTime > critical.settlingTime)
        #expect(overdamped.settlingTime.isFinite)
    }

    @Test func springsThatCannotSettleAreInvalid() {
        #expect(!BannerSpringiness.custom(dampingRatio: 0, mass: 1, stiffness: 100).isValid)
        #expect(!BannerSpringiness.custom(dampingRatio: 1, mass: -1, stiffness: 100).isValid)
        #expect(!BannerSpringiness.custom(dampingRatio: 1, mass: 1, stiffness: .nan).isValid)
        #expect(!BannerSpringiness.custom(dampingRatio: 0.001, mass: 1, stiffness: 1).isValid)
        #expect(BannerSpringiness.custom(dampingRatio: 1, mass: 0.5, stiffness: 500).isValid)
        #expect(BannerSpring(dampingRatio: 0, mass: 1, stiffness: 1).settlingTime == .infinity)
    }

    @Test func zeroDurationMeansNoAnimation() {
        #expect(BannerSpringiness.heavy.spring(settlingIn: 0) == nil)
    }

    @Test func queueTimesTransitionsWithTheSpringOrNotAtAll() throws {
        let fixture = BannerFixture(animated: true)
        let banner = try makeBanner("A") { $0.springiness = .heavy }
        let transition = fixture.queue.transition(for: banner)
        #expect(transition.spring == BannerSpringiness.heavy.spring(settlingIn: 0.4))
        #expect(abs(transition.duration.seconds - 0.4) < 0.02)

        fixture.queue.animationsEnabled = false
        #expect(fixture.queue.transition(for: banner) == .immediate)
        fixture.queue.animationsEnabled = true
        banner.content.animationDuration = 0
        #expect(fixture.queue.transition(for: banner) == .immediate)
    }
}

/// How the view should animate a banner in or out, and how long the logic
/// layer waits for it. Both sides use the same numbers, so virtual time in
/// tests matches the animation on screen.
public struct BannerTransition: Hashable, Sendable {
    /// The spring to animate with; `nil` means jump straight to the end.
    public let spring: BannerSpring?
    /// How long the transition takes on the ``Scheduler``.
    public let duration: Duration

    /// A transition that takes no time: animations are off, or the banner's
    /// ``BannerContent/animationDuration`` is zero.
    public static let immediate = BannerTransition(spring: nil, duration: .zero)

    /// Creates a transition that runs `spring` until it settles, waiting at
    /// most ``BannerSpring/maximumSettlingTime`` so a broken spring cannot
    /// hold a banner forever.
    public init(spring: BannerSpring) {
        self.spring = spring
        let seconds = spring.settlingTime.isNaN ? 0 : min(spring.settlingTime, BannerSpring.maximumSettlingTime)
        self.duration = .seconds(seconds)
    }

    private init(spring: BannerSpring?, duration: Duration) {
        self.spring = spring
        self.duration = duration
    }
}

/// What the desktop says about the user, app-wide: whether a screen reader
/// runs and how much longer the user needs messages to stay. Inputs of the
/// model, set by the GTK layer (which watches the accessibility bus) or by
/// the app; every ``BannerQueue`` and ``HUDController`` made with this object
/// reads it, and the banner queues re-time their countdowns when it changes.
///
/// Decisions made here, once:
/// - **The multiplier** lengthens every message's time: banner durations and
///   HUD result times. It lies in 1...10 (WCAG 2.2.1 asks for at least ten
///   times the default; more than that outlives the point of a timeout).
/// - **A screen reader running** keeps a banner with an action on screen until
///   it is acted on or dismissed (unless the banner says
///   ``BannerContent/expiresUnderScreenReader``): reading a message out and
///   reaching its button takes longer than seeing it.
@MainActor
public final class AppAttention {
    /// The app's attention inputs, the ones the GTK layer feeds.
    public static let shared = AppAttention()

    /// The largest ``timeoutMultiplier``.
    public static let maximumTimeoutMultiplier = 10.0

    /// Whether a screen reader is running (the GTK layer's detection, or the app's choice).
    public private(set) var screenReaderRunning = false

    /// The factor every message time is multiplied by, 1...``maximumTimeoutMultiplier`` (1).
    public private(set) var timeoutMultiplier = 1.0

    /// Whether banners pause while their window is not active, app-wide (true).
    /// A banner can opt out on its own with ``BannerContent/pausesWhileWindowInactive``.
    public private(set) var pausesWhileWindowInactive = true

    /// How the keyboard reaches banners, as the user's language writes the
    /// chord ("Ctrl+F6"), or nil when there is no such shortcut (nil until the
    /// GTK layer sets it). A banner with an action mentions it once.
    public private(set) var bannerShortcutLabel: String?

    private var observers: [WeakObserver] = []

    private struct WeakObserver {
        weak var queue: BannerQueue?
    }

    /// Separate inputs, for tests and for apps that keep several worlds apart.
    public init() {}

    /// Sets whether a screen reader runs; banners on screen are re-timed.
    public func setScreenReaderRunning(_ running: Bool) {
        guard running != screenReaderRunning else { return }
        screenReaderRunning = running
        notifyObservers()
    }

    /// Sets the multiplier, checked under `source` (the public name the app set it
    /// through): zero, negative and NaN are refused (the multiplier stays),
    /// values below 1 count as 1 and above ``maximumTimeoutMultiplier`` as the
    /// maximum, each with a message. Banners on screen keep the share of their
    /// time they had left.
    public func setTimeoutMultiplier(_ multiplier: Double, source: String) {
        let checked = Self.checkedMultiplier(multiplier, current: timeoutMultiplier, source: source)
        guard checked != timeoutMultiplier else { return }
        timeoutMultiplier = checked
        notifyObservers()
    }

    /// Sets the app-wide window-inactive pause; banners on screen follow at once.
    public func setPausesWhileWindowInactive(_ pauses: Bool) {
        guard pauses != pausesWhileWindowInactive else { return }
        pausesWhileWindowInactive = pauses
        notifyObservers()
    }

    /// Sets how the banner shortcut is written (nil: there is none); the next
    /// banner with an action mentions it.
    public func setBannerShortcutLabel(_ label: String?) {
        bannerShortcutLabel = label.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `seconds` lengthened by the multiplier; infinity stays infinity.
    public func lengthened(_ seconds: Double) -> Double {
        seconds * timeoutMultiplier
    }

    /// `duration` lengthened by the multiplier (exactly `duration` at 1).
    public func lengthened(_ duration: Duration) -> Duration {
        timeoutMultiplier == 1 ? duration : duration * timeoutMultiplier
    }

    func observe(_ queue: BannerQueue) {
        observers.removeAll { $0.queue == nil }
        observers.append(WeakObserver(queue: queue))
    }

    private func notifyObservers() {
        observers.removeAll { $0.queue == nil }
        for observer in observers { observer.queue?.attentionDidChange() }
    }

    private static func checkedMultiplier(_ value: Double, current: Double, source: String) -> Double {
        if value.isNaN || value <= 0 {
            Diagnostics.report(source, "the timeout multiplier must be a positive number, not \(value); "
                + "keeping \(current).")
            return current
        }
        if value < 1 {
            Diagnostics.report(source, "a timeout multiplier of \(value) would shorten messages; using 1.")
            return 1
        }
        if value > maximumTimeoutMultiplier {
            Diagnostics.report(source, "the timeout multiplier \(value) is above \(maximumTimeoutMultiplier); "
                + "using \(maximumTimeoutMultiplier).")
            return maximumTimeoutMultiplier
        }
        return value
    }
}

/// What the desktop says about screen readers; whether one runs is decided
/// here (``isRunning``), from signals the GTK layer reads off the buses.
///
/// No single signal is right everywhere:
/// - `ScreenReaderEnabled` (`org.a11y.Status`) is GNOME's Screen Reader switch,
///   live; at-spi2-core 2.61 removed it.
/// - `IsEnabled` was, until 2.61, the saved setting "toolkit accessibility on":
///   Orca turns it on as it starts, and it stays on after Orca quits (and with
///   the on-screen keyboard), across sessions. Alone it says that a screen
///   reader ran once, not that one runs. From 2.61 (no `ScreenReaderEnabled`)
///   it is live: an assistive technology is listening.
/// - Orca 49 and later own `org.gnome.Orca.Service` while they run.
/// - A hand-started Orca 43 or 48 shows only as its process.
public struct ScreenReaderSignals: Hashable, Sendable {
    /// `ScreenReaderEnabled`, or nil when the bus has no such property (at-spi2-core 2.61+).
    public var screenReaderEnabled: Bool?
    /// `IsEnabled`.
    public var accessibilityEnabled = false
    /// Whether `org.gnome.Orca.Service` has an owner.
    public var screenReaderServiceOwned = false
    /// Whether an Orca process of this user runs.
    public var screenReaderProcessRuns = false

    /// No signal yet: no screen reader.
    public init() {}

    /// Whether a screen reader runs now.
    public var isRunning: Bool {
        if screenReaderServiceOwned || screenReaderEnabled == true { return true }
        guard accessibilityEnabled else { return false }
        // Live from 2.61; before, a saved setting that needs a running reader to mean one.
        return screenReaderEnabled == nil || screenReaderProcessRuns
    }

    /// Whether ``isRunning`` depends on ``screenReaderProcessRuns`` now, so the
    /// GTK layer must keep looking at the processes (a reader started later
    /// changes nothing on the bus).
    public var dependsOnTheProcess: Bool {
        accessibilityEnabled && screenReaderEnabled == false && !screenReaderServiceOwned
    }
}

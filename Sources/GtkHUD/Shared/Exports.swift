import GtkSupport
import HUDCore

// The values of GtkHUD's public API are defined once, in HUDCore (which the
// widgets render too), and named here: `import GtkHUD` brings exactly these,
// not HUDCore's logic types (queues, lifecycles, schedulers).

/// How a HUD looks and moves (see HUDCore's `HUDAppearance`).
public typealias HUDAppearance = HUDCore.HUDAppearance
/// A colour as red, green, blue and alpha in `0...1`, for HUDs and banners.
public typealias HUDColor = HUDCore.HUDColor
/// Where a HUD sits: JGProgressHUD's nine positions.
public typealias HUDPosition = HUDCore.HUDPosition
/// How an awaited hide or dismissal ended.
public typealias HUDDismissOutcome = HUDCore.HUDDismissOutcome
/// Where a picture comes from: an icon name, a file, a GResource, or a paintable (``HUDCore/ImageSource/paintable(_:)``).
public typealias ImageSource = HUDCore.ImageSource
/// The edge a banner drops in from.
public typealias BannerPosition = HUDCore.BannerPosition
/// How much a banner bounces.
public typealias BannerSpringiness = HUDCore.BannerSpringiness
/// How a banner competes for screen space.
public typealias BannerPriority = HUDCore.BannerPriority
/// Where a banner is in its life.
public typealias BannerState = HUDCore.BannerState
/// Why a banner was dismissed.
public typealias BannerDismissReason = HUDCore.BannerDismissReason
/// What showing a banner does when another with its id is up in the window: update it in place (the default), count, replace or ignore.
public typealias BannerIDPolicy = HUDCore.BannerIDPolicy
/// Why a banner could not be made (it would be empty).
public typealias BannerContentError = HUDCore.BannerContentError
/// Where a window's banners sit: below its header bar (the default) or over its top edge.
public typealias BannerPlacement = HUDCore.BannerPlacement
/// Which side of its anchor widget banners stand on (see ``BannerCenter/anchor``).
public typealias BannerAnchorSide = HUDCore.BannerAnchorSide
/// Whether a banner also goes to the desktop's notifications (``NotificationBanner/desktopNotification``).
public typealias DesktopNotificationPolicy = HUDCore.DesktopNotificationPolicy
/// GtkHUD's messages about refused or corrected input; set `Diagnostics.handler` to capture them.
public typealias Diagnostics = HUDCore.Diagnostics

typealias HUDCoreDiagnostics = HUDCore.Diagnostics

// GTK plumbing an app may need, without importing GtkHUD's internal modules.

/// Runs Swift's main actor on GLib's main loop (installed at load time; call
/// `MainActorBridge.install()` yourself only if GtkHUD was loaded off the main thread).
///
/// It watches libdispatch's main-queue file descriptor from GLib and drains
/// the queue when it becomes readable: no timer polls, and jobs run in FIFO
/// order on the GTK thread. `install()` is idempotent. `perform { … }` runs a
/// main-actor closure from any thread: at once on the main thread, else in the
/// calling thread's order.
public typealias MainActorBridge = GtkSupport.MainActorBridge
/// A CSS provider installed on the default display, e.g. `StyleSheet(priority: .application)`.
///
/// `load(_:)` replaces its CSS and returns the parse errors (empty when clean;
/// bad CSS never throws or crashes), `install()` adds it to the default display
/// once GTK has one, `uninstall()` removes it, and so does releasing the
/// sheet. Priorities: `.fallback` (GtkHUD's own defaults), `.theme`,
/// `.application` (your app's CSS) and `.user`.
public typealias StyleSheet = GtkSupport.StyleSheet

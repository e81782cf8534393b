import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// The state behind ``ProgressHUD``: HUDCore's ``SharedHUDController`` (which
/// decides everything) and the view it is drawn by in the current window.
@MainActor
final class SharedHUD {
    static var instance: SharedHUD?
    static var appearance = HUDAppearance()
    /// The settings as the app set them (each checked once, as it is set).
    static var timing = HUDController.Timing()
    /// Where the HUD goes (``ProgressHUD/context``), kept without keeping its widget alive.
    static var context = StoredPresentationContext(.automatic)
    static var customWidget: GtkObjectContent?
    static let hub = HUDEventHub()
    /// Where `ProgressHUD.setProgress` posts, from any thread. It outlives each
    /// controller (the first value creates the HUD); the current controller
    /// decides what of it is applied, and keeps its gate (closed from a result,
    /// a dismissal or the window's end to the next show of work).
    nonisolated static let postedProgress = PostedProgress()

    let controller: SharedHUDController
    private(set) var view: HUDBezelPresenter?

    private init() {
        controller = SharedHUDController(scheduler: GLibScheduler.shared, announcementClock: HUDBezelPresenter.announcementClock,
                                         postedProgress: SharedHUD.postedProgress)
        controller.sourcePrefix = SharedHUD.publicName
        controller.core.timing = SharedHUD.timing
        _ = controller.lifecycle.addObserver { [weak self] event in
            SharedHUD.hub.send(event, status: self?.controller.content.status)
        }
    }

    /// The name messages about a call go under: `ProgressHUD`, or
    /// `ProgressHUD.fromAnyThread` while such a call runs (``reporting(as:_:)``).
    private(set) static var publicName = "ProgressHUD"

    /// Runs `body` (a ``ProgressHUD`` call) with its messages under `name`.
    static func reporting(as name: String, _ body: () -> Void) {
        let previous = publicName
        publicName = name
        instance?.controller.sourcePrefix = name
        defer {
            publicName = previous
            instance?.controller.sourcePrefix = previous
        }
        body()
    }

    /// The shared HUD, attached to the current host's overlay; nil (with a
    /// clear message) before GTK is initialised or when there is no window.
    static func prepare(caller: String = #function) -> SharedHUD? {
        let caller = "\(publicName).\(caller)"
        instance?.controller.sourcePrefix = publicName
        guard GtkHUDRuntime.prepare(caller: caller) else { return nil }
        // A destroyed window the app still holds would take an overlay and a HUD nobody sees.
        if let host = context.widget, WindowLiveness.destroyedWindow(of: host) != nil {
            Diagnostics.report(caller, "ProgressHUD.context is in a destroyed window (gtk_window_destroy); "
                + "set another context or .automatic. Nothing was shown.")
            return nil
        }
        let shared = instance ?? SharedHUD()
        instance = shared
        // A routed context (.automatic, an app's active window) keeps a run in its window (HUDCore decides).
        guard shared.controller.placement(for: context.placement, placeIsShown: shared.isPlaceShown) == .resolve else {
            shared.controller.core.animationsEnabled = GtkEnvironment.animationsEnabled(for: shared.view?.maskWidgetPointer)
            return shared
        }
        let overlay: HUDOverlayWidget
        do {
            // A context whose widget is gone counts as automatic, as a host set to nil.
            guard let resolved = try OverlayHost.resolve(context.context ?? .automatic) else { return nil }
            overlay = resolved
        } catch {
            Diagnostics.report(caller, "\(error.description) Nothing was shown.")
            return nil
        }
        shared.attach(to: HUDOverlay.facade(of: overlay.widget))
        shared.controller.core.animationsEnabled = GtkEnvironment.animationsEnabled(for: shared.view?.maskWidgetPointer)
        return shared
    }

    /// Applies posted progress once per frame, paced by the current overlay
    /// (at once while there is no shared HUD yet: the first value shows it).
    static let progressDelivery = FramePacedProgress(
        pacer: { instance?.view?.overlay.withObject { $0.asWidget } },
        deliver: { applyPostedProgress() })

    /// Whether a value is wanted is the core's decision; this only finds (or makes) the HUD.
    private static func applyPostedProgress() {
        if let instance {
            instance.controller.applyPostedProgress()
        } else if postedProgress.isOpen, let shared = prepare(caller: "setProgress(_:)") {
            shared.controller.applyPostedProgress()
        }
    }

    /// Draws the HUD in `overlay`: a new view when the overlay changed, handed
    /// to the controller, which moves the HUD as it is (activities, timers, content).
    private func attach(to overlay: HUDOverlay) {
        if let view, view.overlay.withObject({ $0 }) == overlay.pointer.raw { return }
        let created = HUDBezelPresenter(overlay: overlay)
        created.appearance = SharedHUD.appearance
        created.onTouchInside = { SharedHUD.hub.send(.touchInside) }
        created.onTouchOutside = { SharedHUD.hub.send(.touchOutside) }
        let old = view
        view = created
        controller.attach(created)
        old?.tearDown()
        // The overlay's host ends the HUD with the overlay (see hostDestroyed(_:)).
        let host = OverlayHost.of(overlay.implementation)
        host.sharedHUD = self
        currentHost = host
    }

    /// Whether the overlay the HUD is drawn in is there and mapped (its window not hidden).
    private var isPlaceShown: Bool {
        view?.overlay.withObject { gtk_widget_get_mapped($0.asWidget) != 0 } ?? false
    }

    /// The host of the overlay the HUD is drawn in now.
    private weak var currentHost: OverlayHost?

    /// An overlay the HUD was on went: if the HUD is still there, the core ends
    /// it and refuses late progress; a HUD that moved on is not touched.
    func hostDestroyed(_ host: OverlayHost) {
        guard host === currentHost else { return }
        controller.hostDestroyed()
        view = nil
    }

    /// Sets one timing setting from ``ProgressHUD`` (checked once, as it is set) and applies it.
    static func setTiming(_ setting: WritableKeyPath<HUDController.Timing, Double>, _ value: Double, name: String) {
        timing = timing.corrected(setting, value, source: "ProgressHUD.\(name)")
        instance?.controller.core.timing = timing
    }
}

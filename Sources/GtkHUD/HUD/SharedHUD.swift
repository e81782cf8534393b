import CGtk
import GtkSupport
import HUDCore
import HUDWidgets
import Synchronization

/// The state behind ``ProgressHUD``.
@MainActor
final class SharedHUD {
    struct Timing { var grace = 0.0, minimumDismiss = 5.0, maximumDismiss = Double.infinity, fadeIn = 0.15, fadeOut = 0.15 }

    static var instance: SharedHUD?
    static var appearance = HUDAppearance()
    static var timing = Timing()
    static var hostWidget: WeakObjectRef?
    static var customWidget: GtkObjectContent?
    static let hub = HUDEventHub()
    nonisolated static let mailbox = ProgressMailbox()
    /// False from a dismissal to the next explicit show: progress posted then is late.
    nonisolated static let acceptsProgress = Atomic<Bool>(true)

    /// Drops progress posted from now on, and any not yet taken.
    static func dropLateProgress() {
        acceptsProgress.store(false, ordering: .releasing)
        _ = mailbox.take()
    }

    let controller: SharedHUDController
    private(set) var view: HUDBezelPresenter?
    private var overlayWatch: WeakObjectRef?
    /// The dispose handler on the current overlay, removed when the HUD moves
    /// to another overlay or is reset (the overlay outlives it).
    private var disposeRegistration: (overlay: WeakObjectRef, id: Int)?

    isolated deinit {
        removeDisposeHandler()
    }

    private func removeDisposeHandler() {
        guard let registration = disposeRegistration else { return }
        disposeRegistration = nil
        registration.overlay.withObject { HUDOverlayWidget.of($0.asWidget)?.removeDisposeHandler(registration.id) }
    }

    private init() {
        controller = SharedHUDController(scheduler: GLibScheduler.shared)
        _ = controller.lifecycle.addObserver { [weak self] event in
            SharedHUD.hub.send(event, status: self?.controller.content.status)
        }
    }

    /// The shared HUD, attached to the current host's overlay; nil (with a
    /// clear message) before GTK is initialised or when there is no window.
    static func prepare(caller: String = #function) -> SharedHUD? {
        guard GtkHUDRuntime.prepare(caller: "ProgressHUD.\(caller)") else { return nil }
        acceptsProgress.store(true, ordering: .releasing) // an explicit show: progress counts again
        // A destroyed window the app still holds would take an overlay and a HUD nobody sees.
        if let host = hostWidget?.withObject({ $0.asWidget }), WindowLiveness.destroyedWindow(of: host) != nil {
            Diagnostics.report("ProgressHUD.\(caller)", "ProgressHUD.host is in a destroyed window (gtk_window_destroy); set another host or nil. Nothing was shown.")
            return nil
        }
        let shared = instance ?? SharedHUD()
        instance = shared
        guard let overlay = shared.resolveOverlay() else {
            Diagnostics.report("ProgressHUD.\(caller)", "there is no window to show the HUD in; present a window first or set ProgressHUD.host.")
            return nil
        }
        shared.attach(to: overlay)
        shared.applyTiming()
        return shared
    }

    /// Applies posted progress once per frame, paced by the current overlay
    /// (at once while there is no shared HUD yet: the first value shows it).
    static let progressDelivery = FramePacedProgress(
        mailbox: mailbox,
        pacer: { instance?.view?.overlay.withObject { $0.asWidget } },
        apply: { applyProgress($0) })

    private static func applyProgress(_ value: Double) {
        // Posted just before a dismissal, taken just after: still late.
        guard acceptsProgress.load(ordering: .acquiring), let shared = instance ?? prepare() else { return }
        if case .progress = shared.controller.content.indicator, shared.controller.isVisible {
            _ = shared.controller.updateProgress(value)
        } else {
            shared.controller.showProgress(value, status: shared.controller.content.status)
        }
    }

    private func resolveOverlay() -> HUDOverlay? {
        let hostWidget = SharedHUD.hostWidget?.withObject { $0.asWidget } ?? HUDOverlay.frontWindow()
        return hostWidget.flatMap { HUDOverlay.host(for: $0) }
    }

    private func attach(to overlay: HUDOverlay) {
        if let view, view.overlay.withObject({ $0 }) == overlay.pointer.raw { return }
        if view != nil {
            controller.cancelAll()
            view?.tearDown()
        }
        let created = HUDBezelPresenter(overlay: overlay)
        created.appearance = SharedHUD.appearance
        created.onTouchInside = { SharedHUD.hub.send(.touchInside) }
        created.onTouchOutside = { SharedHUD.hub.send(.touchOutside) }
        created.display(controller.content)
        view = created
        controller.lifecycle.presenter = created
        removeDisposeHandler()
        let id = overlay.implementation.addDisposeHandler { [weak self, weak created] in
            guard let self, let created, self.view === created else { return }
            self.disposeRegistration = nil
            // The host window is going away: finish at once, run completions, pair events.
            self.controller.cancelAll()
            self.view = nil
        }
        disposeRegistration = (WeakObjectRef(overlay.pointer.raw), id)
    }

    /// Sets one timing setting from ``ProgressHUD`` (checked once, as it is set) and applies it.
    static func setTiming(_ setting: WritableKeyPath<Timing, Double>, _ value: Double, range: ClosedRange<Double>,
                          name: String, allowsInfinity: Bool = false) {
        timing[keyPath: setting] = HUDInput.setting(value, current: timing[keyPath: setting], range: range,
                                                    source: "ProgressHUD.\(name)", allowsInfinity: allowsInfinity)
        instance?.applyTiming()
    }

    func applyTiming() {
        let animations = view.map { GtkEnvironment.animationsEnabled(for: $0.maskWidgetPointer) } ?? GtkEnvironment.animationsEnabled(for: nil)
        let timing = SharedHUD.timing
        controller.graceTime = timing.grace
        controller.minimumDismissTime = timing.minimumDismiss
        controller.maximumDismissTime = timing.maximumDismiss
        controller.fadeInDuration = animations ? timing.fadeIn : 0
        controller.fadeOutDuration = animations ? timing.fadeOut : 0
    }
}

import CGtk
import GtkSupport
import HUDCore

/// The calls code that is not on the main actor makes (issue #27): a worker
/// thread, a C library's callback, a nonisolated view model, a framework's
/// closure. Each hops to the main actor as SVProgressHUD's calls dispatch to
/// the main queue, and resolves its window when it runs there.
@MainActor
enum AnyThreadCall {
    /// Runs `body` on the main actor (at once on the main thread, else in the
    /// calling thread's order); a call made before GTK is initialised is
    /// dropped, and said once under `caller` on the main thread.
    nonisolated static func perform(_ caller: String, _ body: @escaping @MainActor @Sendable () -> Void) {
        performCall(caller, body)
    }

    /// ``perform(_:_:)`` for a ``ProgressHUD`` call, its messages under `ProgressHUD.fromAnyThread`.
    nonisolated static func sharedHUD(_ caller: String, _ body: @escaping @MainActor @Sendable () -> Void) {
        performCall("ProgressHUD.fromAnyThread.\(caller)") { SharedHUD.reporting(as: "ProgressHUD.fromAnyThread", body) }
    }

    private nonisolated static func performCall(_ caller: String, _ body: @escaping @MainActor @Sendable () -> Void) {
        guard GtkHUDRuntime.isGtkInitialized else {
            MainActorBridge.perform { GtkHUDRuntime.reportCalledBeforeInitialization(caller) }
            return
        }
        MainActorBridge.perform(body)
    }
}

extension ProgressHUD {
    /// The shared HUD's calls for code that is not on the main actor:
    /// `ProgressHUD.fromAnyThread.showSuccess(status: "Saved")`.
    ///
    /// Each call does what the main-actor call of the same name does, on the
    /// main actor: at once when made on the main thread (GTK's), else in the
    /// next turns of the main loop. Calls one thread makes run in the order it
    /// made them; calls from two threads are ordered only by the app. The
    /// window is resolved when the call runs (``context``, through
    /// ``PresentationContext/router`` by default). A call made before GTK is
    /// initialised shows nothing, and says so once, under its name, when the
    /// main loop runs. ``setProgress(_:)`` is callable from any thread as it is.
    public nonisolated static var fromAnyThread: AnyThread { AnyThread() }

    /// See ``ProgressHUD/fromAnyThread``.
    public struct AnyThread: Sendable {
        /// ``ProgressHUD/show(status:)``.
        public func show(status: String? = nil) {
            AnyThreadCall.sharedHUD("show(status:)") { ProgressHUD.show(status: status) }
        }
        /// ``ProgressHUD/showProgress(_:status:)``.
        public func showProgress(_ progress: Double, status: String? = nil) {
            AnyThreadCall.sharedHUD("showProgress(_:status:)") {
                ProgressHUD.showProgress(progress, status: status)
            }
        }
        /// ``ProgressHUD/setStatus(_:)``.
        public func setStatus(_ status: String?) {
            AnyThreadCall.sharedHUD("setStatus(_:)") { ProgressHUD.setStatus(status) }
        }
        /// ``ProgressHUD/showSuccess(status:)``.
        public func showSuccess(status: String? = nil) {
            AnyThreadCall.sharedHUD("showSuccess(status:)") { ProgressHUD.showSuccess(status: status) }
        }
        /// ``ProgressHUD/showError(status:)``.
        public func showError(status: String? = nil) {
            AnyThreadCall.sharedHUD("showError(status:)") { ProgressHUD.showError(status: status) }
        }
        /// ``ProgressHUD/showInfo(status:)``.
        public func showInfo(status: String? = nil) {
            AnyThreadCall.sharedHUD("showInfo(status:)") { ProgressHUD.showInfo(status: status) }
        }
        /// ``ProgressHUD/dismiss(withDelay:completion:)`` (no completion: await
        /// ``ProgressHUD/dismissAndWait(withDelay:)`` to know when it has gone).
        public func dismiss(withDelay delay: Double = 0) {
            AnyThreadCall.sharedHUD("dismiss(withDelay:)") { ProgressHUD.dismiss(withDelay: delay) }
        }
        /// ``ProgressHUD/popActivity()``.
        public func popActivity() {
            AnyThreadCall.sharedHUD("popActivity()") { ProgressHUD.popActivity() }
        }
        /// ``ProgressHUD/setProgress(_:)`` itself (it needs no hop: the value
        /// waits in a mailbox for the next frame). A value posted before a
        /// call of this type has run is dropped by it, as by any main-actor
        /// change (<doc:ThreadsAndConcurrency>); the next value shows.
        public func setProgress(_ progress: Double) { ProgressHUD.setProgress(progress) }
    }
}

extension NotificationBanner {
    /// Banner calls for code that is not on the main actor:
    /// `NotificationBanner.fromAnyThread.show(title: "Synced", duration: 3)`.
    /// Ordering, the moment the window is resolved and calls before GTK is
    /// initialised are as for ``ProgressHUD/fromAnyThread``.
    public nonisolated static var fromAnyThread: AnyThread { AnyThread() }

    /// See ``NotificationBanner/fromAnyThread``.
    public struct AnyThread: Sendable {
        /// Shows a banner with these values where ``PresentationContext/router``
        /// points when the call runs (the front window by default; set
        /// `PresentationContext.router = .activeWindow(of: app)` once for an
        /// app's active window), or in the application's window named
        /// `windowName` (``PresentationContext/window(named:of:)``).
        /// `id` and `duration` as ``NotificationBanner/id`` and
        /// ``NotificationBanner/show(in:duration:)``; nothing to show is
        /// refused with a message, as for a banner made on the main actor.
        public func show(title: String?, subtitle: String? = nil, id: String? = nil, inWindowNamed windowName: String? = nil,
                         duration: Double? = nil) {
            let source = "NotificationBanner.fromAnyThread.show(title:subtitle:id:inWindowNamed:duration:)"
            AnyThreadCall.perform(source) {
                guard BannerContent.validate(title: title, subtitle: subtitle, image: nil, source: source),
                      let banner = try? NotificationBanner(title: title, subtitle: subtitle, id: id) else { return }
                banner.show(in: windowName.map { .window(named: $0) } ?? .automatic, duration: duration, source: source)
            }
        }
    }
}

extension BannerCenter {
    /// ``BannerCenter/broadcast(title:subtitle:image:id:to:duration:)`` for
    /// code that is not on the main actor, in the running application
    /// (`g_application_get_default()`) when the call runs:
    /// `BannerCenter.fromAnyThread.broadcast(title: "You are offline")`.
    /// Ordering and calls before GTK is initialised as for ``ProgressHUD/fromAnyThread``.
    public nonisolated static var fromAnyThread: AnyThread { AnyThread() }

    /// See ``BannerCenter/fromAnyThread``.
    public struct AnyThread: Sendable {
        /// One banner with these values in every shown window of the running application.
        public func broadcast(title: String?, subtitle: String? = nil, id: String? = nil, duration: Double? = nil) {
            let source = "BannerCenter.fromAnyThread.broadcast(title:subtitle:id:duration:)"
            AnyThreadCall.perform(source) {
                guard BannerContent.validate(title: title, subtitle: subtitle, image: nil, source: source) else { return }
                _ = try? BannerCenter.broadcast(to: ApplicationTarget(nil), duration: duration, source: source) { _ in
                    try NotificationBanner(title: title, subtitle: subtitle, id: id)
                }
            }
        }
    }
}

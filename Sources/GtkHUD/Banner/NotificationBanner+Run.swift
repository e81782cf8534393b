import CGtk
import GtkSupport
import HUDCore

/// Running work under a banner (a task banner): a spinner or a progress bar
/// while it runs, then its outcome in the same banner (Sonner's
/// `toast.promise`, with `HUD.run`'s timing).
extension NotificationBanner {
    /// Runs `work` under a banner in the window of `widget`: shown only if the
    /// work outlasts `graceTime`, with a spinner (or a bar once the work
    /// reports progress) and a Cancel button; when the work ends, the same
    /// banner says how it went, and is announced once.
    ///
    /// ```swift
    /// let photos = try await NotificationBanner.run("Uploading 3 photos…", on: window,
    ///                                               successTitle: "Uploaded") { progress in
    ///     try await upload(reporting: { progress.report($0) })
    /// }
    /// print("uploaded \(photos.count) photos")
    /// ```
    ///
    /// - Parameters:
    ///   - title: what the work is ("Uploading…"); also the accessible name. A
    ///     blank title is refused with a message (the work then runs without a banner).
    ///   - subtitle: detail under the title while the work runs (nil).
    ///   - widget: any widget in the window, the window, or a ``HUDOverlay``;
    ///     nil (the default) picks the front window. Without a window the work
    ///     runs without a banner, with a message.
    ///   - id: the banner's id (nil); see ``id``. A task banner meets another
    ///     with its id by replacing it (``/HUDCore/BannerIDPolicy/replace``).
    ///   - successTitle: the title on success; nil says "Done" (`HUDStrings.done`).
    ///   - graceTime: seconds before anything shows (0.5): quick work shows nothing.
    ///   - minimumShowTime: seconds the working banner stays at least once shown (0.5), so it never flashes.
    ///   - resultDuration: seconds the outcome shows (3), lengthened and paused
    ///     as any banner's timeout is (``GtkHUDAttention``); nil, zero or
    ///     infinity keep it until dismissed. The working banner never times out.
    ///   - cancelTitle: the button that cancels the work (`HUDStrings.cancel`,
    ///     "Cancel" in the user's language); nil for none. Cancelling is
    ///     cooperative: the work's task is cancelled, the banner at once says
    ///     "Cancelled", and whatever the work then returns or throws is passed
    ///     to you but no longer shown.
    ///   - retry: when given, a failure's banner has a Retry button
    ///     (`HUDStrings.retry`) that dismisses it and calls `retry` once (nil).
    ///   - work: the work; it gets a ``BannerTaskProgress`` to report how far it is, from any thread.
    /// - Returns: what `work` returned. Its error is rethrown (a failure shows
    ///   the error's description, see ``HUD/failureText(for:)``).
    ///
    /// A banner dismissed while the work runs (swipe, Escape, the window
    /// closed) ends; the work goes on, and its outcome is not shown.
    public static func run<Value: Sendable>(
        _ title: String, subtitle: String? = nil, on widget: (any GtkWidgetConvertible)? = nil, id: String? = nil,
        successTitle: String? = nil, graceTime: Double = 0.5, minimumShowTime: Double = 0.5,
        resultDuration: Double? = 3, cancelTitle: String? = HUDStrings.current.cancel,
        retry: (@MainActor () -> Void)? = nil,
        _ work: @escaping @Sendable (BannerTaskProgress) async throws -> Value
    ) async throws -> Value {
        try await run(title, subtitle: subtitle, in: widget.map { .widget($0) } ?? .automatic, id: id,
                      successTitle: successTitle, graceTime: graceTime, minimumShowTime: minimumShowTime,
                      resultDuration: resultDuration, cancelTitle: cancelTitle, retry: retry, source: runSource, work)
    }

    /// Runs `work` under a banner in `context` (a window, an overlay, the
    /// nearest ``HUDOverlay`` around a widget, or
    /// ``PresentationContext/automatic``); everything else as
    /// ``run(_:subtitle:on:id:successTitle:graceTime:minimumShowTime:resultDuration:cancelTitle:retry:_:)``.
    public static func run<Value: Sendable>(
        _ title: String, subtitle: String? = nil, in context: PresentationContext, id: String? = nil,
        successTitle: String? = nil, graceTime: Double = 0.5, minimumShowTime: Double = 0.5,
        resultDuration: Double? = 3, cancelTitle: String? = HUDStrings.current.cancel,
        retry: (@MainActor () -> Void)? = nil,
        _ work: @escaping @Sendable (BannerTaskProgress) async throws -> Value
    ) async throws -> Value {
        try await run(title, subtitle: subtitle, in: context, id: id, successTitle: successTitle, graceTime: graceTime,
                      minimumShowTime: minimumShowTime, resultDuration: resultDuration, cancelTitle: cancelTitle,
                      retry: retry, source: runInSource, work)
    }

    private static func run<Value: Sendable>(
        _ title: String, subtitle: String?, in context: PresentationContext, id: String?, successTitle: String?,
        graceTime: Double, minimumShowTime: Double, resultDuration: Double?, cancelTitle: String?,
        retry: (@MainActor () -> Void)?, source: String,
        _ work: @escaping @Sendable (BannerTaskProgress) async throws -> Value
    ) async throws -> Value {
        guard let (banner, center) = makeTaskBanner(title, subtitle: subtitle, in: context, id: id, source: source) else {
            return try await work(BannerTaskProgress(posted: PostedProgress(), schedule: nil))
        }
        var configuration = BannerTask.Configuration()
        configuration.graceTime = seconds(graceTime, default: 0.5, source: source, name: "graceTime")
        configuration.minimumShowTime = seconds(minimumShowTime, default: 0.5, source: source, name: "minimumShowTime")
        configuration.resultDuration = resultDuration
        configuration.successTitle = successTitle
        configuration.cancelTitle = cancelTitle
        let task = BannerTask(banner: banner.core, scheduler: GLibScheduler.shared, configuration: configuration,
                              source: source) { [weak center] _ in
            guard let center else { return false }
            center.show(banner, duration: nil, source: source)
            return banner.core.state == .showing || banner.core.state == .queued
        }
        task.onRetry = retry
        let delivery = FramePacedProgress(pacer: { [weak banner] in banner?.bannerWidget?.widget },
                                          deliver: { [weak task] in task?.applyPostedProgress() })
        // The facade keeps its run: a Retry pressed after `run` returned still finds it.
        banner.taskRun = (task, delivery)
        let progress = BannerTaskProgress(posted: task.postedProgress) { [weak delivery] in delivery?.schedule() }
        let running = Task { try await work(progress) }
        task.start { running.cancel() }
        do {
            let value = try await withTaskCancellationHandler {
                try await running.value
            } onCancel: { running.cancel() }
            task.finish(.success)
            return value
        } catch {
            task.finish(error is CancellationError ? .cancelled : .failure(HUD.failureText(for: error)))
            throw error
        }
    }

    static let runSource = "NotificationBanner.run(_:subtitle:on:id:successTitle:graceTime:minimumShowTime:"
        + "resultDuration:cancelTitle:retry:_:)"
    static let runInSource = "NotificationBanner.run(_:subtitle:in:id:successTitle:graceTime:minimumShowTime:"
        + "resultDuration:cancelTitle:retry:_:)"

    /// The banner and the window's center for a run, or nil (reported) when there is none to show it in.
    private static func makeTaskBanner(_ title: String, subtitle: String?, in context: PresentationContext,
                                       id: String?, source: String) -> (NotificationBanner, BannerCenter)? {
        guard GtkHUDRuntime.prepare(caller: source) else { return nil }
        if title.allSatisfy(\.isWhitespace) {
            HUDCoreDiagnostics.report(source, "a task banner needs a title that is not blank; the work runs without a banner.")
            return nil
        }
        let consequence = "The work runs without a banner."
        guard let overlay = overlay(for: context, source: source, consequence: consequence) else { return nil }
        guard let center = BannerCenter.center(of: overlay),
              let banner = try? NotificationBanner(title: title, subtitle: subtitle, id: id) else {
            HUDCoreDiagnostics.report(source, "the overlay was destroyed; \(consequence.lowercased())")
            return nil
        }
        return (banner, center)
    }

    /// A time setting in seconds as a duration: NaN or infinity keeps the default, out of range is clamped (reported).
    private static func seconds(_ value: Double, default fallback: Double, source: String, name: String) -> Duration {
        let checked = HUDValues.setting(value, current: fallback, range: 0...3600, source: source, name: name)
        return .milliseconds(Int64((checked * 1000).rounded()))
    }
}

/// How a task banner's work reports how far it is (``NotificationBanner/run(_:subtitle:on:id:successTitle:graceTime:minimumShowTime:resultDuration:cancelTitle:retry:_:)``).
///
/// Call ``report(_:)`` from any thread, at any rate: the banner takes the
/// newest value once per frame, as `HUD.setProgress(_:)` does. The first
/// report turns the spinner into a bar; values are clamped to `0...1`, and NaN
/// or infinity show the spinner again. Reports after the work ended (or was
/// cancelled) are dropped.
public final class BannerTaskProgress: Sendable {
    private let posted: PostedProgress
    private let schedule: (@MainActor @Sendable () -> Void)?

    init(posted: PostedProgress, schedule: (@MainActor @Sendable () -> Void)?) {
        self.posted = posted
        self.schedule = schedule
    }

    /// Reports the fraction done, `0...1`, from any thread.
    public func report(_ fraction: Double) {
        guard let schedule, posted.post(fraction) else { return }
        MainQueue.async { schedule() }
    }
}

import CGtk
import HUDCore

/// Running work under a HUD: shown only if the work outlasts the grace time,
/// ending on a success or error image (MBProgressHUD's `showAnimated:whileExecutingBlock:`, async).
extension HUD {
    /// Runs `work` with this HUD: shown only if the work outlasts ``graceTime``,
    /// kept for ``minimumShowTime``, ending on a success or error image for
    /// `resultDuration` seconds (1). Errors are rethrown. With `cancelTitle`
    /// (`HUDStrings.cancel`, "Cancel" in the user's language; nil for no
    /// button), a button (and Escape) cancels the task, which ends on an info
    /// image labelled `HUDStrings.cancelled`. `successLabel` (nil) replaces
    /// the label on the success image.
    public func run<Value: Sendable>(
        successLabel: String? = nil, cancelTitle: String? = HUDStrings.current.cancel, resultDuration: Double = 1,
        _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let task = Task { try await work() }
        let (token, working) = runs.begin(showing: HUDRunLedger.Working(mode: mode, label: label), cancel: { task.cancel() })
        // The button (and Escape) cancels every run still working on this HUD.
        let cancelAll: @MainActor () -> Void = { [weak self] in
            task.cancel()
            self?.cancelRuns()
        }
        // The app's own work, never an outcome (HUDCore's HUDRunLedger decides).
        if let working { showRunState(mode: working.mode, label: working.label) }
        if let cancelTitle { setButton(cancelTitle, action: cancelAll) }
        show()
        do {
            let value = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: { task.cancel() }
            finish(token, mode: .success, label: successLabel, resultDuration: resultDuration)
            return value
        } catch {
            finish(token, mode: error is CancellationError ? .info : .error,
                   label: error is CancellationError ? HUDStrings.current.cancelled : Self.failureText(for: error),
                   resultDuration: resultDuration)
            throw error
        }
    }

    /// What ``run(successLabel:cancelTitle:resultDuration:_:)`` shows for a
    /// failure: the error's `LocalizedError.errorDescription` when it has one
    /// (with the `FoundationInterop` trait, on by default), else `HUDStrings.failed`
    /// ("Failed" in the user's language). A
    /// type name such as `ImportError(code: 7)` means nothing to the person
    /// using the app; the error itself is rethrown to your code.
    public static func failureText(for error: any Error) -> String {
        if let described = errorDescription(of: error), !described.allSatisfy(\.isWhitespace) {
            return described
        }
        return HUDStrings.current.failed
    }

    /// Runs `work` under a new HUD on `host` with a status label; see ``run(successLabel:cancelTitle:resultDuration:_:)``.
    ///
    /// With `notifiesWhenUnattended` (false), the result also goes to the
    /// desktop when the work ends while the user is in another window (see ``notifiesWhenUnattended``).
    ///
    /// Defaults: `graceTime` 0.5 s (quick work shows nothing), `minimumShowTime`
    /// 0.5 s (no flash), `cancelTitle` `HUDStrings.cancel`. When no HUD can be made on
    /// `host` (not in a window yet, …) the work still runs, without a HUD.
    public static func run<Value: Sendable>(
        on host: some GtkWidgetConvertible, label: String? = nil, graceTime: Double = 0.5,
        minimumShowTime: Double = 0.5, successLabel: String? = nil, cancelTitle: String? = HUDStrings.current.cancel,
        notifiesWhenUnattended: Bool = false,
        _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await run(hud: try? HUD(on: host), label: label, graceTime: graceTime, minimumShowTime: minimumShowTime,
                      successLabel: successLabel, cancelTitle: cancelTitle, notifiesWhenUnattended: notifiesWhenUnattended, work)
    }

    /// Runs `work` under a new HUD in `context` (a window, an overlay, the
    /// nearest ``HUDOverlay`` around a widget, or
    /// ``PresentationContext/automatic``); everything else as
    /// ``run(on:label:graceTime:minimumShowTime:successLabel:cancelTitle:notifiesWhenUnattended:_:)``.
    public static func run<Value: Sendable>(
        in context: PresentationContext, label: String? = nil, graceTime: Double = 0.5,
        minimumShowTime: Double = 0.5, successLabel: String? = nil, cancelTitle: String? = HUDStrings.current.cancel,
        notifiesWhenUnattended: Bool = false,
        _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await run(hud: try? HUD(in: context), label: label, graceTime: graceTime, minimumShowTime: minimumShowTime,
                      successLabel: successLabel, cancelTitle: cancelTitle, notifiesWhenUnattended: notifiesWhenUnattended, work)
    }

    private static func run<Value: Sendable>(
        hud: HUD?, label: String?, graceTime: Double, minimumShowTime: Double, successLabel: String?,
        cancelTitle: String?, notifiesWhenUnattended: Bool, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard let hud else { return try await work() }
        hud.notifiesWhenUnattended = notifiesWhenUnattended
        hud.label = label
        hud.graceTime = graceTime
        hud.minimumShowTime = minimumShowTime
        return try await hud.run(successLabel: successLabel, cancelTitle: cancelTitle, work)
    }

    /// A run ended: only the last one still working shows its result (an
    /// earlier one ends quietly; its caller has its value or error).
    func finish(_ token: HUDRunLedger.Token, mode: Mode, label: String?, resultDuration: Double) {
        guard runs.end(token) else { return }
        // Whether the desktop hears of it, and what this replaces, is HUDCore's decision (HUDRunNotices).
        if let host {
            runNoticeSource = runNoticeSource ?? host.runNotices.makeSource()
            host.runEnded(by: runNoticeSource!, outcome: mode, working: self.label, result: label,
                          notifiesWhenUnattended: notifiesWhenUnattended)
        }
        if lifecycle.phase == .gracePending || !lifecycle.isVisible {
            setButton(nil)
            hide(animated: false)
            return
        }
        // The button goes with the working state, in one change: a screen reader
        // hears the outcome, never the outcome's mark with the working label.
        showRunState(mode: mode, label: label ?? self.label, removingButton: true)
        hide(afterDelay: resultDuration)
    }

    /// Cancels every run still working on this HUD (its button, or Escape).
    private func cancelRuns() {
        runs.cancelAll()
    }

    private func showRunState(mode: Mode, label: String?, removingButton: Bool = false) {
        isShowingRunState = true
        self.mode = mode
        self.label = label
        if removingButton { setButton(nil) }
        isShowingRunState = false
        refresh()
    }
}

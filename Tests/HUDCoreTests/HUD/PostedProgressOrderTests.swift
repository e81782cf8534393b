import Testing
@testable import HUDCore

/// Issue #29's ordering rule, decided in HUDController for every front end: a
/// value posted from a thread before a main-actor change is never applied after
/// it. Each test posts, makes the change in the same main-loop turn, then lets
/// the next frame deliver (`applyPostedProgress`), on virtual time.
@MainActor
@Suite struct PostedProgressOrderTests {
    private let scheduler = ManualScheduler()

    /// An instance HUD's road: the front end applies the value to its own
    /// `progress` (here a variable), and sets content from it.
    @MainActor private final class InstanceFrontEnd {
        let controller: HUDController
        var progress = 0.0
        var label: String?

        init(scheduler: ManualScheduler) {
            controller = HUDController(scheduler: scheduler)
            controller.attach(HUDRecordingPresenter(scheduler: scheduler))
        }

        var content: HUDContent { HUDContent(status: label, indicator: .progress(progress)) }
        func setProgress(_ value: Double) { controller.postedProgress.post(value) }
        func set(progress value: Double) { progress = value; controller.setContent(content) }
        func set(label value: String) { label = value; controller.setContent(content) }
        func show() { controller.present(content) }
        func hide() { controller.dismiss(animated: false) }
        /// The next frame.
        @discardableResult
        func deliver() -> Bool {
            controller.applyPostedProgress { value in self.set(progress: value) }
        }
    }

    /// The plain form: `hud.setProgress(0.9); hud.progress = 0.1` leaves 0.1.
    @Test func theMainActorsLaterValueWins() {
        let hud = InstanceFrontEnd(scheduler: scheduler)
        hud.show()
        hud.setProgress(0.9)
        hud.set(progress: 0.1)
        #expect(!hud.deliver(), "the 0.9 posted before was applied after")
        #expect(hud.progress == 0.1)
        #expect(hud.controller.content.indicator == .progress(0.1))
    }

    /// Also when the main actor sets the value the HUD already shows (the content does not change).
    @Test func anUnchangedValueStillSupersedes() {
        let hud = InstanceFrontEnd(scheduler: scheduler)
        hud.show()
        hud.setProgress(0.9)
        hud.set(progress: 0)
        #expect(!hud.deliver())
        #expect(hud.controller.content.indicator == .progress(0))
    }

    /// The story: the worker's last value, then the next file in the same turn.
    @Test func theWorkersLastValueDoesNotLandOnTheNextTask() {
        let hud = InstanceFrontEnd(scheduler: scheduler)
        hud.set(label: "Copying file 1")
        hud.show()
        scheduler.advance(to: .seconds(1))
        hud.setProgress(1.0)
        hud.hide()
        hud.set(label: "Copying file 2")
        hud.set(progress: 0)
        hud.show()
        scheduler.advance(by: .milliseconds(16))
        hud.deliver()
        #expect(hud.controller.content == HUDContent(status: "Copying file 2", indicator: .progress(0)),
                "one frame later the new task's ring shows \(hud.controller.content.indicator)")
    }

    /// Every main-actor change drops what waits, on the shared HUD too.
    @Test(arguments: ["present", "setContent", "dismiss", "showResult", "cancelAll", "hostDestroyed"])
    func eachMainActorChangeDropsWhatWaits(change: String) {
        let hud = SharedHUDController(scheduler: scheduler)
        hud.attach(HUDRecordingPresenter(scheduler: scheduler))
        hud.showProgress(0.2, status: "Working")
        hud.core.postedProgress.post(0.8)
        switch change {
        case "present": hud.showProgress(0.3, status: "Next")
        case "setContent": hud.setStatus("Step 2")
        case "dismiss": hud.dismiss()
        case "showResult": hud.showSuccess(status: "Done")
        case "cancelAll": hud.cancelAll()
        default: hud.hostDestroyed()
        }
        hud.core.postedProgress.setOpen(true) // even reopened at once (a show of work), the old value is gone
        #expect(!hud.applyPostedProgress(), "0.8 landed after \(change)")
        #expect(hud.content.indicator != .progress(0.8))
    }

    /// A value posted after the change is applied: the rule drops only what came before.
    @Test func aValuePostedAfterTheChangeIsApplied() {
        let hud = SharedHUDController(scheduler: scheduler)
        hud.attach(HUDRecordingPresenter(scheduler: scheduler))
        hud.showProgress(0.1, status: "Uploading")
        hud.core.postedProgress.post(0.5)
        hud.setStatus("Uploading 2")
        hud.core.postedProgress.post(0.6)
        #expect(hud.applyPostedProgress())
        #expect(hud.content == HUDContent(status: "Uploading 2", indicator: .progress(0.6)))
    }

    /// Applying a value is not a main-actor change of the app's: a worker's newer
    /// value, posted while the delivery ran, still lands in the next frame.
    @Test func theDeliveryDoesNotDropANewerPost() {
        let hud = InstanceFrontEnd(scheduler: scheduler)
        hud.show()
        hud.setProgress(0.5)
        hud.controller.applyPostedProgress { value in
            hud.setProgress(1.0) // the worker, on another core, during the apply
            hud.set(progress: value)
        }
        #expect(hud.progress == 0.5)
        #expect(hud.deliver(), "the worker's last value was lost")
        #expect(hud.progress == 1.0)
    }

    /// The shared HUD's first value shows it; a show in the same turn decides instead.
    @Test func aShowInTheSameTurnDecidesOverTheFirstValue() {
        let hud = SharedHUDController(scheduler: scheduler)
        hud.attach(HUDRecordingPresenter(scheduler: scheduler))
        hud.core.postedProgress.post(0.7)
        hud.show(status: "Preparing")
        #expect(!hud.applyPostedProgress())
        #expect(hud.content == HUDContent(status: "Preparing", indicator: .indeterminate))
        #expect(hud.activityCount == 1)
    }

    /// After a dismissal posts are refused at once (the gate), until the next show of work.
    @Test func theGateRefusesPostsUntilTheNextShowOfWork() {
        let hud = SharedHUDController(scheduler: scheduler)
        hud.attach(HUDRecordingPresenter(scheduler: scheduler))
        hud.showProgress(0.1)
        hud.dismiss()
        #expect(!hud.core.postedProgress.post(0.4), "a worker after Cancel schedules nothing")
        #expect(!hud.applyPostedProgress())
        hud.showProgress(0.2)
        #expect(hud.core.postedProgress.post(0.4))
        #expect(hud.applyPostedProgress())
        #expect(hud.content.indicator == .progress(0.4))
    }
}

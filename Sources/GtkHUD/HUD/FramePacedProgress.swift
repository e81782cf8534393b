import CGtk
import GtkSupport
import HUDCore

/// Applies progress posted from any thread at most once per frame.
///
/// A post that finds HUDCore's ``PostedProgress`` clean schedules one main-queue
/// job, which calls ``schedule()``. The job does not apply the value: it arms
/// a one-shot tick callback on the pacing widget, and the tick delivers the
/// newest value in the frame's update phase, just before that frame is laid
/// out and painted. Posts in between only overwrite the value waiting.
/// Whether the value is still wanted is not decided here: delivering asks
/// the HUD's controller, which drops a value that a later main-actor call superseded.
/// A storm from eight threads therefore costs the main thread one job and one
/// apply per frame, not one per main-loop turn (issue #14: applying a value
/// costs microseconds, and a frame holds many loop turns).
///
/// With no mapped pacing widget (no window on screen yet, the shared HUD not
/// created) the value is applied at once: there is no frame to wait for.
/// A frame may also never come for an armed tick (its window hidden or
/// destroyed, which freezes or drops the frame clock); the value would then
/// wait where no later post schedules it again. So every armed
/// tick has a safety timeout that applies the value anyway, and ``schedule()``
/// re-arms a tick whose widget is no longer the mapped pacer.
@MainActor
final class FramePacedProgress {
    /// How long an armed tick may wait for its frame before the value is applied anyway.
    static let safetyMilliseconds: UInt32 = 250

    private let pacer: @MainActor () -> UnsafeMutablePointer<GtkWidget>?
    private let deliver: @MainActor () -> Void
    private var armed: (widget: WeakObjectRef, tick: UInt32, safety: MainLoopSource)?
    /// A source read every frame (`HUD.observe(Progress)`), applied in the same update phase.
    private var following: (widget: WeakObjectRef, tick: UInt32)?

    /// - Parameters:
    ///   - pacer: the widget whose frame clock paces delivery (nil: deliver at once).
    ///   - deliver: takes the newest posted value and applies it, if one waits and is still wanted.
    init(pacer: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>?, deliver: @escaping @MainActor () -> Void) {
        self.pacer = pacer
        self.deliver = deliver
    }

    /// Whether a tick is armed: a posted value waits for its frame.
    var isPending: Bool { armed != nil }

    /// Arms the tick that applies the newest value in the next frame, or
    /// applies it now when there is no mapped widget to pace by.
    func schedule() {
        let widget = pacer().flatMap { gtk_widget_get_mapped($0) != 0 ? $0 : nil }
        if let armed {
            if let widget, armed.widget.withObject({ $0 }) == widget.raw { return }
            cancel()
        }
        guard let widget else {
            deliverNow()
            return
        }
        let tick = TickCallback.add(to: widget) { [weak self] _ in
            self?.frameArrived()
            return false
        }
        let safety = MainLoop.after(milliseconds: Self.safetyMilliseconds) { [weak self] in self?.deliverNow() }
        armed = (WeakObjectRef(widget.raw), tick, safety)
    }

    /// Delivers the newest value now, if one is waiting.
    func deliverNow() {
        cancel()
        deliver()
    }

    /// Removes an armed tick and its timeout; a waiting value keeps waiting.
    func cancel() {
        guard let armed else { return }
        self.armed = nil
        armed.safety.cancel()
        armed.widget.withObject { TickCallback.remove(armed.tick, from: $0.asWidget) }
    }

    /// Reads `read` in every frame of the pacing widget, where posted values
    /// are applied, until ``stopFollowing()`` or the widget goes (its tick goes with it).
    func follow(_ read: @escaping @MainActor () -> Void) {
        stopFollowing()
        guard let widget = pacer() else { return }
        let tick = TickCallback.add(to: widget) { _ in
            read()
            return true
        }
        following = (WeakObjectRef(widget.raw), tick)
    }

    /// Stops reading the followed source; removes its tick (and so what it holds).
    func stopFollowing() {
        guard let following else { return }
        self.following = nil
        following.widget.withObject { TickCallback.remove(following.tick, from: $0.asWidget) }
    }

    /// The tick ran: GTK removes it as it returns false, so only the timeout goes.
    private func frameArrived() {
        guard let armed else { return }
        self.armed = nil
        armed.safety.cancel()
        deliver()
    }
}

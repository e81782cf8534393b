// Waiting on GLib's clock from async code, and repeating timers, for pages,
// scenarios and screenshots. GtkHUD's main-queue bridge runs `@MainActor`
// tasks inside the GLib loop, so a `Task { @MainActor in … }` can simply await these.
import CGtk
import GtkSupport

@MainActor
enum Clock {
    /// Resumes after `seconds` of GLib time.
    static func sleep(_ seconds: Double) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            MainLoop.after(milliseconds: UInt32(max(0, seconds) * 1000)) { continuation.resume() }
        }
    }

    /// Resumes after `count` frames of `widget`'s frame clock (layout and paint
    /// have happened), or after a short timeout if the widget is not drawing.
    static func frames(_ count: Int, of widget: Widget) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            var remaining = count
            var resumed = false
            let finish = {
                guard !resumed else { return }
                resumed = true
                continuation.resume()
            }
            TickCallback.add(to: widget) { _ in
                remaining -= 1
                if remaining <= 0 { finish(); return false }
                return true
            }
            MainLoop.after(milliseconds: UInt32(count) * 100 + 200) { finish() }
        }
    }

    /// Resumes once `condition` holds (checked every 20 ms) or `timeout` passes; returns whether it held.
    @discardableResult
    static func until(timeout: Double = 5, _ condition: @escaping @MainActor () -> Bool) async -> Bool {
        var waited = 0.0
        while !condition() {
            if waited >= timeout { return false }
            await sleep(0.02)
            waited += 0.02
        }
        return true
    }
}

/// A repeating GLib timer that stops when `tick` returns false or on `cancel()`.
@MainActor
final class RepeatingTimer {
    private var source: MainLoopSource?
    private let interval: UInt32
    private let tick: @MainActor () -> Bool

    @discardableResult
    init(every seconds: Double, _ tick: @escaping @MainActor () -> Bool) {
        interval = UInt32(seconds * 1000)
        self.tick = tick
        schedule()
    }

    private func schedule() {
        // Keeps itself alive through the pending source until it stops.
        source = MainLoop.after(milliseconds: interval) { [self] in
            if tick() { schedule() } else { source = nil }
        }
    }

    func cancel() {
        source?.cancel()
        source = nil
    }
}

/// Animates a progress value from 0 to 1 over `duration`, calling `update`
/// each step; `completion` runs at 1.
@MainActor
@discardableResult
func animateProgress(duration: Double, steps: Int = 25, update: @escaping @MainActor (Double) -> Void,
                     completion: @escaping @MainActor () -> Void = {}) -> RepeatingTimer {
    var step = 0
    update(0)
    return RepeatingTimer(every: duration / Double(steps)) {
        step += 1
        update(min(1, Double(step) / Double(steps)))
        if step >= steps { completion(); return false }
        return true
    }
}

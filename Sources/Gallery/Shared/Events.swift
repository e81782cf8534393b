// One place every HUD (and banner) event of the gallery goes through: the live
// log on the accessibility page, the stress counters, and the `shown:` lines
// scripted scenarios print.
import CGtk
import Foundation
import GtkHUD
import GtkSupport

/// Writes a line to standard output and flushes it at once (scenario output is
/// read through a pipe, where stdout is otherwise block-buffered).
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

@MainActor
final class EventCenter {
    static let shared = EventCenter()

    /// What kind of message an event is about.
    enum Source: String { case hud, banner, button }

    struct Counters {
        var willAppear = 0, didAppear = 0, willDisappear = 0, didDisappear = 0, touches = 0
        var bannersShown = 0, bannersGone = 0
    }

    /// Print `shown: <kind> <text>` lines (scripted scenarios).
    var printsShownLines = false
    private(set) var counters = Counters()
    /// Messages fading in or on screen (willAppear seen, didDisappear not yet).
    private(set) var onScreen = 0
    /// `onScreen` by who sent the events ("ProgressHUD", "HUD", …).
    private(set) var onScreenBySource: [String: Int] = [:]
    /// Every `shown:` line so far (screenshots and scenarios wait on it).
    private(set) var shownCount = 0
    private var listeners: [Int: @MainActor (String) -> Void] = [:]
    private var nextListener = 0
    private var sharedObservation: HUDObservation?

    private init() {}

    /// Starts following the shared HUD (once).
    func followSharedHUD() {
        guard sharedObservation == nil else { return }
        sharedObservation = ProgressHUD.observeEvents { [weak self] event in
            self?.record(event, who: "ProgressHUD")
            if event == .touchOutside { ProgressHUD.dismiss() }
        }
    }

    /// Follows an instance HUD for as long as it lives.
    func follow(_ hud: HUD, name: String) {
        // The observation ends with the HUD (dropping the token does not cancel it).
        _ = hud.observeEvents { [weak self] event in self?.record(event, who: name) }
    }

    /// Records a HUD event.
    func record(_ event: HUDEvent, who: String) {
        switch event {
        case .willAppear(let status):
            counters.willAppear += 1
            onScreen += 1
            onScreenBySource[who, default: 0] += 1
            log("\(who): will appear \(quoted(status))")
        case .didAppear(let status):
            counters.didAppear += 1
            log("\(who): did appear \(quoted(status))")
            // The `shown:` line comes from HUDTextWatcher, which sees status changes too.
        case .willDisappear(let status):
            counters.willDisappear += 1
            log("\(who): will disappear \(quoted(status))")
        case .didDisappear(let status):
            counters.didDisappear += 1
            onScreen = max(0, onScreen - 1)
            onScreenBySource[who, default: 0] -= 1
            log("\(who): did disappear \(quoted(status))")
        case .touchInside:
            counters.touches += 1
            log("\(who): click on the bezel")
        case .touchOutside:
            counters.touches += 1
            log("\(who): click outside the bezel")
        }
    }

    /// Records a banner sliding in (called by the banner tracker).
    func bannerAppeared(_ title: String?) {
        counters.bannersShown += 1
        log("Banner: appeared \(quoted(title))")
        shown(.banner, title)
    }

    /// Records a banner's end, with why it ended.
    func bannerDisappeared(_ title: String?, reason: String) {
        counters.bannersGone += 1
        log("Banner: gone (\(reason)) \(quoted(title))")
        // Scripted runs say why it left, so tests can check a button press took effect.
        if printsShownLines { emit("gone: banner \(title ?? "") (\(reason))") }
    }

    /// Counts a message put on screen and prints its `shown:` line in scenarios.
    func shown(_ source: Source, _ text: String?) {
        shownCount += 1
        if printsShownLines {
            emit("shown: \(source.rawValue) \(text ?? "")")
            ScreenReaderLink.shown(text ?? "")
        }
    }

    func resetCounters() {
        counters = Counters()
        onScreenBySource = onScreenBySource.filter { $0.value != 0 }
    }

    // MARK: Log listeners (the accessibility page)

    /// Adds a line to the live log.
    func log(_ line: String) {
        for listener in listeners.values { listener(line) }
    }

    @discardableResult
    func addListener(_ listener: @escaping @MainActor (String) -> Void) -> Int {
        nextListener += 1
        listeners[nextListener] = listener
        return nextListener
    }

    private func quoted(_ text: String?) -> String {
        text.map { "“\($0)”" } ?? "(no text)"
    }
}

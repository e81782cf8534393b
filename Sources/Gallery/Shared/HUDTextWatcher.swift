import CGtk
import Foundation
import GtkHUD
import GtkSupport

/// Prints `shown: hud <text>` whenever a HUD's status label shows new text
/// on screen: a HUD appearing, its status changing, a result ("Finished",
/// "Cancelled") replacing it. What a sighted user reads, taken from the
/// widgets themselves rather than from the library's own announcements. A
/// result mark beside the label is part of what is read ("Success: Working",
/// when `HUD.run` keeps the working label under a checkmark; "Erfolg: Working"
/// with `LANGUAGE=de`).
@MainActor
final class HUDTextWatcher {
    private let root: Widget
    private var lastText: [UnsafeMutableRawPointer: String] = [:]
    private var timer: RepeatingTimer?

    init(in root: Widget) {
        self.root = root
        timer = RepeatingTimer(every: 0.015) { [weak self] in
            self?.poll()
            return self != nil
        }
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }

    private func poll() {
        var seen: [UnsafeMutableRawPointer: String] = [:]
        for label in UI.descendants(of: root) where Self.isStatusLabel(label) && gtk_widget_get_mapped(label) != 0 {
            guard let inner = gtk_widget_get_first_child(label) else { continue }
            let strings = HUDStrings.current
            let text = Self.meaning(besides: label, strings).map { strings.result($0, UI.text(of: inner)) } ?? UI.text(of: inner)
            seen[label.raw] = text
            if lastText[label.raw] != text, !text.isEmpty { EventCenter.shared.shown(.hud, text) }
        }
        lastText = seen
    }

    /// What the result mark in the label's bezel means, if it shows one, in GtkHUD's current language.
    private static func meaning(besides label: Widget, _ strings: HUDStrings) -> String? {
        guard let bezel = gtk_widget_get_parent(label) else { return nil }
        let marks = ["hudimage-success": strings.success, "hudimage-error": strings.error, "hudimage-info": strings.information]
        for widget in UI.descendants(of: bezel) {
            for (cssClass, meaning) in marks where UI.hasClass(widget, cssClass) { return meaning }
        }
        return nil
    }

    private static func isStatusLabel(_ widget: Widget) -> Bool {
        guard let name = gtk_widget_get_css_name(widget), String(cString: name) == "hudlabel" else { return false }
        return UI.hasClass(widget, "status")
    }
}

import CGtk
import GtkSupport
import HUDCore

/// The desktop notification of a `HUD.run` that ended while the user was in
/// another window (``HUD/notifiesWhenUnattended``): sent when it is made,
/// withdrawn when the user comes back to the window (they see the HUD's own
/// result, or its absence, there), when they click it (the window is brought
/// forward), or when the same HUD's next run ends.
@MainActor
final class HUDRunNotice {
    private static var notices = 0
    /// The notices out: each lives until it is withdrawn, also after its HUD
    /// is gone (`HUD.run(on:)`'s HUD ends with its result's display).
    private static var out: [String: HUDRunNotice] = [:]
    private let id: String
    private let window: WeakObjectRef
    private var watch: WindowActivityWatch?

    /// Sends the notice: `working` (the label the HUD showed while working) as
    /// the title, and `result` (the result's label) or the outcome's word as the body.
    init(outcome: HUDMode, working: String?, result: String?, window: UnsafeMutablePointer<GtkWidget>?) {
        Self.notices += 1
        id = "gtkhud-run-\(Self.notices)"
        self.window = WeakObjectRef(window.map(UnsafeMutableRawPointer.init))
        let strings = HUDStrings.current
        let word = switch outcome {
        case .error: strings.failed
        case .info: strings.cancelled
        default: strings.success
        }
        let title = Self.nonBlank(working) ?? word
        let body = Self.nonBlank(result) ?? word
        let activation = DesktopNotificationSender.Activation(present: { [weak self] in self?.activated() }, button: nil)
        guard DesktopNotificationSender.shared.send(id: id, title: title, body: body == title ? nil : body, buttonLabel: nil,
                                                    source: "HUD.notifiesWhenUnattended", activation: activation) else { return }
        Self.out[id] = self
        guard let window else { return }
        // The user is back in the window: the notice has done its job.
        watch = WindowActivityWatch(window: window) { [weak self] in
            guard let self, self.watch?.isActive == true else { return }
            self.withdraw()
        }
    }

    /// Whether the notice is still out.
    var isOut: Bool { DesktopNotificationSender.shared.isOut(id) }

    private func activated() {
        window.withObject { GtkHUDWindows.presentNow($0.asWidget) }
        withdraw()
    }

    func withdraw() {
        watch?.stop()
        watch = nil
        DesktopNotificationSender.shared.withdraw(id: id)
        Self.out[id] = nil
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }

}

import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest


/// A window, captured diagnostics, and everything put back afterwards: the
/// set-up of the bad-value tests (ProgressValueTests, TextValueTests, …).
@MainActor
final class BadValueFixture {
    /// Runs `body` with a fresh fixture on a display (GTK animations off unless asked).
    nonisolated static func run(animations: Bool = false, _ body: @MainActor (BadValueFixture) throws -> Void) throws {
        try HUDTesting.requireDisplay()
        try MainActor.assumeIsolated {
            let fixture = BadValueFixture(animations: animations)
            defer { fixture.close() }
            try body(fixture)
        }
    }

    let host: HostWindow
    private(set) var messages: [HUDCore.Diagnostics.Message] = []
    private let previousHandler: @MainActor (HUDCore.Diagnostics.Message) -> Void
    private var observations: [HUDObservation] = []

    init(animations: Bool) {
        HUDTesting.setAnimations(animations)
        host = HUDTesting.window().host
        ProgressHUD.host = host.window
        previousHandler = HUDCore.Diagnostics.handler
        HUDCore.Diagnostics.handler = { [weak self] in self?.messages.append($0) }
    }

    func messages(from source: String) -> [HUDCore.Diagnostics.Message] { messages.filter { $0.source == source } }

    /// An instance HUD in `.annularDeterminate` mode, shown at `progress`.
    func determinateHUD(progress: Double) throws -> HUD {
        let hud = try XCTUnwrap(HUD(on: host.window))
        hud.mode = .annularDeterminate
        hud.progress = progress
        hud.show()
        return hud
    }

    func shownHUD() throws -> HUD {
        let hud = try XCTUnwrap(HUD(on: host.window))
        hud.label = "Working"
        hud.show()
        XCTAssertTrue(hud.isVisible)
        return hud
    }

    /// Records the HUD's events from now on.
    func record(_ hud: HUD) -> EventLog {
        let log = EventLog()
        observations.append(hud.observeEvents { log.kinds.append($0.kind) })
        return log
    }

    func firstDescendant(of root: UnsafeMutablePointer<GtkWidget>?, type: GType) -> UnsafeMutablePointer<GtkWidget>? {
        guard let root else { return nil }
        if gtkhud_is_a(root.raw, type) != 0 { return root }
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            if let found = firstDescendant(of: current, type: type) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    func close() {
        for observation in observations { observation.cancel() }
        ProgressHUD.reset()
        ProgressHUD.host = nil
        ProgressHUD.appearance = HUDAppearance()
        ProgressHUD.minimumDismissTime = 5
        ProgressHUD.maximumDismissTime = .infinity
        host.close()
        HUDCore.Diagnostics.handler = previousHandler
        HUDTesting.setAnimations(true)
    }
}

@MainActor
final class EventLog {
    var kinds: [String] = []
}

/// Collects dismissal outcomes.
@MainActor
final class Outcomes {
    private(set) var values: [HUDDismissOutcome] = []
    var record: @MainActor (HUDDismissOutcome) -> Void { { [self] in values.append($0) } }
}

import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import XCTest

/// Issue #27: the calls code that is not on the main actor makes. They run
/// at once on the main thread, in the calling thread's order from another,
/// resolve their window when they run, and report under their own name.
final class AnyThreadTests: XCTestCase {
    /// Runs `calls` on a thread of its own and waits (with the main loop turning) until it has returned.
    @MainActor private static func onAnotherThread(_ calls: @escaping @Sendable () -> Void) {
        let worker = Thread(block: calls)
        worker.start()
        HUDTesting.wait("the thread") { worker.isFinished }
    }

    func testCallsFromAThreadRunInItsOrderInTheWindowTheRouterPicksThen() throws {
        try HUDTesting.withWindow { host, _ in
            PresentationContext.router = PresentationRouter { .window(host.window) }
            defer { PresentationContext.router = .frontWindow }
            Self.onAnotherThread {
                ProgressHUD.fromAnyThread.show(status: "Importing")
                ProgressHUD.fromAnyThread.showProgress(0.5, status: "Importing")
                ProgressHUD.fromAnyThread.setStatus("Almost")
                ProgressHUD.fromAnyThread.showSuccess(status: "Imported")
            }
            HUDTesting.drainMainQueue()
            XCTAssertEqual(SharedHUD.instance?.controller.content, HUDContent(status: "Imported", indicator: .success),
                           "the last call's result, after the others in their order")
            let bezel = try XCTUnwrap(ProgressHUD.bezelWidget?.gtkWidget)
            XCTAssertEqual(gtk_widget_get_root(bezel).map { UnsafeMutableRawPointer($0) }, host.window.raw)
            Self.onAnotherThread { ProgressHUD.fromAnyThread.dismiss() }
            HUDTesting.wait("the dismissal") { !ProgressHUD.isVisible }
        }
    }

    func testOnTheMainThreadACallRunsBeforeItReturns() throws {
        try HUDTesting.withWindow { host, _ in
            ProgressHUD.host = host.window
            ProgressHUD.fromAnyThread.show(status: "At once")
            XCTAssertTrue(ProgressHUD.isVisible, "in order with the main-actor calls around it")
            ProgressHUD.dismiss()
            XCTAssertEqual(SharedHUD.instance?.controller.activityCount, 0)
        }
    }

    func testBannersFromAThreadGoToTheRoutedWindowAndBadValuesAreToldUnderTheirName() throws {
        try HUDTesting.withWindow { host, _ in
            PresentationContext.router = PresentationRouter { .window(host.window) }
            defer { PresentationContext.router = .frontWindow }
            let center = try XCTUnwrap(BannerCenter.for(host.window))
            let messages = HUDTesting.captureDiagnostics {
                Self.onAnotherThread {
                    NotificationBanner.fromAnyThread.show(title: "Synced", id: "sync", duration: 30)
                    NotificationBanner.fromAnyThread.show(title: "  ", duration: 30)
                    ProgressHUD.fromAnyThread.showProgress(.nan)
                }
                HUDTesting.drainMainQueue()
            }
            XCTAssertTrue(center.isShownOrQueued(id: "sync"), "shown in the routed window")
            XCTAssertEqual(messages.map(\.source), ["NotificationBanner.fromAnyThread.show(title:subtitle:id:inWindowNamed:duration:)"],
                           "the empty banner, under the name called (NaN progress is the documented spinner)")
            center.dismissAll()
            ProgressHUD.reset()
        }
    }
}

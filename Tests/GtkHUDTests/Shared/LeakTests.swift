import CGtk
import Foundation
@testable import GtkHUD
@testable import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Show/dismiss cycles leave nothing behind: every Swift-registered widget is
/// finalised, every signal/timer closure released, every HUD object freed,
/// and the window's overlay does not collect handlers. (Memory itself is
/// measured by gtkhud-bench: `cycle_rss_growth_kib`, and valgrind memcheck in
/// scripts/sanitizers.)
final class LeakTests: XCTestCase {
    func testTwoHundredHUDAndBannerCyclesLeaveNothingBehind() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            defer { HUDTesting.setAnimations(true) }
            GtkHUDRuntime.prepare(caller: "test")
            Announcer.clearPendingDescription()
            let widgetsBefore = WidgetTypes.totalLiveInstances
            let boxesBefore = ClosureBoxes.liveCount

            let (host, _) = HUDTesting.window()
            ProgressHUD.host = host.window
            var freed = WeakHUDs()
            var handlerCounts: [Int] = []
            for index in 0..<200 {
                let hud = (try! HUD(on: host.window))
                hud.mode = [.indeterminate, .annularDeterminate, .determinate, .determinateHorizontalBar, .success][index % 5]
                hud.label = "Cycle \(index)"
                hud.show()
                hud.progress = 0.5
                ProgressHUD.show(status: "Shared \(index)")
                let banner = try! NotificationBanner(title: "Banner \(index)", image: .iconName("emblem-ok-symbolic"))
                banner.show(on: host.window, duration: 3)
                if index % 10 == 0 { host.waitForFrames(1) }
                banner.dismiss()
                hud.hide()
                ProgressHUD.dismiss()
                freed.add(hud)
                if index % 50 == 49, let overlay = HUDOverlay.windowLayer(of: host.window).flatMap({ HUDOverlayWidget.of($0) }) {
                    handlerCounts.append(overlay.disposeHandlerCount)
                }
            }
            HUDTesting.wait("the last banner to finish") { WidgetTypes.liveInstances(of: BannerWidget.gtype) == 0 }
            XCTAssertEqual(freed.alive, 0, "every hidden HUD was freed")
            XCTAssertEqual(Set(handlerCounts).count, 1, "the overlay's dispose handlers do not pile up: \(handlerCounts)")

            ProgressHUD.reset()
            ProgressHUD.host = nil
            host.close()
            Announcer.clearPendingDescription()
            BannerGtkTesting.idle(milliseconds: 50)
            XCTAssertEqual(WidgetTypes.totalLiveInstances, widgetsBefore, "every GtkHUD widget was finalised")
            XCTAssertEqual(ClosureBoxes.liveCount, boxesBefore, "no signal or timer closure outlives the window")
        }
    }
}

/// Weak references to HUDs, to check they are freed.
@MainActor
private struct WeakHUDs {
    private final class Box { weak var hud: HUD? }
    private var boxes: [Box] = []
    mutating func add(_ hud: HUD) {
        let box = Box()
        box.hud = hud
        boxes.append(box)
    }
    var alive: Int { boxes.filter { $0.hud != nil }.count }
}

import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import XCTest

/// The instance HUD with real GTK: run-while-working, Foundation Progress,
/// libadwaita windows, progress from many threads.
final class HUDIntegrationTests: XCTestCase {
    func testRunWhileWorkingShowsOnlyForSlowWorkAndRethrows() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            // Quick work inside the grace time: nothing ever appears.
            var quickEvents: [String] = []
            var quickDone = false
            let quick = (try! HUD(on: host.window))
            quick.graceTime = 0.5
            let quickObservation = quick.observeEvents { quickEvents.append($0.kind) }
            Task { @MainActor in
                _ = try await quick.run { 42 }
                quickDone = true
            }
            HUDTesting.wait("quick work") { quickDone }
            host.waitForFrames(2)
            XCTAssertEqual(quickEvents, [])

            // Slow work that fails: shown, then the error is rethrown and shown.
            struct Failure: Error {}
            var slowEvents: [String] = []
            var caught = false
            let slow = (try! HUD(on: host.window))
            slow.graceTime = 0.05
            let slowObservation = slow.observeEvents { slowEvents.append($0.kind) }
            Task { @MainActor in
                do {
                    _ = try await slow.run(resultDuration: 0.1) {
                        try await Task.sleep(for: .milliseconds(300))
                        throw Failure()
                    }
                } catch is Failure { caught = true } catch {}
            }
            HUDTesting.wait("slow work to fail") { caught }
            XCTAssertEqual(slow.mode, .error)
            HUDTesting.wait("error HUD to leave") { slowEvents.last == "didDisappear" }
            XCTAssertEqual(slowEvents, ["willAppear", "didAppear", "willDisappear", "didDisappear"])
            quickObservation.cancel()
            slowObservation.cancel()
            host.close()
        }
    }

    // Cancel by a real click on the button: HUDInputTests.testClickingCancelCancelsTheRunningWork.

    func testFoundationProgressIsFollowedOncePerFrame() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            let hud = (try! HUD(on: host.window))
            let progress = Progress(totalUnitCount: 10)
            hud.observe(progress)
            hud.show()
            progress.completedUnitCount = 7
            HUDTesting.wait("progress followed") { abs(hud.progress - 0.7) < 0.0001 }
            XCTAssertEqual(hud.mode, .annularDeterminate)
            host.close()
        }
    }

    func testProgressFromSixteenThreadsLandsOnTheLastValue() throws {
        try HUDTesting.requireDisplay()
        let hud = MainActor.assumeIsolated { () -> (HUD, HostWindow) in
            let (host, _) = HUDTesting.window()
            let hud = (try! HUD(on: host.window))
            hud.mode = .determinateHorizontalBar
            hud.show()
            return (hud, host)
        }
        DispatchQueue.concurrentPerform(iterations: 16) { thread in
            for step in 0..<10_000 { hud.0.setProgress(Double(step % 100) / 100 + Double(thread) * 0) }
        }
        hud.0.setProgress(1)
        MainActor.assumeIsolated {
            HUDTesting.wait("last value") { hud.0.progress == 1 }
            hud.1.close()
        }
    }

    func testAdwApplicationWindowKeepsItsContentAndGetsAnOverlayLayer() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let window = adw_application_window_new(nil)!
            let content = gtk_label_new("Adw content")!
            adw_application_window_set_content(window.raw.typed(AdwApplicationWindow.self), content)
            gtk_window_present(window.asWindow)
            HUDTesting.wait("mapped") { gtk_widget_get_mapped(window) != 0 }
            let hud = (try! HUD(on: window))
            hud.show()
            HUDTesting.wait("visible") { hud.isVisible }
            XCTAssertTrue(adw_application_window_get_content(window.raw.typed(AdwApplicationWindow.self)) == content,
                          "the app's content stays the window's content")
            let layer = try! XCTUnwrap(HUDOverlay.windowLayer(of: window))
            XCTAssertEqual(String(cString: gtk_widget_get_css_name(layer)), "hudoverlay")
            gtk_window_destroy(window.asWindow)
            while MainLoop.iterate() {}
            XCTAssertTrue(hud.isFinished, "destroying the window finishes its HUDs")
        }
    }
}

final class HUDReshowTests: XCTestCase {
    func testShowDuringFadeOutKeepsTheHUDAlive() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            let hud = (try! HUD(on: host.window))
            hud.animationDuration = 0.4
            hud.show()
            HUDTesting.wait("shown") { hud.isVisible }
            hud.hide()
            host.waitForFrames(2)
            hud.show() // during the fade-out
            host.waitForFrames(2)
            XCTAssertFalse(hud.isFinished, "a HUD shown again during its fade-out is not finished")
            XCTAssertTrue(HUD.hud(for: host.window) === hud)
            hud.hide(animated: false)
            HUDTesting.wait("finished") { hud.isFinished }
            host.close()
        }
    }
}

final class HUDKeyboardTests: XCTestCase {
    func testEscapeTriggersTheHUDButtonWhereverFocusIs() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, content) = HUDTesting.window()
            gtk_widget_grab_focus(content)
            let hud = (try! HUD(on: host.window))
            var cancelled = 0
            hud.setButton("Cancel") { cancelled += 1 }
            hud.show(animated: false)
            host.waitForFrames(1)
            let overlay = host.window // key events bubble from the content through the window
            XCTAssertTrue(BannerGtkTesting.pressKey(UInt32(GDK_KEY_Escape), on: overlay))
            XCTAssertEqual(cancelled, 1)
            hud.setButton(nil)
            XCTAssertFalse(BannerGtkTesting.pressKey(UInt32(GDK_KEY_Escape), on: overlay), "no button: Escape passes on")
            hud.hide(animated: false)
            host.waitForFrames(1)
            XCTAssertFalse(BannerGtkTesting.pressKey(UInt32(GDK_KEY_Escape), on: overlay), "a hidden HUD leaves no key handler behind")
            host.close()
        }
    }
}

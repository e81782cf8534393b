import CGtk
@testable import GtkHUD
import GtkSupport
import XCTest

/// `HUD.hud(for:)` and `HUD.allHUDs(for:)` find what is on screen, nothing else.
final class HUDFindingTests: XCTestCase {
    /// Work done within the grace time hides a HUD that never appeared: it must
    /// end too (every fast `HUD.run` used to leave one behind for ever).
    func testFastRunsLeaveNoHUDBehind() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let done = RunCounter()
            Task { @MainActor in
                for _ in 0..<50 {
                    _ = try? await HUD.run(on: host.window, label: "Quick", graceTime: 0.5) { 42 }
                    done.count += 1
                }
            }
            HUDTesting.wait("50 runs") { done.count == 50 }
            XCTAssertEqual(HUD.allHUDs(for: host.window).count, 0, "hidden during the grace time, never finished")
            XCTAssertNil(HUD.hud(for: host.window))
            XCTAssertFalse(HUD.existingHost(for: host.window)?.liveHUDs.contains { $0.label == "Quick" } ?? false, "a quick HUD is still registered")
        }
    }

    /// `hide(for:)` hides the visible HUD, not one that ended during its grace time.
    func testHideForReachesTheVisibleHUD() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let visible = (try! HUD(on: host.window))
            visible.label = "Visible"
            visible.show(animated: false)
            let quick = (try! HUD(on: host.window))
            quick.graceTime = 1
            quick.show(animated: false)
            quick.hide(animated: false)
            XCTAssertTrue(HUD.hud(for: host.window) === visible)
            XCTAssertTrue(HUD.hide(for: host.window, animated: false))
            HUDTesting.wait("the visible HUD hidden") { !visible.isVisible }
        }
    }

    /// A HUD already on its way out (hidden, waiting only for its minimum show
    /// time) is not "the HUD for" its window: `hide(for:)` reaches the one below.
    func testAHUDWaitingForItsMinimumShowTimeToHideIsNotFound() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let below = (try! HUD(on: host.window))
            below.show(animated: false)
            let leaving = (try! HUD(on: host.window))
            leaving.minimumShowTime = 30
            leaving.show(animated: false)
            leaving.hide(animated: false)
            XCTAssertTrue(leaving.isVisible, "kept for its minimum show time")
            XCTAssertTrue(HUD.allHUDs(for: host.window).map { $0 === below } == [true], "only the HUD staying up is live")
            XCTAssertTrue(HUD.hud(for: host.window) === below)
            below.hide(animated: false)
            HUDTesting.wait("the HUD below hidden") { !below.isVisible }
            XCTAssertNil(HUD.hud(for: host.window))
        }
    }

    /// A HUD kept after hiding (removesFromHostOnHide off) is not "on" the host any more.
    func testAHiddenKeptHUDIsNotFound() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let kept = (try! HUD(on: host.window))
            kept.removesFromHostOnHide = false
            kept.show(animated: false)
            XCTAssertTrue(HUD.hud(for: host.window) === kept)
            kept.hide(animated: false)
            HUDTesting.wait("hidden") { !kept.isVisible }
            XCTAssertNil(HUD.hud(for: host.window))
            kept.show(animated: false)
            XCTAssertTrue(HUD.hud(for: host.window) === kept, "shown again, found again")
            kept.hide(animated: false)
        }
    }
}

extension HUDFindingTests {
    /// A HUD shown again while it is up is still one HUD on its host.
    func testAHUDShownTwiceIsListedOnce() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let hud = try! HUD(on: host.window)
            hud.show(animated: false)
            hud.show(animated: false)
            XCTAssertEqual(HUD.allHUDs(for: host.window).count, 1)
            hud.hide(animated: false)
            HUDTesting.wait("hidden") { hud.isFinished }
            XCTAssertTrue(HUD.allHUDs(for: host.window).isEmpty)
        }
    }

    /// A widget inside a ``HUDOverlay`` is served by that overlay: its HUDs
    /// are found through any widget in it, and the window's own layer has none.
    func testAWidgetInsideAnOverlayFindsThatOverlaysHUD() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, _) = HUDTesting.window()
            defer { host.close() }
            let inner = gtk_button_new_with_label("Inside the overlay")!
            let overlay = HUDOverlay(content: inner)!
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_set_vexpand(overlay.pointer, 1)
            gtk_box_append(box.cast(to: GtkBox.self), overlay.pointer)
            host.setChild(box)
            host.waitForFrames(2)
            let hud = try! HUD(on: overlay.widget)
            hud.show(animated: false)
            XCTAssertTrue(HUD.hud(for: inner) === hud)
            XCTAssertTrue(HUD.hud(for: overlay.widget) === hud)
            XCTAssertNil(HUD.hud(for: host.window), "the window's own layer has no HUD")
            hud.hide(animated: false)
            HUDTesting.wait("hidden") { hud.isFinished }
        }
    }

    /// Looking is not showing: a look-up adds no overlay layer to a window,
    /// and a window destroyed while the app holds it has no HUDs to find.
    func testALookUpAddsNoLayerNotEvenToADestroyedWindow() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, content) = HUDTesting.window()
            let window = host.window
            g_object_ref(window.raw) // the application keeps the window
            defer { g_object_unref(window.raw) }
            XCTAssertNil(HUD.hud(for: window))
            XCTAssertTrue(HUD.allHUDs(for: content).isEmpty)
            XCTAssertFalse(HUD.hide(for: window))
            XCTAssertNil(HUDOverlay.windowLayer(of: window), "a look-up added a layer")
            let hud = try! HUD(on: window)
            hud.show(animated: false)
            host.close()
            XCTAssertNil(HUD.hud(for: window))
            XCTAssertTrue(HUD.allHUDs(for: window).isEmpty)
            XCTAssertFalse(HUD.hide(for: window))
            XCTAssertTrue(hud.isFinished)
        }
    }
}

@MainActor
private final class RunCounter {
    var count = 0
}

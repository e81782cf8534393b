import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Progress values from apps: NaN, infinities, out of range, from any thread.
/// Every case must not crash and must give the documented result (GTK
/// animations are off unless a case needs them; see ``BadValueFixture``).
final class ProgressValueTests: XCTestCase {

    func testInstanceProgressNaNShowsTheSpinnerAndAFiniteValueBringsTheRingBack() throws {
        try BadValueFixture.run { fixture in
            let hud = try fixture.determinateHUD(progress: 0.3)
            XCTAssertEqual(hud.view.ringWidget?.kind, .annular)
            hud.progress = .nan
            XCTAssertTrue(hud.progress.isNaN, "the value is kept as given")
            XCTAssertEqual(hud.view.content.indicator, .indeterminate, "NaN → indeterminate")
            XCTAssertEqual(hud.view.ringWidget?.kind, .indeterminate)
            hud.progress = 0.6
            XCTAssertEqual(hud.view.content.indicator, .progress(0.6))
            XCTAssertEqual(hud.view.ringWidget?.kind, .annular)
            XCTAssertEqual(hud.view.ringWidget?.shownProgress ?? -1, 0.6, accuracy: 1e-9)
        }
    }

    func testInstanceProgressPlusInfinityIsIndeterminate() throws {
        try BadValueFixture.run { fixture in
            let hud = try fixture.determinateHUD(progress: 0.5)
            hud.progress = .infinity
            XCTAssertEqual(hud.view.content.indicator, .indeterminate)
            XCTAssertEqual(hud.view.ringWidget?.kind, .indeterminate)
        }
    }

    func testInstanceProgressMinusInfinityIsIndeterminateInEveryDeterminateMode() throws {
        try BadValueFixture.run { fixture in
            for mode in [HUD.Mode.determinate, .annularDeterminate, .determinateHorizontalBar] {
                let hud = try fixture.determinateHUD(progress: 0.5)
                hud.mode = mode
                hud.progress = -.infinity
                XCTAssertEqual(hud.view.content.indicator, .indeterminate, "\(mode)")
                hud.hide()
            }
        }
    }

    func testInstanceNegativeProgressIsClampedToZero() throws {
        try BadValueFixture.run { fixture in
            let hud = try fixture.determinateHUD(progress: 0.5)
            hud.progress = -0.25
            XCTAssertEqual(hud.progress, 0)
            XCTAssertEqual(hud.view.ringWidget?.shownProgress, 0)
            XCTAssertTrue(fixture.messages.isEmpty, "clamping is normal use, not reported")
        }
    }

    func testInstanceProgressAboveOneIsClampedToOne() throws {
        try BadValueFixture.run { fixture in
            let hud = try fixture.determinateHUD(progress: 0.5)
            hud.progress = 1.0000001
            XCTAssertEqual(hud.progress, 1)
            hud.progress = 42
            XCTAssertEqual(hud.progress, 1)
            XCTAssertEqual(hud.view.ringWidget?.shownProgress, 1)
        }
    }

    func testOscillatingProgressEndsOnTheLastValueWithTheSameRing() throws {
        try BadValueFixture.run { fixture in
            let hud = try fixture.determinateHUD(progress: 0)
            let ring = hud.view.ringWidget.map { ObjectIdentifier($0) }
            for step in 0..<10_000 { hud.progress = step % 2 == 0 ? 1 : 0 }
            hud.progress = 0.25
            XCTAssertEqual(hud.view.ringWidget.map { ObjectIdentifier($0) }, ring, "updates never rebuild the ring")
            XCTAssertEqual(hud.view.ringWidget?.shownProgress ?? -1, 0.25, accuracy: 1e-9)
            fixture.host.waitForFrames(1)
        }
    }

    func testNaNFromABackgroundThreadShowsTheSpinner() throws {
        try BadValueFixture.run { fixture in
            let hud = try fixture.determinateHUD(progress: 0.4)
            Thread.detachNewThread { hud.setProgress(.nan) }
            HUDTesting.wait("the NaN to arrive") { hud.progress.isNaN }
            XCTAssertEqual(hud.view.content.indicator, .indeterminate)
        }
    }

    func testSharedShowProgressNaNShowsTheSpinner() throws {
        try BadValueFixture.run { _ in
            ProgressHUD.showProgress(.nan, status: "Counting")
            XCTAssertEqual(SharedHUD.instance?.controller.content.indicator, .indeterminate)
            XCTAssertEqual(SharedHUD.instance?.view?.ringWidget?.kind, .indeterminate)
            XCTAssertTrue(ProgressHUD.isVisible)
        }
    }

    func testSharedShowProgressOutOfRangeIsClamped() throws {
        try BadValueFixture.run { _ in
            ProgressHUD.showProgress(7)
            XCTAssertEqual(SharedHUD.instance?.controller.content.indicator, .progress(1))
            ProgressHUD.showProgress(-3)
            XCTAssertEqual(SharedHUD.instance?.controller.content.indicator, .progress(0))
            XCTAssertEqual(SharedHUD.instance?.view?.ringWidget?.shownProgress, 0)
        }
    }
}

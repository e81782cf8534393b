import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Right-to-left with real X input (xdotool): the banner is mirrored (image at
/// the right, buttons at the left) and every gesture still works on it. A
/// banner leaves towards its own edge, up or down, which no text direction
/// mirrors; a sideways drag or fling dismisses in neither direction, so no
/// gesture depends on which side is "leading".
final class RightToLeftInputTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
    }

    /// `BannerInputTests.withInput` with the default direction right-to-left
    /// (as `LANGUAGE=ar` sets it), at text scale `textScale`.
    @MainActor
    static func withRightToLeftInput(textScale: Double = 1, _ body: @MainActor (BannerTestWindow, XInput) -> Void) throws {
        // gtk_init sets the default direction from the locale: initialise first.
        try XInput.require()
        gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)
        TextScale.set(textScale)
        defer { TextScale.set(1) }
        try BannerInputTests.withInput(body)
    }

    @MainActor
    static func showMirrored(_ window: BannerTestWindow, position: BannerPosition, minimumHeight: Double? = nil,
                             dismissals: BannerCallCounter) -> BannerWidget? {
        let banner = try! NotificationBanner(title: "تم الحفظ", subtitle: "اسحب للإغلاق", image: .iconName("dialog-information-symbolic"))
        banner.position = position
        banner.showsCloseButton = true
        if let minimumHeight { banner.minimumHeight = minimumHeight }
        banner.onDismiss = dismissals.dismissed
        guard let widget = window.show(banner, duration: 30) else { return nil }
        window.waitUntilSettled(widget)
        let image = BannerGtkTesting.bounds(of: widget.imageWidget, in: widget.widget)
        XCTAssertGreaterThan(image.x, Double(gtk_widget_get_width(widget.widget)) / 2, "mirrored: the image is at the right")
        return widget
    }

    func testASlowSwipeDownThatStartsOnTheMirroredImageDismissesABottomBanner() throws {
        try MainActor.assumeIsolated {
            try Self.withRightToLeftInput(textScale: 1.25) { window, input in
                let dismissals = BannerCallCounter()
                guard let widget = Self.showMirrored(window, position: .bottom, dismissals: dismissals) else { return XCTFail("no banner") }
                BannerInputTests.swipeSlowly(input, from: input.center(of: widget.imageWidget), down: widget.naturalHeight * 0.8)
                XInput.wait("the swipe's dismissal") { dismissals.count > 0 }
                XCTAssertEqual(dismissals.reasons, [.swipe])
            }
        }
    }

    func testAFlingUpDismissesATopBanner() throws {
        try MainActor.assumeIsolated {
            try Self.withRightToLeftInput { window, input in
                let dismissals = BannerCallCounter()
                guard let widget = Self.showMirrored(window, position: .top, minimumHeight: 160, dismissals: dismissals) else {
                    return XCTFail("no banner")
                }
                // 50 px in ~25 ms: well short of half the height, so only the speed dismisses.
                let from = BannerInputTests.spot(input, widget, x: 0.6, y: 0.9)
                input.drag(from: from, to: (from.x, from.y - 50), steps: 5, stepMilliseconds: 5)
                XInput.wait("the fling's dismissal") { dismissals.count > 0 }
                XCTAssertEqual(dismissals.reasons, [.swipe])
            }
        }
    }

    func testASidewaysFlingTowardsEitherSideLeavesTheBanner() throws {
        try MainActor.assumeIsolated {
            try Self.withRightToLeftInput { window, input in
                let dismissals = BannerCallCounter()
                guard let widget = Self.showMirrored(window, position: .top, minimumHeight: 120, dismissals: dismissals) else {
                    return XCTFail("no banner")
                }
                let restingX = window.frame(of: widget).x
                for direction in [1, -1] {
                    // Towards the trailing (left in RTL) side, then the leading side: 120 px in ~25 ms.
                    let from = BannerInputTests.spot(input, widget, x: 0.5, y: 0.5)
                    input.drag(from: from, to: (from.x - 120 * direction, from.y), steps: 5, stepMilliseconds: 5)
                    XInput.wait("the banner at rest") { !widget.isDragging && !widget.isAnimating }
                    XCTAssertEqual(window.frame(of: widget).x, restingX, accuracy: 0.5, "a banner never moves sideways")
                }
                XCTAssertEqual(dismissals.reasons, [], "a sideways fling dismisses in neither direction")
                // Still in the stack and on screen (the stack also holds the deck's badge since issue #26).
                XCTAssertEqual(gtk_widget_get_parent(widget.widget), window.center.stackWidget.gtkWidget, "still shown")
                XCTAssertNotEqual(gtk_widget_get_mapped(widget.widget), 0, "still shown")
            }
        }
    }

    func testTheCloseButtonAtTheLeftEdgeTakesARealClick() throws {
        try MainActor.assumeIsolated {
            try Self.withRightToLeftInput(textScale: 1.5) { window, input in
                let dismissals = BannerCallCounter()
                guard let widget = Self.showMirrored(window, position: .top, dismissals: dismissals) else { return XCTFail("no banner") }
                let close = BannerGtkTesting.bounds(of: widget.closeButton, in: widget.widget)
                XCTAssertLessThan(close.x, Double(gtk_widget_get_width(widget.widget)) / 2, "mirrored: the close button is at the left")
                input.click(at: input.center(of: widget.closeButton))
                XInput.wait("the close button's dismissal") { dismissals.count > 0 }
                XCTAssertEqual(dismissals.reasons, [.closeButton])
            }
        }
    }
}

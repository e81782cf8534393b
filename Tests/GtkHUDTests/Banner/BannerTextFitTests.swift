import CGtk
@testable import GtkHUD
import GtkSupport
import HUDWidgets
import XCTest

/// A banner grows to fit its wrapped title and subtitle (up to their line limits).
final class BannerTextFitTests: XCTestCase {
    func testLongTitleAndSubtitleFitInANarrowWindow() throws {
        try BannerGtkTesting.withWindow(animations: false) { window in
            gtk_window_set_default_size(window.window.asWindow, 470, 400)
            gtk_widget_set_size_request(window.window, 470, -1)
            window.host.waitForFrames(3)
            let title = String(repeating: "Upload of the holiday album finished ", count: 3).prefix(87)
            let subtitle = String(repeating: "Three hundred photos were added to the shared album and everyone was told ", count: 2).prefix(136)
            let banner = try! NotificationBanner(title: String(title), subtitle: String(subtitle))
            guard let widget = window.show(banner) else { return XCTFail("no banner widget") }
            window.waitUntilSettled(widget)
            let frame = window.frame(of: widget)
            XCTAssertLessThanOrEqual(frame.width, 480)
            for label in [widget.titleLabel, widget.subtitleLabel] {
                let allocated = Double(gtk_widget_get_height(label))
                var minimum: Int32 = 0, natural: Int32 = 0
                gtk_widget_measure(label, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(label), &minimum, &natural, nil, nil)
                XCTAssertGreaterThanOrEqual(allocated, Double(natural), "a label is cut: \(allocated) px for \(natural) px of text")
                let bounds = BannerGtkTesting.bounds(of: label, in: widget.widget)
                XCTAssertLessThanOrEqual(bounds.y + bounds.height, frame.height + 0.5, "the label reaches past the banner's bottom")
            }
            XCTAssertGreaterThan(frame.height, 50, "\(frame)")
            banner.dismiss()
        }
    }
}

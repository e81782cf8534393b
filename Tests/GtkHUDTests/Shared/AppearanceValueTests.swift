import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets
import XCTest

/// Appearance values from apps: colours, CSS, icons and sizes that cannot be used.
/// Every case must not crash and must give the documented result (GTK
/// animations are off unless a case needs them; see ``BadValueFixture``).
final class AppearanceValueTests: XCTestCase {

    func testInvalidCSSIsReportedWithItsLineAndValidRulesStillApply() throws {
        try BadValueFixture.run { _ in
            let sheet = StyleSheet(priority: .application)
            let errors = sheet.load("hudbezel { color: ; }\nhudbezel { padding: 3px; }\n@@@ {")
            XCTAssertFalse(errors.isEmpty)
            XCTAssertEqual(errors.first?.line, 1)
            XCTAssertTrue(sheet.load("hudbezel { padding: 3px; }").isEmpty, "the same sheet loads valid CSS afterwards")
        }
    }

    func testUnusableAppearanceValuesDoNotBreakTheHUD() throws {
        try BadValueFixture.run { fixture in
            var appearance = HUD.defaultAppearance
            appearance.cornerRadius = .infinity // "infpx": GTK drops the rule, the theme's radius stays
            appearance.border = (HUDColor(red: .nan, green: 2, blue: -1, alpha: 9), .nan)
            appearance.margin = .nan
            appearance.ringThickness = -4
            appearance.ringRadius = .infinity
            appearance.imageViewSize = .infinity
            appearance.minimumSize = (.nan, .infinity)
            appearance.offset = (.nan, -.infinity)
            let hud = try XCTUnwrap(HUD(on: fixture.host.window, appearance: appearance))
            hud.label = "Still here"
            hud.show()
            fixture.host.waitForFrames(2)
            XCTAssertTrue(hud.isVisible)
            XCTAssertGreaterThan(gtk_widget_get_width(try XCTUnwrap(hud.view.bezelWidget)), 0)
            XCTAssertEqual(hud.view.ringWidget?.radius, 18, "infinity falls back to the default radius")
            XCTAssertEqual(hud.view.ringWidget?.thickness, 0.5, "negative thickness is raised to the thinnest line")
            // Checked once, as the app set it, under the name it used.
            let reported = fixture.messages(from: "HUD.init(on:appearance:)").map(\.text)
            XCTAssertEqual(reported.count, 10, "\(reported)")
            XCTAssertTrue(reported.contains { $0.hasPrefix("ringRadius inf") }, "\(reported)")
            hud.progress = 0.5
            hud.appearance = hud.appearance
            XCTAssertEqual(fixture.messages(from: "HUD.appearance").count, 0, "a corrected appearance is not reported again")
            var shared = HUDAppearance()
            shared.margin = -3
            ProgressHUD.appearance = shared
            XCTAssertEqual(ProgressHUD.appearance.margin, 0)
            XCTAssertEqual(fixture.messages(from: "ProgressHUD.appearance").count, 1)
        }
    }

    func testOutOfRangeColoursAreClampedInCSS() throws {
        try BadValueFixture.run { _ in
            XCTAssertEqual(HUDColor(red: 2, green: -1, blue: .nan, alpha: 7).cssValue, "rgba(255, 0, 0, 1.0)")
        }
    }

    func testImagesAreNamedByKindNotGuessedFromASlash() throws {
        try BadValueFixture.run { fixture in
            // An icon name with a "/" stays an icon name; a file is a file.
            ProgressHUD.showImage(.iconName("folder/with-slash"), status: "Icon")
            fixture.host.waitForFrames(1)
            var image = try XCTUnwrap(fixture.firstDescendant(of: ProgressHUD.bezelWidget?.gtkWidget, type: gtk_image_get_type()))
            XCTAssertEqual(gtk_image_get_storage_type(OpaquePointer(image)), GTK_IMAGE_ICON_NAME)
            let texture = gdk_memory_texture_new(1, 1, GDK_MEMORY_R8G8B8A8, g_bytes_new([UInt8](repeating: 255, count: 4), 4), 4)!
            defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
            let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("gtkhud-\(UUID().uuidString).png")
            defer { try? FileManager.default.removeItem(at: file) }
            XCTAssertNotEqual(gdk_texture_save_to_png(texture, file.path), 0)
            ProgressHUD.showImage(.file(file), status: "File")
            fixture.host.waitForFrames(1)
            image = try XCTUnwrap(fixture.firstDescendant(of: ProgressHUD.bezelWidget?.gtkWidget, type: gtk_image_get_type()))
            XCTAssertEqual(gtk_image_get_storage_type(OpaquePointer(image)), GTK_IMAGE_PAINTABLE, "a file is loaded as a file")
            ProgressHUD.showImage(.paintable(texture), status: "Paintable")
            fixture.host.waitForFrames(1)
            image = try XCTUnwrap(fixture.firstDescendant(of: ProgressHUD.bezelWidget?.gtkWidget, type: gtk_image_get_type()))
            XCTAssertEqual(gtk_image_get_storage_type(OpaquePointer(image)), GTK_IMAGE_PAINTABLE)
            XCTAssertEqual(gtk_image_get_paintable(OpaquePointer(image)).map(UnsafeMutableRawPointer.init), UnsafeMutableRawPointer(texture),
                           "the app's paintable itself is shown")
        }
    }

    func testUnknownIconNameStillShowsAnImage() throws {
        try BadValueFixture.run { fixture in
            ProgressHUD.showImage(.iconName("gtkhud-no-such-icon-symbolic"), status: "Unknown icon")
            fixture.host.waitForFrames(1)
            XCTAssertTrue(ProgressHUD.isVisible)
            let image = try XCTUnwrap(fixture.firstDescendant(of: ProgressHUD.bezelWidget?.gtkWidget, type: gtk_image_get_type()))
            XCTAssertEqual(gtk_image_get_icon_name(OpaquePointer(image)).map { String(cString: $0) }, "gtkhud-no-such-icon-symbolic")
        }
    }

    func testMissingResourceShowsTheHUDWithAnEmptyImage() throws {
        try BadValueFixture.run { fixture in
            // gtk_image_new_from_resource would log a warning here (fatal under G_DEBUG=fatal-warnings).
            ProgressHUD.showImage(.resource("/org/example/gtkhud/no-such-picture.png"), status: "No resource")
            fixture.host.waitForFrames(1)
            XCTAssertTrue(ProgressHUD.isVisible)
            let image = try XCTUnwrap(fixture.firstDescendant(of: ProgressHUD.bezelWidget?.gtkWidget, type: gtk_image_get_type()))
            XCTAssertEqual(gtk_image_get_storage_type(OpaquePointer(image)), GTK_IMAGE_EMPTY)
        }
    }

    func testMissingImageFileStillShowsTheHUD() throws {
        try BadValueFixture.run { fixture in
            ProgressHUD.showImage(.file("/nonexistent/gtkhud-missing.png"), status: "No file")
            fixture.host.waitForFrames(1)
            XCTAssertTrue(ProgressHUD.isVisible)
            XCTAssertNotNil(fixture.firstDescendant(of: ProgressHUD.bezelWidget?.gtkWidget, type: gtk_image_get_type()))
        }
    }

    func testEmptySuccessIconNameStillShowsTheHUD() throws {
        try BadValueFixture.run { fixture in
            var appearance = HUDAppearance()
            appearance.successImage = ""
            ProgressHUD.appearance = appearance
            ProgressHUD.showSuccess(status: "Saved")
            fixture.host.waitForFrames(1)
            XCTAssertTrue(ProgressHUD.isVisible)
        }
    }

    func testBannerWithAnUnknownIconShows() throws {
        try BadValueFixture.run { fixture in
            let banner = try NotificationBanner(title: "Icon", image: .iconName("gtkhud-no-such-icon"))
            banner.show(on: fixture.host.window)
            fixture.host.waitForFrames(1)
            XCTAssertEqual(banner.state, .showing)
            XCTAssertNotNil(banner.widget)
        }
    }
}

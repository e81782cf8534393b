import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import XCTest

/// What differs between the GTK versions GtkHUD supports (GTK 4.8 on Debian 12,
/// GTK 4.18 on Debian 13; CI runs both). Each test checks the path the running
/// GTK must take, so each platform tests its own behaviour instead of skipping
/// the other's. Messages name the running version.
final class PlatformVersionTests: XCTestCase {
    @MainActor private static var running: String {
        let version = GtkEnvironment.runtimeVersion
        return "GTK \(version.major).\(version.minor).\(version.micro)"
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            Accessible.announceFunction = gtkhud_lookup_accessible_announce()
            ProgressHUD.reset()
        }
    }

    /// The real `gtk_accessible_announce` (no stand-in) speaks a HUD from GTK 4.14
    /// on; before, the focused widget's description carries it.
    func testAHUDIsAnnouncedThroughThePathOfTheRunningGTK() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            Accessible.announceFunction = gtkhud_lookup_accessible_announce()
            let (host, content) = HUDTesting.window()
            defer { host.close() }
            gtk_widget_grab_focus(content)
            var records: [Announcer.Record] = []
            let observation = Announcer.observe { records.append($0) }
            defer { observation.cancel() }
            ProgressHUD.show(status: "Checking the disk")
            HUDTesting.wait("an announcement") { !records.isEmpty }
            if GtkEnvironment.runtimeAtLeast(4, 14) {
                XCTAssertEqual(records.first?.mechanism, "native", "\(Self.running) has gtk_accessible_announce: it must be used")
            } else {
                XCTAssertNotEqual(records.first?.mechanism, "native", "\(Self.running) has no gtk_accessible_announce")
                XCTAssertNotNil(records.first, "\(Self.running): a fallback (focus or description) speaks the HUD")
            }
            XCTAssertEqual(records.first?.text, "Checking the disk")
        }
    }

    /// `gtk_css_provider_load_from_string` (4.12+) is used where it exists,
    /// `load_from_data` before; both parse the same stylesheet and report the same errors.
    func testStylesheetsLoadThroughTheCallOfTheRunningGTK() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            XCTAssertEqual(dlsym(nil, "gtk_css_provider_load_from_string") != nil, GtkEnvironment.runtimeAtLeast(4, 12),
                           "\(Self.running): load_from_string exists exactly from 4.12")
            let provider = gtk_css_provider_new()!
            defer { g_object_unref(UnsafeMutableRawPointer(provider)) }
            var errors = 0
            let connection = Signal.connectTwoPointers(UnsafeMutableRawPointer(provider), "parsing-error") { _, _ in errors += 1 }
            defer { connection.disconnect() }
            gtkhud_css_provider_load(provider, "hudbezel { border-radius: 9px; }")
            XCTAssertEqual(errors, 0, "\(Self.running): a valid stylesheet loads cleanly")
            gtkhud_css_provider_load(provider, "hudbezel { border-radius: nine; }")
            XCTAssertEqual(errors, 1, "\(Self.running): a bad value is reported once")
        }
    }

    /// `gtk-interface-reduced-motion` exists from GTK 4.22; before, reduced
    /// motion is `gtk-enable-animations` alone.
    func testReducedMotionFollowsTheSettingsOfTheRunningGTK() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let hasSetting = GtkEnvironment.prefersReducedMotion != nil
            XCTAssertEqual(hasSetting, GtkEnvironment.runtimeAtLeast(4, 22),
                           "\(Self.running): gtk-interface-reduced-motion exists exactly from 4.22")
            for enabled in [false, true] {
                HUDTesting.setAnimations(enabled)
                XCTAssertEqual(GtkEnvironment.animationsEnabled(for: nil), enabled && GtkEnvironment.prefersReducedMotion != true,
                               "\(Self.running): animations follow gtk-enable-animations\(hasSetting ? " and reduced motion" : "")")
            }
        }
    }

    /// The suite draws with cairo for repeatable pixels; apps get GTK's default
    /// renderer (GL on 4.8, the new GL renderer from 4.14, Vulkan where it works
    /// from 4.16, each falling back to the next). A scenario must show and finish
    /// cleanly on whatever the running GTK picks here.
    func testTheGalleryRunsOnTheDefaultRendererOfTheRunningGTK() throws {
        try HUDTesting.requireDisplay()
        try GalleryBinary.requireBinary()
        let run = try GalleryBinary.runTool(URL(fileURLWithPath: "/usr/bin/env"),
                                            ["-u", "GSK_RENDERER", "GTK_A11Y=none", GalleryBinary.binary.path, "--scenario", "banner-top"],
                                            timeout: 40)
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertFalse(run.timedOut, run.summary)
        XCTAssertTrue(run.lines.contains { $0.hasPrefix("shown: banner") }, run.summary)
        XCTAssertFalse(run.stderr.contains("CRITICAL"), "no criticals on the default renderer: \(run.summary)")
    }
}

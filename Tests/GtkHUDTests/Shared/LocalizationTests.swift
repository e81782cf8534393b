import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDWidgets
import XCTest

/// GtkHUD's own words follow the app's locale (gettext domain `gtkhud`, the
/// catalogs built into GtkHUD), can be overridden app-wide and per call, and
/// fit on screen in every language GtkHUD ships.
final class LocalizationTests: XCTestCase {
    /// Every language of po/LINGUAS, with its button and cancelled words.
    static let languages: [(code: String, cancel: String, cancelled: String, dismiss: String)] = [
        ("de", "Abbrechen", "Abgebrochen", "Schließen"), ("fr", "Annuler", "Annulé", "Fermer"),
        ("es", "Cancelar", "Cancelado", "Cerrar"), ("pt_BR", "Cancelar", "Cancelado", "Fechar"),
        ("ar", "إلغاء", "تم الإلغاء", "إغلاق"), ("he", "ביטול", "בוטל", "סגירה"),
        ("ja", "キャンセル", "キャンセルしました", "閉じる"), ("zh_CN", "取消", "已取消", "关闭"),
    ]

    func testTheWordsFollowLANGUAGEAndFallBackToEnglish() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            XCTAssertEqual(HUDStrings.current, .english, "no LANGUAGE in the test environment: English")
            for language in Self.languages {
                AppLanguage.with(language.code) {
                    let strings = HUDStrings.current
                    XCTAssertEqual(strings.cancel, language.cancel, language.code)
                    XCTAssertEqual(strings.cancelled, language.cancelled, language.code)
                    XCTAssertEqual(strings.dismiss, language.dismiss, language.code)
                    XCTAssertNotEqual(strings.loading, "Loading", language.code)
                }
            }
            AppLanguage.with("de") {
                XCTAssertEqual(HUDStrings.current.result(HUDStrings.current.success, "Gespeichert"), "Erfolg: Gespeichert")
                XCTAssertEqual(HUDStrings.current.progress("Kopieren", percent: 50), "Kopieren, 50 %")
            }
            AppLanguage.with("eo") {
                XCTAssertEqual(HUDStrings.current, .english, "a language GtkHUD has no catalog for: English")
            }
            XCTAssertEqual(HUDStrings.current, .english, "switching back to the app's language is followed")
        }
    }

    /// `HUD.run` in German: the button says "Abbrechen", the result is spoken
    /// "Erfolg: …" and the bezel's accessible name says the same.
    func testHUDRunSpeaksAndShowsTheTranslatedDefaults() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            AppLanguage.with("de") {
                let (host, _) = HUDTesting.window()
                defer { host.close() }
                let hud = try! HUD(on: host.window)
                hud.graceTime = 0
                hud.label = "Hochladen"
                var spoken: [String] = []
                let observation = Announcer.observe { spoken.append($0.text) }
                defer { observation.cancel() }
                let gate = Gate()
                var finished = false
                Task { @MainActor in
                    _ = try? await hud.run(resultDuration: 0.3) { await gate.wait() }
                    finished = true
                }
                HUDTesting.wait("the working HUD") { hud.view.bezelView?.buttonWidget != nil }
                let button = try! XCTUnwrap(hud.view.bezelView?.buttonWidget)
                XCTAssertEqual(gtk_button_get_label(button.cast(to: GtkButton.self)).map { String(cString: $0) }, "Abbrechen")
                Task { await gate.open() }
                HUDTesting.wait("the run") { finished }
                HUDTesting.wait("the result spoken (\(spoken))") { spoken.contains("Erfolg: Hochladen") }
                XCTAssertTrue(Accessible.hasLabel(try! XCTUnwrap(hud.view.bezelWidget), "Erfolg: Hochladen"))
                HUDTesting.wait("the HUD to go") { hud.isFinished }
            }
        }
    }

    /// App-wide overrides replace the translation; a per-call text wins over both.
    func testOverridesAppWideAndPerCall() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            defer { HUDStrings.overrides = .init() }
            AppLanguage.with("de") {
                HUDStrings.overrides.cancel = "Stopp"
                HUDStrings.overrides.resultPattern = "%2$s (%1$s)"
                XCTAssertEqual(HUDStrings.current.cancel, "Stopp")
                XCTAssertEqual(HUDStrings.current.dismiss, "Schließen", "words not overridden stay translated")
                XCTAssertEqual(HUDStrings.current.result("Erfolg", "Gespeichert"), "Gespeichert (Erfolg)")
                HUDStrings.overrides.resultPattern = "%1$s only"
                XCTAssertEqual(HUDStrings.current.result("Erfolg", "Gespeichert"), "Erfolg: Gespeichert",
                               "a pattern that drops the app's text falls back to the translation's shape")
                HUDStrings.overrides.cancel = nil
                XCTAssertEqual(HUDStrings.current.cancel, "Abbrechen")

                let (host, _) = HUDTesting.window()
                defer { host.close() }
                HUDStrings.overrides.cancel = "Stopp"
                let shown = try! HUD(on: host.window)
                let perCall = try! HUD(on: host.window)
                var finished = 0
                let runs = [(shown, nil), (perCall, "Halt")].map { (hud: HUD, title: String?) in
                    hud.graceTime = 0
                    return Task { @MainActor in
                        if let title {
                            _ = try? await hud.run(cancelTitle: title) { try await Task.sleep(for: .seconds(30)) }
                        } else {
                            _ = try? await hud.run { try await Task.sleep(for: .seconds(30)) }
                        }
                        finished += 1
                    }
                }
                HUDTesting.wait("both HUDs") { shown.view.bezelView?.buttonWidget != nil && perCall.view.bezelView?.buttonWidget != nil }
                let label = { (hud: HUD) in gtk_button_get_label(hud.view.bezelView!.buttonWidget!.cast(to: GtkButton.self)).map { String(cString: $0) } }
                XCTAssertEqual(label(shown), "Stopp")
                XCTAssertEqual(label(perCall), "Halt")
                // Nothing of this test may outlive it (the leak checks of later tests count widgets).
                for run in runs { run.cancel() }
                HUDTesting.wait("both runs to end") { finished == 2 && shown.isFinished && perCall.isFinished }
            }
        }
    }

    /// The README's run-time switch: an app sets only `LANGUAGE` (its messages
    /// locale stays the same, so glibc sees no locale change and would keep
    /// its cached translations); the next words GtkHUD reads are in the new language.
    func testAChangeOfLANGUAGEAloneIsFollowed() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            AppLanguage.with("de") {
                XCTAssertEqual(HUDStrings.current.cancel, "Abbrechen")
                setenv("LANGUAGE", "fr", 1) // no setlocale: the locale is unchanged
                XCTAssertEqual(HUDStrings.current.cancel, "Annuler")
                setenv("LANGUAGE", "ja", 1)
                XCTAssertEqual(HUDStrings.current.cancel, "キャンセル")
                setenv("LANGUAGE", "de", 1)
                XCTAssertEqual(HUDStrings.current.cancel, "Abbrechen")
            }
        }
    }

    /// "Every word of HUDStrings can be set here by name": each override
    /// replaces its own word and no other.
    func testEveryWordCanBeOverriddenByName() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            defer { HUDStrings.overrides = .init() }
            let words: [WritableKeyPath<HUDStrings, String>] = [
                \.loading, \.success, \.error, \.information, \.image, \.cancel, \.cancelled, \.failed, \.dismiss,
                \.resultPattern, \.progressPattern, \.percentPattern, \.sentencesPattern,
            ]
            for (index, word) in words.enumerated() {
                HUDStrings.overrides = .init()
                let replacement = "word \(index) %1$s %2$s"
                HUDStrings.overrides[dynamicMember: word] = replacement
                XCTAssertEqual(HUDStrings.overrides[dynamicMember: word], replacement, "word \(index) is kept")
                var expected = HUDStrings.english
                expected[keyPath: word] = replacement
                XCTAssertEqual(HUDStrings.current, expected, "overriding word \(index) changes that word alone")
            }
        }
    }

    /// Every translation fits: the HUD's Cancel button and its cancelled result
    /// at the HUD's default size, and the banner's close button carries the word.
    func testEveryLanguageFitsTheHUDAndTheBanner() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            defer { HUDTesting.setAnimations(true) }
            for language in Self.languages {
                AppLanguage.with(language.code) {
                    let (host, _) = HUDTesting.window()
                    defer { host.close() }
                    let hud = try! HUD(on: host.window)
                    hud.graceTime = 0
                    hud.label = "Working"
                    let work = Task { @MainActor in
                        _ = try? await hud.run(resultDuration: 30) { try await Task.sleep(for: .seconds(30)) }
                    }
                    HUDTesting.wait("the HUD (\(language.code))") { hud.view.bezelView?.buttonWidget.map { gtk_widget_get_width($0) > 0 } ?? false }
                    host.waitForFrames(2)
                    let button = try! XCTUnwrap(gtk_button_get_child(hud.view.bezelView!.buttonWidget!.cast(to: GtkButton.self)))
                    Fit.assertNotClipped(button, in: hud.view.bezelWidget!, "the \(language.code) Cancel button “\(language.cancel)”")
                    Fit.assertInside(hud.view.bezelWidget!, host.window, "the \(language.code) HUD")
                    XCTAssertLessThanOrEqual(gtk_widget_get_width(host.window), 480, "\(language.code): the HUD made the window grow")
                    work.cancel()
                    HUDTesting.wait("the cancelled result (\(language.code)): \(hud.view.bezelView?.statusText ?? "none")") { hud.view.bezelView?.statusText == language.cancelled }
                    host.waitForFrames(2)
                    let status = try! XCTUnwrap(hud.view.bezelView?.statusLabelWidget)
                    Fit.assertNotClipped(status, in: hud.view.bezelWidget!, "the \(language.code) result “\(language.cancelled)”")
                    let label = try! XCTUnwrap(gtk_widget_get_first_child(status))
                    XCTAssertEqual(pango_layout_is_ellipsized(gtk_label_get_layout(OpaquePointer(label))), 0,
                                   "\(language.code): the result is cut")
                    hud.hide(animated: false)
                    HUDTesting.wait("the HUD to go (\(language.code))") { hud.isFinished }

                    let banner = try! NotificationBanner(title: "Title", subtitle: "Subtitle")
                    banner.showsCloseButton = true
                    banner.show(on: host.window, duration: nil)
                    HUDTesting.wait("the banner (\(language.code))") { banner.bannerWidget != nil }
                    let close = banner.bannerWidget!.closeButton
                    XCTAssertTrue(Accessible.hasLabel(close, language.dismiss), "\(language.code): the close button's name")
                    XCTAssertEqual(gtk_widget_get_tooltip_text(close).map { String(cString: $0) }, language.dismiss, language.code)
                    let icon = gtk_button_get_child(close.cast(to: GtkButton.self))
                    XCTAssertEqual(icon.map { gtk_accessible_get_accessible_role(OpaquePointer($0)) }, GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                   "the icon is decoration: only the button's name is spoken")
                    banner.dismiss()
                }
            }
        }
    }
}

/// Sets the language GtkHUD (and glibc) sees, as an app switching language does,
/// and restores the process's own afterwards.
@MainActor
enum AppLanguage {
    static func with(_ language: String, _ body: () -> Void) {
        let savedLanguage = getenv("LANGUAGE").map { String(cString: $0) }
        let savedMessages = String(cString: setlocale(LC_MESSAGES, nil))
        setenv("LANGUAGE", language, 1)
        // glibc ignores LANGUAGE while LC_MESSAGES is "C", and glibc 2.41 (Debian 13) in
        // "C.UTF-8" too: any real locale will do (scripts/lib/common.sh generates these).
        let candidates: [String] = ["de_DE.UTF-8", "ja_JP.UTF-8", "ar_EG.UTF-8", "en_US.UTF-8", "C.UTF-8"]
        _ = candidates.first { setlocale(LC_MESSAGES, $0) != nil }
        defer {
            if let savedLanguage { setenv("LANGUAGE", savedLanguage, 1) } else { unsetenv("LANGUAGE") }
            setlocale(LC_MESSAGES, savedMessages)
        }
        body()
    }
}

/// Whether a widget got the room its content asks for.
@MainActor
enum Fit {
    /// The widget got at least the size it asks for, and lies inside `container`.
    static func assertNotClipped(_ widget: UnsafeMutablePointer<GtkWidget>, in container: UnsafeMutablePointer<GtkWidget>,
                                 _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        let width = gtk_widget_get_width(widget)
        XCTAssertGreaterThanOrEqual(width, minimum, "\(what) is narrower than it needs (\(width) < \(minimum) px)", file: file, line: line)
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, nil, nil)
        let height = gtk_widget_get_height(widget)
        XCTAssertGreaterThanOrEqual(height, natural, "\(what) is cut (\(height) < \(natural) px high)", file: file, line: line)
        assertInside(widget, container, what, file: file, line: line)
    }

    /// The widget's box lies inside `container`'s.
    static func assertInside(_ widget: UnsafeMutablePointer<GtkWidget>, _ container: UnsafeMutablePointer<GtkWidget>,
                             _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        var bounds = graphene_rect_t()
        XCTAssertTrue(gtk_widget_compute_bounds(widget, container, &bounds) != 0, what, file: file, line: line)
        XCTAssertGreaterThanOrEqual(bounds.origin.x, -0.5, "\(what) starts outside its container", file: file, line: line)
        XCTAssertGreaterThanOrEqual(bounds.origin.y, -0.5, "\(what) starts above its container", file: file, line: line)
        XCTAssertLessThanOrEqual(Double(bounds.origin.x + bounds.size.width), Double(gtk_widget_get_width(container)) + 0.5,
                                 "\(what) reaches past its container", file: file, line: line)
        XCTAssertLessThanOrEqual(Double(bounds.origin.y + bounds.size.height), Double(gtk_widget_get_height(container)) + 0.5,
                                 "\(what) reaches below its container", file: file, line: line)
    }
}

// The application: command-line modes, start-up and the state pages share.
import CGtk
import Foundation
import GtkHUD
import GtkSupport

/// What the command line asked for.
enum Mode: Equatable {
    case interactive
    case help
    case listScenarios
    /// Prints where the preset themes come from and their names.
    case listThemes
    case scenario(String)
    case screenshots(directory: String)
    /// Types the text into the CSS editor, prints the editor's status line and exits (tests).
    case cssCheck(String)
    /// Types every prefix of every preset into the editor, as if typed key by key (tests).
    case cssTypePresets
    /// Runs the stress page's random operations and prints its counters (tests).
    case stress(operations: Int)
}

struct Options {
    var mode: Mode = .interactive
    var dark = false
    var page: String?
    /// GtkHUD's language (`--language de`), as the header bar's menu sets it.
    var language: String?
    /// Only screenshots whose name starts with this (development).
    var only: String?
    var error: String?

    static let usage = """
        Usage: gtkhud-gallery [OPTION…]
          (no option)            open the gallery
          --page NAME            open on a page (shared-hud, instance-hud, positions, banners,
                                 theming, accessibility, attention, contexts, stress)
          --dark                 start in the dark style
          --language CODE        GtkHUD's own words in CODE (de, fr, es, pt_BR, ar, he, ja, zh_CN, en)
          --list-scenarios       print the scripted scenarios, one a line
          --scenario NAME[,NAME] play scenarios in turn without input, print what they show, exit
          --list-themes          print the themes folder and the preset names
          --screenshot DIR       write a PNG of every page, HUD mode and banner kind to DIR, exit
          --only PREFIX          with --screenshot: only the PNGs whose name starts with PREFIX
          --css-check CSS        load CSS into the theming editor, print its status line, exit
          --css-type-presets     type every preset into the editor key by key, print a summary, exit
          --stress N             run N random HUD operations, print the counters, exit
          --help                 this text
        """

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var index = 1
        func value(_ flag: String) -> String? {
            guard index + 1 < arguments.count else {
                options.error = "\(flag) needs a value"
                return nil
            }
            index += 1
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h": options.mode = .help
            case "--dark": options.dark = true
            case "--page": options.page = value(argument)
            case "--language":
                if let code = value(argument) {
                    if LanguageSwitcher.codes.contains(code) { options.language = code } else {
                        options.error = "--language takes one of \(LanguageSwitcher.codes.joined(separator: ", ")), not “\(code)”"
                    }
                }
            case "--only": options.only = value(argument)
            case "--list-scenarios": options.mode = .listScenarios
            case "--list-themes": options.mode = .listThemes
            case "--scenario": if let name = value(argument) { options.mode = .scenario(name) }
            case "--screenshot", "--screenshots": if let directory = value(argument) { options.mode = .screenshots(directory: directory) }
            case "--css-check": if let css = value(argument) { options.mode = .cssCheck(css) }
            case "--css-type-presets": options.mode = .cssTypePresets
            case "--stress":
                if let text = value(argument) {
                    if let count = Int(text), count > 0 { options.mode = .stress(operations: count) } else { options.error = "--stress needs a positive number, not “\(text)”" }
                }
            default:
                options.error = "unknown option “\(argument)”"
            }
            if options.error != nil { break }
            index += 1
        }
        return options
    }
}

@MainActor
enum Gallery {
    static let applicationID = "io.github.gtkhud.Gallery"
    private(set) static var main: GalleryWindow!
    private(set) static var options = Options()
    private(set) static var themes: [ThemePreset] = []
    /// The process exit status once the application stops.
    static var exitStatus: Int32 = 0
    private static var application: UnsafeMutablePointer<GtkApplication>?

    /// The gallery window (HUDs and banners appear in it).
    static var window: Widget { main.window }

    static var sharedPage: SharedHUDPage { main.page(named: "shared-hud") as! SharedHUDPage }
    static var instancePage: InstanceHUDPage { main.page(named: "instance-hud") as! InstanceHUDPage }
    static var contextsPage: ContextsPage { main.page(named: "contexts") as! ContextsPage }
    static var bannersPage: BannersPage { main.page(named: "banners") as! BannersPage }
    static var positionsPage: PositionsPage { main.page(named: "positions") as! PositionsPage }
    static var themingPage: ThemingPage { main.page(named: "theming") as! ThemingPage }
    static var stressPage: StressPage { main.page(named: "stress") as! StressPage }

    /// Runs the application; returns the exit status.
    static func run(_ options: Options) -> Int32 {
        self.options = options
        let scripted = options.mode != .interactive
        // Scripted runs must never hand over to an already running gallery.
        let flags = scripted ? G_APPLICATION_NON_UNIQUE : GApplicationFlags(rawValue: 0)
        let app = adw_application_new(applicationID, flags)!
        let gtkApp = UnsafeMutableRawPointer(app).typed(GtkApplication.self)
        application = gtkApp
        Signal.connect(UnsafeMutableRawPointer(app), "activate") { activate(gtkApp) }
        let status = g_application_run(UnsafeMutableRawPointer(app).typed(GApplication.self), 0, nil)
        g_object_unref(UnsafeMutableRawPointer(app))
        return status != 0 ? status : exitStatus
    }

    private static func activate(_ app: UnsafeMutablePointer<GtkApplication>) {
        if let main {
            main.present()
            return
        }
        themes = Themes.load()
        if let language = options.language { LanguageSwitcher.apply(language) }
        let pages: [GalleryPage] = [
            SharedHUDPage(), InstanceHUDPage(), PositionsPage(), BannersPage(),
            ThemingPage(presets: themes), AccessibilityPage(), AttentionPage(), ContextsPage(), StressPage(),
        ]
        let scripted = options.mode != .interactive
        main = GalleryWindow(application: app, pages: pages, width: scripted ? 640 : 960, height: scripted ? 480 : 680)
        if options.dark { setDark(true); main.setDarkToggle(true) }
        if let name = options.page, let page = main.page(named: name) { main.show(page) }
        main.present()
        ProgressHUD.host = window
        EventCenter.shared.followSharedHUD()

        switch options.mode {
        case .interactive, .help, .listScenarios, .listThemes:
            break
        case .scenario(let name):
            Task { @MainActor in await ScenarioRunner.play(name) }
        case .screenshots(let directory):
            Task { @MainActor in await Screenshots.write(to: directory) }
        case .cssCheck(let css):
            Task { @MainActor in
                await Clock.frames(2, of: window)
                main.show(themingPage)
                emit(themingPage.typeIntoEditor(css))
                quit()
            }
        case .cssTypePresets:
            Task { @MainActor in
                await Clock.frames(2, of: window)
                main.show(themingPage)
                emit(themingPage.typeEveryPresetKeyByKey())
                quit()
            }
        case .stress(let operations):
            Task { @MainActor in
                main.show(stressPage)
                let balanced = await stressPage.run(operations: operations, report: { emit($0) })
                quit(status: balanced ? 0 : 1)
            }
        }
    }

    /// Stops the application with `status`.
    static func quit(status: Int32 = 0) {
        exitStatus = status
        guard let application else { exit(status) }
        // Close the window first so every HUD finishes and pairs its events.
        if let main { gtk_window_destroy(main.window.asWindow) }
        g_application_quit(UnsafeMutableRawPointer(application).typed(GApplication.self))
    }

    /// Follows the light/dark preference, or forces dark.
    static func setDark(_ dark: Bool) {
        adw_style_manager_set_color_scheme(adw_style_manager_get_default(), dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_DEFAULT)
    }

    /// Dismisses the shared HUD, every HUD and every banner on the window.
    static func dismissEverything() {
        ProgressHUD.dismiss()
        BannerCenter.for(window)?.dismissAll()
        for hud in HUD.allHUDs(for: window) {
            hud.removesFromHostOnHide = true
            hud.hide()
        }
        instancePage.stopTimers()
    }

    /// Every message on screen has gone (HUDs fade out; waits at most `timeout`).
    @discardableResult
    static func settle(timeout: Double = 6) async -> Bool {
        await Clock.until(timeout: timeout) {
            EventCenter.shared.onScreen == 0 && BannerTracker.shared.pending == 0 && !ProgressHUD.isVisible && HUD.allHUDs(for: window).allSatisfy { !$0.isVisible }
        }
    }
}

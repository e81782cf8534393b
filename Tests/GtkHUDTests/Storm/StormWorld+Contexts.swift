import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDCore
import HUDWidgets

/// Issue #27's calls on the real widgets: contexts, anchors, and the application's windows.
extension StormWorld {
    /// The banner center of a place: the window's, or a context's (`BannerCenter.for(.overlay(_:))`).
    func center(of place: StormPlace) -> BannerCenter? {
        guard let window = windows[place.window] else { return nil }
        if place.context == 0 { return BannerCenter.for(window.window) }
        return window.contexts[place.context].flatMap { BannerCenter.for(.overlay($0)) }
    }

    func performContexts(_ operation: StormOperation) {
        switch operation {
        case .placedBanner(let id, let slot, let context, let bottom, let duration):
            guard banners[id] == nil, let window = windows[slot], let banner = try? NotificationBanner(title: "b\(id)") else { return }
            banner.animationDuration = StormTiming.bannerAnimation
            if bottom { banner.position = .bottom }
            watch(banner, id)
            switch context {
            case 0: banner.show(in: .window(GtkWidgetRef(pointer: window.window)), duration: duration)
            case 1: banner.show(in: .widget(GtkWidgetRef(pointer: window.contextEntries[1]!)), duration: duration)
            default: banner.show(in: .overlay(window.contexts[context]!), duration: duration)
            }
        case .paneHUD(let id, let slot, let mask):
            guard huds[id] == nil, let window = windows[slot], let pane = window.contexts[1] else { return }
            var appearance = HUD.defaultAppearance
            appearance.mask = mask.appearanceMask
            guard let hud = try? HUD(in: .overlay(pane), appearance: appearance) else { return }
            hud.animationDuration = StormTiming.fade
            huds[id] = hud
            hudWindows[id] = slot
            hudContexts[id] = 1
        case .contextMaxVisible(let slot, let context, let value):
            center(of: StormPlace(slot, context))?.maxVisible = value
        case .switchPage(let slot, let page):
            windows[slot]?.showPage(page)
        case .clickContext(let slot, let context):
            guard let window = windows[slot], let entry = window.contextEntries[context], gtk_widget_get_mapped(entry) != 0 else { return }
            window.withInput { input in
                guard !Self.bannerCovers(entry, in: window) else { return }
                noteVisibilityBeforeClick()
                input.click(at: input.center(of: entry))
                clickedContext = StormPlace(slot, context)
            }
        case .tabRound(let slot):
            guard let window = windows[slot] else { return }
            window.withInput { input in
                let fromPane = StormWindow.hasFocus(window.contextEntries[1]!)
                var reached: [UnsafeMutablePointer<GtkWidget>?] = []
                for _ in 0..<6 {
                    input.key("Tab")
                    XInput.pump(until: { false }, timeoutMilliseconds: 20)
                    reached.append(window.focus)
                }
                tabbedFrom = (slot, fromPane, reached)
            }
        case .setAnchor(let slot, let anchor):
            guard let window = windows[slot], let center = BannerCenter.for(window.window) else { return }
            switch anchor {
            case .above?: if let button = window.actionButton { center.anchor = .above(GtkWidgetRef(pointer: button)) }
            case .below?: if let toolbar = window.toolbar { center.anchor = .below(GtkWidgetRef(pointer: toolbar)) }
            case nil: if window.toolbar != nil { center.anchor = nil }
            }
        case .anchorsVisible(let slot, let visible):
            windows[slot]?.setAnchorsVisible(visible)
        case .destroyAnchors(let slot):
            windows[slot]?.destroyAnchors()
        case .routedBanner(let id, let route, let duration):
            guard banners[id] == nil, let banner = try? NotificationBanner(title: "b\(id)") else { return }
            banner.animationDuration = StormTiming.bannerAnimation
            // A name no window has: refused (with a message), the banner never shows and has nothing to await.
            if case .named(let slot) = route, windows[slot] == nil {
                banner.show(in: route.context, duration: duration)
                return
            }
            watch(banner, id)
            banner.show(in: route.context, duration: duration)
        case .broadcast(let first, let duration):
            _ = try? BannerCenter.broadcast(to: StormApplication.shared, duration: duration) { window in
                let slot = window.gtkWidget.flatMap { StormWindow.slots[UnsafeMutableRawPointer($0)] } ?? 90
                let banner = try NotificationBanner(title: "b\(first + slot)")
                banner.animationDuration = StormTiming.bannerAnimation
                watch(banner, first + slot)
                return banner
            }
        case .sharedRoute(let route):
            ProgressHUD.context = route?.context ?? .automatic
        default:
            break
        }
    }

    /// Whether something other than `widget` itself or a HUD's mask lies over its centre (a banner, a bezel):
    /// a click there would be that widget's, which the model does not follow.
    static func bannerCovers(_ widget: UnsafeMutablePointer<GtkWidget>, in window: StormWindow) -> Bool {
        var centre = graphene_point_t(x: Float(gtk_widget_get_width(widget)) / 2, y: Float(gtk_widget_get_height(widget)) / 2)
        var point = graphene_point_t()
        guard gtk_widget_compute_point(widget, window.window, &centre, &point) != 0,
              var picked = gtk_widget_pick(window.window, Double(point.x), Double(point.y), GTK_PICK_DEFAULT) else { return false }
        while true {
            if picked == widget || gtkhud_is_a(picked.raw, HUDMaskWidget.gtype) != 0 { return false }
            guard let parent = gtk_widget_get_parent(picked) else { return true }
            picked = parent
        }
    }
}

extension StormRoute {
    @MainActor var context: PresentationContext {
        switch self {
        case .active: .activeWindow(of: StormApplication.shared)
        case .named(let slot): .window(named: "storm\(slot)", of: StormApplication.shared)
        }
    }
}

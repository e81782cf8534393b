// Banners (NotificationBanner, BRYXBanner style): top and bottom, images,
// colours, springiness, the queue, priorities, ids (counted and updated in
// place), an anchor above the page's action bar, an action button, swipe and
// drag to dismiss.
import CGtk
import Foundation
import GtkHUD
import GtkSupport

/// Follows banners so the gallery can log them and print `shown: banner …`
/// lines: GtkHUD reports a banner's end (`onDismiss`) but not its appearance,
/// so the tracker watches each banner's state and widget once per 15 ms.
@MainActor
final class BannerTracker {
    static let shared = BannerTracker()

    private final class Entry {
        let banner: NotificationBanner
        var visible = false
        var finished = false
        init(_ banner: NotificationBanner) { self.banner = banner }
    }

    private var entries: [Entry] = []
    private var timer: RepeatingTimer?
    /// Banners shown so far (each appearance counts, also a re-show after being put back).
    private(set) var appearances = 0
    private(set) var finishedCount = 0

    /// Banners tracked that have not finished yet.
    var pending: Int { entries.count }

    /// Tracks `banner`: call before `show`. Keeps any `onDismiss` you set.
    func track(_ banner: NotificationBanner) {
        let entry = Entry(banner)
        let previous = banner.onDismiss
        banner.onDismiss = { [weak self, weak entry] reason in
            previous?(reason)
            guard let self, let entry else { return }
            entry.finished = true
            self.finishedCount += 1
            EventCenter.shared.bannerDisappeared(Self.visibleText(of: banner), reason: "\(reason)")
            self.entries.removeAll { $0 === entry }
        }
        entries.append(entry)
        if timer == nil {
            timer = RepeatingTimer(every: 0.015) { [weak self] in self?.poll() ?? false }
        }
    }

    /// The title and subtitle as the user sees them (markup removed when the banner uses markup).
    static func visibleText(of banner: NotificationBanner) -> String? {
        let parts = [banner.title, banner.subtitle].compactMap { $0 }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return nil }
        let text = parts.joined(separator: ". ")
        guard banner.usesMarkup else { return text }
        var plain: UnsafeMutablePointer<CChar>?
        guard pango_parse_markup(text, -1, 0, nil, &plain, nil, nil) != 0, let plain else { return text }
        defer { g_free(plain) }
        return String(cString: plain)
    }

    private func poll() -> Bool {
        for entry in entries where !entry.finished {
            let onScreen: Bool
            if case .showing = entry.banner.state, let widget = entry.banner.widget?.gtkWidget, gtk_widget_get_mapped(widget) != 0 {
                onScreen = true
            } else {
                onScreen = false
            }
            if onScreen && !entry.visible {
                appearances += 1
                EventCenter.shared.bannerAppeared(Self.visibleText(of: entry.banner))
            }
            entry.visible = onScreen
        }
        if entries.isEmpty { timer = nil }
        return !entries.isEmpty
    }
}

@MainActor
final class BannersPage: GalleryPage {
    let name = "banners"
    let title = "Banners"
    let subtitle = "NotificationBanner: drop-down messages"
    let icon = "mail-unread-symbolic"
    private(set) var widget: Widget!

    static let springs: [(String, BannerSpringiness)] = [
        ("None", .none), ("Slight (default)", .slight), ("Heavy", .heavy),
        ("Custom: wobbly", .custom(dampingRatio: 0.35, mass: 1, stiffness: 220, initialVelocity: 0)),
    ]

    var springiness: BannerSpringiness = .slight
    var position: BannerPosition = .top
    var duration = 3.0
    var animationDuration = 0.4
    var hasShadows = true
    var dismissesOnTap = true
    var dismissesOnSwipe = true
    var showsCloseButton = false
    private var counter = 0
    private var actionRow: Widget!
    private var swipeRow: Widget!

    init() {
        let groups = UI.page([showGroup(), motionGroup(), queueGroup(), idGroup(), anchorGroup(), interactionGroup()])
        UI.expand(groups)
        widget = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 0, [groups, makeActionBar()])
    }

    // MARK: Anchor (issue #27)

    /// The page's bottom action bar, which every banner stands on while ``isAnchored``.
    private(set) var actionBar: Widget!

    /// Whether the window's banners are anchored above the action bar (`BannerCenter.anchor`).
    var isAnchored: Bool {
        get { center?.anchor != nil }
        set { center?.anchor = newValue ? .above(actionBar) : nil }
    }

    private func makeActionBar() -> Widget {
        let bar = gtk_action_bar_new()!
        let selection = UI.label("3 files selected")
        gtk_action_bar_pack_start(bar.op, selection)
        let delete = UI.button("Move to Trash", css: ["destructive-action"]) { self.anchoredBanner() }
        gtk_action_bar_pack_end(bar.op, delete)
        // Floating off the window's edge (a card with margins): the window's
        // bottom bars are found without an anchor, this one only with it.
        UI.margins(bar, 12)
        gtk_widget_add_css_class(bar, "card")
        actionBar = bar
        return bar
    }

    private func anchorGroup() -> Widget {
        UI.group("Anchor", description: "A banner above a chosen widget: opt-in, the HIG keeps messages off particular areas", [
            UI.switchRow("Anchor above the action bar", subtitle: "BannerCenter.anchor = .above(actionBar): every banner stands on it",
                         active: false) { self.isAnchored = $0 }.row,
            UI.actionRow("Banner on the bar", subtitle: "Whatever its Position; hide the bar (or the page) and it goes to the window's bottom edge") {
                self.anchoredBanner()
            },
            UI.switchRow("Action bar shown", subtitle: "A hidden anchor sends banners to the edge; shown again, they come back",
                         active: true) { gtk_widget_set_visible(self.actionBar, $0 ? 1 : 0) }.row,
        ])
    }

    /// The banner the action bar's "Move to Trash" shows, with the page's
    /// options: on the bar while anchored, whatever its position.
    @discardableResult
    func anchoredBanner(seconds: Double? = nil) -> NotificationBanner? {
        show(title: "3 files moved to Trash", subtitle: "Above the action bar while anchored",
             image: .iconName("user-trash-symbolic"), seconds: seconds)
    }

    /// The banner center of the gallery window.
    var center: BannerCenter? { BannerCenter.for(Gallery.window) }

    /// The calm stack's "+N more" badge (`hudbannerdeck`), while the window has a banner stack.
    var deckBadge: UnsafeMutablePointer<GtkWidget>? {
        guard let stack = center?.stackWidget.gtkWidget else { return nil }
        return UI.descendants(of: stack).first { String(cString: gtk_widget_get_css_name($0)) == "hudbannerdeck" }
    }

    // MARK: Making banners

    /// A banner with the page's options (not shown, not tracked yet).
    func make(title: String?, subtitle: String? = nil, image: ImageSource? = nil,
              background: HUDColor? = nil, text: HUDColor? = nil) -> NotificationBanner? {
        guard let banner = try? NotificationBanner(title: title, subtitle: subtitle, image: image,
                                                   backgroundColor: background, textColor: text) else { return nil }
        banner.springiness = springiness
        banner.position = position
        banner.animationDuration = animationDuration
        banner.hasShadows = hasShadows
        banner.dismissesOnTap = dismissesOnTap
        banner.dismissesOnSwipe = dismissesOnSwipe
        banner.showsCloseButton = showsCloseButton
        return banner
    }

    /// Makes and shows a banner for `seconds` (nil: the page's duration; 0: until dismissed).
    @discardableResult
    func show(title: String?, subtitle: String? = nil, image: ImageSource? = nil,
              background: HUDColor? = nil, text: HUDColor? = nil, seconds: Double? = nil,
              configure: (NotificationBanner) -> Void = { _ in }) -> NotificationBanner? {
        guard let banner = make(title: title, subtitle: subtitle, image: image, background: background, text: text) else { return nil }
        configure(banner)
        BannerTracker.shared.track(banner)
        let time = seconds ?? duration
        banner.show(on: Gallery.window, duration: time > 0 ? time : nil)
        return banner
    }

    /// The gallery's icon as an image file, if the data folder is there.
    static var appIconFile: String? {
        let name = "io.github.gtkhud.Gallery.svg"
        var candidates: [String] = []
        if let data = Themes.dataDirectory() {
            candidates.append((data as NSString).appendingPathComponent(name)) // source tree: data/
            candidates.append((data as NSString).appendingPathComponent("../icons/hicolor/scalable/apps/\(name)")) // installed
        }
        if let executable = Themes.executablePath {
            let prefix = ((executable as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            candidates.append((prefix as NSString).appendingPathComponent("share/icons/hicolor/scalable/apps/\(name)"))
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    // MARK: Groups

    private func showGroup() -> Widget {
        UI.group("Show", description: "Each banner slides in from the window's edge and leaves after its duration, a tap or a swipe.", [
            UI.actionRow("Top banner", subtitle: "Title, subtitle and a symbolic icon") {
                self.show(title: "Upload complete", subtitle: "3 photos were added to “Holidays”", image: .iconName("emblem-ok-symbolic"))
            },
            UI.actionRow("Bottom banner", subtitle: "position = .bottom") {
                self.show(title: "Connection restored", subtitle: "You are back online", image: .iconName("network-wireless-symbolic")) { $0.position = .bottom }
            },
            UI.actionRow("Title only") { self.show(title: "Copied to the clipboard") },
            UI.actionRow("Image file", subtitle: "ImageSource.file, untinted") {
                let image: ImageSource = Self.appIconFile.map { .file($0) } ?? .iconName("starred-symbolic")
                self.show(title: "GtkHUD Gallery", subtitle: "An image from a file, in its own colours", image: image) { $0.tintsImage = false }
            },
            UI.actionRow("BRYXBanner colours", subtitle: "backgroundColor and textColor") {
                self.show(title: "Payment failed", subtitle: "Your card was declined", image: .iconName("dialog-error-symbolic"),
                          background: HUDColor(red: 0.75, green: 0.11, blue: 0.16, alpha: 0.95), text: .white)
            },
            UI.actionRow("Markup", subtitle: "usesMarkup = true") {
                self.show(title: "<b>Ada</b> mentioned you", subtitle: "in <i>#design</i>: “Love the new <tt>HUD</tt>!”",
                          image: .iconName("mail-unread-symbolic")) { $0.usesMarkup = true }
            },
            UI.actionRow("Long text", subtitle: "Titles wrap to 3 lines, subtitles to 5") {
                self.show(title: "A very long title that keeps going so that it has to wrap onto a second line in a narrow window",
                          subtitle: String(repeating: "The subtitle wraps too, up to five lines, and then ends with an ellipsis. ", count: 4),
                          image: .iconName("dialog-information-symbolic"))
            },
        ])
    }

    private func motionGroup() -> Widget {
        UI.group("Appearance and motion", description: "Apply to the next banner.", [
            UI.comboRow("Position", items: ["Top", "Bottom"]) { self.position = $0 == 0 ? .top : .bottom },
            UI.comboRow("Springiness", subtitle: "BRYXBanner's presets, or libadwaita spring parameters",
                        items: Self.springs.map(\.0), selected: 1) { self.springiness = Self.springs[$0].1 },
            UI.spinRow("Animation duration", range: 0...2, step: 0.1, value: animationDuration) { self.animationDuration = $0 },
            UI.spinRow("Duration on screen", subtitle: "0: until dismissed", range: 0...30, step: 0.5, value: duration) { self.duration = $0 },
            UI.switchRow("Shadow", active: true) { self.hasShadows = $0 }.row,
            UI.switchRow("Close button", active: false) { self.showsCloseButton = $0 }.row,
        ])
    }

    private func queueGroup() -> Widget {
        UI.group("Queue and priorities", [
            UI.actionRow("Queue three banners", subtitle: "One shows at a time; the others wait") { self.queueThree() },
            UI.actionRow("High priority", subtitle: "Shows at once; the banner on screen goes back to the queue") { self.priority() },
            UI.spinRow("Banners at once", subtitle: "BannerCenter.maxVisible", range: 1...4, step: 1, value: 1, digits: 0) {
                self.center?.maxVisible = Int($0)
            },
            UI.switchRow("Toast width", subtitle: "BannerCenter.maximumWidth = 450, centred like AdwToast", active: false) {
                self.center?.maximumWidth = $0 ? 450 : nil
            }.row,
            UI.actionRow("Dismiss all", subtitle: "BannerCenter.dismissAll()", button: "Dismiss") { self.center?.dismissAll() },
        ])
    }

    private func idGroup() -> Widget {
        UI.group("Ids", description: "A banner shown while another with its id is up does not stack up: its idPolicy decides.", [
            UI.actionRow("Copy, counted", subtitle: "id \"copied\", idPolicy = .count: one banner, “×N”, the count spoken once") {
                self.copied()
            },
            UI.actionRow("Sync, updated in place", subtitle: "id \"sync\", the default .updateInPlace: new words, timer restarted") {
                self.synced()
            },
            UI.actionRow("Hide by id", subtitle: "BannerCenter.hideCounted(id: \"copied\"), then hide(id: \"sync\")", button: "Hide") {
                if self.center?.isShownOrQueued(id: "copied") == true { self.center?.hideCounted(id: "copied") }
                if self.center?.isShownOrQueued(id: "sync") == true { self.center?.hide(id: "sync") }
            },
        ])
    }

    private func interactionGroup() -> Widget {
        actionRow = UI.actionRow("Action button", subtitle: "setAction(\"Undo\") runs a handler and dismisses") {
            self.withAction()
        }
        swipeRow = UI.actionRow("Swipe or drag", subtitle: "Drag the banner towards its edge; it follows your pointer") {
            self.show(title: "Swipe me away", subtitle: "Drag up past the edge, or fling", image: .iconName("go-up-symbolic"), seconds: 0) { banner in
                banner.dismissesOnTap = false
                banner.onDismiss = { reason in UI.setSubtitle(self.swipeRow, "Dismissed by \(reason)") }
            }
        }
        return UI.group("Interaction", [
            actionRow,
            swipeRow,
            UI.switchRow("Dismiss on tap", active: true) { self.dismissesOnTap = $0 }.row,
            UI.switchRow("Dismiss on swipe", active: true) { self.dismissesOnSwipe = $0 }.row,
        ])
    }

    // MARK: Demos

    @discardableResult
    func queueThree(seconds: Double = 1.5) -> [NotificationBanner] {
        (1...3).compactMap { index in
            show(title: "Message \(index) of 3", subtitle: "Waits for the one before it", image: .iconName("mail-unread-symbolic"), seconds: seconds)
        }
    }

    /// A normal banner, then after `delay` a high-priority one that pushes it back into the queue.
    func priority(normalSeconds: Double = 4, highSeconds: Double = 1.5, delay: Double = 0.7) {
        show(title: "Syncing notes", subtitle: "A normal banner", image: .iconName("emblem-synchronizing-symbolic"), seconds: normalSeconds)
        MainLoop.after(milliseconds: UInt32(delay * 1000)) {
            self.show(title: "Battery low", subtitle: "High priority: shows at once", image: .iconName("battery-caution-symbolic"),
                      background: HUDColor(red: 0.9, green: 0.38, blue: 0.0, alpha: 0.97), text: .white,
                      seconds: highSeconds) { $0.priority = .high }
        }
    }

    /// "Copied" under the id "copied", counted: shown again while it is up, the same banner shows "×N".
    @discardableResult
    func copied(seconds: Double? = nil) -> NotificationBanner? {
        show(title: "Copied", subtitle: "To the clipboard", image: .iconName("edit-copy-symbolic"), seconds: seconds) {
            $0.id = "copied"
            $0.idPolicy = .count
        }
    }

    private var syncs = 0

    /// "Synced" under the id "sync" (the default policy: the banner up takes the new words).
    @discardableResult
    func synced(seconds: Double? = nil) -> NotificationBanner? {
        syncs += 1
        return show(title: syncs == 1 ? "Synced" : "Synced again (\(syncs) times)", subtitle: "All notes are up to date",
                    image: .iconName("emblem-synchronizing-symbolic"), seconds: seconds) { $0.id = "sync" }
    }

    @discardableResult
    func withAction(seconds: Double = 5) -> NotificationBanner? {
        show(title: "Message deleted", subtitle: "Undo brings it back", image: .iconName("user-trash-symbolic"), seconds: seconds) { banner in
            banner.setAction("_Undo") {
                self.counter += 1
                UI.setSubtitle(self.actionRow, "Undo pressed \(self.counter)×")
                EventCenter.shared.log("Banner: action “Undo” pressed")
                if EventCenter.shared.printsShownLines { emit("action: banner Undo") }
            }
        }
    }
}

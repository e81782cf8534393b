import CGtk
import GtkSupport
import HUDCore
import HUDWidgets

/// A drop-down banner, as BRYXBanner's `Banner` is on iOS: a title, a
/// subtitle and an image sliding in from the top (or bottom) of a window,
/// dismissed by a tap, a swipe towards its edge, Escape, a timeout or your code.
///
/// ```swift
/// let banner = try NotificationBanner(title: "Upload complete",
///                                     subtitle: "3 photos were added to “Holidays”",
///                                     image: .iconName("emblem-ok-symbolic"))
/// banner.onTap = { openAlbum() }
/// banner.show(duration: 3)          // in the front window; nil = until dismissed
/// ```
///
/// Settings have BRYXBanner's defaults and may be changed while the banner
/// is on screen. Banners of one window share a ``BannerCenter``: one shows at
/// a time unless you raise ``BannerCenter/maxVisible``; the rest wait.
///
/// Colours: with neither ``backgroundColor`` nor ``textColor`` set, the banner
/// follows the theme (libadwaita's named colours in GtkHUD's stylesheet, so
/// dark and high-contrast styles work). Setting either one gives BRYXBanner's
/// look for the other: black at 95 % opacity behind white text.
///
/// Accessibility: the banner's widget has the alert role, its title as
/// accessible name and its subtitle as description; on GTK 4.14 and later its
/// appearance is announced (assertively for ``/HUDCore/BannerPriority/high``). Its
/// buttons are reachable with Tab.
@MainActor
public final class NotificationBanner {
    /// The logic object the window's queue works with.
    let core: Banner
    /// The window center while the banner is queued or on screen.
    weak var center: BannerCenter?
    /// The closure of a ``setAction(_:handler:)`` button; the button itself
    /// (label and what it does) is in the core's content, as one value.
    private var actionHandler: (@MainActor () -> Void)?
    private var finishedReason: BannerDismissReason?
    /// A task banner's run and its progress pacing (``run(_:subtitle:on:id:successTitle:graceTime:minimumShowTime:resultDuration:cancelTitle:retry:_:)``).
    var taskRun: (task: BannerTask, delivery: FramePacedProgress)?
    private var waiters: [CheckedContinuation<BannerDismissReason, Never>] = []

    // MARK: - Creating

    /// Creates a banner. At least one of title, subtitle and image is needed.
    ///
    /// - Parameters:
    ///   - title: the heading (bold, up to 3 lines); also the accessible name.
    ///   - subtitle: the detail text (up to 5 lines); also the accessible description.
    ///   - image: the picture at the leading edge, 25 × 25 px, tinted with the text colour.
    ///   - backgroundColor: the fill; nil follows the theme (see the type's discussion).
    ///   - textColor: title, subtitle and tint colour; nil follows the theme.
    ///   - id: the app's name for this message, or nil (the default); see ``id``.
    ///     A blank id is refused with a message (the banner then has none).
    ///   - onTap: called when the banner is tapped or clicked (after it starts to dismiss).
    /// - Throws: ``/HUDCore/BannerContentError/empty`` when title, subtitle and image are
    ///   all missing (whitespace-only text counts as missing); a message says so too.
    public init(title: String? = nil, subtitle: String? = nil, image: ImageSource? = nil,
                backgroundColor: HUDColor? = nil, textColor: HUDColor? = nil, id: String? = nil,
                onTap: (@MainActor () -> Void)? = nil) throws(BannerContentError) {
        var content = try BannerContent(title: title, subtitle: subtitle, image: image)
        content.backgroundColor = nil
        content.textColor = nil
        core = Banner(content)
        self.onTap = onTap
        if backgroundColor != nil || textColor != nil {
            core.content.backgroundColor = backgroundColor ?? .defaultBackground
            core.content.textColor = textColor ?? .white
        }
        if let id { core.update(source: "NotificationBanner.init(title:subtitle:image:backgroundColor:textColor:id:onTap:)") { $0.id = id } }
        core.onTap = { [weak self] in self?.onTap?() }
        core.onAction = { [weak self] _ in self?.performAction() }
        core.onMerged = { [weak self] into in self?.handClosuresOver(to: into) }
        core.onDismissed = { [weak self] reason in self?.finish(reason) }
    }

    // MARK: - Id

    /// The app's name for this message (`"sync-status"`), or nil (the default).
    ///
    /// When a banner is shown while another with its id is showing or
    /// waiting in the same window, its ``idPolicy`` decides what happens, and
    /// ``BannerCenter/hide(id:)`` and ``BannerCenter/isShownOrQueued(id:)``
    /// find it. GtkHUD never makes an id from the text: two banners that read
    /// alike are two messages unless you say otherwise. Ids are per window:
    /// the same id in two windows names two banners, one in each.
    ///
    /// A blank id is refused with a message (the id stays as it was), and so is
    /// a change while the banner is showing or waiting (its window files it
    /// under its id).
    public var id: String? {
        get { core.content.id }
        set { core.update(source: "NotificationBanner.id") { $0.id = newValue } }
    }

    /// What showing this banner does when another with its ``id`` is showing
    /// or waiting in the same window (``/HUDCore/BannerIDPolicy/updateInPlace``):
    ///
    /// - `.updateInPlace`: the banner already there takes this one's content
    ///   (all but its edge), tap and action closures, and duration; its timeout
    ///   starts again and screen readers hear the new words once. This banner
    ///   ends at once with ``/HUDCore/BannerDismissReason/sameID``.
    /// - `.count`: the banner already there shows "×N", starts its timeout
    ///   again with this duration, and a burst of arrivals is spoken once, as a
    ///   count ("Saved, 3 times"). This banner ends with `.sameID`.
    /// - `.replace`: the banner already there ends with
    ///   ``/HUDCore/BannerDismissReason/replaced`` and this one takes its place.
    /// - `.ignore`: this banner ends with `.sameID`; the other is left as it is.
    ///
    /// Without an id this setting does nothing.
    public var idPolicy: BannerIDPolicy {
        get { core.content.idPolicy }
        set { core.content.idPolicy = newValue }
    }

    /// How many times its message arrived (1): with ``idPolicy`` `.count`, each
    /// banner shown with its id while it is up adds one, and it shows "×N"
    /// from 2 on; ``BannerCenter/hideCounted(id:)`` takes one back.
    public var repeatCount: Int { core.content.repeatCount }

    /// The queue merged this banner into `into` (same id, `.updateInPlace`):
    /// that banner now shows this one's content, so it takes its closures too.
    private func handClosuresOver(to into: Banner) {
        guard let other = center?.facade(of: into) else { return }
        other.onTap = onTap
        other.actionHandler = actionHandler
    }

    // MARK: - Message

    /// The heading, or nil.
    public var title: String? { core.content.title }
    /// The detail text, or nil.
    public var subtitle: String? { core.content.subtitle }

    /// Replaces title, subtitle and image together, e.g. to update a banner
    /// already on screen. Nil removes one.
    /// - Throws: ``/HUDCore/BannerContentError/empty`` when all three would be missing;
    ///   the banner is left as it was.
    public func setMessage(title: String?, subtitle: String?, image: ImageSource?) throws(BannerContentError) {
        try core.content.replaceMessage(title: title, subtitle: subtitle, image: image)
    }

    /// A widget shown instead of the title label (the title text, if any,
    /// stays the accessible name). The banner keeps a reference; a fresh
    /// (floating) widget is taken over, as a GTK container would.
    public var titleWidget: GtkWidgetRef? {
        get { (core.content.titleWidget as? GtkObjectContent).map { GtkWidgetRef(pointer: $0.widget) } }
        set { core.content.titleWidget = newValue?.gtkWidget.map { GtkObjectContent($0.raw) } }
    }

    // MARK: - Look and behaviour (BRYXBanner's defaults)

    /// The fill; nil follows the theme. Setting a colour while ``textColor``
    /// is nil makes the text white, as BRYXBanner does.
    public var backgroundColor: HUDColor? {
        get { core.content.backgroundColor }
        set {
            var content = core.content
            content.backgroundColor = newValue
            if newValue != nil, content.textColor == nil { content.textColor = .white }
            core.content = content
        }
    }

    /// Title, subtitle and image tint colour; nil follows the theme. Setting a
    /// colour while ``backgroundColor`` is nil gives the banner BRYXBanner's
    /// black (95 % opaque) fill.
    public var textColor: HUDColor? {
        get { core.content.textColor }
        set {
            var content = core.content
            content.textColor = newValue
            if newValue != nil, content.backgroundColor == nil { content.backgroundColor = .defaultBackground }
            core.content = content
        }
    }

    /// Seconds the entrance and the exit each take to settle (0.4). Zero turns animation off.
    public var animationDuration: Double {
        get { core.content.animationDuration }
        set { core.update(source: "NotificationBanner.animationDuration") { $0.animationDuration = newValue } }
    }

    /// How much the banner bounces (`.slight`).
    public var springiness: BannerSpringiness {
        get { core.content.springiness }
        set { core.content.springiness = newValue }
    }

    /// The edge it drops in from (`.top`). While its window has an anchor
    /// (``BannerCenter/anchor``) the banner stands on the anchor instead,
    /// whatever this says; the value reads back as set and is in force again
    /// once the anchor is cleared.
    public var position: BannerPosition {
        get { core.content.position }
        set { core.content.position = newValue }
    }

    /// Whether it casts a shadow (true).
    public var hasShadows: Bool {
        get { core.content.hasShadows }
        set { core.content.hasShadows = newValue }
    }

    /// The least height in pixels (40, BRYXBanner's value without a status bar).
    public var minimumHeight: Double {
        get { core.content.minimumHeight }
        set { core.update(source: "NotificationBanner.minimumHeight") { $0.minimumHeight = newValue } }
    }

    /// Whether a tap or click dismisses it (true).
    public var dismissesOnTap: Bool {
        get { core.content.dismissesOnTap }
        set { core.content.dismissesOnTap = newValue }
    }

    /// Whether swiping it towards its edge dismisses it (true).
    public var dismissesOnSwipe: Bool {
        get { core.content.dismissesOnSwipe }
        set { core.content.dismissesOnSwipe = newValue }
    }

    /// Whether the image is drawn in the text colour (true).
    public var tintsImage: Bool {
        get { core.content.tintsImage }
        set { core.content.tintsImage = newValue }
    }

    /// Whether a close button is shown (false).
    public var showsCloseButton: Bool {
        get { core.content.showsCloseButton }
        set { core.content.showsCloseButton = newValue }
    }

    /// Whether title and subtitle are Pango markup (false: shown literally).
    /// Invalid markup is shown literally.
    public var usesMarkup: Bool {
        get { core.content.usesMarkup }
        set { core.content.usesMarkup = newValue }
    }

    /// How it competes for screen space (`.normal`). A `.high` banner shows
    /// at once and is announced assertively.
    public var priority: BannerPriority {
        get { core.content.priority }
        set { core.content.priority = newValue }
    }

    // MARK: - Attention

    /// Whether its timeout pauses while its window is not the active one
    /// (true): shown while the user works in another window, it keeps its whole
    /// time for when they come back. Turn it off for messages that are stale
    /// once their moment has passed. It pauses too while its context (a
    /// ``HUDOverlay`` around a pane or a stack page) is hidden in its window.
    /// App-wide: ``GtkHUDAttention/pausesWhileWindowInactive``.
    public var pausesWhileWindowInactive: Bool {
        get { core.content.pausesWhileWindowInactive }
        set { core.content.pausesWhileWindowInactive = newValue }
    }

    /// Whether, with an action button, it still times out while a screen
    /// reader runs (false: it stays until acted on or dismissed, since hearing
    /// it and reaching the button takes longer than seeing it). See
    /// ``GtkHUDAttention/screenReader``.
    public var expiresUnderScreenReader: Bool {
        get { core.content.expiresUnderScreenReader }
        set { core.content.expiresUnderScreenReader = newValue }
    }

    /// Whether it also goes to the desktop's notifications (``/HUDCore/DesktopNotificationPolicy/never``).
    ///
    /// `.never` is the default because a banner is an in-window message, as an
    /// `AdwToast` or a SwiftMessages view is: an app using one expects it to stay
    /// in its window, and a desktop notification needs what only the app can
    /// give (an application id; on GNOME, a `.desktop` file of that name).
    /// `.whenUnattended` stands in for the banner while the user is in another
    /// window (sent when it arrives or comes on screen while its window is
    /// away; withdrawn once they see it, act on it, or it ends); `.always`
    /// mirrors the banner on the desktop for its whole life.
    ///
    /// The notification is a `GNotification` sent through the app's default
    /// `GApplication` with the id `gtkhud-<n>`: its title and subtitle as title
    /// and body, a click on it brings the window forward (the banner then
    /// counts as seen), and its button, if the banner has an action, runs the
    /// action once and dismisses the banner with `.action`. Without a
    /// registered application the banner shows in its window only, with one
    /// message. A banner whose window was destroyed refuses the setting, with a message.
    public var desktopNotification: DesktopNotificationPolicy {
        get { core.content.desktopNotification }
        set {
            if core.state == .gone(.hostDestroyed) || center?.isHostDestroyed == true {
                return HUDCoreDiagnostics.report(Self.desktopNotificationSource, "the banner's window was destroyed, so "
                    + "there is nothing left to notify about; the setting was refused (it stays \(desktopNotification)).")
            }
            core.content.desktopNotification = newValue
        }
    }

    static let desktopNotificationSource = "NotificationBanner.desktopNotification"

    // MARK: - Action button

    /// Adds a button that runs `handler` and dismisses the banner (like
    /// `AdwToast`'s button). Underscores mark mnemonics.
    public func setAction(_ label: String, handler: @escaping @MainActor () -> Void) {
        actionHandler = handler
        core.content.action = BannerAction(label: label, effect: .handler(key: core.key.description))
    }

    /// Adds a button that activates the `GAction` `actionName` (e.g.
    /// `"win.undo"`, `"app.open-settings"`), with an optional parameter
    /// (`.string("inbox")` for an `s`-typed action), and dismisses the banner.
    ///
    /// The target must fit the action's parameter type (none for an action
    /// without a parameter). One that does not is refused with a message: when
    /// the banner is shown for actions GtkHUD can see (`win.`, `app.` and
    /// widget-class actions; the button is then removed), otherwise when the
    /// button is pressed (the action is then not activated). For a group added
    /// with `gtk_widget_insert_action_group`, GTK keeps the group's parameter
    /// types private: GTK itself checks the target at the press and logs its
    /// own warning beside GtkHUD's message (never a critical).
    public func setAction(_ label: String, actionName: String, target: ActionTarget? = nil) {
        actionHandler = nil
        core.content.action = BannerAction(label: label, effect: .gAction(name: actionName,
                                                                         target: target.map { GVariantContent(sinking: $0.variant) }))
    }

    /// Removes the action button.
    public func removeAction() {
        actionHandler = nil
        core.content.action = nil
    }

    /// The action button's label, or nil.
    public var actionLabel: String? { core.content.action?.label }

    // MARK: - Undo

    /// A banner that offers to undo a change the app has already made, as
    /// libadwaita's undo toasts and the GNOME HIG ask: the app deletes at once,
    /// says so ("Deleted 3 files") and offers Undo; the change becomes final
    /// when the offer goes.
    ///
    /// ```swift
    /// let banner = try NotificationBanner.undoable(title: "Deleted 3 files",
    ///                                              undo: { restoreFiles() },
    ///                                              commit: { purgeFiles() })
    /// banner.show(on: window, duration: 5)
    /// ```
    ///
    /// Exactly one of the two closures runs, exactly once:
    /// - `undo` when the user presses Undo (its button turns insensitive at
    ///   the first press, so a double click cannot undo twice) or the app calls
    ///   ``undo()``; screen readers then hear "Undone: Deleted 3 files".
    /// - `commit` when the banner ends any other way: its timeout, its close
    ///   button, a swipe, Escape, ``dismiss()``, ``BannerCenter/dismissAll()``,
    ///   ``BannerCenter/hide(id:)``, a newer banner taking its place (same
    ///   ``id``, or a high-priority banner needing its slot: an undo banner is
    ///   not put back in the queue), its window closing, or the application's
    ///   shutdown (`GApplication::shutdown`). A banner never shown commits when
    ///   it is released. It runs after the exit animation, before ``onDismiss``.
    ///
    /// It is a banner like any other: give it an ``id``, a position or a
    /// priority before showing it. A duration of 5 to 10 seconds suits it (the
    /// default, nil, keeps it until dismissed). Replacing its button with
    /// ``setAction(_:handler:)`` removes Undo; the change then commits when it ends.
    ///
    /// - Parameters:
    ///   - title: what was done ("Deleted 3 files"); also what Undo's outcome repeats.
    ///   - subtitle: detail text, or nil (the default).
    ///   - image: a picture, or nil (the default).
    ///   - undo: takes the change back.
    ///   - commit: makes the change final.
    /// - Throws: ``/HUDCore/BannerContentError/empty`` when title, subtitle and image are all missing.
    public static func undoable(title: String?, subtitle: String? = nil, image: ImageSource? = nil,
                                undo: @escaping @MainActor () -> Void,
                                commit: @escaping @MainActor () -> Void) throws(BannerContentError) -> NotificationBanner {
        let banner = try NotificationBanner(title: title, subtitle: subtitle, image: image)
        banner.core.offerUndo(BannerUndo(undo: undo, commit: commit), source: undoableSource)
        return banner
    }

    static let undoableSource = "NotificationBanner.undoable(title:subtitle:image:undo:commit:)"

    /// Takes the change back, as pressing Undo does (for an app's own Ctrl+Z):
    /// the undo closure runs and the banner leaves. Refused with a message
    /// (under `NotificationBanner.undo()`), with nothing run, when the banner
    /// offers no undo (not made with ``undoable(title:subtitle:image:undo:commit:)``),
    /// its change was already undone or committed, it is already leaving (its
    /// change commits as it goes), or it was never shown.
    /// - Returns: whether the undo closure ran.
    @discardableResult
    public func undo() -> Bool {
        core.undoChange(source: "NotificationBanner.undo()")
    }

    /// What became of the change an undoable banner offers: pending, undone,
    /// or committed (and why); nil for a banner without undo.
    public var undoOutcome: BannerUndoOutcome? { core.undo?.outcome }

    // MARK: - Closures

    /// Called on each tap or click while showing (after the banner starts to
    /// dismiss, when ``dismissesOnTap`` is on).
    public var onTap: (@MainActor () -> Void)?

    /// Called exactly once when the banner is finished, after its exit
    /// animation, with the reason. Closures are released afterwards.
    public var onDismiss: (@MainActor (BannerDismissReason) -> Void)?

    // MARK: - Showing

    /// Shows the banner in the window of `widget` (nil: the front window).
    ///
    /// - Parameters:
    ///   - widget: any widget in the window, the window itself, or a
    ///     ``HUDOverlay`` you placed; nil picks the active window.
    ///   - duration: seconds on screen once it has slid in; nil, zero or
    ///     infinity keep it until dismissed. Negative values and NaN are
    ///     refused with a message, and the banner shows until dismissed.
    ///
    /// Showing a banner that is already showing or waiting does nothing, and a
    /// dismissed banner cannot be shown again (create a new one). A banner
    /// with an ``id`` that is already showing or waiting in that window meets
    /// its ``idPolicy``. A banner showing or waiting in one window is refused
    /// by another, with a message.
    public func show(on widget: (any GtkWidgetConvertible)? = nil, duration: Double? = nil) {
        show(in: widget.map { .widget($0) } ?? .automatic, duration: duration, source: "NotificationBanner.show(on:duration:)")
    }

    /// Shows the banner in `context`: a window, an overlay, the nearest
    /// ``HUDOverlay`` around a widget (a pane, a sidebar, a dialog's content:
    /// each has its own queue), or ``PresentationContext/automatic``.
    /// `duration` and everything else as ``show(on:duration:)``.
    public func show(in context: PresentationContext, duration: Double? = nil) {
        show(in: context, duration: duration, source: "NotificationBanner.show(in:duration:)")
    }

    func show(in context: PresentationContext, duration: Double?, source: String) {
        guard GtkHUDRuntime.prepare(caller: source) else { return }
        // Here only what needs GTK: the overlay. The banner itself (dismissed
        // already?) and the duration are checked once, by the queue, reported from `source`.
        guard let overlay = Self.overlay(for: context, source: source, consequence: "Nothing was shown."),
              let center = center ?? BannerCenter.center(of: overlay) else { return }
        removeActionIfItsTargetDoesNotFit(from: center.presenter.stack.widget)
        if core.undo != nil { BannerUndoShutdown.watchDefaultApplication() }
        center.show(self, duration: duration, source: source)
    }

    /// The overlay `context` resolves to, or nil with the reason reported
    /// under `source`, followed by what happens instead.
    static func overlay(for context: PresentationContext, source: String, consequence: String) -> HUDOverlayWidget? {
        do {
            return try OverlayHost.resolve(context)
        } catch {
            HUDCoreDiagnostics.report(source, "\(error.description) \(consequence)")
            return nil
        }
    }

    /// Dismisses the banner: a showing one slides out, a waiting one is dropped.
    /// Does nothing if it was never shown or is already gone.
    public func dismiss() {
        core.dismiss()
    }

    /// Where the banner is in its life: hidden (never shown), queued, showing, or gone.
    public var state: BannerState { core.state }

    /// Time left before the timeout, or nil without one; it stands still while
    /// the banner is hovered, pressed, dragged or focused.
    public var remainingTime: Duration? { core.remainingTime }

    /// Whether hover, press, drag or focus is holding the timeout.
    public var isTimeoutPaused: Bool { core.isTimeoutPaused }

    /// Waits until the banner is finished (after its exit animation) and returns why;
    /// ``/HUDCore/BannerDismissReason/notShown`` at once for a banner that is neither on
    /// screen nor waiting (never shown, or its `show` was refused).
    public var dismissed: BannerDismissReason {
        get async {
            if let finishedReason { return finishedReason }
            if core.state == .hidden { return .notShown }
            return await withCheckedContinuation { waiters.append($0) }
        }
    }

    /// The banner's GTK widget (CSS node `hudbanner`) while it is on screen or
    /// leaving; nil otherwise. Useful for adding your own CSS classes.
    public var widget: GtkWidgetRef? { bannerWidget.map { GtkWidgetRef(pointer: $0.widget) } }

    var bannerWidget: BannerWidget? { center?.widget(for: self) }

    // MARK: - Private

    /// The `GAction` the button activates and its target, if it activates one.
    private var gAction: (name: String, target: OpaquePointer?)? {
        guard case .gAction(let name, let target)? = core.content.action?.effect else { return nil }
        return (name, (target as? GVariantContent)?.variant)
    }

    private static let setActionSource = "NotificationBanner.setAction(_:actionName:target:)"

    /// At show time: an action GtkHUD can look up whose parameter type the
    /// target does not fit loses its button (its press would be a GLib critical).
    private func removeActionIfItsTargetDoesNotFit(from anchor: UnsafeMutablePointer<GtkWidget>) {
        guard core.state == .hidden, let (actionName, actionTarget) = gAction,
              case .takes(let parameterType) = BannerActionCheck.lookUp(actionName, from: anchor),
              let problem = BannerActionCheck.mismatch(actionTarget, parameterType) else { return }
        HUDCoreDiagnostics.report(Self.setActionSource, "the target does not fit action “\(actionName)”: \(problem); "
            + "the action button was removed.")
        removeAction()
    }

    private func performAction() {
        if let actionHandler {
            actionHandler()
        } else if let (actionName, actionTarget) = gAction, let anchor = center?.presenter.stack.widget {
            // Checked again at the press: the action may have come or changed since the banner was shown.
            switch BannerActionCheck.lookUp(actionName, from: anchor) {
            case .takes(let parameterType):
                if let problem = BannerActionCheck.mismatch(actionTarget, parameterType) {
                    return HUDCoreDiagnostics.report(Self.setActionSource, "the target does not fit action “\(actionName)”: "
                        + "\(problem); it was not activated.")
                }
            case .unknown:
                if !BannerActionCheck.activateCheckedByGTK(actionName, target: actionTarget, from: anchor) {
                    HUDCoreDiagnostics.report(Self.setActionSource, "action “\(actionName)” was not activated: it does not exist, "
                        + "is disabled, or takes a parameter of another type than the target.")
                }
                return
            }
            _ = gtk_widget_activate_action_variant(anchor, actionName, actionTarget)
        }
    }

    /// Hands the banner to the desktop as a notification (the queue decided it is due).
    func sendDesktopNotification(id: String) -> Bool {
        let content = core.content
        let title = content.title.map { Self.plainText($0, isMarkup: content.usesMarkup) }
        let subtitle = content.subtitle.map { Self.plainText($0, isMarkup: content.usesMarkup) }
        let present: @MainActor () -> Void = { [weak self] in self?.desktopNotificationActivated() }
        var button: (@MainActor () -> Void)?
        if content.action != nil { button = { [weak self] in self?.desktopNotificationButtonPressed() } }
        let activation = DesktopNotificationSender.Activation(present: present, button: button)
        // An image-only banner: the app's name says who it is from.
        let appName = (g_get_application_name() ?? g_get_prgname()).map { String(cString: $0) } ?? ""
        return DesktopNotificationSender.shared.send(
            id: id, title: title ?? subtitle ?? appName,
            body: title == nil ? nil : subtitle, buttonLabel: content.action?.label,
            source: Self.desktopNotificationSource, activation: activation)
    }

    /// Its notification was clicked: the window comes forward and the banner counts as seen.
    private func desktopNotificationActivated() {
        guard let center else { return }
        center.presentWindow()
        center.queue.desktopNotificationActivated(core)
    }

    /// Its notification's button was pressed: as the banner's own button (once).
    private func desktopNotificationButtonPressed() {
        center?.queue.desktopNotificationActionInvoked(core)
    }

    /// `text` without Pango markup when it is markup (the desktop gets plain text).
    private static func plainText(_ text: String, isMarkup: Bool) -> String {
        guard isMarkup else { return text }
        var plain: UnsafeMutablePointer<CChar>?
        guard pango_parse_markup(text, -1, 0, nil, &plain, nil, nil) != 0, let plain else { return text }
        defer { g_free(plain) }
        return String(cString: plain)
    }

    /// The logic reported the end: run `onDismiss` once, wake the waiters, let go of everything.
    private func finish(_ reason: BannerDismissReason) {
        guard finishedReason == nil else { return }
        finishedReason = reason
        let handler = onDismiss
        onDismiss = nil
        onTap = nil
        actionHandler = nil
        center?.forget(self)
        center = nil
        handler?(reason)
        let pending = waiters
        waiters = []
        for waiter in pending { waiter.resume(returning: reason) }
    }
}

/// What the desktop adds to a window's banners: whether the user is in the
/// window, whether focus is inside the banners, and the app-wide
/// ``AppAttention`` (screen reader, multiplier). The view reports facts; the
/// rules are here.
extension BannerQueue {
    /// The window's activity changed (`GtkWindow:is-active`, minimised, suspended):
    /// `isAttended` is whether the user can be looking at it now.
    ///
    /// While the window is not attended, banners that pause for it
    /// (``BannerContent/pausesWhileWindowInactive`` and
    /// ``AppAttention/pausesWhileWindowInactive``) stop counting; when the user
    /// comes back they go on with the time they had left, and a banner that
    /// appeared meanwhile gets its whole time. Nothing pauses until the window
    /// has been attended once: headless compositors and kiosks never make a
    /// window active, and banners must not freeze there. `wasAttendedBefore`
    /// passes on what the view knew before this queue existed (the window was
    /// active earlier, while the app used GtkHUD).
    public func windowAttentionChanged(isAttended: Bool, wasAttendedBefore: Bool = false) {
        windowAttention.report(isAttended: isAttended, wasAttendedBefore: wasAttendedBefore)
        followWindowAttention()
    }

    /// Whether the window counts as left now: not attended, after it was.
    public var isWindowAway: Bool { windowAttention.isAway }

    /// The context these banners are shown in (a pane, a stack page, a
    /// dialog's content) was mapped or unmapped (issue #27). A hidden context
    /// holds its banners as an inactive window does (the same
    /// ``BannerHold/windowInactive``, the same opt-outs), and they go on with
    /// the time they had left when it shows again. See
    /// ``ContextVisibility/isHidden`` for when a context counts as hidden.
    /// Desktop notifications stay the window's affair: the user is in the app.
    public func contextVisibilityChanged(_ visibility: ContextVisibility) {
        windowAttention.isContextHidden = visibility.isHidden
        followWindowAttention()
    }

    private func followWindowAttention() {
        if windowAttention.holdsBanners { hold(.windowInactive) } else { release(hold: .windowInactive) }
        if !windowAttention.holdsBanners {
            // Shown (or changed) while the user was away: said now that they are back.
            for banner in visibleBanners where banner.announcementWaitsForAttention && isShowing(banner) { announce(banner) }
        }
        if isWindowAttended {
            for banner in visibleBanners { desktopNotificationSeen(for: banner) }
        } else if isWindowAway {
            // Waiting banners stand for messages the user has not seen: they go out
            // now (the banner on screen is held by the window, so they may wait long).
            for banner in queuedBanners { sendDesktopNotificationIfDue(for: banner) }
        }
    }

    /// Whether the user can be looking at the banners now: the window is
    /// attended (not only "not away": a window never attended is neither) and
    /// their context is not hidden.
    var isWindowAttended: Bool { windowAttention.isAttended && !windowAttention.isContextHidden }

    /// Holds every banner's timeout for `reason` (keyboard focus entered the
    /// banners, a popover opened from one, ...): each pauses, and banners that
    /// appear meanwhile start paused. Repeating a reason has no extra effect.
    public func hold(_ reason: BannerHold) {
        guard !isHostDestroyed, holds.insert(reason).inserted else { return }
        applyAttention()
    }

    /// Ends the hold for `reason`: banners go on with the time they had left
    /// (not their full time, as `AdwToast` does), so a user who reads a banner
    /// and moves on does not keep it up for longer than asked.
    public func release(hold reason: BannerHold) {
        guard holds.remove(reason) != nil else { return }
        applyAttention()
    }

    /// The timeout `banner` counts down here: its own, lengthened by the
    /// app's multiplier, and none for a banner with an action while a screen
    /// reader runs (unless ``BannerContent/expiresUnderScreenReader``).
    public func effectiveTimeout(for banner: Banner) -> BannerTimeout {
        guard let requested = banner.timeout.duration else { return .untilDismissed }
        if attention.screenReaderRunning, banner.content.action != nil, !banner.content.expiresUnderScreenReader {
            return .untilDismissed
        }
        return .after(attention.lengthened(requested))
    }

    /// Whether the queue's holds stop `banner`'s clock.
    func isHeld(_ banner: Banner) -> Bool {
        holds.contains { hold in
            hold != .windowInactive || (attention.pausesWhileWindowInactive && banner.content.pausesWhileWindowInactive)
        }
    }

    /// The app-wide inputs changed (called by ``AppAttention``).
    func attentionDidChange() {
        applyAttention()
    }

    private func applyAttention() {
        for banner in visibleBanners { applyAttention(to: banner) }
    }

    /// Brings `banner`'s countdown in line with the holds and the timing rules.
    func applyAttention(to banner: Banner) {
        banner.countdown?.retime(to: effectiveTimeout(for: banner))
        banner.countdown?.setHeldByQueue(isHeld(banner))
    }
}

/// Something that holds every banner of a window at once (compare
/// ``BannerInhibitReason``, which holds one banner).
public enum BannerHold: Hashable, Sendable {
    /// Keyboard focus is inside the banners: the user is reading or acting.
    case focusInside
    /// The window is not active (reported with ``BannerQueue/windowAttentionChanged(isAttended:wasAttendedBefore:)``),
    /// or the banners' context is hidden in it (``BannerQueue/contextVisibilityChanged(_:)``).
    case windowInactive
    /// An app-defined reason, e.g. a dialog about the banners is open.
    case app(String)
}

/// What the toolkit says about a window, for deciding whether the user can be
/// looking at it (``isAttended``). The GTK layer fills it in; the rule is here.
public struct WindowFacts: Hashable, Sendable {
    /// `GtkWindow:is-active`: the window has the keyboard focus.
    public var isActive = false
    /// The toplevel's `FOCUSED` state (xdg-shell's "activated").
    public var isFocusedState = false
    /// Whether ``isFocusedState`` can be trusted: on Wayland it can; on X11 it
    /// is stale under window managers without `_NET_WM_STATE_FOCUSED` (openbox
    /// sets it at map and never clears it, measured).
    public var focusedStateIsReliable = false
    /// The toplevel is minimised.
    public var isMinimized = false
    /// The toplevel is suspended (GTK 4.12+: another workspace, fully hidden).
    public var isSuspended = false
    /// The window has been active at some point the toolkit layer saw.
    public var hasBeenActive = false

    /// All false: a window not known to be attended.
    public init() {}

    /// Whether the user can be looking at the window: it has the focus (or,
    /// where the toolkit reports it reliably, the compositor shows it as
    /// active), and it is neither minimised nor suspended. Headless Wayland
    /// compositors send no keyboard focus, so there the focused state decides.
    public var isAttended: Bool {
        guard !isMinimized, !isSuspended else { return false }
        return isActive || (focusedStateIsReliable && isFocusedState)
    }

    /// Whether the window has been attended at some point: seen active, or
    /// shown as focused by the window manager (on X11 a stale `FOCUSED` state
    /// still says the manager focused it once), or attended now.
    public var hasBeenAttended: Bool { hasBeenActive || isFocusedState || isAttended }

    /// Whether the user has left the window: not attended now, after it was
    /// once (`wasAttendedBefore`). A window never attended (headless
    /// compositors, kiosks) is not "left".
    public func isAway(wasAttendedBefore: Bool) -> Bool {
        !isAttended && wasAttendedBefore
    }
}

/// Whether a context (the overlay the banners are in) can be seen, as the
/// toolkit reports it. The GTK layer fills it in; the rule is here.
public struct ContextVisibility: Hashable, Sendable {
    /// The context is mapped: it and all its ancestors are shown (a
    /// `GtkStack` page switched away, a collapsed pane, an `AdwLeaflet`'s
    /// folded-away child are not).
    public var isMapped: Bool
    /// Its window is mapped: on screen, or at least presented.
    public var isWindowMapped: Bool

    /// The facts as they are.
    public init(isMapped: Bool, isWindowMapped: Bool) {
        self.isMapped = isMapped
        self.isWindowMapped = isWindowMapped
    }

    /// Whether the context counts as hidden: unmapped inside a mapped window.
    /// A context whose window is not up yet (built before it is presented) or
    /// is closing is not: that is the window's attention, and banners shown
    /// before a window is presented must not freeze for it.
    public var isHidden: Bool { isWindowMapped && !isMapped }
}

/// The window's activity as the view reported it, with the "attended once"
/// latch, and whether the banners' context is hidden inside it.
struct WindowAttention {
    private(set) var isAttended = false
    private(set) var hasBeenAttended = false
    /// The context is unmapped inside its mapped window (``ContextVisibility/isHidden``).
    var isContextHidden = false

    /// Whether banners that pause for it stop now: the window was left, or the context is hidden.
    var holdsBanners: Bool { isAway || isContextHidden }

    mutating func report(isAttended: Bool, wasAttendedBefore: Bool) {
        self.isAttended = isAttended
        if isAttended || wasAttendedBefore { hasBeenAttended = true }
    }

    /// Left after having been attended: only then do banners pause for it.
    var isAway: Bool { hasBeenAttended && !isAttended }
}

/// Whether the shared HUD stays in the window it is in when a call comes, or
/// goes where its context points now (issue #27, multi-window apps).
///
/// A context that names a place (a window, an overlay, a widget) is followed
/// at every call: the app said where. A routed one (`.automatic`, the active
/// window of an app) is routed when the HUD starts a run, and the run stays
/// in that window until the HUD has gone, as SVProgressHUD's does: the user
/// switching windows mid-run neither moves a "Saving" HUD (and its mask)
/// onto the window they went to, nor shows the run's "Saved" there. A place
/// that is no longer shown (its window hidden) is left: the next call routes again.
public enum SharedHUDPlacement {
    /// How the app said where the HUD goes.
    public enum Context: Sendable, Equatable {
        /// A window, an overlay or a widget: followed at every call.
        case named
        /// `.automatic` or a router: the window is picked when a run starts.
        case routed
    }

    /// What the call does with the HUD.
    public enum Decision: Sendable, Equatable {
        /// The HUD stays where it is.
        case stay
        /// The context is resolved now (and the HUD moves, as it is, if that is elsewhere).
        case resolve
    }

    /// The decision for a call made while the HUD is in `phase`; `placeIsShown`
    /// tells whether the place it is drawn in is there and mapped.
    public static func decide(context: Context, phase: HUDPhase, placeIsShown: Bool) -> Decision {
        guard context == .routed, phase != .hidden, placeIsShown else { return .resolve }
        return .stay
    }
}

extension SharedHUDController {
    /// ``SharedHUDPlacement/decide(context:phase:placeIsShown:)`` for this HUD's phase now.
    public func placement(for context: SharedHUDPlacement.Context, placeIsShown: Bool) -> SharedHUDPlacement.Decision {
        SharedHUDPlacement.decide(context: context, phase: lifecycle.phase, placeIsShown: placeIsShown)
    }
}

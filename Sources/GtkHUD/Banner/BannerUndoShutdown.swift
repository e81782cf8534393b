import CGtk
import GtkSupport
import HUDCore

/// Commits every pending undo when the application shuts down (its
/// `GApplication::shutdown`), so a change offered for undo is never left
/// undecided when the app quits with a banner still up. Connected to the
/// default application the first time an undo banner is shown, once per
/// application.
@MainActor
enum BannerUndoShutdown {
    private static var application: WeakObjectRef?
    private static var connection: SignalConnection?

    /// Watches the default application's shutdown, if there is one and it is not watched yet.
    static func watchDefaultApplication() {
        guard let app = g_application_get_default() else { return }
        let address = UnsafeMutableRawPointer(app)
        if let application, application.isAlive, application.withObject({ $0 == address }) == true { return }
        connection?.disconnect()
        application = WeakObjectRef(address)
        connection = Signal.connect(address, "shutdown") {
            BannerUndo.commitAllPending()
        }
    }
}

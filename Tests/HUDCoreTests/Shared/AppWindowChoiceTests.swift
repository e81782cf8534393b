import Testing
@testable import HUDCore

/// Issue #27: which of an application's windows a message goes to. Windows
/// are given as GTK lists them for an application: the most recently focused first.
@Suite struct AppWindowChoiceTests {
    typealias Window = AppWindowChoice.Window

    @Test func theActiveWindowIsTheMostRecentlyFocusedShownOne() {
        let windows = [Window(name: "prefs", isVisible: false), Window(name: "main"), Window(name: "editor")]
        #expect(AppWindowChoice.pick(.active, among: windows) == .success([1]))
        #expect(AppWindowChoice.pick(.active, among: [Window(), Window()]) == .success([0]))
    }

    @Test func everyWindowMeansEveryShownOneInTheAppsOrder() {
        let windows = [Window(name: "a"), Window(name: "b", isVisible: false), Window(name: "c")]
        #expect(AppWindowChoice.pick(.every, among: windows) == .success([0, 2]))
    }

    @Test func aNameMatchesTheWidgetNameOrTheUiIdAndTheShownOneUsedLastWins() {
        let windows = [Window(name: "editor", isVisible: false), Window(buildableID: "main"),
                       Window(name: "editor"), Window(name: "editor")]
        #expect(AppWindowChoice.pick(.named("main"), among: windows) == .success([1]), "a .ui id")
        #expect(AppWindowChoice.pick(.named("editor"), among: windows) == .success([2]), "the shown editor used last")
    }

    @Test func aNamedWindowIsChosenEvenWhenHiddenItsMessagesWaitThere() {
        let windows = [Window(name: "main"), Window(name: "prefs", isVisible: false)]
        #expect(AppWindowChoice.pick(.named("prefs"), among: windows) == .success([1]))
    }

    @Test func nothingToPickIsRefusedWithTheReason() {
        #expect(AppWindowChoice.pick(.active, among: []) == .failure(.noWindows(others: 0)))
        #expect(AppWindowChoice.pick(.every, among: []) == .failure(.noWindows(others: 0)))
        #expect(AppWindowChoice.pick(.named("x"), among: []) == .failure(.noWindows(others: 0)))
        let hidden = [Window(isVisible: false)]
        #expect(AppWindowChoice.pick(.active, among: hidden) == .failure(.noVisibleWindow))
        #expect(AppWindowChoice.pick(.every, among: hidden) == .failure(.noVisibleWindow))
        let named = [Window(name: "main", buildableID: "window"), Window(name: "main")]
        #expect(AppWindowChoice.pick(.named("editor"), among: named) == .failure(.noWindowNamed("editor", known: ["main", "window"])))
    }

    @Test func theRefusalsSayWhatToDo() {
        #expect(AppWindowChoice.Refusal.noWindowNamed("editor", known: ["main"]).description
            == "no window of the application is named “editor” (its windows are named “main”).")
        #expect(AppWindowChoice.Refusal.noWindowNamed("editor", known: []).description.contains("gtk_widget_set_name"))
        #expect(AppWindowChoice.Refusal.noWindows(others: 0).description.contains("no window"))
        #expect(AppWindowChoice.Refusal.noWindows(others: 2).description.contains("gtk_window_set_application"))
    }

    /// Windows the app opened without adding them to itself are never picked;
    /// the refusal says why (the commonest mistake: no gtk_window_set_application).
    @Test func aWindowThatIsNotTheApplicationsIsRefusedWithTheReason() {
        let stray = [Window(name: "editor")]
        #expect(AppWindowChoice.pick(.named("editor"), among: [Window(name: "main")], others: stray)
            == .failure(.notTheApplicationsWindow("editor")))
        #expect(AppWindowChoice.pick(.named("editor"), among: [], others: stray) == .failure(.notTheApplicationsWindow("editor")))
        #expect(AppWindowChoice.pick(.active, among: [], others: stray) == .failure(.noWindows(others: 1)))
        #expect(AppWindowChoice.pick(.every, among: [], others: stray) == .failure(.noWindows(others: 1)))
        #expect(AppWindowChoice.pick(.named("editor"), among: [Window(name: "editor")], others: stray) == .success([0]),
                "the app's own window of that name")
        #expect(AppWindowChoice.pick(.active, among: [Window(isVisible: false)], others: stray) == .failure(.noVisibleWindow))
    }
}

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
        #expect(AppWindowChoice.pick(.active, among: []) == .failure(.noWindows))
        #expect(AppWindowChoice.pick(.every, among: []) == .failure(.noWindows))
        #expect(AppWindowChoice.pick(.named("x"), among: []) == .failure(.noWindows))
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
        #expect(AppWindowChoice.Refusal.noWindows.description.contains("no window"))
    }
}

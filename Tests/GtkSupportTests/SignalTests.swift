import CGtk
import GtkSupport
import XCTest

final class SignalTests: XCTestCase {
    func testClosureFiresAndItsBoxIsFreedAfterDisconnect() throws {
        try GtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            let baseline = ClosureBoxes.liveCount
            let button = ObjectRef(adopting: UnsafeMutableRawPointer(gtk_button_new_with_label("Go")))
            var clicks = 0
            let connection = Signal.connect(button.pointer, "clicked") { clicks += 1 }
            XCTAssertEqual(ClosureBoxes.liveCount, baseline + 1)
            gtkhud_signal_emit_simple(button.pointer, "clicked")
            XCTAssertEqual(clicks, 1)
            XCTAssertTrue(connection.isConnected)

            connection.disconnect()
            XCTAssertFalse(connection.isConnected)
            XCTAssertEqual(ClosureBoxes.liveCount, baseline, "disconnect must release the closure box")
            gtkhud_signal_emit_simple(button.pointer, "clicked")
            XCTAssertEqual(clicks, 1, "a disconnected handler must not run")
            connection.disconnect() // twice is harmless
        }
    }

    func testClosureBoxIsFreedWhenTheObjectDies() throws {
        try GtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            let baseline = ClosureBoxes.liveCount
            var connection: SignalConnection?
            do {
                let button = ObjectRef(adopting: UnsafeMutableRawPointer(gtk_button_new()))
                connection = Signal.connect(button.pointer, "clicked") {}
                XCTAssertEqual(ClosureBoxes.liveCount, baseline + 1)
            }
            XCTAssertEqual(ClosureBoxes.liveCount, baseline, "finalising the object must release the box")
            XCTAssertEqual(connection?.isConnected, false)
            connection?.disconnect() // after the object died: no crash, no warning
        }
    }

    func testNotifySignalsReceiveTheirUserData() throws {
        try GtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            let baseline = ClosureBoxes.liveCount
            let label = ObjectRef(adopting: UnsafeMutableRawPointer(gtk_label_new("a")))
            var notifications = 0
            let connection = Signal.connect(label.pointer, "notify::label") { notifications += 1 }
            gtk_label_set_label(OpaquePointer(label.pointer), "b")
            gtk_label_set_label(OpaquePointer(label.pointer), "c")
            XCTAssertEqual(notifications, 2)
            connection.disconnect()
            XCTAssertEqual(ClosureBoxes.liveCount, baseline)
        }
    }

    func testUnknownSignalReleasesTheBoxImmediately() throws {
        try GtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            let baseline = ClosureBoxes.liveCount
            let button = ObjectRef(adopting: UnsafeMutableRawPointer(gtk_button_new()))
            let previous = g_log_set_always_fatal(GLogLevelFlags(0))
            let connection = Signal.connect(button.pointer, "no-such-signal") {}
            g_log_set_always_fatal(previous)
            XCTAssertFalse(connection.isConnected)
            XCTAssertEqual(ClosureBoxes.liveCount, baseline)
        }
    }

    func testTenThousandCreateDestroyCyclesLeaveNothingAlive() throws {
        try GtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            let boxes = ClosureBoxes.liveCount
            let widgets = WidgetTypes.liveInstances(of: RedSquare.gtype)
            var lastChild: WeakObjectRef?
            for _ in 0..<10_000 {
                let square = ObjectRef(adopting: UnsafeMutableRawPointer(WidgetTypes.instantiate(RedSquare.gtype)))
                let label = gtk_label_new("x")!
                gtk_widget_set_parent(label, square.widget)
                lastChild = WeakObjectRef(label.raw)
                Signal.connect(square.pointer, "notify::visible") {}
                Signal.connectPointer(label.raw, "notify") { _ in }
            }
            XCTAssertEqual(WidgetTypes.liveInstances(of: RedSquare.gtype), widgets, "Swift widget instances leaked")
            XCTAssertEqual(ClosureBoxes.liveCount, boxes, "signal closure boxes leaked")
            XCTAssertEqual(lastChild?.isAlive, false, "child GObjects leaked")
        }
    }

    func testTimeoutRunsOnceAndCancelledTimeoutNever() throws {
        try GtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            // Tokens captured by the closures show that each closure was released,
            // without counting every box alive (timers of earlier tests may end meanwhile).
            var firedToken: Token? = Token()
            var cancelledToken: Token? = Token()
            weak let firedClosureHold = firedToken
            weak let cancelledClosureHold = cancelledToken
            var fired = 0, cancelledFired = 0
            let source = MainLoop.after(milliseconds: 1) { [firedToken] in _ = firedToken; fired += 1 }
            let cancelled = MainLoop.after(milliseconds: 1) { [cancelledToken] in _ = cancelledToken; cancelledFired += 1 }
            firedToken = nil
            cancelledToken = nil
            cancelled.cancel()
            XCTAssertNil(cancelledClosureHold, "cancelling releases the closure")
            XCTAssertTrue(MainLoop.run(until: { fired == 1 }))
            for _ in 0..<20 { MainLoop.iterate() }
            XCTAssertEqual(fired, 1)
            XCTAssertEqual(cancelledFired, 0)
            XCTAssertFalse(source.isPending)
            XCTAssertNil(firedClosureHold, "a timeout that ran releases its closure")
            source.cancel() // after it ran: harmless
        }
    }
}

private final class Token {}

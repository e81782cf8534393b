import CGtk
@testable import GtkHUD
import GtkSupport
import HUDCore
import XCTest

/// Progress from threads is applied once per frame, in the frame's update
/// phase, and never stranded: on a real window under Xvfb, with the real
/// frame clock. A delivery per main-loop turn (the old way) fails the first
/// test; a value left waiting for a frame that never comes fails the others.
final class FramePacedProgressTests: XCTestCase {
    /// Counts applies and remembers the last value.
    @MainActor private final class Sink {
        var applied: [Double] = []
    }

    /// A mailbox, a delivery paced by `pacer` and the sink it applies to.
    @MainActor private static func makeDelivery(pacer: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>?)
        -> (mailbox: ProgressMailbox, sink: Sink, delivery: FramePacedProgress) {
        let mailbox = ProgressMailbox(), sink = Sink()
        return (mailbox, sink, FramePacedProgress(pacer: pacer, deliver: { if let value = mailbox.take() { sink.applied.append(value) } }))
    }

    /// The widget a test paces by, changed during the test.
    @MainActor private final class Pacer {
        var widget: UnsafeMutablePointer<GtkWidget>?
        init(_ widget: UnsafeMutablePointer<GtkWidget>?) { self.widget = widget }
    }

    /// Many posts and main-queue jobs between two frames: one apply, with the newest value, in the next frame.
    func testManyPostsBetweenFramesAreAppliedOnceInTheNextFrame() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, content) = HUDTesting.window()
            defer { host.close() }
            let (mailbox, sink, delivery) = Self.makeDelivery(pacer: { content })
            // Frames whose update phase ran (where the tick applies): a frame may fall inside the loop turns below.
            var updates = 0
            let clock = try! XCTUnwrap(gtk_widget_get_frame_clock(content))
            let counting = Signal.connect(UnsafeMutableRawPointer(clock), "update") { updates += 1 }
            defer { counting.disconnect() }
            var jobs = 0
            for round in 1...5 {
                let before = sink.applied.count, updatesBefore = updates
                for index in 1...1_000 {
                    // What a storm does between two frames: each post that finds the mailbox clean schedules a job.
                    if mailbox.post(Double(round) + Double(index) / 1_000) { delivery.schedule(); jobs += 1 }
                    if index % 100 == 0 { MainLoop.iterate() } // loop turns in between
                }
                host.waitForFrames(1)
                XCTAssertEqual(sink.applied.last, Double(round) + 1, "the frame applied the newest value")
                XCTAssertLessThanOrEqual(sink.applied.count - before, max(1, updates - updatesBefore), "at most one apply per frame")
            }
            XCTAssertLessThanOrEqual(sink.applied.count, updates, "every apply ran in a frame's update phase")
            XCTAssertEqual(jobs, sink.applied.count, "one job per delivery, not one per post")
        }
    }

    /// With no mapped widget to pace by, the value is applied at once.
    func testWithoutAMappedPacerTheValueIsAppliedAtOnce() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (mailbox, sink, delivery) = Self.makeDelivery(pacer: { nil })
            XCTAssertTrue(mailbox.post(0.25))
            delivery.schedule()
            XCTAssertEqual(sink.applied, [0.25])
        }
    }

    /// A window hidden after the tick was armed has no frames: the safety
    /// timeout applies the value, and later posts are scheduled again.
    func testAValueIsNotStrandedWhenTheWindowStopsPainting() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let (host, content) = HUDTesting.window()
            defer { host.close() }
            let (mailbox, sink, delivery) = Self.makeDelivery(pacer: { content })
            XCTAssertTrue(mailbox.post(0.5))
            delivery.schedule() // armed on a mapped widget
            gtk_widget_set_visible(host.window, 0) // no more frames for it
            HUDTesting.wait("the safety timeout") { sink.applied == [0.5] }
            XCTAssertTrue(mailbox.post(0.75), "the mailbox is clean again: the next post schedules")
            delivery.schedule() // not mapped now: at once
            XCTAssertEqual(sink.applied, [0.5, 0.75])
        }
    }

    /// A tick armed on a window that is then destroyed does not block the
    /// next delivery to another window.
    func testATickOnADestroyedWindowIsReplaced() throws {
        try HUDTesting.requireDisplay()
        MainActor.assumeIsolated {
            let first = HUDTesting.window(), second = HUDTesting.window()
            defer { second.host.close() }
            let pacer = Pacer(first.content)
            let (mailbox, sink, delivery) = Self.makeDelivery(pacer: { pacer.widget })
            XCTAssertTrue(mailbox.post(0.1))
            delivery.schedule()
            pacer.widget = second.content
            first.host.close()
            XCTAssertFalse(mailbox.post(0.2), "still waiting for the first tick")
            delivery.schedule() // e.g. a show on the other window: re-armed there
            second.host.waitForFrames(2)
            XCTAssertEqual(sink.applied, [0.2])
        }
    }
}

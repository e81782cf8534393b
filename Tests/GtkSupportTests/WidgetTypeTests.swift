import CGtk
import GtkSupport
import XCTest

final class WidgetTypeTests: XCTestCase {
    func testSwiftWidgetRendersWithItsCSSNameAndRole() throws {
        try GtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            let host = HostWindow(width: 200, height: 100)
            let square = WidgetTypes.instantiate(RedSquare.gtype)
            host.setChild(square)
            XCTAssertTrue(host.present())

            XCTAssertEqual(String(cString: gtk_widget_get_css_name(square)), "redsquare")
            XCTAssertEqual(gtk_accessible_get_accessible_role(square.accessible), GTK_ACCESSIBLE_ROLE_IMG)
            XCTAssertGreaterThan(RedSquare.of(square)?.snapshots ?? 0, 0, "snapshot vfunc never ran")

            guard let image = WidgetRenderer.render(square) else { return XCTFail("no rendering") }
            let isRed: ((red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool = { $0.red > 200 && $0.green < 50 && $0.alpha > 200 }
            let half = image.width / 2
            let leftRed = image.count(in: (0, 0, half - 1, image.height), where: isRed)
            let rightRed = image.count(in: (half + 1, 0, image.width - half - 1, image.height), where: isRed)
            XCTAssertGreaterThan(leftRed, (half - 1) * image.height * 9 / 10, "left half should be red")
            XCTAssertEqual(rightRed, 0, "right half must stay undrawn")
            host.close()
        }
    }

    func testMeasureVfuncSizesTheWidget() throws {
        try GtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            let square = ObjectRef(adopting: UnsafeMutableRawPointer(WidgetTypes.instantiate(RedSquare.gtype)))
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(square.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            XCTAssertEqual(minimum, 40)
            XCTAssertEqual(natural, 100)
        }
    }

    func testDisposeUnparentsChildrenAndFinalizeFreesSwiftState() throws {
        try GtkTesting.requireDisplay()
        MainActor.assumeIsolated {
            let before = WidgetTypes.liveInstances(of: RedSquare.gtype)
            var childWatch: WeakObjectRef?
            var swiftWatch: RedSquare?
            do {
                let square = ObjectRef(adopting: UnsafeMutableRawPointer(WidgetTypes.instantiate(RedSquare.gtype)))
                let label = gtk_label_new("child")!
                gtk_widget_set_parent(label, square.widget)
                childWatch = WeakObjectRef(label.raw)
                swiftWatch = RedSquare.of(square.widget)
                XCTAssertEqual(WidgetTypes.liveInstances(of: RedSquare.gtype), before + 1)
            }
            XCTAssertEqual(WidgetTypes.liveInstances(of: RedSquare.gtype), before)
            XCTAssertEqual(childWatch?.isAlive, false, "child label must be finalised with its parent")
            XCTAssertEqual(swiftWatch?.isAlive, false, "Swift state must learn that its widget is gone")
            XCTAssertEqual(swiftWatch?.isDisposed, true)
        }
    }
}

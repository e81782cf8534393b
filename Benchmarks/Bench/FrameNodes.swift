import CGtk
import GtkSupport

/// `--mode spinner-nodes`: the render nodes of one frame of each spinner
/// subject, and how many of them that frame made anew. GTK keeps a widget's
/// node until the widget or one of its descendants queues a draw, so a frame
/// of a spinning ring re-snapshots the ring and every ancestor (their CSS
/// background, shadow and clip nodes included) and reuses the rest; the
/// renderer then diffs the new tree against the last one. Two frames' trees
/// are compared by node identity (a node present in both was reused).
/// Prints `nodes_<subject>_total` and `nodes_<subject>_new`, and the new ones by type.
@MainActor
enum FrameNodes {
    static func run() {
        for subject in SpinnerBench.Subject.available {
            let scene = SpinnerBench.makeScene(subject)
            scene.host.waitForFrames(5)
            guard let before = RenderNodeTree.lastDrawing(of: scene.host.window) else { continue }
            scene.host.waitForFrames(1)
            guard let after = RenderNodeTree.lastDrawing(of: scene.host.window) else { continue }
            let kept = Set(RenderNodeTree.nodes(under: before).map { UInt(bitPattern: $0) })
            let all = RenderNodeTree.nodes(under: after)
            let made = all.filter { !kept.contains(UInt(bitPattern: $0)) }
            var byType: [String: Int] = [:]
            for node in made { byType[typeName(node), default: 0] += 1 }
            report("nodes_\(subject.rawValue)_total", Double(all.count), decimals: 0)
            report("nodes_\(subject.rawValue)_new", Double(made.count), decimals: 0)
            note("\(subject.rawValue): \(all.count) nodes in a frame, \(made.count) made anew: "
                 + byType.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            gsk_render_node_unref(before)
            gsk_render_node_unref(after)
            scene.close()
        }
    }

    private static func typeName(_ node: OpaquePointer) -> String {
        let instance = UnsafeMutableRawPointer(node).assumingMemoryBound(to: GTypeInstance.self)
        var name = Substring(String(cString: g_type_name(instance.pointee.g_class.pointee.g_type)))
        if name.hasPrefix("Gsk") { name = name.dropFirst(3) }
        if name.hasSuffix("Node") { name = name.dropLast(4) }
        return String(name)
    }
}

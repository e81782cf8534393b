import CGtk
import Foundation
@testable import GtkHUD
import GtkSupport
import HUDWidgets
import XCTest

/// The README's CSS node trees are what themes are written against: they are
/// checked here against the nodes of a real HUD and a real banner on screen.
final class CSSTreeTests: XCTestCase {
    /// One node of a README tree: `name.fixed.classes[.optional|.classes]`.
    struct Node {
        let name: String
        /// Classes the real node always has.
        let fixed: Set<String>
        /// Classes it may have (alternatives and flags).
        var optional: Set<String>
        let parent: Int?
        /// Lines after "or": alternatives of the sibling above; one of the group is enough.
        let alternativeOf: Int?
        var allowed: Set<String> { fixed.union(optional) }
    }

    /// Parses the trees in README.md's "### HUD nodes" and "### Banner nodes" sections.
    static func readmeNodes() throws -> [Node] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        var nodes: [Node] = []
        for heading in ["### HUD nodes", "### Banner nodes"] {
            guard let section = text.range(of: heading), let open = text.range(of: "```\n", range: section.upperBound..<text.endIndex),
                  let close = text.range(of: "```", range: open.upperBound..<text.endIndex) else {
                throw XCTSkip("README has no tree under \(heading)")
            }
            var stack: [(column: Int, index: Int)] = []
            for line in text[open.upperBound..<close.lowerBound].split(separator: "\n") {
                let characters = Array(line)
                guard let start = characters.firstIndex(where: { !" │├╰─└".contains($0) }) else { continue }
                var token = String(characters[start...]).split(separator: " ").first.map(String.init) ?? ""
                var column = start
                var alternativeOf: Int?
                if token == "or" {
                    let rest = String(characters[start...]).dropFirst(3)
                    token = rest.split(separator: " ").first.map(String.init) ?? ""
                    // The sibling above: same parent, same column.
                    alternativeOf = stack.last.map(\.index)
                    column = stack.last?.column ?? column
                }
                if token.hasPrefix("[") {
                    // A continuation line of the node above: more optional classes.
                    if let last = stack.last { nodes[last.index].optional.formUnion(Self.classes(in: token).optional) }
                    continue
                }
                guard !token.hasPrefix("("), !token.isEmpty else { continue }
                if alternativeOf == nil { while let top = stack.last, top.column >= column { stack.removeLast() } }
                else { stack.removeLast() }
                let parts = Self.classes(in: token)
                let name = String(token.prefix { $0 != "." && $0 != "[" })
                nodes.append(Node(name: name, fixed: parts.fixed, optional: parts.optional, parent: stack.last?.index,
                                  alternativeOf: alternativeOf.flatMap { nodes[$0].alternativeOf ?? $0 }))
                stack.append((column, nodes.count - 1))
            }
        }
        // The HUD and the banner trees both start at hudoverlay: one node, their children merged.
        let roots = nodes.indices.filter { nodes[$0].name == "hudoverlay" }
        for duplicate in roots.dropFirst() {
            nodes[roots[0]].optional.formUnion(nodes[duplicate].allowed)
            for index in nodes.indices where nodes[index].parent == duplicate {
                nodes[index] = Node(name: nodes[index].name, fixed: nodes[index].fixed, optional: nodes[index].optional,
                                    parent: roots[0], alternativeOf: nodes[index].alternativeOf)
            }
        }
        return nodes
    }

    static func classes(in token: String) -> (fixed: Set<String>, optional: Set<String>) {
        var fixed: Set<String> = [], optional: Set<String> = []
        var inBracket = false, current = "", collecting = false
        func flush() {
            if collecting, !current.isEmpty {
                if inBracket { optional.insert(current) } else { fixed.insert(current) }
            }
            current = ""; collecting = false
        }
        for character in token {
            switch character {
            case "[": flush(); inBracket = true
            case "]": flush(); inBracket = false
            case ".", "|": flush(); collecting = character == "."
            default: if collecting { current.append(character) }
            }
        }
        flush()
        return (fixed, optional)
    }

    /// A real node: CSS name, classes and its children in the walk.
    struct RealNode {
        let name: String
        let classes: Set<String>
        let children: [RealNode]
    }

    @MainActor
    static func walk(_ widget: UnsafeMutablePointer<GtkWidget>) -> RealNode {
        let name = String(cString: gtk_widget_get_css_name(widget))
        var classes: Set<String> = []
        if let list = gtk_widget_get_css_classes(widget) {
            var index = 0
            while let entry = list[index] { classes.insert(String(cString: entry)); index += 1 }
            g_strfreev(list)
        }
        // Generated classes carry colours set from Swift (documented as `.gtkhud-…`).
        classes = classes.filter { !$0.hasPrefix("gtkhud-") }
        // Below GTK's own widgets (a button's label) the tree is GTK's, not GtkHUD's.
        let ours = name.hasPrefix("hud")
        let children = ours ? widget.children.filter { gtk_widget_get_visible($0) != 0 }.map(walk) : []
        return RealNode(name: name, classes: classes, children: children)
    }

    func testReadmeTreesMatchTheNodesOfAShownHUDAndBanner() throws {
        try HUDTesting.requireDisplay()
        let nodes = try Self.readmeNodes()
        XCTAssertGreaterThan(nodes.count, 15, "the README trees were read")
        try MainActor.assumeIsolated {
            HUDTesting.setAnimations(false)
            defer { HUDTesting.setAnimations(true) }
            let (host, _) = HUDTesting.window(width: 520, height: 400)
            defer { host.close() }
            let hud = try XCTUnwrap(HUD(on: host.window))
            hud.mode = .annularDeterminate
            hud.progress = 0.4
            hud.label = "Copying"
            hud.detailsLabel = "3 of 7 files"
            hud.setButton("Cancel") {}
            hud.show(animated: false)
            let banner = try NotificationBanner(title: "Saved", subtitle: "All files", image: .iconName("emblem-ok-symbolic"), id: "saved")
            banner.setAction("Undo") {}
            banner.showsCloseButton = true
            banner.idPolicy = .count
            // A task banner's progress (hudbar); its spinner is the image's alternative.
            banner.core.content.progress = .fraction(0.4)
            banner.show(on: host.window)
            // Shown again under its id: counted, the banner gets its "×2" (label.count).
            let again = try NotificationBanner(title: "Saved", id: "saved")
            again.idPolicy = .count
            again.show(on: host.window)
            // Another waits (maxVisible 1): the deck's badge shows; focus on it opens it (label.upcoming).
            let waiting = try NotificationBanner(title: "Waiting")
            waiting.show(on: host.window)
            host.waitForFrames(2)
            let stack = try XCTUnwrap(BannerCenter.for(host.window)?.stackWidget.gtkWidget)
            let deck = try XCTUnwrap(BannerStackWidget.of(stack)?.deckWidget)
            gtk_widget_grab_focus(deck.widget)
            host.waitForFrames(3)
            let overlay = try XCTUnwrap(HUDOverlay.windowLayer(of: host.window))
            let real = Self.walk(overlay)

            var matched = Set<Int>()
            func check(_ node: RealNode, as index: Int, path: String) {
                matched.insert(index)
                let readme = nodes[index]
                let missing = readme.fixed.subtracting(node.classes)
                XCTAssertTrue(missing.isEmpty, "\(path): the README gives it \(missing.sorted()), the real node has \(node.classes.sorted())")
                if node.name.hasPrefix("hud") {
                    let undocumented = node.classes.subtracting(readme.allowed)
                    XCTAssertTrue(undocumented.isEmpty, "\(path): classes \(undocumented.sorted()) are not in the README")
                }
                for child in node.children {
                    let candidate = nodes.indices.first { nodes[$0].parent == index && nodes[$0].name == child.name
                        && nodes[$0].fixed.isSubset(of: child.classes) }
                    guard let childIndex = candidate else {
                        XCTFail("\(path) › \(child.name)\(child.classes.sorted().map { "." + $0 }.joined()) is not in the README tree")
                        continue
                    }
                    check(child, as: childIndex, path: "\(path) › \(child.name)")
                }
            }
            let root = try XCTUnwrap(nodes.indices.first { nodes[$0].name == "hudoverlay" }, "the README trees have hudoverlay")
            check(real, as: root, path: "hudoverlay")
            // Every node the README documents under hudoverlay exists (one of each "or" group).
            for index in nodes.indices where !matched.contains(index) {
                guard Self.isBelow(index, root, in: nodes) else { continue }
                let group = nodes[index].alternativeOf ?? index
                let groupMatched = nodes.indices.contains { matched.contains($0) && ($0 == group || nodes[$0].alternativeOf == group) }
                XCTAssertTrue(groupMatched, "the README documents \(nodes[index].name) but a HUD and a banner with every part have none")
            }
            hud.hide(animated: false)
            waiting.dismiss()
            banner.dismiss()
        }
    }

    static func isBelow(_ index: Int, _ root: Int, in nodes: [Node]) -> Bool {
        var current = nodes[index].parent
        while let parent = current {
            if parent == root { return true }
            current = nodes[parent].parent
        }
        return false
    }
}

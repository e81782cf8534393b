import CGtk
import GtkSupport

/// Keeps keyboard focus out of an overlay's content while blocking masks are up.
///
/// Several HUDs with blocking masks can cover the same content. They share one
/// block: the first saves the content's `can-focus` and the focused widget,
/// the last one gone restores both; in between, focus moves to the topmost
/// remaining bezel. (Each HUD saving and restoring on its own gave focus back
/// behind the second mask and left the window's keyboard dead.)
@MainActor
final class ContentBlock {
    private static var blocks: [UnsafeMutableRawPointer: ContentBlock] = [:]

    private let content: WeakObjectRef
    private let contentCouldFocus: Bool
    private let focusBefore: WeakObjectRef?
    /// The HUDs holding the block, bottom to top, with their current bezels.
    private var holders: [(owner: ObjectIdentifier, bezel: WeakObjectRef)] = []

    private init(content: UnsafeMutablePointer<GtkWidget>) {
        self.content = WeakObjectRef(content.raw)
        contentCouldFocus = gtk_widget_get_can_focus(content) != 0
        focusBefore = gtk_widget_get_root(content).flatMap { gtk_root_get_focus($0) }.map { WeakObjectRef($0.raw) }
    }

    /// Blocks `content` for the HUD whose bezel is `bezel`, and moves focus to
    /// the bezel (`focusBezel`) or out of the content.
    static func hold(_ content: UnsafeMutablePointer<GtkWidget>, by owner: AnyObject,
                     bezel: UnsafeMutablePointer<GtkWidget>, focusBezel: Bool) {
        let block = blocks[content.raw] ?? ContentBlock(content: content)
        blocks[content.raw] = block
        block.holders.append((ObjectIdentifier(owner), WeakObjectRef(bezel.raw)))
        gtk_widget_set_can_focus(content, 0)
        if focusBezel {
            gtk_widget_set_focusable(bezel, 1)
            gtk_widget_grab_focus(bezel)
        } else if let root = gtk_widget_get_root(content), let focus = gtk_root_get_focus(root),
                  focus == content || gtk_widget_is_ancestor(focus, content) != 0 {
            // A focused widget keeps getting keys even when an ancestor cannot focus.
            gtk_root_set_focus(root, nil)
        }
    }

    /// `owner`'s bezel was replaced (its role changed): the new one takes the
    /// focus if `owner` is the topmost blocking HUD.
    static func replaceBezel(of owner: AnyObject, on content: UnsafeMutablePointer<GtkWidget>,
                             with bezel: UnsafeMutablePointer<GtkWidget>, focusBezel: Bool) {
        guard let block = blocks[content.raw],
              let index = block.holders.firstIndex(where: { $0.owner == ObjectIdentifier(owner) }) else { return }
        block.holders[index].bezel = WeakObjectRef(bezel.raw)
        guard focusBezel, index == block.holders.count - 1 else { return }
        gtk_widget_set_focusable(bezel, 1)
        gtk_widget_grab_focus(bezel)
    }

    /// `owner` no longer blocks `content`: focus goes to the topmost bezel
    /// still blocking, or, after the last, back where it was.
    static func release(_ content: UnsafeMutablePointer<GtkWidget>, by owner: AnyObject, focusBezel: Bool) {
        guard let block = blocks[content.raw] else { return }
        for holder in block.holders where holder.owner == ObjectIdentifier(owner) {
            holder.bezel.withObject { gtk_widget_set_focusable($0.asWidget, 0) }
        }
        block.holders.removeAll { $0.owner == ObjectIdentifier(owner) || !$0.bezel.isAlive }
        if let top = block.holders.last {
            if focusBezel { top.bezel.withObject { gtk_widget_grab_focus($0.asWidget) } }
            return
        }
        blocks[content.raw] = nil
        block.content.withObject { gtk_widget_set_can_focus($0.asWidget, block.contentCouldFocus ? 1 : 0) }
        block.focusBefore?.withObject { gtk_widget_grab_focus($0.asWidget) }
    }

    /// Whether `content` is blocked now (for tests).
    static func isBlocked(_ content: UnsafeMutablePointer<GtkWidget>) -> Bool { blocks[content.raw] != nil }
}

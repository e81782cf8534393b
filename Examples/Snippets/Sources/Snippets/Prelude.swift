// What the README's and DocC's examples take as given: the app's window and
// widgets, and the app's own functions. Nothing here is GtkHUD API.
import CGtk
import Foundation
import GtkHUD

@MainActor var window: UnsafeMutablePointer<GtkWidget>! = nil
@MainActor var sidebar: UnsafeMutablePointer<GtkWidget>! = nil
@MainActor var mainPane: HUDOverlay! = nil
@MainActor var box: UnsafeMutablePointer<GtkBox>! = nil
@MainActor var actionBar: UnsafeMutablePointer<GtkWidget>! = nil
@MainActor var toolbar: UnsafeMutablePointer<GtkWidget>! = nil
@MainActor var app: UnsafeMutablePointer<AdwApplication>! = nil
@MainActor final class Label { var text = "" }
@MainActor let label = Label()

struct Photo: Sendable {}
func importPhotos() async throws -> [Photo] { [] }
func download() async throws -> Data { Data() }
@MainActor func undoSend() {}
@MainActor func openAlbum() {}
func upload(reporting report: @escaping @Sendable (Double) -> Void) async throws -> [Photo] { [] }
@MainActor func restoreFiles() {}
@MainActor func purgeFiles() {}
func exportDocument() throws {}

/// A stand-in for a Swift GTK binding's widget class.
enum SomeBinding {
    final class Widget {
        var widgetPointer: UnsafeMutablePointer<GtkWidget>?
    }
}

// Banners (BRYXBanner style). The banner API is not merged yet: this page
// says so until it is.
import CGtk
import GtkSupport

@MainActor
final class BannersPage: GalleryPage {
    let name = "banners"
    let title = "Banners"
    let subtitle = "Drop-down notification banners"
    let icon = "mail-unread-symbolic"
    private(set) var widget: Widget!

    init() {
        let status = adw_status_page_new()!
        adw_status_page_set_icon_name(status.op, "mail-unread-symbolic")
        adw_status_page_set_title(status.op, "Banners are on their way")
        adw_status_page_set_description(status.op, "Top and bottom banners, images, springiness, queues, priorities, action buttons and swipe to dismiss arrive with the banner API.")
        widget = status
    }
}

import Foundation
import Kernel

/// The person's notices, newest first, the unread marked; one button marks them read.
struct NotificationsView {
    let mover: Mover
    let notices: [Notice]
    let unread: Int
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        MoveJoinWeb.shell(mover, title: l.text("mj.notices.title"), section: .profile, c) {
            H.h1 { l.text("mj.notices.title") }
            if notices.isEmpty { H.p(.class("empty")) { l.text("mj.notices.none") } }
            H.ul(.class("notice-list")) {
                for notice in notices {
                    H.li(.class(notice.readAt == nil ? "unread" : nil)) {
                        H.a(.href(MoveJoinWeb.eventPath(notice.eventID))) {
                            NoticeText.text(notice, l)
                        }
                        H.small { " · " + l.date(notice.createdAt) }
                    }
                }
            }
            if unread > 0 {
                Components.postForm(c, action: "\(MoveJoinWeb.prefix)/notifications/read") {
                    H.button(.type("submit"), .class("button")) { l.text("mj.notices.mark_read") }
                }
            }
        }
    }
}

import Foundation
import Kernel

/// The events a person is in: those to come, then those past.
struct HistoryView {
    let mover: Mover
    let upcoming: [EventView]
    let past: [EventView]
    let c: ViewContext

    private var l: Localizer { c.localizer }

    var page: Page {
        MoveJoinWeb.shell(mover, title: l.text("mj.history.title"), section: .profile, c) {
            H.h1 { l.text("mj.history.upcoming") }
            if upcoming.isEmpty { H.p(.class("empty")) { l.text("mj.history.no_upcoming") } }
            H.ul(.class("event-list")) { for event in upcoming { H.li { EventCardView.card(event, c) } } }
            H.h1 { l.text("mj.history.title") }
            if past.isEmpty { H.p(.class("empty")) { l.text("mj.history.none") } }
            H.ul(.class("event-list")) { for event in past { H.li { EventCardView.card(event, isPast: true, c) } } }
        }
    }
}

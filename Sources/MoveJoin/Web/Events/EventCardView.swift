import Foundation
import Kernel

/// One event in a list (the Events tab, the history): sport, title, time in the city's
/// zone, place, places left, and whether the viewer is in.
enum EventCardView {
    static func card(_ view: EventView, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let event = view.event
        return H.article(.class("event-card"), .data("event-id", event.id.uuidString.lowercased())) {
            H.p(.class("event-sport")) { SportType.name(of: event.sportTypeID, in: l.language) }
            H.h2 { H.a(.href(MoveJoinWeb.eventPath(event.id))) { event.title } }
            H.p(.class("event-when")) { H.time(Attribute("datetime", ISO8601DateFormatter().string(from: event.startsAt))) { MoveJoinWeb.when(event, l) } }
            H.p(.class("event-venue")) { event.venue }
            H.p(.class("event-places")) {
                MoveJoinWeb.places(event, l, viewerIsIn: view.myStatus != nil)
                MoveJoinWeb.myStatus(view, l)
            }
        }
    }
}

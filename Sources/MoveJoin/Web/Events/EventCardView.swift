import Foundation
import Kernel

/// One event in a list (the Events tab, the history): sport, title, time in the city's
/// zone, place (and how far it is from `near`, where the person said they are), places
/// left, and whether the viewer is in; for an event of the past (`isPast`) or a cancelled
/// one, what became of it instead (`MoveJoinWeb.outcome`).
enum EventCardView {
    static func card(_ view: EventView, near: GeoPoint? = nil, isPast: Bool = false, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let event = view.event
        return H.article(.class("event-card"), .data("event-id", event.id.uuidString.lowercased())) {
            H.p(.class("event-sport")) { SportType.name(of: event.sportTypeID, in: l.language) }
            H.h2 { H.a(.href(MoveJoinWeb.eventPath(event.id))) { event.title } }
            H.p(.class("event-when")) { H.time(Attribute("datetime", ISO8601DateFormatter().string(from: event.startsAt))) { MoveJoinWeb.when(event, l) } }
            H.p(.class("event-venue")) {
                event.venue
                if let near, let latitude = event.latitude, let longitude = event.longitude, let place = GeoPoint(latitude: latitude, longitude: longitude) {
                    H.span(.class("event-distance")) { " · " + l.text("mj.distance", ["km": l.number(NearbyFilter.kilometres(from: near, to: place), fractionDigits: 1)]) }
                }
            }
            H.p(.class("event-places")) {
                if isPast || event.status == .cancelled {
                    MoveJoinWeb.outcome(view, l)
                } else {
                    MoveJoinWeb.places(event, l, viewerIsIn: view.myStatus != nil)
                    MoveJoinWeb.neededBadge(event, l)
                    MoveJoinWeb.myStatus(view, l)
                }
            }
        }
    }
}

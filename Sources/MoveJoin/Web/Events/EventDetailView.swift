import Foundation
import Kernel

/// Who is in an event and who waits, in order (as `EventService.people(of:)` tells).
typealias EventPeople = (participants: [MoveJoinProfile], waitlist: [MoveJoinProfile])

/// An event's page: its facts, its people (refreshed live), and what the viewer may do:
/// join or leave it before it starts, or — its creator — change or cancel it.
struct EventDetailView {
    let mover: Mover
    /// The event as the viewer sees it (with their place in it).
    let shown: EventView
    let people: EventPeople
    /// The questions and answers (nil: not shown, as in views that do not need them).
    var messages: EventMessagesView.Model? = nil
    /// When the page is shown: a started event takes no more changes.
    let now: Date
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var event: EventRecord { shown.event }
    private var path: String { MoveJoinWeb.eventPath(event.id) }
    private var isCreator: Bool { event.creatorID == mover.id }
    private var isOpen: Bool { event.status == .scheduled && event.startsAt > now }

    var page: Page {
        MoveJoinWeb.shell(mover, title: event.title, section: .events, liveEvent: event.id, c) {
            H.article(.class("event-page")) {
                H.p(.class("event-sport")) { SportType.name(of: event.sportTypeID, in: l.language) }
                H.h1 { event.title }
                if event.status == .cancelled {
                    H.p(.class("flash flash-error"), .role("status")) {
                        l.text(event.decision == .calledOff ? "mj.game.called_off" : "mj.event.was_cancelled")
                    }
                }
                // A held place is the one thing to answer: first, before the facts.
                if isOpen && shown.myStatus == .offered { offer }
                facts
                if !event.details.isEmpty { H.p(.class("event-description")) { event.details } }
                H.div(.id("event-people"), .data("refresh-url", "\(path)/people"), .data("refresh-on", "event.changed"), .aria("live", "polite")) {
                    Self.people(shown, people, c)
                }
                H.div(.class("actions")) { actions }
                if let messages { EventMessagesView(model: messages, c: c).section }
            }
        }
    }

    private var facts: HTML {
        let city = City.name(of: event.cityID, in: l.language)
        return H.element("dl", [.class("event-facts")], content: HTMLBuilder.join([
            fact(l.text("mj.field.when"), MoveJoinWeb.when(event, l) + " (" + l.text("mj.event.city_time", ["city": city]) + ")"),
            fact(l.text("mj.fact.duration"), l.duration(minutes: event.durationMinutes)),
            fact(l.text("mj.field.venue"), "\(event.venue), \(city)") + mapLinks(city: city),
            fact(l.text("mj.field.skill"), l.text("mj.skill.\(event.skillLevel.rawValue)")),
            fact(l.text("mj.field.creator"), shown.creator?.fullName ?? l.text("mj.event.creator_gone")),
        ]))
    }

    /// The place in the phone's map app (`geo:`) and on OpenStreetMap: at its coordinates
    /// when the creator gave them, otherwise searched by the venue and city.
    private func mapLinks(city: String) -> HTML {
        let place = "\(event.venue), \(city)"
        let links = MapLinks(latitude: event.latitude, longitude: event.longitude, place: place)
        return H.element("dd", [.class("map-links")], content: HTMLBuilder.join([
            H.a(.class("button"), .href(links.geo)) { l.text("mj.map.app") },
            H.text(" "),
            H.a(.class("button"), .href(links.openStreetMap), Attribute("rel", "noopener"), Attribute("target", "_blank")) { l.text("mj.map.osm") },
        ]))
    }

    private func fact(_ term: String, _ value: String) -> HTML {
        H.element("dt", [], content: HTML(text: term)) + H.element("dd", [], content: HTML(text: value))
    }

    /// Before the start: join or leave (others), edit or cancel (the creator). Always: the calendar file.
    @HTMLBuilder private var actions: HTML {
        if isOpen && !isCreator {
            switch shown.myStatus {
            case nil:
                Components.postForm(c, action: "\(path)/join") {
                    Components.primaryButton(l.text(event.isFull ? "mj.event.join_waitlist" : "mj.event.join"))
                }
            case .offered?:
                HTML.empty   // answered at the top of the page (`offer`)
            case .participant?, .waitlisted?:
                Components.postForm(c, action: "\(path)/leave", confirm: l.text("mj.event.leave_confirm")) {
                    Components.dangerButton(l.text(shown.myStatus == .waitlisted ? "mj.event.leave_waitlist" : "mj.event.leave"))
                }
            }
        }
        if isOpen && isCreator {
            H.a(.class("button"), .href("\(path)/edit")) { l.text("mj.event.edit") }
            Components.postForm(c, action: "\(path)/cancel", confirm: l.text("mj.event.cancel_confirm")) {
                Components.dangerButton(l.text("mj.event.cancel"))
            }
        }
        H.a(.class("button"), .href("\(path)/calendar.ics"), Attribute("download", "movejoin-event.ics")) { l.text("mj.event.ics") }
        // In the event (or its organiser): news of it may come while the page is closed.
        if isOpen && shown.myStatus != nil {
            Components.pushButton(c, app: MoveJoinWeb.prefix, label: l.text("mj.push.offer"), enabled: l.text("mj.push.enabled"))
        }
    }

    /// A freed place held for the viewer: until when, take it or let it go (to the next in line).
    private var offer: HTML {
        H.section(.class("card offer"), .aria("labelledby", "offer-title")) {
            H.h2(.id("offer-title")) { l.text("mj.offer.title") }
            if let until = shown.myOfferExpiresAt {
                H.p { l.text("mj.offer.until", ["time": MoveJoinWeb.time(until, of: event, l)]) }
            }
            Components.postForm(c, action: "\(path)/accept") { Components.primaryButton(l.text("mj.offer.accept")) }
            Components.postForm(c, action: "\(path)/leave") { Components.dangerButton(l.text("mj.offer.decline")) }
        }
    }

    /// Places, waitlist and who is in: on the page, and alone when refreshed live.
    static func people(_ view: EventView, _ people: EventPeople, _ c: ViewContext) -> HTML {
        let l = c.localizer
        let event = view.event
        return HTMLBuilder.join([
            H.p(.class("event-places")) {
                MoveJoinWeb.places(event, l, viewerIsIn: view.myStatus != nil)
                H.span(.class("count")) { l.text("mj.event.count", ["n": String(event.participantCount), "capacity": String(event.capacity)]) }
                MoveJoinWeb.myStatus(view, l)
            },
            event.decision == .calledOff ? .empty : MoveJoinWeb.game(event, l),
            H.h2 { l.text("mj.event.participants") },
            H.ol(.class("people")) { for person in people.participants { H.li { person.fullName } } },
            people.waitlist.isEmpty ? .empty : H.h2 { l.text("mj.event.waitlist") },
            people.waitlist.isEmpty ? .empty : H.ol(.class("people")) { for person in people.waitlist { H.li { person.fullName } } },
        ])
    }
}

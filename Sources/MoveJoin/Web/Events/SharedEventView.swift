import Foundation
import Kernel
import Vapor

/// An event's page for someone with the link and no account (a link dropped in a group
/// chat): what it is, when, where and how many places are left, with Open Graph tags for
/// the chat's preview. Nobody's name is shown. Joining asks to sign up (or sign in) and
/// comes back here.
struct SharedEventView {
    struct Model {
        let event: EventRecord
        /// The server's own address, for `og:url`.
        let publicURL: String
        /// A started or finished event takes no one new.
        let now: Date
    }

    let model: Model
    let c: ViewContext

    private var l: Localizer { c.localizer }
    private var event: EventRecord { model.event }
    private var path: String { MoveJoinWeb.eventPath(event.id) }
    private var city: String { City.name(of: event.cityID, in: l.language) }
    private var isOpen: Bool { event.status == .scheduled && event.startsAt > model.now }

    var page: Page {
        var page = MoveJoinWeb.shell(nil, title: event.title, section: .none, c) {
            H.article(.class("event-page")) {
                H.p(.class("event-sport")) { SportType.name(of: event.sportTypeID, in: l.language) }
                H.h1 { event.title }
                if event.status == .cancelled {
                    H.p(.class("flash flash-error"), .role("status")) {
                        l.text(event.decision == .calledOff ? "mj.game.called_off" : "mj.event.was_cancelled")
                    }
                } else if !isOpen {
                    H.p(.class("flash"), .role("status")) { l.text("mj.shared.over") }
                }
                facts
                if !event.details.isEmpty { H.p(.class("event-description")) { event.details } }
                H.p(.class("event-places")) { MoveJoinWeb.places(event, l); MoveJoinWeb.neededBadge(event, l) }
                if event.decision != .calledOff { MoveJoinWeb.game(event, l) }
                if isOpen { ways }
            }
        }
        page.headMeta = [
            .init(property: "og:type", content: "website"),
            .init(property: "og:title", content: event.title),
            .init(property: "og:description", content: summary),
            .init(property: "og:url", content: model.publicURL + path),
        ]
        return page
    }

    /// «Футбол · пн, 30.11, 19:00 · Стадіон, Київ · Лишилося 8 місць»: the chat preview's line.
    var summary: String {
        let places = event.status == .cancelled ? l.text("mj.event.status.cancelled")
            : event.isFull ? l.text("mj.places.full") : l.plural("mj.places.left", count: event.placesLeft)
        return [SportType.name(of: event.sportTypeID, in: l.language), MoveJoinWeb.when(event, l), "\(event.venue), \(city)", places]
            .joined(separator: " · ")
    }

    private var facts: HTML {
        H.element("dl", [.class("event-facts")], content: HTMLBuilder.join([
            fact(l.text("mj.field.when"), MoveJoinWeb.when(event, l) + " (" + l.text("mj.event.city_time", ["city": city]) + ")"),
            fact(l.text("mj.fact.duration"), l.duration(minutes: event.durationMinutes)),
            fact(l.text("mj.field.venue"), "\(event.venue), \(city)"),
            fact(l.text("mj.field.skill"), l.text("mj.skill.\(event.skillLevel.rawValue)")),
        ]))
    }

    private func fact(_ term: String, _ value: String) -> HTML {
        H.element("dt", [], content: HTML(text: term)) + H.element("dd", [], content: HTML(text: value))
    }

    /// Sign up (or in) and come back to this page to join.
    private var ways: HTML {
        H.div(.class("actions")) {
            H.a(.class("button button-primary button-block"), .href(Request.path("\(MoveJoinWeb.prefix)/signup", returningTo: path))) {
                l.text("mj.shared.join")
            }
            H.a(.class("button button-block"), .href(Request.path("\(MoveJoinWeb.prefix)/login", returningTo: path))) { l.text("mj.shared.sign_in") }
            H.a(.class("button button-block"), .href("\(path)/calendar.ics"), Attribute("download", "movejoin-event.ics")) { l.text("mj.event.ics") }
        }
    }
}

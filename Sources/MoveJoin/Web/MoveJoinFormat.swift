import Foundation
import Kernel

/// Words and choices several MoveJoin views share: an event's time and places, and the
/// options of the city, sport and skill fields.
extension MoveJoinWeb {
    /// "сб, 28.11.2026, 19:00" in the event's city.
    static func when(_ event: EventRecord, _ l: Localizer) -> String {
        NoticeText.moment(event.startsAt, in: event.city?.timeZone ?? l.timeZone, l)
    }

    /// "3 places left" or "Full — join the waitlist" ("Full" to someone already in it);
    /// for a cancelled event, "Cancelled".
    static func places(_ event: EventRecord, _ l: Localizer, viewerIsIn: Bool = false) -> HTML {
        if event.status == .cancelled {
            return H.span(.class("badge badge-cancelled")) { l.text("mj.event.status.cancelled") }
        }
        if event.isFull {
            return H.span(.class("badge badge-full")) { l.text(viewerIsIn ? "mj.places.none" : "mj.places.full") }
        }
        return H.span(.class("badge")) { l.plural("mj.places.left", count: event.placesLeft) }
    }

    /// «потрібно ще 3», beside the places of a game short of its minimum.
    static func neededBadge(_ event: EventRecord, _ l: Localizer) -> HTML {
        guard event.status == .scheduled, event.playersNeeded > 0 else { return .empty }
        return H.span(.class("badge badge-needed")) { l.text("mj.game.needed_badge", ["n": String(event.playersNeeded)]) }
    }

    /// A game with a minimum: how many more it needs and when it is decided, or what was.
    static func game(_ event: EventRecord, _ l: Localizer) -> HTML {
        switch event.decision {
        case .confirmed: return H.p(.class("game-state")) { l.text("mj.game.confirmed") }
        case .calledOff: return H.p(.class("game-state")) { l.text("mj.game.called_off") }
        case nil:
            guard event.status == .scheduled, let minimum = event.minPlayers, let decideAt = event.decideAt else { return .empty }
            let time = NoticeText.moment(decideAt, in: event.city?.timeZone ?? l.timeZone, l)
            return H.p(.class("game-state")) {
                event.playersNeeded > 0
                    ? l.text("mj.game.needed", ["n": String(event.playersNeeded), "time": time, "min": String(minimum)])
                    : l.text("mj.game.enough", ["time": time])
            }
        }
    }

    /// «Лишилося 3 місця», «Місць немає», «Скасовано» as words (a map marker's card).
    static func placesText(_ event: EventRecord, _ l: Localizer) -> String {
        event.status == .cancelled ? l.text("mj.event.status.cancelled")
            : event.isFull ? l.text("mj.places.full") : l.plural("mj.places.left", count: event.placesLeft)
    }

    enum EventsView { case list, map }

    /// «Список | Мапа» above the events: the same city either way.
    static func viewSwitch(_ current: EventsView, cityID: String, _ l: Localizer) -> HTML {
        H.nav(.class("view-switch"), .aria("label", l.text("mj.map.switch"))) {
            H.a(.href("\(prefix)/events?city=\(cityID)"), .aria("current", current == .list ? "page" : nil)) { l.text("mj.map.as_list") }
            H.a(.href("\(prefix)/events/map?city=\(cityID)"), .aria("current", current == .map ? "page" : nil)) { l.text("mj.map.as_map") }
        }
    }

    /// What became of an event of the person's history: «Скасовано», or «Відбулася» with
    /// whether they took part or stayed on the waitlist. Places left and «Ви йдете» no
    /// longer mean anything once it is over.
    static func outcome(_ view: EventView, _ l: Localizer) -> HTML {
        if view.event.decision == .calledOff {
            return H.span(.class("badge badge-cancelled")) { l.text("mj.game.called_off") }
        }
        if view.event.status == .cancelled {
            return H.span(.class("badge badge-cancelled")) { l.text("mj.event.status.cancelled") }
        }
        let mine: HTML = switch view.myStatus {
        case .participant: H.span(.class("badge badge-mine")) { l.text("mj.event.you_took_part") }
        case .waitlisted, .offered: H.span(.class("badge")) { l.text("mj.event.you_waited") }
        case nil: .empty
        }
        return HTMLBuilder.join([H.span(.class("badge")) { l.text("mj.event.took_place") }, mine])
    }

    /// "You're in" or "You're 2nd on the waitlist", for an event the viewer joined.
    static func myStatus(_ view: EventView, _ l: Localizer) -> HTML {
        switch view.myStatus {
        case .participant: H.span(.class("badge badge-mine")) { l.text("mj.event.you_are_in") }
        case .waitlisted: H.span(.class("badge badge-mine")) { l.text("mj.event.you_wait", ["n": String(view.myWaitlistPosition)]) }
        case .offered:
            H.span(.class("badge badge-offer")) {
                view.myOfferExpiresAt.map { l.text("mj.event.offered_badge", ["time": time($0, of: view.event, l)]) }
                    ?? l.text("mj.event.offered_badge_short")
            }
        case nil: .empty
        }
    }

    /// «19:30», a moment of the day in the event's city.
    static func time(_ date: Date, of event: EventRecord, _ l: Localizer) -> String {
        LocalDateTime(date, in: event.city?.timeZone ?? l.timeZone).timeString
    }

    /// The city select's choices, in the alphabet's order: MoveJoin lists every city of the country.
    static func cityOptions(_ l: Localizer) -> [(value: String, label: String)] {
        City.options(in: l.language)
    }

    static func skillOptions(_ l: Localizer) -> [(value: String, label: String)] {
        SkillLevel.allCases.map { ($0.rawValue, l.text("mj.skill.\($0.rawValue)")) }
    }
}

import Foundation
import Kernel

/// A notice in words, in the reader's language: on the notifications page, in the API's
/// `text` and on the phone (push). What an edit changed is said, not just that it did:
/// «Футбол» змінено: час пн, 30.11, 19:00 → пн, 30.11, 19:30.
enum NoticeText {
    static func text(_ kind: NoticeKind, title: String, detail: NoticeDetail?, _ l: Localizer) -> String {
        switch kind {
        case .eventChanged:
            guard let detail, !changes(detail, l).isEmpty else { return l.text("mj.notice.event_changed", ["title": title]) }
            return l.text("mj.notice.event_changed_to", ["title": title, "changes": changes(detail, l).joined(separator: "; ")])
        case .personJoined, .personWaitlisted, .personLeft:
            return l.text("mj.notice.\(kind.rawValue)", ["title": title, "person": detail?.person ?? "—"])
        case .offered:
            let zone = detail?.timeZone.flatMap(TimeZone.init(identifier:)) ?? l.timeZone
            let until = detail?.holdUntil.map { LocalDateTime($0, in: zone).timeString } ?? "—"
            return l.text("mj.notice.offered", ["title": title, "time": until])
        case .playersNeeded:
            let zone = detail?.timeZone.flatMap(TimeZone.init(identifier:)) ?? l.timeZone
            return l.text("mj.notice.players_needed", ["title": title, "n": String(detail?.playersNeeded ?? 1),
                                                         "time": detail?.decideAt.map { moment($0, in: zone, l) } ?? "—"])
        case .organiserMessage:
            return l.text("mj.notice.organiser_message", ["title": title, "message": detail?.message ?? "…"])
        case .eventCancelled, .promoted, .offerLapsed, .gameConfirmed, .gameCalledOff:
            return l.text("mj.notice.\(kind.rawValue)", ["title": title])
        }
    }

    static func text(_ notice: Notice, _ l: Localizer) -> String {
        text(notice.kind, title: notice.eventTitle, detail: notice.detail, l)
    }

    /// Each change as «час: before → after».
    static func changes(_ detail: NoticeDetail, _ l: Localizer) -> [String] {
        let zone = detail.timeZone.flatMap(TimeZone.init(identifier:)) ?? l.timeZone
        var parts: [String] = []
        if let time = detail.startsAt {
            parts.append(l.text("mj.notice.change_time", ["before": moment(time.before, in: zone, l), "after": moment(time.after, in: zone, l)]))
        }
        if let place = detail.place {
            func words(_ place: NoticeDetail.Place) -> String { "\(place.venue), \(City.name(of: place.cityID, in: l.language))" }
            parts.append(l.text("mj.notice.change_place", ["before": words(place.before), "after": words(place.after)]))
        }
        if let length = detail.durationMinutes {
            parts.append(l.text("mj.notice.change_duration", ["before": l.duration(minutes: length.before), "after": l.duration(minutes: length.after)]))
        }
        return parts
    }

    /// «пн, 30.11.2026, 19:00» in `zone`.
    static func moment(_ date: Date, in zone: TimeZone, _ l: Localizer) -> String {
        let local = LocalDateTime(date, in: zone)
        return "\(l.text("mj.weekday.\(local.weekday)")), \(local.dottedDate), \(local.timeString)"
    }
}

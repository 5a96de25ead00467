import Foundation
import Kernel

/// MoveJoin events as iCalendar: one event's `.ics` download and a person's feed.
enum EventCalendar {
    static let productID = "-//Hromada//MoveJoin//UK"

    /// `baseURL` is the server's own address (scheme and host), for the link back to the event page.
    static func document(_ events: [EventRecord], name: String?, reminder: Bool, localizer: Localizer, baseURL: String, now: Date) -> ICalendar {
        let items = events.map { event in
            let sport = event.sportType?.name(in: localizer.language) ?? event.sportTypeID
            let city = event.city
            let url = "\(baseURL)\(MoveJoin.descriptor.pathPrefix)/events/\(event.id.uuidString.lowercased())"
            var description = "\(sport) · \(localizer.text("mj.skill.\(event.skillLevel.rawValue)"))"
            if !event.details.isEmpty { description += "\n\n" + event.details }
            description += "\n\n" + url
            let location = [event.venue, city?.name(in: localizer.language)].compactMap { $0 }.joined(separator: ", ")
            let alarms = reminder ? [ICalendar.Alarm(before: CalendarFeedService.reminderLead,
                                                     description: localizer.text("mj.calendar.reminder", ["title": event.title]))] : []
            return ICalendar.Item(
                uid: "\(event.id.uuidString.lowercased())@movejoin.hromada", start: event.startsAt, end: event.endsAt,
                timeZone: city?.timeZone ?? TimeZone(identifier: "Europe/Kyiv")!, summary: event.title,
                description: description, location: location, url: url,
                status: event.status == .cancelled ? .cancelled : .confirmed, lastModified: event.updatedAt, alarms: alarms)
        }
        return ICalendar(productID: productID, name: name, items: items, stamp: now)
    }
}

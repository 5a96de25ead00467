import Foundation
import Kernel

/// MoveJoin events as iCalendar: one event's `.ics` download and a person's feed.
enum EventCalendar {
    static let productID = "-//Hromada//MoveJoin//UK"

    /// An event as one person has it: whether they have a place decides how it is written.
    struct Entry: Sendable {
        let event: EventRecord
        let myStatus: ParticipationStatus?
        /// When the person's own place last changed (joined, or moved up from the waitlist).
        var myPlaceChangedAt: Date?
    }

    /// How often a subscribed feed asks to be fetched again.
    static let feedRefresh: TimeInterval = 3600

    /// `baseURL` is the server's own address (scheme and host), for the link back to the
    /// event page. A waitlisted place is written `TENTATIVE`, its summary saying so and with
    /// no alarm, so nobody comes without a place; when it turns into a place the item
    /// keeps its `UID` and gets a higher `SEQUENCE` (from the later change time). An event
    /// the person is not in (an `.ics` downloaded to think about) is `TENTATIVE` too, and
    /// without an alarm. A feed (`refresh`) says to fetch it again hourly.
    static func document(_ entries: [Entry], name: String?, reminder: Bool, localizer: Localizer, baseURL: String, now: Date,
                         refresh: TimeInterval? = nil, timeZone: TimeZone = TimeZone(identifier: "Europe/Kyiv")!) -> ICalendar {
        let items = entries.map { entry in
            let event = entry.event
            let sport = event.sportType?.name(in: localizer.language) ?? event.sportTypeID
            let city = event.city
            let url = "\(baseURL)\(MoveJoin.descriptor.pathPrefix)/events/\(event.id.uuidString.lowercased())"
            var description = "\(sport) · \(localizer.text("mj.skill.\(event.skillLevel.rawValue)"))"
            if !event.details.isEmpty { description += "\n\n" + event.details }
            description += "\n\n" + url
            let location = [event.venue, city?.name(in: localizer.language)].compactMap { $0 }.joined(separator: ", ")
            let waitlisted = entry.myStatus == .waitlisted
            let status: ICalendar.Status = event.status == .cancelled ? .cancelled : entry.myStatus == .participant ? .confirmed : .tentative
            let alarms = reminder && status == .confirmed
                ? [ICalendar.Alarm(before: CalendarFeedService.reminderLead, description: localizer.text("mj.calendar.reminder", ["title": event.title]))]
                : []
            return ICalendar.Item(
                uid: "\(event.id.uuidString.lowercased())@movejoin.hromada", start: event.startsAt, end: event.endsAt,
                timeZone: city?.timeZone ?? TimeZone(identifier: "Europe/Kyiv")!,
                summary: waitlisted ? localizer.text("mj.calendar.waitlisted_summary", ["title": event.title]) : event.title,
                description: description, location: location, url: url, status: status,
                lastModified: max(event.updatedAt, entry.myPlaceChangedAt ?? event.updatedAt), alarms: alarms,
                geo: event.latitude.flatMap { latitude in event.longitude.map { (latitude, $0) } })
        }
        return ICalendar(productID: productID, name: name, items: items, stamp: now, refreshInterval: refresh, timeZone: timeZone)
    }
}

import Foundation
@testable import Kernel
@testable import MoveJoin
import Testing

extension MoveJoinTests {
    @Suite("Event rules, times and calendars")
    struct RulesTests {
        let now = Date(timeIntervalSince1970: 1_795_000_000)

        func draft() -> EventDraft {
            EventDraft(sportTypeID: "football", title: "Гра", details: "", cityID: "kyiv", venue: "Стадіон",
                       startsAt: now.addingTimeInterval(3600), durationMinutes: 90)
        }

        func fields(_ draft: EventDraft) -> [String] {
            do {
                _ = try EventRules.validate(draft, now: now)
                return []
            } catch let error as AppError {
                return error.fieldErrors.map(\.field)
            } catch {
                return ["unexpected \(error)"]
            }
        }

        @Test("every text is in both languages with the same placeholders")
        func catalog() {
            #expect(MoveJoinStrings.catalog.problems() == [])
        }

        @Test("a good event passes, with the default capacity 10 and level any")
        func valid() throws {
            let checked = try EventRules.validate(draft(), now: now)
            #expect(checked.capacity == 10 && checked.skillLevel == .any && checked.city.id == "kyiv")
        }

        /// One broken rule per case: the field it must be reported on, and the change that breaks it.
        static let brokenRules: [(field: String, change: @Sendable (inout EventDraft) -> Void)] = [
            ("title", { $0.title = String(repeating: "я", count: 81) }),
            ("title", { $0.title = "   " }),
            ("description", { $0.details = String(repeating: "a", count: 2001) }),
            ("capacity", { $0.capacity = 1 }),
            ("capacity", { $0.capacity = 101 }),
            ("durationMinutes", { $0.durationMinutes = 14 }),
            ("durationMinutes", { $0.durationMinutes = 721 }),
            ("startTime", { $0.startsAt = Date(timeIntervalSince1970: 1_795_000_000) }),
            ("startTime", { $0.startsAt = nil }),
            ("startTime", { $0.startsAt = Date(timeIntervalSince1970: 1_795_000_000 + 366 * 86_400 + 1) }),
            ("startTime", { $0.startsAt = Date(timeIntervalSince1970: 253_402_214_400) }),  // 31.12.9999
            ("sportTypeId", { $0.sportTypeID = "quidditch" }),
            ("cityId", { $0.cityID = "atlantis" }),
            ("venue", { $0.venue = "" }),
            ("latitude", { $0.latitude = 91; $0.longitude = 30 }),
            ("longitude", { $0.latitude = 50 }),
        ]

        @Test("each limit of the spec has its own field error", arguments: 0..<16)
        func limits(_ index: Int) {
            let rule = Self.brokenRules[index]
            var broken = draft()
            rule.change(&broken)
            #expect(fields(broken) == [rule.field])
        }

        @Test("the limits themselves are allowed")
        func edges() {
            var edge = draft()
            edge.title = String(repeating: "я", count: 80)
            edge.details = String(repeating: "a", count: 2000)
            edge.capacity = 100
            edge.durationMinutes = 720
            #expect(fields(edge).isEmpty)
            edge.capacity = 2
            edge.durationMinutes = 15
            #expect(fields(edge).isEmpty)
            edge.startsAt = EventRules.latestStart(after: now)
            #expect(fields(edge).isEmpty, "a year ahead to the second")
        }

        @Test("a wall-clock time in Kyiv becomes the right UTC moment, in winter and in summer")
        func localTimes() throws {
            let kyiv = try #require(TimeZone(identifier: "Europe/Kyiv"))
            let winter = try #require(LocalDateTime.date(day: "2026-12-05", time: "19:00", in: kyiv))
            #expect(ISO8601DateFormatter().string(from: winter) == "2026-12-05T17:00:00Z")
            let summer = try #require(LocalDateTime.date(day: "2026-07-05", time: "19:00", in: kyiv))
            #expect(ISO8601DateFormatter().string(from: summer) == "2026-07-05T16:00:00Z")
            #expect(LocalDateTime(summer, in: kyiv).isoMinutes == "2026-07-05T19:00")
            #expect(LocalDateTime(winter, in: kyiv).weekday == 6)  // a Saturday
            #expect(LocalDateTime.date(day: "2026-04-31", time: "10:00", in: kyiv) == nil)
            #expect(LocalDateTime.date(day: "2026-13-01", time: "10:00", in: kyiv) == nil)
            #expect(LocalDateTime.date(day: "2026-04-01", time: "25:00", in: kyiv) == nil)
            #expect(LocalDateTime.date(day: "yesterday", time: "10:00", in: kyiv) == nil)
        }

        @Test("local dates and times by arithmetic agree with Foundation's calendar, across daylight-saving changes and leap days")
        func localArithmetic() throws {
            for zoneID in ["Europe/Kyiv", "America/New_York", "Asia/Kolkata", "UTC"] {
                let zone = try #require(TimeZone(identifier: zoneID))
                let calendar = LocalDateTime.calendar(zone)
                var moment = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01
                while moment.timeIntervalSince1970 < 1_900_000_000 {
                    let local = LocalDateTime(moment, in: zone)
                    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: moment)
                    let expected: [Int] = [c.year!, c.month!, c.day!, c.hour!, c.minute!]
                    let actual: [Int] = [local.year, local.month, local.day, local.hour, local.minute]
                    #expect(actual == expected, "\(zoneID) \(moment)")
                    #expect(local.weekday == (c.weekday! + 5) % 7 + 1)
                    moment.addTimeInterval(7 * 86_400 + 3 * 3600 + 17 * 60)
                }
            }
        }

        @Test("search queries: repeated and comma-separated sports, days in the city's zone, bad values named")
        func searchQuery() throws {
            let search = try SearchQuery.parse("city=lviv&sport=football&sport=running,yoga&from=2026-12-01&to=2026-12-01&skill=beginner&q=%D0%BC%D1%8F%D1%87",
                                               defaultCity: "kyiv")
            #expect(search.cityID == "lviv" && search.sportTypeIDs == ["football", "running", "yoga"] && search.skillLevel == .beginner)
            #expect(search.text == "мяч")
            #expect(ISO8601DateFormatter().string(from: try #require(search.from)) == "2026-11-30T22:00:00Z")
            #expect(ISO8601DateFormatter().string(from: try #require(search.to)) == "2026-12-01T22:00:00Z")
            #expect(try SearchQuery.parse(nil, defaultCity: "kyiv").cityID == "kyiv")
            do {
                _ = try SearchQuery.parse("city=atlantis&sport=quidditch&from=soon&skill=pro&pageSize=1000", defaultCity: "kyiv")
                Issue.record("expected field errors")
            } catch let error as AppError {
                #expect(error.fieldErrors.map(\.field) == ["city", "sport", "from", "skill", "pageSize"])
            }
        }

        @Test("page cursors round-trip and reject garbage")
        func cursors() {
            let cursor = PageCursor(startsAt: Date(timeIntervalSince1970: 1_800_000_000), id: UUID())
            #expect(PageCursor(token: cursor.token) == cursor)
            #expect(PageCursor(token: "not-a-token") == nil)
            #expect(PageCursor(token: "12_nope") == nil)
        }

        @Test("iCalendar: escaped text, folded lines, the zone's real offsets, an alarm before the start")
        func icalendar() throws {
            let kyiv = try #require(TimeZone(identifier: "Europe/Kyiv"))
            let start = try #require(LocalDateTime.date(day: "2026-12-05", time: "19:00", in: kyiv))
            let item = ICalendar.Item(uid: "abc@movejoin.hromada", start: start, end: start.addingTimeInterval(5400), timeZone: kyiv,
                                      summary: "Футбол; 5×5, вечір", description: "Рядок 1\nРядок 2 \\ кінець " + String(repeating: "довгий ", count: 20),
                                      location: "Стадіон", lastModified: start.addingTimeInterval(-86_400),
                                      alarms: [ICalendar.Alarm(before: 3600, description: "Скоро")])
            let text = ICalendar(productID: "-//Test//UK", items: [item], stamp: start.addingTimeInterval(-3600)).render()
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
            #expect(text.contains("SUMMARY:Футбол\\; 5×5\\, вечір\r\n"))
            #expect(text.contains("DESCRIPTION:Рядок 1\\nРядок 2 \\\\ кінець"))
            #expect(text.contains("DTSTART;TZID=Europe/Kyiv:20261205T190000\r\n"))
            #expect(text.contains("DTEND;TZID=Europe/Kyiv:20261205T203000\r\n"))
            #expect(text.contains("TRIGGER;RELATED=START:-PT1H\r\n"))
            #expect(text.contains("TZOFFSETFROM:+0300\r\nTZOFFSETTO:+0200"))
            #expect(text.contains("TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0300"))
            for line in text.components(separatedBy: "\r\n") {
                #expect(line.utf8.count <= 75, "\(line)")
            }
            #expect(ICalendar.duration(before: 90 * 60) == "-PT1H30M")
            #expect(ICalendar.duration(before: 86_400) == "-P1D")
            #expect(ICalendar.duration(3600) == "PT1H")
            #expect(!text.contains("GEO:") && !text.contains("REFRESH-INTERVAL"))
        }

        @Test("iCalendar: a place on the map as GEO, a feed's refresh hint, and an empty feed still holding a component")
        func icalendarFeed() throws {
            let kyiv = try #require(TimeZone(identifier: "Europe/Kyiv"))
            let start = try #require(LocalDateTime.date(day: "2026-12-05", time: "19:00", in: kyiv))
            let item = ICalendar.Item(uid: "geo@movejoin.hromada", start: start, end: start.addingTimeInterval(3600), timeZone: kyiv,
                                      summary: "Біг", lastModified: start, geo: (50.450_1, 30.523_4))
            let feed = ICalendar(productID: "-//Test//UK", items: [item], stamp: start, refreshInterval: 3600).render()
            #expect(feed.contains("\r\nGEO:50.450100;30.523400\r\n"))
            #expect(feed.contains("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\nX-PUBLISHED-TTL:PT1H\r\n"))
            let warsaw = try #require(TimeZone(identifier: "Europe/Warsaw"))
            let empty = ICalendar(productID: "-//Test//UK", items: [], stamp: start, timeZone: warsaw).render()
            #expect(empty.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Warsaw\r\n") && !empty.contains("BEGIN:VEVENT"), "the calendar's own zone")
        }
    }
}

import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinProto
import Testing
import Vapor
import VaporTesting

extension MoveJoinTests {
    @Suite("Calendar feed")
    struct CalendarFeedTests {
        /// The VEVENT of `eventID` in a feed, as its lines (unfolded).
        func vevent(_ feed: String, _ eventID: String) throws -> [String] {
            let lines = feed.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
            let uid = "UID:\(eventID.lowercased())@movejoin.hromada"
            let start = try #require(lines.firstIndex(of: uid), "no \(uid) in:\n\(feed)")
            let begin = try #require(lines[..<start].lastIndex(of: "BEGIN:VEVENT"))
            let end = try #require(lines[start...].firstIndex(of: "END:VEVENT"))
            return Array(lines[begin...end])
        }

        func value(_ name: String, in lines: [String]) -> String? {
            lines.first { $0.hasPrefix(name + ":") }.map { String($0.dropFirst(name.count + 1)) }
        }

        @Test("a waitlisted event is TENTATIVE, says so and has no alarm; moving up makes it CONFIRMED with an alarm, same UID, higher SEQUENCE")
        func waitlistedIsTentative() async throws {
            let clock = ManualClock(Date())
            try await withMoveJoin(clock: clock) { app in
                let host = try await register(app, name: "Хост")
                let event = try await createEvent(app, by: host, eventInput(title: "Волейбол на пляжі", capacity: 2, startsIn: 2 * 86_400))
                let first = try await register(app, name: "Перша")
                let waiting = try await register(app, name: "Чекає")
                #expect(try await join(app, event, first).message(MJParticipation.self).status == .participant)
                #expect(try await join(app, event, waiting).message(MJParticipation.self).status == .waitlisted)

                let created = try await call(app, .POST, "/me/calendar-feed", token: waiting.token)
                let url = try created.message(MJCalendarFeed.self).url
                let start = try #require(url.range(of: "/movejoin/calendar/"))
                let path = String(url[start.lowerBound...])
                func feed() async throws -> String {
                    let response = try await app.testing().sendRequest(.GET, path)
                    #expect(response.status == .ok)
                    return response.body.string
                }

                let document = try await feed()
                #expect(document.contains("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\nX-PUBLISHED-TTL:PT1H\r\n"))
                let tentative = try vevent(document, event)
                #expect(value("STATUS", in: tentative) == "TENTATIVE")
                #expect(value("SUMMARY", in: tentative) == "Список очікування: Волейбол на пляжі")
                #expect(!tentative.contains("BEGIN:VALARM"), "no reminder for a place one does not have")
                let before = try #require(value("SEQUENCE", in: tentative).flatMap(Int.init))

                clock.advance(by: 60)
                #expect(try await leave(app, event, first).status == .ok)
                let confirmed = try vevent(try await feed(), event)
                #expect(value("STATUS", in: confirmed) == "CONFIRMED")
                #expect(value("SUMMARY", in: confirmed) == "Волейбол на пляжі")
                #expect(confirmed.contains("BEGIN:VALARM"))
                let after = try #require(value("SEQUENCE", in: confirmed).flatMap(Int.init))
                #expect(after > before, "the phone must take the change: SEQUENCE \(before) → \(after)")
            }
        }
    }
}

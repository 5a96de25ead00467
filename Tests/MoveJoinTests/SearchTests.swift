import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinProto
import SwiftProtobuf
import Testing
import Vapor

/// The event search runs as a prepared statement on PostgreSQL and as a SQLKit query
/// elsewhere; these tests run on both databases and hold both to the same answers.
extension MoveJoinTests {
    @Suite("Searching events")
    struct SearchTests {
        /// Titles of the events a search finds, in order.
        func titles(_ app: Application, _ query: String, as runner: Runner) async throws -> [String] {
            let answer = try await call(app, .GET, "/events?" + query, token: runner.token)
            #expect(answer.status == .ok, "\(query): \(answer.text)")
            return try answer.message(MJEventPage.self).events.map(\.title)
        }

        func input(_ title: String, sport: String = "football", level: MJSkillLevel = .any, city: String = "kyiv",
                   startsIn days: Double, details: String = "Беріть воду.", capacity: Int32 = 10) -> MJEventInput {
            var input = eventInput(title: title, city: city, sport: sport, capacity: capacity, startsIn: days * 86_400)
            input.skillLevel = level
            input.description_p = details
            return input
        }

        @Test("each filter, alone and together; cancelled, past and other cities' events are never found")
        func filters() async throws {
            try await withMoveJoin { app in
                let creator = try await register(app, name: "Оксана")
                _ = try await createEvent(app, by: creator, input("Ранковий футбол", level: .beginner, startsIn: 1))
                _ = try await createEvent(app, by: creator, input("Пробіжка", sport: "running", startsIn: 2, details: "Уздовж НАБЕРЕЖНОЇ"))
                _ = try await createEvent(app, by: creator, input("Футбол для досвідчених", level: .advanced, startsIn: 3))
                let cancelled = try await createEvent(app, by: creator, input("Скасований футбол", startsIn: 4))
                #expect(try await call(app, .POST, "/events/\(cancelled)/cancel", token: creator.token).status == .ok)
                _ = try await createEvent(app, by: creator, input("Футбол у Львові", city: "lviv", startsIn: 1))
                let viewer = try await register(app)

                let all = ["Ранковий футбол", "Пробіжка", "Футбол для досвідчених"]
                #expect(try await titles(app, "city=kyiv", as: viewer) == all)
                #expect(try await titles(app, "", as: viewer) == all, "the viewer's own city by default")
                #expect(try await titles(app, "city=lviv", as: viewer) == ["Футбол у Львові"])
                #expect(try await titles(app, "city=odesa", as: viewer) == [])
                #expect(try await titles(app, "city=kyiv&sport=football", as: viewer) == ["Ранковий футбол", "Футбол для досвідчених"])
                #expect(try await titles(app, "city=kyiv&sport=football,running", as: viewer) == all)
                // A level finds events for that level and those open to any level.
                #expect(try await titles(app, "city=kyiv&skill=beginner", as: viewer) == ["Ранковий футбол", "Пробіжка"])
                #expect(try await titles(app, "city=kyiv&skill=advanced", as: viewer) == ["Пробіжка", "Футбол для досвідчених"])
                #expect(try await titles(app, "city=kyiv&skill=any", as: viewer) == all)
                // Text matches title, description and venue, whatever the case of Cyrillic letters.
                #expect(try await titles(app, "city=kyiv&q=%D0%BD%D0%B0%D0%B1%D0%B5%D1%80%D0%B5%D0%B6%D0%BD", as: viewer) == ["Пробіжка"])
                #expect(try await titles(app, "city=kyiv&q=%D0%A4%D0%A3%D0%A2%D0%91%D0%9E%D0%9B", as: viewer)
                        == ["Ранковий футбол", "Футбол для досвідчених"])
                #expect(try await titles(app, "city=kyiv&q=100%25", as: viewer) == [], "% is not a wildcard")
                #expect(try await titles(app, "city=kyiv&q=%D0%BF%D1%80%D0%BE%D0%B1%D1%96%D0%B6_%D0%B0", as: viewer) == [],
                        "_ is not a wildcard («пробіж_а» is not «пробіжка»)")
                #expect(try await titles(app, "city=kyiv&q=%5C", as: viewer) == [], "nor is a backslash an escape of the person's")
                // A time window, as RFC 3339 times.
                let formatter = ISO8601DateFormatter()
                let from = formatter.string(from: Date().addingTimeInterval(1.5 * 86_400))
                let to = formatter.string(from: Date().addingTimeInterval(2.5 * 86_400))
                #expect(try await titles(app, "city=kyiv&from=\(from)", as: viewer) == ["Пробіжка", "Футбол для досвідчених"])
                #expect(try await titles(app, "city=kyiv&to=\(to)", as: viewer) == ["Ранковий футбол", "Пробіжка"])
                #expect(try await titles(app, "city=kyiv&from=\(from)&to=\(to)&sport=running&skill=beginner&q=%D0%BD%D0%B0%D0%B1", as: viewer)
                        == ["Пробіжка"])
                #expect(try await titles(app, "city=kyiv&from=\(from)&to=\(to)&sport=football", as: viewer) == [])
            }
        }

        @Test("%, _ and a backslash typed in the search are found as written, on both stores")
        func literalText() async throws {
            try await withMoveJoin { app in
                let creator = try await register(app)
                for title in ["Корт за 50% ціни", "Корт за 500 гривень", "Зал_2", "Зал 2", "Теніс 1\\2", "Теніс 12"] {
                    _ = try await createEvent(app, by: creator, input(title, startsIn: 1))
                }
                let viewer = try await register(app)
                #expect(try await titles(app, "city=kyiv&q=50%25", as: viewer) == ["Корт за 50% ціни"])
                #expect(try await titles(app, "city=kyiv&q=%D0%BB_2", as: viewer) == ["Зал_2"])
                #expect(try await titles(app, "city=kyiv&q=1%5C2", as: viewer) == ["Теніс 1\\2"])
            }
        }

        @Test("near a point: only events with a place on the map within the radius, paged; bad points and radii are named")
        func nearby() async throws {
            try await withMoveJoin { app in
                let creator = try await register(app)
                // Around Майдан Незалежності (50.4501, 30.5234): 1 km north, 4 km east, 12 km north, and one without a place.
                let places: [(String, Double?, Double?)] = [("Північ 1 км", 50.4591, 30.5234), ("Схід 4 км", 50.4501, 30.5799),
                                                            ("Північ 12 км", 50.5580, 30.5234), ("Без мапи", nil, nil)]
                for (index, (title, latitude, longitude)) in places.enumerated() {
                    var event = input(title, startsIn: Double(index + 1))
                    if let latitude, let longitude { event.latitude = latitude; event.longitude = longitude }
                    _ = try await createEvent(app, by: creator, event)
                }
                let viewer = try await register(app)
                let near = "city=kyiv&near=50.4501,30.5234"
                #expect(try await titles(app, near, as: viewer) == places.map(\.0), "a point alone filters nothing")
                #expect(try await titles(app, near + "&within=2", as: viewer) == ["Північ 1 км"])
                #expect(try await titles(app, near + "&within=5", as: viewer) == ["Північ 1 км", "Схід 4 км"])
                #expect(try await titles(app, near + "&within=25", as: viewer) == ["Північ 1 км", "Схід 4 км", "Північ 12 км"])
                #expect(try await titles(app, "city=kyiv&near=50%2C4501%3B%2030%2C5234&within=4%2C5", as: viewer) == ["Північ 1 км", "Схід 4 км"],
                        "decimal commas, as typed in Ukrainian")
                // Paged one by one, the same two.
                let first = try await call(app, .GET, "/events?\(near)&within=5&pageSize=1", token: viewer.token).message(MJEventPage.self)
                let second = try await call(app, .GET, "/events?\(near)&within=5&pageSize=1&pageToken=\(first.nextPageToken)", token: viewer.token)
                    .message(MJEventPage.self)
                #expect(first.events.map(\.title) + second.events.map(\.title) == ["Північ 1 км", "Схід 4 км"] && second.nextPageToken.isEmpty)

                for (query, field) in [("near=50.45", "near"), ("near=91,30", "near"), ("within=5", "near"), ("near=50.45,30.52&within=0", "within"),
                                       ("near=50.45,30.52&within=500", "within"), ("near=50.45,30.52&within=far", "within")] {
                    let refused = try await call(app, .GET, "/events?city=kyiv&" + query, token: viewer.token)
                    #expect(try refused.status == .unprocessableEntity && refused.error.violations.map(\.field) == [field], "\(query)")
                }
            }
        }

        @Test("the search's distance is the great-circle one within half a per cent, up to 100 km in Ukraine")
        func distanceFormula() {
            func haversine(_ a: GeoPoint, _ b: GeoPoint) -> Double {
                let r = 6371.0088, rad = Double.pi / 180
                let dLat = (b.latitude - a.latitude) * rad, dLon = (b.longitude - a.longitude) * rad
                let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * rad) * cos(b.latitude * rad) * sin(dLon / 2) * sin(dLon / 2)
                return 2 * r * asin(h.squareRoot())
            }
            for centre in [GeoPoint(latitude: 50.45, longitude: 30.52)!, GeoPoint(latitude: 48.62, longitude: 22.29)!, GeoPoint(latitude: 46.48, longitude: 30.73)!] {
                for (dLat, dLon) in [(0.5, 0.0), (0.0, 0.9), (0.4, 0.6), (-0.6, -0.3), (0.01, 0.01)] {
                    let point = GeoPoint(latitude: centre.latitude + dLat, longitude: centre.longitude + dLon)!
                    let ours = NearbyFilter.kilometres(from: centre, to: point), exact = haversine(centre, point)
                    #expect(abs(ours - exact) / exact < 0.005, "\(centre) → \(point): \(ours) km, great circle \(exact) km")
                }
            }
            #expect(GeoPoint(parsing: "50,4501; 30,5234") == GeoPoint(latitude: 50.4501, longitude: 30.5234))
            #expect(GeoPoint(parsing: "50,4501, 30,5234") == GeoPoint(latitude: 50.4501, longitude: 30.5234))
            #expect(GeoPoint(parsing: " 50.4501 , 30.5234 ") == GeoPoint(latitude: 50.4501, longitude: 30.5234))
            #expect(GeoPoint(parsing: "50.45") == nil && GeoPoint(parsing: "north") == nil && GeoPoint(parsing: "50,181") == nil)
        }

        @Test("pages follow start time, then id, with no event twice or missed, also for events starting together")
        func pages() async throws {
            try await withMoveJoin { app in
                let creator = try await register(app)
                let sameStart = Date().addingTimeInterval(2 * 86_400)
                var ids: [String] = []
                for index in 1...5 {
                    var draft = input("Подія \(index)", startsIn: Double(index))
                    if index >= 3 { draft.startTime = Google_Protobuf_Timestamp(date: sameStart) }
                    ids.append(try await createEvent(app, by: creator, draft))
                }
                var seen: [MJEvent] = []
                var token = ""
                var pages = 0
                repeat {
                    let answer = try await call(app, .GET, "/events?city=kyiv&pageSize=2" + (token.isEmpty ? "" : "&pageToken=\(token)"),
                                                token: creator.token)
                    let page = try answer.message(MJEventPage.self)
                    #expect(page.events.count <= 2)
                    seen += page.events
                    token = page.nextPageToken
                    pages += 1
                } while !token.isEmpty && pages < 10
                #expect(pages == 3)
                #expect(Set(seen.map(\.id)) == Set(ids) && seen.count == 5)
                let order = seen.map { ($0.startTime.date, $0.id) }
                #expect(zip(order, order.dropFirst()).allSatisfy { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) })

                let bad = try await call(app, .GET, "/events?city=kyiv&pageToken=nonsense", token: creator.token)
                #expect(bad.status == .unprocessableEntity && bad.errorField == "pageToken")
            }
        }

        @Test("each viewer sees their own place and the creator; a full event shows no places left")
        func standings() async throws {
            try await withMoveJoin { app in
                let creator = try await register(app, name: "Оксана")
                let small = try await createEvent(app, by: creator, input("Теніс удвох", sport: "tennis", startsIn: 1, capacity: 2))
                _ = try await createEvent(app, by: creator, input("Футбол", startsIn: 2))
                let first = try await register(app), second = try await register(app), stranger = try await register(app)
                #expect(try await join(app, small, first).message(MJParticipation.self).status == .participant)
                #expect(try await join(app, small, second).message(MJParticipation.self).status == .waitlisted)

                func page(_ runner: Runner) async throws -> [MJEvent] {
                    try await call(app, .GET, "/events?city=kyiv", token: runner.token).message(MJEventPage.self).events
                }
                let byCreator = try await page(creator), byFirst = try await page(first)
                let bySecond = try await page(second), byStranger = try await page(stranger)
                #expect(byCreator.map(\.myStatus) == [.participant, .participant])
                #expect(byFirst.map(\.myStatus) == [.participant, .none])
                #expect(bySecond.map(\.myStatus) == [.waitlisted, .none] && bySecond.map(\.myWaitlistPosition) == [1, 0])
                #expect(byStranger.map(\.myStatus) == [.none, .none])
                #expect(byStranger.map(\.placesLeft) == [0, 9])
                #expect(byStranger.allSatisfy { $0.creator.name == "Оксана" && $0.creator.id == creator.id.uuidString.lowercased() })
            }
        }
    }
}

import Fluent
import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinProto
import SwiftProtobuf
import Testing
import Vapor
import VaporTesting

extension MoveJoinTests {
    /// Not enough players is how a pickup game dies: a minimum decided on time, and the
    /// people who follow the sport in the city told when a game needs them.
    @Suite("Minimum players and the decision")
    struct GameMinimumTests {
        func minimumInput(_ title: String, players: Int32, decideIn: TimeInterval, startsIn: TimeInterval = 2 * 86_400,
                          sport: String = "football") -> MJEventInput {
            var input = eventInput(title: title, sport: sport, capacity: 6, startsIn: startsIn)
            input.minPlayers = players
            input.decideAt = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(decideIn))
            return input
        }

        func notices(_ app: Application, _ runner: Runner) async throws -> [MJNotification] {
            try await call(app, .GET, "/notifications", token: runner.token).message(MJNotificationList.self).notifications
        }

        @Test("a minimum from 2 to the places, decided after now and before the start; the event says how many more it needs")
        func rules() async throws {
            try await withMoveJoin { app in
                let host = try await register(app, name: "Хост")
                func refusal(_ input: MJEventInput) async throws -> MJError {
                    let answer = try await call(app, .POST, "/events", input, token: host.token)
                    #expect(answer.status == .unprocessableEntity, "\(answer.text)")
                    return try answer.message(MJError.self)
                }
                #expect(try await refusal(minimumInput("Гра", players: 1, decideIn: 3600)).field == "minPlayers")
                #expect(try await refusal(minimumInput("Гра", players: 7, decideIn: 3600)).field == "minPlayers")
                #expect(try await refusal(minimumInput("Гра", players: 4, decideIn: -60)).field == "decideAt")
                #expect(try await refusal(minimumInput("Гра", players: 4, decideIn: 3 * 86_400)).field == "decideAt")
                var noTime = minimumInput("Гра", players: 4, decideIn: 3600)
                noTime.clearDecideAt()
                #expect(try await refusal(noTime).field == "decideAt")

                let created = try await call(app, .POST, "/events", minimumInput("Футбол на шістьох", players: 4, decideIn: 86_400), token: host.token)
                #expect(created.status == .created)
                let event = try created.message(MJEvent.self)
                #expect(event.minPlayers == 4 && event.decision == .pending && event.playersNeeded == 3 && event.hasDecideAt)
                let player = try await register(app, name: "Гравець")
                #expect(try await join(app, event.id, player).status == .ok)
                let seen = try await call(app, .GET, "/events/\(event.id)", token: player.token).message(MJEvent.self)
                #expect(seen.playersNeeded == 2)

                let browser = TestBrowser(app)
                _ = try await browser.post("/movejoin/login", form: ["email": player.email, "password": password])
                let page = try await browser.get("/movejoin/events/\(event.id)").body.string
                #expect(page.contains("Потрібно ще гравців: 2. Рішення — "), "\(page)")
                let list = try await browser.get("/movejoin/events").body.string
                #expect(list.contains("потрібно ще 2"))
            }
        }

        @Test("the web form sets a minimum decided so many hours before the start")
        func webForm() async throws {
            try await withMoveJoin { app in
                let host = try await register(app, name: "Хост")
                let browser = TestBrowser(app)
                _ = try await browser.post("/movejoin/login", form: ["email": host.email, "password": password])
                let day = LocalDateTime(Date().addingTimeInterval(2 * 86_400), in: TimeZone(identifier: "Europe/Kyiv")!).dateString
                let created = try await browser.post("/movejoin/events/new", form: [
                    "sportTypeId": "basketball", "title": "Баскетбол 3×3", "cityId": "kyiv", "venue": "Майданчик", "startDate": day,
                    "startTime": "19:00", "durationMinutes": "60", "capacity": "8", "skillLevel": "any", "minPlayers": "6", "decideAt": "3"])
                #expect(created.status == .seeOther, "\(created.body.string)")
                let event = try #require(try await SportEvent.query(on: app.db).filter(\.$title == "Баскетбол 3×3").first())
                #expect(event.minPlayers == 6 && event.decideAt == event.startsAt.addingTimeInterval(-3 * 3600))
                let wrong = try await browser.post("/movejoin/events/new", form: [
                    "sportTypeId": "basketball", "title": "Ще одна", "cityId": "kyiv", "venue": "Майданчик", "startDate": day,
                    "startTime": "19:00", "durationMinutes": "60", "capacity": "8", "skillLevel": "any", "minPlayers": "9", "decideAt": "3"])
                #expect(wrong.status == .unprocessableEntity && wrong.body.string.contains("Мінімум гравців — від 2 до 8"))
            }
        }

        @Test("at the decision time a game with enough players is confirmed and one with too few is called off; everyone in it is told")
        func decided() async throws {
            try await withMoveJoin { app in
                let host = try await register(app, name: "Хост")
                let enough = try await createEvent(app, by: host, minimumInput("Вистачає", players: 3, decideIn: 3600))
                let short = try await createEvent(app, by: host, minimumInput("Бракує", players: 3, decideIn: 3600))
                let later = try await createEvent(app, by: host, minimumInput("Пізніше", players: 3, decideIn: 7200))
                let (a, b, waiting) = (try await register(app, name: "А"), try await register(app, name: "Б"), try await register(app, name: "В"))
                for runner in [a, b] { #expect(try await join(app, enough, runner).status == .ok) }
                #expect(try await join(app, short, a).status == .ok)

                try await MoveJoinContext(app.services).participation.decideGames(at: Date().addingTimeInterval(3601))
                let on = try await call(app, .GET, "/events/\(enough)", token: a.token).message(MJEvent.self)
                #expect(on.decision == .confirmed && on.status == .scheduled)
                let off = try await call(app, .GET, "/events/\(short)", token: a.token).message(MJEvent.self)
                #expect(off.decision == .calledOff && off.status == .cancelled)
                #expect(try await call(app, .GET, "/events/\(later)", token: host.token).message(MJEvent.self).decision == .pending)
                #expect(try await join(app, short, waiting).status == .conflict, "a called-off game takes no one")

                #expect(try await notices(app, b).map(\.kind) == [.gameConfirmed])
                #expect(Set(try await notices(app, a).map(\.text)) == ["Гру «Бракує» скасовано: забракло гравців.", "Гра «Вистачає» відбудеться: гравців достатньо."])
                #expect(try await notices(app, host).map(\.kind).filter { $0 == .gameConfirmed || $0 == .gameCalledOff }.count == 2,
                        "the organiser hears both")
                // Told once: a second run finds nothing to decide.
                try await MoveJoinContext(app.services).participation.decideGames(at: Date().addingTimeInterval(3602))
                #expect(try await notices(app, b).count == 1)
                let mail = try await MailOutboxRecord.query(on: app.db).filter(\.$recipient == a.email).all().map(\.subject)
                #expect(mail.contains("Гру «Бракує» скасовано: забракло гравців."), "\(mail)")
            }
        }

        @Test("a game with a minimum is told to those who follow its sport in its city, not to others; a game without one to nobody")
        func followers() async throws {
            try await withMoveJoin { app in
                let host = try await register(app, name: "Хост")
                func follower(_ name: String, city: String, sports: [String]) async throws -> Runner {
                    let runner = try await register(app, name: name, city: city)
                    let browser = TestBrowser(app)
                    _ = try await browser.post("/movejoin/login", form: ["email": runner.email, "password": password])
                    var form = ["push-nearby": "on", "push-place": "on"]
                    for sport in sports { form["follow-\(sport)"] = "on" }
                    #expect(try await browser.post("/movejoin/profile/notices", form: form).status == .seeOther)
                    #expect(try await browser.get("/movejoin/profile/notices").body.string.contains(#"name="follow-\#(sports[0])" value="on" checked"#))
                    return runner
                }
                let fan = try await follower("Фанат", city: "kyiv", sports: ["football", "tennis"])
                let elsewhere = try await follower("Львів'янин", city: "lviv", sports: ["football"])
                let other = try await follower("Тенісист", city: "kyiv", sports: ["tennis"])

                _ = try await createEvent(app, by: host, eventInput(title: "Без мінімуму", startsIn: 2 * 86_400))
                let needy = try await createEvent(app, by: host, minimumInput("Футбол, бракує", players: 4, decideIn: 86_400))
                let told = try await notices(app, fan)
                #expect(told.map(\.kind) == [.playersNeeded] && told.first?.eventID == needy)
                #expect(told.first?.text.hasPrefix("Поруч шукають гравців: «Футбол, бракує». Потрібно ще гравців: 3; рішення — ") == true)
                #expect(try await notices(app, elsewhere).isEmpty)
                #expect(try await notices(app, other).isEmpty)
                #expect(try await MailOutboxRecord.query(on: app.db).filter(\.$recipient == fan.email).count() == 0, "games nearby: no mail unless chosen")
            }
        }
    }
}

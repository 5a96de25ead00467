import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinProto
import SwiftProtobuf
import Testing
import Vapor

extension MoveJoinTests {
    /// What reaches a phone with the page closed (the kernel's Web Push, to a push service
    /// on loopback): a place that freed up, and a joined event cancelled.
    @Suite("Push notifications")
    struct PushTests {
        /// Notifications queued for any phone (sent or not: sent rows stay a day).
        func queuedPushes(_ app: Application) async throws -> Int {
            try await app.db.sql.raw("SELECT COUNT(*) AS queued FROM kernel_push_outbox").first()?.decode(column: "queued", as: Int.self) ?? -1
        }

        func subscribe(_ app: Application, _ runner: Runner, _ device: TestDevice, at endpoint: String) async throws {
            let answer = try await sendJSON(app, .POST, "/movejoin/api/v1/push-subscriptions", token: runner.token, body: device.subscription(endpoint))
            #expect(answer.status == .created, "\(answer.body.string)")
        }

        @Test("moved up from the waitlist, then the event cancelled: each person's phone is told, the one who acted is not")
        func promotedAndCancelled() async throws {
            try await LoopbackPushService.with { service in
                try await withMoveJoin { app in
                    let host = try await register(app, name: "Хост")
                    let event = try await createEvent(app, by: host, eventInput(title: "Футбол у парку", capacity: 2, startsIn: 2 * 86_400))
                    let first = try await register(app, name: "Перша")
                    let waiting = try await register(app, name: "Чекає")
                    #expect(try await join(app, event, first).status == .ok)
                    #expect(try await join(app, event, waiting).message(MJParticipation.self).status == .waitlisted)
                    let devices = (host: TestDevice(), first: TestDevice(), waiting: TestDevice())
                    try await subscribe(app, host, devices.host, at: "\(service.baseURL)/push/host")
                    try await subscribe(app, first, devices.first, at: "\(service.baseURL)/push/first")
                    try await subscribe(app, waiting, devices.waiting, at: "\(service.baseURL)/push/waiting")

                    #expect(try await leave(app, event, first).status == .ok)
                    let promoted = try #require(try await service.notifications(for: devices.waiting, at: "waiting").first)
                    #expect(promoted.title == "Футбол у парку" && promoted.body.contains("ви тепер учасник"))
                    #expect(promoted.url == "/movejoin/events/\(event.lowercased())")

                    // The organiser hears who left (not at a push service's high urgency).
                    let left = try #require(try await service.notifications(for: devices.host, at: "host").first)
                    #expect(left.body == "Перша Тестова більше не йде на «Футбол у парку».", "\(left.body)")

                    #expect(try await call(app, .POST, "/events/\(event)/cancel", token: host.token).status == .ok)
                    let cancelled = try await service.notifications(for: devices.waiting, at: "waiting", atLeast: 2)
                    #expect(cancelled.last?.body == "Подію «Футбол у парку» скасовано.")
                    let heard = try await service.requests(atLeast: 3).map(\.name)
                    #expect(heard.sorted() == ["host", "waiting", "waiting"], "the one who left hears nothing; the host, who cancelled, only of the leave")
                }
            }
        }

        @Test("an edit tells what changed, before and after, on the phone and in the notices; the organiser hears who joins")
        func whatChanged() async throws {
            try await LoopbackPushService.with { service in
                try await withMoveJoin { app in
                    let host = try await register(app, name: "Хост")
                    var input = eventInput(title: "Теніс", startsIn: 3 * 86_400)
                    let kyiv = TimeZone(identifier: "Europe/Kyiv")!
                    let day = LocalDateTime(Date().addingTimeInterval(3 * 86_400), in: kyiv).dateString
                    input.startTime = Google_Protobuf_Timestamp(date: try #require(LocalDateTime.date(day: day, time: "19:00", in: kyiv)))
                    let event = try await createEvent(app, by: host, input)
                    let player = try await register(app, name: "Гравчиня")
                    let devices = (host: TestDevice(), player: TestDevice())
                    try await subscribe(app, host, devices.host, at: "\(service.baseURL)/push/host")
                    try await subscribe(app, player, devices.player, at: "\(service.baseURL)/push/player")

                    #expect(try await join(app, event, player).status == .ok)
                    let joined = try #require(try await service.notifications(for: devices.host, at: "host").first)
                    #expect(joined.body == "Гравчиня Тестова приєднується до «Теніс».", "\(joined.body)")

                    input.startTime = Google_Protobuf_Timestamp(date: try #require(LocalDateTime.date(day: day, time: "19:30", in: kyiv)))
                    input.venue = "Корти на Трухановому"
                    #expect(try await call(app, .PUT, "/events/\(event)", input, token: host.token).status == .ok)
                    let changed = try #require(try await service.notifications(for: devices.player, at: "player").first)
                    #expect(changed.body.contains("«Теніс» змінено: час ") && changed.body.contains(", 19:00 → ") && changed.body.contains(", 19:30"),
                            "\(changed.body)")
                    #expect(changed.body.contains("місце Стадіон, вул. Спортивна, 1, Київ → Корти на Трухановому, Київ"), "\(changed.body)")

                    let notices = try await call(app, .GET, "/notifications", token: player.token).message(MJNotificationList.self)
                    #expect(notices.notifications.first?.kind == .eventChanged && notices.notifications.first?.text == changed.body)
                    let english = try await call(app, .GET, "/notifications", token: player.token, language: "en").message(MJNotificationList.self)
                    #expect(english.notifications.first?.text.hasPrefix("“Теніс” has changed: time ") == true)
                    let hosts = try await call(app, .GET, "/notifications", token: host.token).message(MJNotificationList.self)
                    #expect(hosts.notifications.map(\.kind) == [.personJoined])
                }
            }
        }

        @Test("the news is queued in the change's transaction: there the moment the change answers, and nothing for a refused one")
        func queuedWithTheChange() async throws {
            try await withMoveJoin { app in
                let host = try await register(app, name: "Хост")
                let event = try await createEvent(app, by: host, eventInput(title: "Біг", capacity: 2))
                let first = try await register(app, name: "Перша")
                let waiting = try await register(app, name: "Чекає")
                #expect(try await join(app, event, first).status == .ok)
                #expect(try await join(app, event, waiting).message(MJParticipation.self).status == .waitlisted)
                // An address nothing listens at: only the queue is looked at here.
                try await subscribe(app, waiting, TestDevice(), at: "http://127.0.0.1:9/push/waiting")
                let queued = { try await queuedPushes(app) }

                // Refused (not the creator): nothing queued.
                #expect(try await call(app, .POST, "/events/\(event)/cancel", token: first.token).status == .forbidden)
                #expect(try await queued() == 0)
                // Committed: queued by the time the answer comes, not eventually.
                #expect(try await leave(app, event, first).status == .ok)
                #expect(try await queued() == 1, "the promotion's notification")
                #expect(try await call(app, .POST, "/events/\(event)/cancel", token: host.token).status == .ok)
                #expect(try await queued() == 2, "and the cancellation's")
            }
        }

        @Test("a change that rolls back after queueing its news leaves nothing queued")
        func rolledBackQueuesNothing() async throws {
            try await withMoveJoin { app in
                let host = try await register(app, name: "Хост")
                let event = try await createEvent(app, by: host, eventInput(title: "Біг", capacity: 2))
                let waiting = try await register(app, name: "Чекає")
                #expect(try await join(app, event, waiting).status == .ok)
                try await subscribe(app, waiting, TestDevice(), at: "http://127.0.0.1:9/push/waiting")
                let context = MoveJoinContext(app.services)
                let eventID = try #require(UUID(uuidString: event))
                struct Undone: Error {}
                await #expect(throws: Undone.self) {
                    try await app.db.writeTransaction { db in
                        _ = try await context.participation.cancelLocked(eventID, on: db, at: Date())
                        throw Undone()
                    }
                }
                #expect(try await queuedPushes(app) == 0)
                #expect(try await SportEvent.find(eventID, on: app.db)?.status == .scheduled)
            }
        }
    }
}

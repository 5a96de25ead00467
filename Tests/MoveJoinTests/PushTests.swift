import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinProto
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
                    let event = try await createEvent(app, by: host, eventInput(title: "Футбол у парку", capacity: 2))
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

                    #expect(try await call(app, .POST, "/events/\(event)/cancel", token: host.token).status == .ok)
                    let cancelled = try await service.notifications(for: devices.waiting, at: "waiting", atLeast: 2)
                    #expect(cancelled.last?.body == "Подію «Футбол у парку» скасовано.")
                    #expect(try await service.requests(atLeast: 2).allSatisfy { $0.name == "waiting" }, "the host and the one who left hear nothing")
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

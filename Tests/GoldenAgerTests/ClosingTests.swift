import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// Both sides close a visit: «Я на місці» and «Виконано» by the volunteer, «Усе добре»
    /// or «Щось не так» by the pensioner's side, and the server's confirmation after a day;
    /// the door code in between.
    @Suite("Closing a visit")
    struct ClosingTests {
        /// A pensioner's task accepted by an online volunteer, on a manual clock.
        struct Visit {
            let pensioner: Person
            let volunteer: Person
            let task: UUID
        }

        static func acceptedVisit(_ app: Application) async throws -> Visit {
            let pensioner = try await register(app, .pensioner)
            let volunteer = try await register(app, .volunteer)
            try await goOnline(app, volunteer)
            let task = try await order(app, by: pensioner)
            let accepted = try await send(app, .POST, "/tasks/\(task)/accept", as: volunteer)
            #expect(accepted.status == .ok, "\(accepted.body.string)")
            return Visit(pensioner: pensioner, volunteer: volunteer, task: task)
        }

        static func task(_ app: Application, _ id: UUID, as person: Person) async throws -> APIModels.TaskDTO {
            try decode(APIModels.TaskDTO.self, try await send(app, .GET, "/tasks/\(id)", as: person))
        }

        @Test("the door code: the same three digits to the pensioner, a relative and the volunteer; nobody else; gone once the visit is over")
        func doorCode() async throws {
            try await withGoldenAger { app in
                let visit = try await Self.acceptedVisit(app)
                let relative = try await register(app, .relative)
                try await link(app, relative, to: visit.pensioner)
                let coordinator = try await register(app, .coordinator)
                let code = try #require(try await Self.task(app, visit.task, as: visit.pensioner).doorCode)
                #expect(code.count == 3 && code.allSatisfy(\.isNumber))
                #expect(try await Self.task(app, visit.task, as: visit.volunteer).doorCode == code)
                #expect(try await Self.task(app, visit.task, as: relative).doorCode == code)
                #expect(try await Self.task(app, visit.task, as: coordinator).doorCode == nil, "staff do not need it")
                let page = TestBrowser(app)
                #expect(try await page.post("/golden-ager/login", form: ["phone": visit.pensioner.phone, "password": "secret-1"]).status == .seeOther)
                #expect(try await page.get("/golden-ager/orders/\(visit.task)").text.contains(code))
                try await send(app, .POST, "/tasks/\(visit.task)/arrive", as: visit.volunteer)
                try await send(app, .POST, "/tasks/\(visit.task)/finish", as: visit.volunteer)
                try await send(app, .POST, "/tasks/\(visit.task)/complete", as: visit.pensioner)
                #expect(try await Self.task(app, visit.task, as: visit.pensioner).doorCode == nil)
            }
        }

        @Test("«Виконано» needs «Я на місці» first; each once; time runs from one to the other; the volunteer is free at once")
        func volunteerCloses() async throws {
            let clock = ManualClock()
            try await withGoldenAger(clock: clock) { app in
                let visit = try await Self.acceptedVisit(app)
                let early = try await send(app, .POST, "/tasks/\(visit.task)/finish", as: visit.volunteer)
                #expect(early.status == .conflict && early.body.string.contains("not_arrived"), "\(early.body.string)")
                clock.advance(by: 40 * 60)  // on the way: not credited
                #expect(try await send(app, .POST, "/tasks/\(visit.task)/arrive", as: visit.volunteer).status == .ok)
                let twice = try await send(app, .POST, "/tasks/\(visit.task)/arrive", as: visit.volunteer)
                #expect(twice.status == .conflict && twice.body.string.contains("already_arrived"))
                let stranger = try await register(app, .volunteer)
                #expect(try await send(app, .POST, "/tasks/\(visit.task)/arrive", as: stranger).status == .notFound)
                #expect(try await send(app, .POST, "/tasks/\(visit.task)/finish", as: visit.pensioner).status == .forbidden)
                clock.advance(by: 25 * 60)
                let finished = try decode(APIModels.TaskDTO.self, try await send(app, .POST, "/tasks/\(visit.task)/finish", as: visit.volunteer))
                #expect(finished.status == "finished" && finished.creditedMinutes == nil, "credited once confirmed")
                #expect(try await HelpTask.find(visit.task, on: app.db)?.creditedMinutes == 25)

                // Free for the next one before the pensioner answers.
                let next = try await order(app, by: try await register(app, .pensioner))
                #expect(try await send(app, .POST, "/tasks/\(next)/accept", as: visit.volunteer).status == .ok)
                // And the first pensioner may order again while they have not confirmed.
                #expect(try await send(app, .POST, "/tasks", as: visit.pensioner,
                                       body: ["templateId": try await firstTemplate(app).requireID().uuidString]).status == .created)

                clock.advance(by: 3600)  // confirmed an hour later: the credit stays 25 minutes
                let done = try decode(APIModels.TaskDTO.self, try await send(app, .POST, "/tasks/\(visit.task)/complete", as: visit.pensioner))
                #expect(done.status == "done" && done.creditedMinutes == 25)
                #expect(done.history.map(\.action) == ["created", "accepted", "arrived", "finished", "done"])
                #expect(try await send(app, .POST, "/tasks/\(visit.task)/finish", as: visit.volunteer).status == .conflict)
            }
        }

        @Test("a visit left running is capped at twice the template's time; one the volunteer never marked counts from acceptance")
        func credits() async throws {
            let clock = ManualClock()
            try await withGoldenAger(clock: clock) { app in
                let long = try await Self.acceptedVisit(app)
                let expected = try #require(try await HelpTask.find(long.task, on: app.db)).minutes
                try await send(app, .POST, "/tasks/\(long.task)/arrive", as: long.volunteer)
                clock.advance(by: 10 * 3600)
                try await send(app, .POST, "/tasks/\(long.task)/finish", as: long.volunteer)
                #expect(try await HelpTask.find(long.task, on: app.db)?.creditedMinutes == 2 * expected)

                let unmarked = try await Self.acceptedVisit(app)
                clock.advance(by: 17 * 60)
                let done = try decode(APIModels.TaskDTO.self, try await send(app, .POST, "/tasks/\(unmarked.task)/complete", as: unmarked.pensioner))
                #expect(done.creditedMinutes == 17)
            }
        }

        @Test("nobody answers: confirmed by the server a day after «Виконано», not before; a pensioner's answer first is kept")
        func confirmedByServer() async throws {
            let clock = ManualClock()
            try await withGoldenAger(clock: clock) { app in
                let quiet = try await Self.acceptedVisit(app)
                let answered = try await Self.acceptedVisit(app)
                for visit in [quiet, answered] {
                    try await send(app, .POST, "/tasks/\(visit.task)/arrive", as: visit.volunteer)
                    try await send(app, .POST, "/tasks/\(visit.task)/finish", as: visit.volunteer)
                }
                clock.advance(by: 23 * 3600)
                await housekeeping(app)
                #expect(try await HelpTask.find(quiet.task, on: app.db)?.status == .finished)
                try await send(app, .POST, "/tasks/\(answered.task)/complete", as: answered.pensioner)
                clock.advance(by: 2 * 3600)
                await housekeeping(app)
                let confirmed = try await Self.task(app, quiet.task, as: quiet.pensioner)
                #expect(confirmed.status == "done" && confirmed.history.last?.action == "confirmed")
                #expect(try await Self.task(app, answered.task, as: answered.pensioner).history.last?.action == "done")
                #expect(try await TaskTransition.query(on: app.db).filter(\.$taskID == answered.task).filter(\.$status == .done).count() == 1)
            }
        }

        @Test("«Щось не так»: to the coordinators of the volunteer's organisation, once, audit-logged; it can suspend the volunteer")
        func report() async throws {
            try await LoopbackPushService.with { service in
                try await withGoldenAger { app in
                    let visit = try await Self.acceptedVisit(app)
                    let coordinator = try await register(app, .coordinator)
                    let device = TestDevice()
                    try await subscribe(app, coordinator, device, at: "\(service.baseURL)/push/coordinator")
                    let tooEarly = try await send(app, .POST, "/tasks/\(visit.task)/report", as: visit.pensioner, body: ["text": "Не прийшов"])
                    #expect(tooEarly.status == .conflict && tooEarly.body.string.contains("task_not_visited"))
                    try await send(app, .POST, "/tasks/\(visit.task)/arrive", as: visit.volunteer)
                    try await send(app, .POST, "/tasks/\(visit.task)/finish", as: visit.volunteer)
                    let empty = try await send(app, .POST, "/tasks/\(visit.task)/report", as: visit.pensioner, body: ["text": "  "])
                    #expect(empty.status == .unprocessableEntity && empty.body.string.contains("\"text\""))
                    let other = try await register(app, .pensioner)
                    #expect(try await send(app, .POST, "/tasks/\(visit.task)/report", as: other, body: ["text": "x"]).status == .notFound)
                    let sent = try await send(app, .POST, "/tasks/\(visit.task)/report", as: visit.pensioner,
                                              body: ["text": "Був грубий і пішов раніше", "suspend": true])
                    #expect(sent.status == .created, "\(sent.body.string)")
                    #expect(try await send(app, .POST, "/tasks/\(visit.task)/report", as: visit.pensioner, body: ["text": "Ще"]).status == .conflict)

                    #expect(try await Self.task(app, visit.task, as: visit.pensioner).status == "done", "the report closes the visit")
                    let profile = try decode(APIModels.ProfileDTO.self, try await send(app, .GET, "/me", as: visit.volunteer))
                    #expect(profile.pendingApproval && profile.suspended && !profile.online)
                    let online = try await send(app, .PUT, "/availability", as: visit.volunteer, body: ["online": true])
                    #expect(online.status == .forbidden, "suspended until a coordinator approves again")
                    let pushed = try #require(try await service.notifications(for: device, at: "coordinator").first)
                    #expect(pushed.title.contains("Олег Тест") && pushed.url.hasSuffix("/golden-ager/board"))
                    #expect(try await AuditEntry.query(on: app.db).filter(\.$action == "volunteer.reported_suspended").count() == 1)

                    let board = TestBrowser(app)
                    #expect(try await board.post("/golden-ager/login", form: ["phone": coordinator.phone, "password": "secret-1"]).status == .seeOther)
                    #expect(try await board.get("/golden-ager/board").text.contains("Був грубий і пішов раніше"))
                    let approved = try await send(app, .POST, "/accounts/\(visit.volunteer.id)/approval", as: coordinator, body: ["documentChecked": true])
                    #expect(try decode(APIModels.ProfileDTO.self, approved).suspended == false)
                }
            }
        }
    }
}

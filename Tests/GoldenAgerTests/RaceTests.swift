import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    @Suite("Races over real HTTP")
    struct RaceTests {
        @Test("50 volunteers accept one task at once: exactly one wins, 49 are told it was taken, never a 500")
        func fiftyAccepts() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                var volunteers: [Person] = []
                for _ in 0..<50 { volunteers.append(try await register(app, .volunteer)) }
                for volunteer in volunteers { try await goOnline(app, volunteer) }
                let task = try await order(app, by: pensioner)
                try await TestHarness.withLiveServer(app) { base in
                    let answers = try await withThrowingTaskGroup(of: (HTTPStatus, String).self) { group in
                        for volunteer in volunteers {
                            group.addTask {
                                let response = try await app.client.post(URI(string: "\(base)/golden-ager/api/v1/tasks/\(task)/accept"), headers: volunteer.auth)
                                let body = response.body.map { String(buffer: $0) } ?? ""
                                return (response.status, body)
                            }
                        }
                        return try await group.reduce(into: [(HTTPStatus, String)]()) { $0.append($1) }
                    }
                    #expect(answers.filter { $0.0 == .ok }.count == 1, "\(answers.map(\.0))")
                    let losers = answers.filter { $0.0 != .ok }
                    #expect(losers.count == 49)
                    #expect(losers.allSatisfy { $0.0 == .conflict }, "\(losers.map(\.0))")
                    #expect(losers.allSatisfy { $0.1.contains("Це завдання вже було обрано іншим волонтером") })
                }
                let stored = try #require(try await HelpTask.find(task, on: app.db))
                #expect(stored.status == .accepted && stored.volunteerID != nil)
                #expect(try await TaskTransition.query(on: app.db).filter(\.$taskID == task).filter(\.$action == .accepted).count() == 1)
            }
        }

        @Test("orders racing inbox reads: once they settle, the inbox lists every order, as the database has them (no stale city list kept)")
        func ordersRaceInboxReads() async throws {
            try await withGoldenAger { app in
                let volunteer = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                var pensioners: [Person] = []
                for _ in 0..<20 { pensioners.append(try await register(app, .pensioner)) }
                let template = try await firstTemplate(app).requireID()
                try await TestHarness.withLiveServer(app) { base in
                    let inbox = URI(string: "\(base)/golden-ager/api/v1/inbox")
                    let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                        for pensioner in pensioners {
                            group.addTask {
                                try await app.client.post(URI(string: "\(base)/golden-ager/api/v1/tasks"), headers: pensioner.auth) { request in
                                    request.body = json(["templateId": template.uuidString])
                                }.status
                            }
                            group.addTask { try await app.client.get(inbox, headers: volunteer.auth).status }
                        }
                        return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
                    }
                    #expect(statuses.filter { $0 == .created }.count == 20 && statuses.filter { $0 == .ok }.count == 20, "\(statuses)")
                    let settled = try await app.client.get(inbox, headers: volunteer.auth).content.decode(APIModels.Inbox.self)
                    let ordered = try await HelpTask.query(on: app.db).filter(\.$status == .searching).sort(\.$createdAt).all().map { try $0.requireID() }
                    #expect(ordered.count == 20)
                    #expect(Set(settled.tasks.map(\.id)) == Set(ordered))
                }
            }
        }

        @Test("a pensioner double-submitting an order (10 at once) gets one task")
        func doubleOrder() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let template = try await firstTemplate(app)
                try await TestHarness.withLiveServer(app) { base in
                    let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                        for _ in 0..<10 {
                            group.addTask {
                                try await app.client.post(URI(string: "\(base)/golden-ager/api/v1/tasks"), headers: pensioner.auth) { request in
                                    request.body = json(["templateId": try template.requireID().uuidString])
                                }.status
                            }
                        }
                        return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
                    }
                    #expect(statuses.filter { $0 == .created }.count == 1, "\(statuses)")
                    #expect(statuses.filter { $0 == .conflict }.count == 9, "\(statuses)")
                }
                #expect(try await HelpTask.query(on: app.db).filter(\.$pensionerID == pensioner.id).count() == 1)
                #expect(try await count(TaskTransition.self, app) == 1)
            }
        }

        @Test("a pensioner and two relatives ordering for them at once (12 requests) make one task")
        func familyOrdersAtOnce() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let relatives = [try await register(app, .relative), try await register(app, .relative)]
                for relative in relatives { try await link(app, relative, to: pensioner) }
                let template = try await firstTemplate(app).requireID().uuidString
                try await TestHarness.withLiveServer(app) { base in
                    let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                        for round in 0..<12 {
                            let person = round % 3 == 0 ? pensioner : relatives[round % 3 - 1]
                            let body = person.id == pensioner.id ? ["templateId": template] : ["templateId": template, "pensionerId": pensioner.id.uuidString]
                            group.addTask {
                                try await app.client.post(URI(string: "\(base)/golden-ager/api/v1/tasks"), headers: person.auth) { request in
                                    request.body = json(body)
                                }.status
                            }
                        }
                        return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
                    }
                    #expect(statuses.filter { $0 == .created }.count == 1, "\(statuses)")
                    #expect(statuses.filter { $0 == .conflict }.count == 11, "\(statuses)")
                }
                #expect(try await HelpTask.query(on: app.db).filter(\.$pensionerID == pensioner.id).count() == 1)
                #expect(try await count(TaskTransition.self, app) == 1)
            }
        }

        @Test("one volunteer accepting ten tasks at once holds exactly one")
        func oneVolunteerManyTasks() async throws {
            try await withGoldenAger { app in
                let volunteer = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                var tasks: [UUID] = []
                for _ in 0..<10 { tasks.append(try await order(app, by: try await register(app, .pensioner))) }
                try await TestHarness.withLiveServer(app) { base in
                    let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                        for task in tasks {
                            group.addTask {
                                try await app.client.post(URI(string: "\(base)/golden-ager/api/v1/tasks/\(task)/accept"), headers: volunteer.auth).status
                            }
                        }
                        return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
                    }
                    #expect(statuses.filter { $0 == .ok }.count == 1, "\(statuses)")
                    #expect(statuses.filter { $0 == .conflict }.count == 9, "\(statuses)")
                }
                #expect(try await HelpTask.query(on: app.db).filter(\.$volunteerID == volunteer.id).filter(\.$status == .accepted).count() == 1)
            }
        }

        @Test("cancel and accept racing: the task ends either cancelled or accepted, with a history that agrees")
        func cancelAgainstAccept() async throws {
            try await withGoldenAger { app in
                for _ in 0..<5 {
                    let pensioner = try await register(app, .pensioner)
                    let volunteer = try await register(app, .volunteer)
                    try await goOnline(app, volunteer)
                    let task = try await order(app, by: pensioner)
                    try await TestHarness.withLiveServer(app) { base in
                        async let cancel = app.client.post(URI(string: "\(base)/golden-ager/api/v1/tasks/\(task)/cancel"), headers: pensioner.auth).status
                        async let accept = app.client.post(URI(string: "\(base)/golden-ager/api/v1/tasks/\(task)/accept"), headers: volunteer.auth).status
                        let (c, a) = try await (cancel, accept)
                        #expect(c == .ok, "the pensioner may cancel in either state")
                        #expect(a == .ok || a == .conflict)
                    }
                    let stored = try #require(try await HelpTask.find(task, on: app.db))
                    #expect(stored.status == .cancelled)
                    let actions = try await TaskTransition.query(on: app.db).filter(\.$taskID == task).sort(\.$sequence).all().map(\.action)
                    #expect(actions.last == .cancelled)
                    #expect(actions.filter { $0 == .cancelled }.count == 1)
                    try await send(app, .PUT, "/availability", as: volunteer, body: ["online": false])
                }
            }
        }

        @Test("a volunteer's «Виконано» racing the pensioner's «Усе добре» (12 visits): always done once, credited once, never a 500")
        func finishRacesConfirmation() async throws {
            try await withGoldenAger { app in
                var visits: [(pensioner: Person, volunteer: Person, task: UUID)] = []
                for _ in 0..<12 {
                    let pensioner = try await register(app, .pensioner)
                    let volunteer = try await register(app, .volunteer)
                    try await goOnline(app, volunteer)
                    let task = try await order(app, by: pensioner)
                    #expect(try await send(app, .POST, "/tasks/\(task)/accept", as: volunteer).status == .ok)
                    #expect(try await send(app, .POST, "/tasks/\(task)/arrive", as: volunteer).status == .ok)
                    visits.append((pensioner, volunteer, task))
                }
                try await TestHarness.withLiveServer(app) { base in
                    let answers = try await withThrowingTaskGroup(of: (String, HTTPStatus).self) { group in
                        for visit in visits {
                            group.addTask {
                                ("finish", try await app.client.post(URI(string: "\(base)/golden-ager/api/v1/tasks/\(visit.task)/finish"), headers: visit.volunteer.auth).status)
                            }
                            group.addTask {
                                ("complete", try await app.client.post(URI(string: "\(base)/golden-ager/api/v1/tasks/\(visit.task)/complete"), headers: visit.pensioner.auth).status)
                            }
                        }
                        return try await group.reduce(into: [(String, HTTPStatus)]()) { $0.append($1) }
                    }
                    #expect(answers.filter { $0.0 == "complete" }.allSatisfy { $0.1 == .ok }, "the pensioner's word always closes it: \(answers)")
                    #expect(answers.filter { $0.0 == "finish" }.allSatisfy { $0.1 == .ok || $0.1 == .conflict }, "\(answers)")
                }
                for visit in visits {
                    let task = try #require(try await HelpTask.find(visit.task, on: app.db))
                    #expect(task.status == .done)
                    let credit = try #require(task.creditedMinutes)
                    #expect((0...(2 * task.minutes)).contains(credit))
                    let steps = try await TaskTransition.query(on: app.db).filter(\.$taskID == visit.task).sort(\.$sequence).all().map(\.action)
                    #expect(steps.filter { $0 == .done }.count == 1 && steps.filter { $0 == .finished }.count <= 1)
                    #expect(steps.last == .done, "nothing after the close: \(steps)")
                }
            }
        }

        @Test("a coordinator's offer racing a volunteer's accept (12 tasks): the accept always wins the task; an offer lands before it or is refused")
        func offerRacesAccept() async throws {
            try await withGoldenAger { app in
                let organisation = try await makeOrganisation(app)
                let coordinator = try await register(app, .coordinator, organisation: organisation)
                let asked = try await register(app, .volunteer, organisation: organisation)
                var pairs: [(volunteer: Person, task: UUID)] = []
                for _ in 0..<12 {
                    let volunteer = try await register(app, .volunteer, organisation: organisation)
                    try await goOnline(app, volunteer)
                    pairs.append((volunteer, try await order(app, by: try await register(app, .pensioner))))
                }
                try await TestHarness.withLiveServer(app) { base in
                    let answers = try await withThrowingTaskGroup(of: (String, HTTPStatus).self) { group in
                        for pair in pairs {
                            group.addTask {
                                ("accept", try await app.client.post(URI(string: "\(base)/golden-ager/api/v1/tasks/\(pair.task)/accept"), headers: pair.volunteer.auth).status)
                            }
                            group.addTask {
                                let offer = try await app.client.post(URI(string: "\(base)/golden-ager/api/v1/tasks/\(pair.task)/offer"), headers: coordinator.auth) { request in
                                    request.body = json(["volunteerId": asked.id.uuidString])
                                }
                                return ("offer", offer.status)
                            }
                        }
                        return try await group.reduce(into: [(String, HTTPStatus)]()) { $0.append($1) }
                    }
                    #expect(answers.filter { $0.0 == "accept" }.allSatisfy { $0.1 == .ok }, "\(answers)")
                    #expect(answers.filter { $0.0 == "offer" }.allSatisfy { $0.1 == .ok || $0.1 == .conflict }, "\(answers)")
                }
                for pair in pairs {
                    let task = try #require(try await HelpTask.find(pair.task, on: app.db))
                    #expect(task.status == .accepted && task.volunteerID == pair.volunteer.id)
                    let steps = try await TaskTransition.query(on: app.db).filter(\.$taskID == pair.task).sort(\.$sequence).all().map(\.action)
                    #expect(steps.last == .accepted, "an offer never lands on a taken task: \(steps)")
                    #expect(steps.filter { $0 == .offered }.count == (task.offeredTo == nil ? 0 : 1))
                }
            }
        }
    }
}

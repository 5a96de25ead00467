import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// Staff tasks: given to a person or a role, accepted once by someone they are for,
    /// completed by who accepted them.
    @Suite("Staff tasks")
    struct TaskTests {
        @Test("a task for a role: only that role sees and takes it, once; only who took it completes it")
        func roleTask() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor)
                let storekeeper = try await staff(app, .storekeeper)
                let other = try await staff(app, .storekeeper, name: "Степан")
                let created = try await send(app, .POST, "/tasks", as: doctor, ["title": "Привезти бинти", "role": "storekeeper", "dueOn": "2030-01-02"])
                #expect(created.status == .created, "\(created.body.string)")
                let task = try decode(SSModels.TaskDTO.self, created)
                #expect(task.role == "storekeeper" && task.status == "open")
                #expect(try await read([SSModels.TaskDTO].self, app, .GET, "/tasks", as: storekeeper).map(\.id) == [task.id])
                #expect(try await read([SSModels.TaskDTO].self, app, .GET, "/tasks", as: director).map(\.id) == [task.id])

                let another = try await staff(app, .doctor, name: "Інший лікар")
                #expect(codeOf(try await send(app, .POST, "/tasks/\(task.id)/acceptance", as: another)) == "forbidden")
                #expect(codeOf(try await send(app, .POST, "/tasks/\(task.id)/completion", as: storekeeper)) == "task_not_accepted")
                #expect(try await send(app, .POST, "/tasks/\(task.id)/acceptance", as: storekeeper).status == .ok)
                #expect(codeOf(try await send(app, .POST, "/tasks/\(task.id)/acceptance", as: other)) == "task_taken")
                #expect(try await read([SSModels.TaskDTO].self, app, .GET, "/tasks", as: other).isEmpty, "taken by someone else")
                #expect(codeOf(try await send(app, .POST, "/tasks/\(task.id)/completion", as: other)) == "forbidden")
                let done = try await read(SSModels.TaskDTO.self, app, .POST, "/tasks/\(task.id)/completion", as: storekeeper)
                #expect(done.status == "done" && done.acceptedBy == storekeeper.id && done.completedAt != nil)
                let trail = try await read([SSModels.AuditEntryDTO].self, app, .GET, "/audit?record=\(task.id.uuidString.lowercased())", as: director)
                #expect(Set(trail.map(\.action)) == ["task.create", "task.accepted", "task.done"])
            }
        }

        @Test("a task names one person or one role; a made-up person, pending people and bad days are refused")
        func refusals() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let pending = try await staff(app, .pending)
                let neither = try await send(app, .POST, "/tasks", as: doctor, ["title": "Щось"])
                #expect(neither.status == .unprocessableEntity && fieldsOf(neither) == ["assigneeId"])
                let both = try await send(app, .POST, "/tasks", as: doctor, ["title": "Щось", "role": "doctor", "assigneeId": doctor.id.uuidString])
                #expect(fieldsOf(both) == ["role"])
                let bad = try await send(app, .POST, "/tasks", as: doctor, ["title": "", "role": "pilot", "dueOn": "завтра"])
                #expect(Set(fieldsOf(bad)) == ["title", "role", "dueOn"])
                #expect(codeOf(try await send(app, .POST, "/tasks", as: doctor, ["title": "Щось", "assigneeId": UUID().uuidString])) == "staff_not_found")
                #expect(codeOf(try await send(app, .POST, "/tasks", as: doctor, ["title": "Щось", "assigneeId": pending.id.uuidString])) == "staff_not_found")
                #expect(codeOf(try await send(app, .GET, "/tasks", as: pending)) == "role_pending")
                #expect(try await StaffTask.query(on: app.db).count() == 0)
            }
        }

        @Test("ten people of a role take one task at once over HTTP: one has it")
        func acceptRace() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                var keepers: [Person] = []
                for index in 0..<10 { keepers.append(try await staff(app, .storekeeper, name: "Комірник \(index)")) }
                let task = try await read(SSModels.TaskDTO.self, app, .POST, "/tasks", as: doctor, ["title": "Прибрати склад", "role": "storekeeper"])
                let statuses = try await TestHarness.withLiveServer(app) { base in
                    try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                        for keeper in keepers {
                            group.addTask {
                                try await app.client.post(URI(string: "\(base)\(api)/tasks/\(task.id)/acceptance"), headers: keeper.auth).status
                            }
                        }
                        return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
                    }
                }
                #expect(statuses.filter { $0 == .ok }.count == 1 && statuses.filter { $0 == .conflict }.count == 9, "\(statuses)")
                let stored = try #require(try await StaffTask.find(task.id, on: app.db))
                #expect(stored.status == "accepted" && keepers.map(\.id).contains(stored.acceptedBy!))
            }
        }
    }
}

import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    @Suite("Task rules")
    struct TaskRulesTests {
        /// The whole table of the spec: which action may start from which status, and where it leads.
        static let allowed: [TaskAction: [TaskStatus: TaskStatus]] = [
            .created: [:],
            .accepted: [.searching: .accepted],
            .declined: [.searching: .searching],
            .withdrawn: [.accepted: .searching],
            .cancelled: [.searching: .cancelled, .accepted: .cancelled],
            .arrived: [.accepted: .accepted],
            .finished: [.accepted: .finished],
            .done: [.accepted: .done, .finished: .done],
            .confirmed: [.finished: .done],
            .expired: [.searching: .cancelled],
            .offered: [.searching: .searching],
        ]

        @Test("every action from every status: allowed ones lead where the spec says, the rest are refused")
        func transitionTable() {
            for action in TaskAction.allCases {
                for status in TaskStatus.allCases {
                    #expect(action.next(from: status) == Self.allowed[action]?[status], "\(action) from \(status)")
                }
            }
        }

        @Test("done and cancelled are final: no action leaves them")
        func finalStates() {
            for status in [TaskStatus.done, .cancelled] {
                #expect(status.isFinal)
                for action in TaskAction.allCases { #expect(action.next(from: status) == nil, "\(action) from \(status)") }
            }
        }

        @Test("each action belongs to one role")
        func actors() {
            #expect(TaskAction.cancelled.actor == .pensioner && TaskAction.done.actor == .pensioner && TaskAction.created.actor == .pensioner)
            #expect(TaskAction.accepted.actor == .volunteer && TaskAction.declined.actor == .volunteer && TaskAction.withdrawn.actor == .volunteer)
            #expect(TaskAction.arrived.actor == .volunteer && TaskAction.finished.actor == .volunteer)
            #expect(TaskAction.offered.actor == .coordinator)
            #expect(TaskAction.expired.actor == nil, "only the server lets a task expire")
            #expect(TaskAction.confirmed.actor == nil, "only the server confirms a visit nobody answered")
        }

        @Test("the full life of a task through the API, with every transition kept with its time and actor")
        func lifecycle() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let volunteer = try await register(app, .volunteer)
                let second = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                try await goOnline(app, second)
                let task = try await order(app, by: pensioner)

                #expect(try await send(app, .POST, "/tasks/\(task)/complete", as: pensioner).status == .conflict, "not accepted yet")
                #expect(try await send(app, .POST, "/tasks/\(task)/decline", as: second).status == .noContent)
                #expect(try await send(app, .POST, "/tasks/\(task)/decline", as: second).status == .noContent, "declining twice is fine")
                let secondInbox = try decode(APIModels.Inbox.self, try await send(app, .GET, "/inbox", as: second)).tasks
                #expect(secondInbox.isEmpty, "a declined task leaves the inbox")

                let accepted = try await send(app, .POST, "/tasks/\(task)/accept", as: volunteer)
                #expect(accepted.status == .ok)
                #expect(try decode(APIModels.TaskDTO.self, accepted).status == "accepted")

                let withdrawn = try await send(app, .POST, "/tasks/\(task)/withdraw", as: volunteer, body: ["reason": "Захворів"])
                #expect(withdrawn.status == .ok)
                #expect(try decode(APIModels.TaskDTO.self, withdrawn).status == "searching")
                let pensionerView = try decode(APIModels.TaskDTO.self, try await send(app, .GET, "/tasks/\(task)", as: pensioner))
                #expect(pensionerView.volunteer == nil)
                let inbox = try decode(APIModels.Inbox.self, try await send(app, .GET, "/inbox", as: volunteer)).tasks
                #expect(inbox.isEmpty, "the volunteer who withdrew is not offered it again")

                // The second volunteer declined earlier but may still take it from the task page.
                #expect(try await send(app, .POST, "/tasks/\(task)/accept", as: second).status == .ok)
                let done = try await send(app, .POST, "/tasks/\(task)/complete", as: pensioner)
                #expect(done.status == .ok)
                #expect(try decode(APIModels.TaskDTO.self, done).status == "done")

                // Final: nothing changes it again.
                #expect(try await send(app, .POST, "/tasks/\(task)/cancel", as: pensioner).status == .conflict)
                #expect(try await send(app, .POST, "/tasks/\(task)/complete", as: pensioner).status == .conflict)
                #expect(try await send(app, .POST, "/tasks/\(task)/withdraw", as: second, body: ["reason": "x"]).status == .conflict)
                #expect(try await send(app, .POST, "/tasks/\(task)/accept", as: volunteer).status == .conflict)

                let history = try await TaskTransition.query(on: app.db).filter(\.$taskID == task).sort(\.$sequence).all()
                #expect(history.map(\.action) == [.created, .declined, .accepted, .withdrawn, .accepted, .done])
                #expect(history.map(\.sequence) == Array(1...6))
                #expect(history.map(\.actorID) == [pensioner.id, second.id, volunteer.id, volunteer.id, second.id, pensioner.id])
                #expect(history.first { $0.action == .withdrawn }?.reason == "Захворів")

                let hours = try decode(APIModels.Hours.self, try await send(app, .GET, "/hours", as: second))
                #expect(hours.taskCount == 1)
                let first = try decode(APIModels.Hours.self, try await send(app, .GET, "/hours", as: volunteer))
                #expect(first.taskCount == 0 && first.totalMinutes == 0, "hours go to whoever finished it")
            }
        }

        @Test("one open task per pensioner; one accepted task per volunteer; a cancelled task frees both")
        func invariants() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let other = try await register(app, .pensioner)
                let volunteer = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                let first = try await order(app, by: pensioner)
                let template = try await firstTemplate(app)
                let again = try await send(app, .POST, "/tasks", as: pensioner, body: ["templateId": template.requireID().uuidString])
                #expect(again.status == .conflict)
                #expect(try problemCode(again) == "open_task_exists")
                #expect(try problem(again).detail == "У вас уже є замовлення. Нове можна зробити, коли це виконають або ви його скасуєте.")

                let second = try await order(app, by: other)
                #expect(try await send(app, .POST, "/tasks/\(first)/accept", as: volunteer).status == .ok)
                let busy = try await send(app, .POST, "/tasks/\(second)/accept", as: volunteer)
                #expect(busy.status == .conflict)
                #expect(try problemCode(busy) == "volunteer_busy")

                #expect(try await send(app, .POST, "/tasks/\(first)/cancel", as: pensioner).status == .ok)
                #expect(try await send(app, .POST, "/tasks/\(second)/accept", as: volunteer).status == .ok, "free again after the cancel")
                _ = try await order(app, by: pensioner)
            }
        }

        @Test("the inbox: only while online, only the volunteer's city, oldest first")
        func inbox() async throws {
            try await withGoldenAger { app in
                let kyiv = try await register(app, .volunteer)
                let lviv = try await register(app, .volunteer, city: "lviv")
                let a = try await register(app, .pensioner)
                let b = try await register(app, .pensioner)
                let c = try await register(app, .pensioner, city: "lviv")
                let first = try await order(app, by: a)
                let second = try await order(app, by: b)
                _ = try await order(app, by: c)
                let offline = try decode(APIModels.Inbox.self, try await send(app, .GET, "/inbox", as: kyiv))
                #expect(offline.online == false)
                #expect(offline.tasks.isEmpty)
                try await goOnline(app, kyiv)
                try await goOnline(app, lviv)
                let tasks = try decode(APIModels.Inbox.self, try await send(app, .GET, "/inbox", as: kyiv)).tasks
                #expect(tasks.map(\.id) == [first, second])
                #expect(tasks.allSatisfy { $0.pensioner == nil }, "no personal data before accepting")
                let inLviv = try decode(APIModels.Inbox.self, try await send(app, .GET, "/inbox", as: lviv)).tasks
                #expect(inLviv.count == 1)
            }
        }
    }
}

extension GoldenAgerTests {
    @Suite("Phone numbers and birthdays")
    struct InputRulesTests {
        @Test("common ways of writing a Ukrainian mobile number become 380XXXXXXXXX")
        func phones() {
            for typed in ["+380 67 123 45 67", "0671234567", "380671234567", "(067) 123-45-67", "+38 (067) 123 45 67", "80671234567"] {
                #expect(PhoneNumber.normalise(typed) == "380671234567", "\(typed)")
            }
            for bad in ["12345", "380441234567", "+7 912 123 45 67", "067123456", "06712345678", "067-abc-45-67", "", "３８０６７１２３４５６７"] {
                #expect(PhoneNumber.normalise(bad) == nil, "\(bad)")
            }
            #expect(PhoneNumber.normalise("044 123 45 67", landlineAllowed: true) == "380441234567")
            #expect(PhoneNumber.display("380671234567") == "+380 67 123 45 67")
            // Service numbers as people write them (the demo consultation line).
            #expect(PhoneNumber.display("380800500335") == "0 800 50 03 35")
            #expect(PhoneNumber.display(PhoneNumber.normalise("0 800 50 03 35", landlineAllowed: true)!) == "0 800 50 03 35")
            #expect(PhoneNumber.telURL("380671234567") == "tel:+380671234567")
        }

        @Test("birthdays: real past dates in three spellings; impossible, future and too-old dates each say why")
        func birthdays() throws {
            let today = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-19
            let kyiv = TimeZone(identifier: "Europe/Kyiv")!
            for typed in ["12.03.1950", "12/03/1950", "1950-03-12", " 12.03.1950 "] {
                #expect(try Birthday.parse(typed, today: today, timeZone: kyiv).get().description == "1950-03-12", "\(typed)")
            }
            #expect(try Birthday.parse("29.02.1952", today: today, timeZone: kyiv).get().description == "1952-02-29")
            func problem(_ typed: String) -> Birthday.Problem? {
                if case .failure(let problem) = Birthday.parse(typed, today: today, timeZone: kyiv) { return problem }
                return nil
            }
            #expect(problem("31.02.1950") == .notADate)
            #expect(problem("29.02.1951") == .notADate)
            #expect(problem("1950-13-01") == .notADate)
            #expect(problem("вчора") == .notADate)
            #expect(problem("12.03.50") == .notADate)
            #expect(problem("19.11.2026") == .inTheFuture, "today is not a birthday in the past")
            #expect(problem("01.01.2030") == .inTheFuture)
            #expect(problem("01.01.1899") == .tooOld)
        }
    }
}

import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// Hours that can be trusted: the real time from acceptance to done, capped, and
    /// corrected only by the volunteer's coordinator, on the record.
    @Suite("Credited hours")
    struct CreditTests {
        @Test("the rule: real minutes, rounded, never below 0 nor above twice the expected time")
        func rule() {
            let accepted = Date(timeIntervalSince1970: 1_790_000_000)
            #expect(HoursRules.credit(from: accepted, to: accepted.addingTimeInterval(5), expected: 60) == 0)
            #expect(HoursRules.credit(from: accepted, to: accepted.addingTimeInterval(25 * 60 + 20), expected: 30) == 25)
            #expect(HoursRules.credit(from: accepted, to: accepted.addingTimeInterval(3 * 3600), expected: 60) == 120)
            #expect(HoursRules.credit(from: accepted, to: accepted.addingTimeInterval(-60), expected: 60) == 0)
        }

        /// A task accepted now and marked done `after` seconds later; returns its id.
        func doneTask(_ app: Application, _ clock: ManualClock, volunteer: Person, after: TimeInterval) async throws -> UUID {
            let pensioner = try await register(app, .pensioner)
            let task = try await order(app, by: pensioner)
            #expect(try await send(app, .POST, "/tasks/\(task)/accept", as: volunteer).status == .ok)
            clock.advance(by: after)
            #expect(try await send(app, .POST, "/tasks/\(task)/complete", as: pensioner).status == .ok)
            return task
        }

        @Test("done 25 minutes after accepting a 1-hour task credits 25 minutes; left for 3 hours, 2 hours; the certificate lists each")
        func creditsRealTime() async throws {
            let clock = ManualClock(Date())
            try await withGoldenAger(clock: clock) { app in
                let volunteer = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                let expected = try await firstTemplate(app).minutes
                let quick = try await doneTask(app, clock, volunteer: volunteer, after: 25 * 60)
                let long = try await doneTask(app, clock, volunteer: volunteer, after: 10 * 3600)
                #expect(try await HelpTask.find(quick, on: app.db)?.creditedMinutes == min(25, 2 * expected))
                #expect(try await HelpTask.find(long, on: app.db)?.creditedMinutes == 2 * expected)

                let hours = try decode(APIModels.Hours.self, try await send(app, .GET, "/hours", as: volunteer))
                #expect(hours.totalMinutes == min(25, 2 * expected) + 2 * expected && hours.taskCount == 2)
                let task = try decode(APIModels.TaskDTO.self, try await send(app, .GET, "/tasks/\(quick)", as: volunteer))
                #expect(task.creditedMinutes == min(25, 2 * expected))

                let browser = TestBrowser(app)
                _ = try await browser.post("/golden-ager/login", form: ["phone": volunteer.phone, "password": "secret-1"])
                let certificate = try await browser.get("/golden-ager/hours/certificate").text
                let rows = certificate.components(separatedBy: "<tr>").dropFirst(2)  // the header row, then a row a task
                #expect(rows.count == 2, "a row for each task")
                #expect(rows.contains { $0.contains("<td>\(GoldenAgerWeb.hours(2 * expected, Localizer(language: .uk, catalogs: app.kernel.catalogs)))</td>") })
            }
        }

        @Test("a coordinator corrects a credit with a reason: audit-logged, the hours follow; others may not; bad input named")
        func correction() async throws {
            let clock = ManualClock(Date())
            try await withGoldenAger(clock: clock) { app in
                let mine = try await makeOrganisation(app, "Життєлюб")
                let theirs = try await makeOrganisation(app, "Дім милосердя")
                let coordinator = try await register(app, .coordinator, organisation: mine)
                let otherCoordinator = try await register(app, .coordinator, organisation: theirs)
                let volunteer = try await register(app, .volunteer, organisation: mine)
                try await goOnline(app, volunteer)
                let task = try await doneTask(app, clock, volunteer: volunteer, after: 5)
                #expect(try await HelpTask.find(task, on: app.db)?.creditedMinutes == 0)

                let body: [String: Any] = ["minutes": 45, "reason": "Чекав у черзі в аптеці"]
                #expect(try await send(app, .PUT, "/tasks/\(task)/credit", as: volunteer, body: body).status == .forbidden)
                let foreign = try await send(app, .PUT, "/tasks/\(task)/credit", as: otherCoordinator, body: body)
                #expect(foreign.status == .notFound)
                for (bad, field) in [(["minutes": -1, "reason": "x"], "minutes"), (["minutes": 721, "reason": "x"], "minutes"),
                                     (["minutes": 30], "reason"), (["reason": "x"], "minutes")] as [([String: Any], String)] {
                    let refused = try await send(app, .PUT, "/tasks/\(task)/credit", as: coordinator, body: bad)
                    #expect(try refused.status == .unprocessableEntity && problem(refused).fields == [field], "\(bad)")
                }
                #expect(try await HelpTask.find(task, on: app.db)?.creditedMinutes == 0, "nothing written by the refusals")

                let corrected = try decode(APIModels.TaskDTO.self, try await send(app, .PUT, "/tasks/\(task)/credit", as: coordinator, body: body))
                #expect(corrected.creditedMinutes == 45)
                #expect(try decode(APIModels.Hours.self, try await send(app, .GET, "/hours", as: volunteer)).totalMinutes == 45)
                let entry = try #require(try await AuditEntry.query(on: app.db).filter(\.$action == "task.credit_corrected").first())
                #expect(entry.actorID == coordinator.id && entry.entityID == task.uuidString)
                typealias Credit = AdministrationService.Credit
                #expect(try JSONDecoder().decode(Credit.self, from: Data((entry.before ?? "").utf8)) == Credit(minutes: 0, reason: nil))
                #expect(try JSONDecoder().decode(Credit.self, from: Data((entry.after ?? "").utf8)) == Credit(minutes: 45, reason: "Чекав у черзі в аптеці"))

                // Only a done task has a credit.
                let open = try await order(app, by: try await register(app, .pensioner))
                #expect(try await send(app, .POST, "/tasks/\(open)/accept", as: volunteer).status == .ok)
                let notDone = try await send(app, .PUT, "/tasks/\(open)/credit", as: coordinator, body: body)
                #expect(try notDone.status == .conflict && problemCode(notDone) == "task_not_done")

                // On the web: the coordinator finds the volunteer and corrects it there too.
                let browser = TestBrowser(app)
                _ = try await browser.post("/golden-ager/login", form: ["phone": coordinator.phone, "password": "secret-1"])
                let page = try await browser.get("/golden-ager/admin/accounts?q=\(volunteer.phone)")
                #expect(page.formActions.contains("/golden-ager/admin/tasks/\(task)/credit"))
                let saved = try await browser.post("/golden-ager/admin/tasks/\(task)/credit",
                                                   form: ["minutes-\(task)": "50", "reason-\(task)": "Довга дорога", "login": volunteer.phone])
                #expect(saved.status == .seeOther)
                #expect(try await HelpTask.find(task, on: app.db)?.creditedMinutes == 50)
            }
        }
    }
}

import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// A task hands a volunteer an older person's address and phone, so only volunteers
    /// their organisation has checked, and only while online, may accept one.
    @Suite("Volunteer vetting")
    struct VettingTests {
        @Test("a new volunteer is pending: no going online, no offered tasks, no accept (403 volunteer_pending, in their language)")
        func pendingVolunteer() async throws {
            try await withGoldenAger { app in
                let volunteer = try await register(app, .volunteer, approved: false)
                let me = try decode(APIModels.ProfileDTO.self, try await send(app, .GET, "/me", as: volunteer))
                #expect(me.pendingApproval)
                let task = try await order(app, by: try await register(app, .pensioner))

                let online = try await send(app, .PUT, "/availability", as: volunteer, body: ["online": true])
                #expect(online.status == .forbidden)
                #expect(try problemCode(online) == "volunteer_pending")
                #expect(try problem(online).detail?.contains("Координатор вашої організації ще не підтвердив вас") == true)

                var english = volunteer.auth
                english.add(name: .acceptLanguage, value: "en")
                let accept = try await sendJSON(app, .POST, "/golden-ager/api/v1/tasks/\(task)/accept", headers: english)
                #expect(accept.status == .forbidden)
                #expect(try problemCode(accept) == "volunteer_pending")
                #expect(try problem(accept).detail?.contains("has not approved you yet") == true)

                #expect(try await send(app, .GET, "/tasks/\(task)", as: volunteer).status == .notFound)
                let inbox = try decode(APIModels.Inbox.self, try await send(app, .GET, "/inbox", as: volunteer))
                #expect(!inbox.online && inbox.tasks.isEmpty)
                let stored = try #require(try await HelpTask.find(task, on: app.db))
                #expect(stored.status == .searching && stored.volunteerID == nil)
                #expect(try await Profile.find(volunteer.id, on: app.db)?.isOnline == false)
            }
        }

        @Test("an approved volunteer who is offline cannot accept (403 volunteer_offline), and can once online")
        func offlineVolunteer() async throws {
            try await withGoldenAger { app in
                let volunteer = try await register(app, .volunteer)
                let task = try await order(app, by: try await register(app, .pensioner))
                let inbox = try decode(APIModels.Inbox.self, try await send(app, .GET, "/inbox", as: volunteer))
                #expect(!inbox.online)

                let refused = try await send(app, .POST, "/tasks/\(task)/accept", as: volunteer)
                #expect(refused.status == .forbidden)
                #expect(try problemCode(refused) == "volunteer_offline")
                #expect(!refused.body.string.contains("Тестова"), "no address in the refusal")
                #expect(try await count(TaskTransition.self, app) == 1)

                try await goOnline(app, volunteer)
                #expect(try await send(app, .POST, "/tasks/\(task)/accept", as: volunteer).status == .ok)
            }
        }

        @Test("a coordinator approves their own organisation's volunteer after checking a document; audit-logged; the volunteer can then work")
        func approval() async throws {
            try await withGoldenAger { app in
                let mine = try await makeOrganisation(app, "Життєлюб")
                let theirs = try await makeOrganisation(app, "Дім милосердя")
                let coordinator = try await register(app, .coordinator, organisation: mine)
                let otherCoordinator = try await register(app, .coordinator, organisation: theirs)
                let first = try await register(app, .volunteer, organisation: mine, approved: false)
                let second = try await register(app, .volunteer, organisation: mine, approved: false)
                let elsewhere = try await register(app, .volunteer, organisation: theirs, approved: false)
                _ = try await register(app, .volunteer, organisation: mine)  // approved: not listed

                // Pending volunteers, own organisation only, the longest waiting first.
                let listed = try decode([APIModels.PendingVolunteerDTO].self, try await send(app, .GET, "/volunteers/pending", as: coordinator))
                #expect(listed.map(\.id) == [first.id, second.id])
                let admin = try await makeAdmin(app)
                let all = try decode([APIModels.PendingVolunteerDTO].self, try await send(app, .GET, "/volunteers/pending", as: admin))
                #expect(Set(all.map(\.id)) == [first.id, second.id, elsewhere.id])

                // Without the document check: 422 naming the field; nothing written.
                for body: [String: Any] in [[:], ["documentChecked": false]] {
                    let unchecked = try await send(app, .POST, "/accounts/\(first.id)/approval", as: coordinator, body: body)
                    #expect(unchecked.status == .unprocessableEntity, "\(unchecked.body.string)")
                    #expect(try problem(unchecked).fields == ["documentChecked"])
                }
                // Another organisation's coordinator does not find them.
                let foreign = try await send(app, .POST, "/accounts/\(first.id)/approval", as: otherCoordinator, body: ["documentChecked": true])
                #expect(foreign.status == .notFound)
                #expect(try problemCode(foreign) == "account_not_found")
                #expect(try await Profile.find(first.id, on: app.db)?.approvedAt == nil)

                let approved = try await send(app, .POST, "/accounts/\(first.id)/approval", as: coordinator, body: ["documentChecked": true])
                #expect(approved.status == .ok, "\(approved.body.string)")
                #expect(try decode(APIModels.ProfileDTO.self, approved).pendingApproval == false)
                // Twice is once.
                #expect(try await send(app, .POST, "/accounts/\(first.id)/approval", as: coordinator, body: ["documentChecked": true]).status == .ok)
                let entries = try await AuditEntry.query(on: app.db).filter(\.$action == "volunteer.approved").all()
                #expect(entries.count == 1)
                #expect(entries.first?.actorID == coordinator.id && entries.first?.entityID == first.id.uuidString)
                let profile = try #require(try await Profile.find(first.id, on: app.db))
                #expect(profile.approvedBy == coordinator.id)

                let stillWaiting = try decode([APIModels.PendingVolunteerDTO].self, try await send(app, .GET, "/volunteers/pending", as: coordinator))
                #expect(stillWaiting.map(\.id) == [second.id])

                try await goOnline(app, first)
                let task = try await order(app, by: try await register(app, .pensioner))
                #expect(try await send(app, .POST, "/tasks/\(task)/accept", as: first).status == .ok)
            }
        }

        @Test("moving to another organisation makes a volunteer pending again, and offline")
        func changingOrganisation() async throws {
            try await withGoldenAger { app in
                let volunteer = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                let other = try await makeOrganisation(app, "Молодь за мир")
                let same = try await send(app, .PATCH, "/me", as: volunteer, body: ["organisationId": try await makeOrganisation(app).uuidString])
                #expect(try decode(APIModels.ProfileDTO.self, same).pendingApproval == false, "the same organisation changes nothing")
                let moved = try decode(APIModels.ProfileDTO.self, try await send(app, .PATCH, "/me", as: volunteer, body: ["organisationId": other.uuidString]))
                #expect(moved.pendingApproval && !moved.online)
                let task = try await order(app, by: try await register(app, .pensioner))
                let refused = try await send(app, .POST, "/tasks/\(task)/accept", as: volunteer)
                #expect(try problemCode(refused) == "volunteer_pending")
            }
        }

        @Test("the web: the accounts page lists pending volunteers first and approves with the box ticked; the inbox says why it is empty")
        func webApproval() async throws {
            try await withGoldenAger { app in
                let coordinator = try await register(app, .coordinator)
                let volunteer = try await register(app, .volunteer, approved: false)

                let volunteerBrowser = TestBrowser(app)
                #expect(try await volunteerBrowser.post("/golden-ager/login", form: ["phone": volunteer.phone, "password": "secret-1"]).status == .seeOther)
                let inbox = try await volunteerBrowser.get("/golden-ager/inbox")
                #expect(inbox.body.string.contains("Чекаємо на підтвердження"))
                #expect(!inbox.body.string.contains("/golden-ager/availability"), "no button to go online")

                let browser = TestBrowser(app)
                #expect(try await browser.post("/golden-ager/login", form: ["phone": coordinator.phone, "password": "secret-1"]).status == .seeOther)
                let page = try await browser.get("/golden-ager/admin/accounts").body.string
                let list = try #require(page.range(of: "Чекають на підтвердження"))
                #expect(page.range(of: "Олег Тест")!.lowerBound > list.lowerBound)
                #expect(page.range(of: "Чекають на підтвердження")!.lowerBound < page.range(of: "name=\"q\"")!.lowerBound, "pending volunteers come first")

                let unticked = try await browser.post("/golden-ager/admin/accounts/\(volunteer.id)/approve", form: [:])
                #expect(unticked.status == .seeOther)
                #expect(try await Profile.find(volunteer.id, on: app.db)?.approvedAt == nil)
                let ticked = try await browser.post("/golden-ager/admin/accounts/\(volunteer.id)/approve", form: ["documentChecked": "on"])
                #expect(ticked.status == .seeOther)
                #expect(try await Profile.find(volunteer.id, on: app.db)?.approvedAt != nil)
                #expect(try await volunteerBrowser.get("/golden-ager/inbox").body.string.contains("/golden-ager/availability"))
            }
        }

        @Test("50 accepts at once from approved-online, approved-offline and pending volunteers: one winner, approved and online")
        func mixedRace() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                var ready: [Person] = [], offline: [Person] = [], pending: [Person] = []
                for _ in 0..<20 {
                    let volunteer = try await register(app, .volunteer)
                    try await goOnline(app, volunteer)
                    ready.append(volunteer)
                }
                for _ in 0..<15 { offline.append(try await register(app, .volunteer)) }
                for _ in 0..<15 { pending.append(try await register(app, .volunteer, approved: false)) }
                let task = try await order(app, by: pensioner)
                let everyone = (ready + offline + pending).shuffled()
                let answers = try await TestHarness.withLiveServer(app) { base in
                    try await withThrowingTaskGroup(of: (UUID, HTTPStatus, String).self) { group in
                        for volunteer in everyone {
                            group.addTask {
                                let response = try await app.client.post(URI(string: "\(base)/golden-ager/api/v1/tasks/\(task)/accept"), headers: volunteer.auth)
                                return (volunteer.id, response.status, response.body.map { String(buffer: $0) } ?? "")
                            }
                        }
                        return try await group.reduce(into: [(UUID, HTTPStatus, String)]()) { $0.append($1) }
                    }
                }
                let winners = answers.filter { $0.1 == .ok }
                #expect(winners.count == 1, "\(answers.map(\.1))")
                #expect(Set(ready.map(\.id)).contains(try #require(winners.first?.0)))
                #expect(answers.allSatisfy { $0.1.code < 500 })
                let offlineIDs = Set(offline.map(\.id)), pendingIDs = Set(pending.map(\.id))
                for (id, status, body) in answers where status != .ok {
                    if offlineIDs.contains(id) {
                        #expect(status == .forbidden && body.contains("volunteer_offline"), "\(body)")
                    } else if pendingIDs.contains(id) {
                        #expect(status == .forbidden && body.contains("volunteer_pending"), "\(body)")
                    } else {
                        #expect(status == .conflict && body.contains("task_taken"), "\(body)")
                    }
                }
                let stored = try #require(try await HelpTask.find(task, on: app.db))
                #expect(stored.status == .accepted && stored.volunteerID == winners.first?.0)
                #expect(try await TaskTransition.query(on: app.db).filter(\.$taskID == task).filter(\.$action == .accepted).count() == 1)
            }
        }
    }
}

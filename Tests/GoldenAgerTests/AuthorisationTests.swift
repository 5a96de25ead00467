import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    @Suite("Authorisation")
    struct AuthorisationTests {
        enum Role: String, CaseIterable, CustomStringConvertible {
            case anonymous, owner, otherPensioner, ownersRelative, otherRelative, volunteer, volunteerElsewhere, pendingVolunteer, offlineVolunteer, coordinator, admin
            var description: String { rawValue }
        }

        struct World {
            let people: [Role: Person]
            let task: UUID
            let template: UUID
            let category: UUID
        }

        func world(_ app: Application) async throws -> World {
            let owner = try await register(app, .pensioner)
            let other = try await register(app, .pensioner)
            let volunteer = try await register(app, .volunteer)
            let elsewhere = try await register(app, .volunteer, city: "odesa")
            let pending = try await register(app, .volunteer, approved: false)
            let offline = try await register(app, .volunteer)
            let coordinator = try await register(app, .coordinator)
            let admin = try await makeAdmin(app)
            let ownersRelative = try await register(app, .relative)
            let otherRelative = try await register(app, .relative)
            try await link(app, ownersRelative, to: owner)
            try await link(app, otherRelative, to: other)
            try await goOnline(app, volunteer)
            try await goOnline(app, elsewhere)
            let task = try await order(app, by: owner)
            let template = try await firstTemplate(app)
            return World(people: [.owner: owner, .otherPensioner: other, .ownersRelative: ownersRelative, .otherRelative: otherRelative, .volunteer: volunteer, .volunteerElsewhere: elsewhere,
                                  .pendingVolunteer: pending, .offlineVolunteer: offline, .coordinator: coordinator, .admin: admin],
                         task: task, template: try template.requireID(), category: template.$category.id)
        }

        /// Every endpoint × every role, for the requests that must not change anything:
        /// reads, and the writes each role is refused. (Allowed writes are in TaskRulesTests.)
        @Test("every endpoint × every role and anonymous; refusals change nothing")
        func matrix() async throws {
            try await withGoldenAger { app in
                let w = try await world(app)
                let t = w.task
                typealias Expect = [Role: HTTPStatus]
                let all: (HTTPStatus) -> Expect = { status in Dictionary(uniqueKeysWithValues: Role.allCases.map { ($0, status) }) }
                func only(_ allowed: [Role], _ yes: HTTPStatus, else no: HTTPStatus, anonymous: HTTPStatus = .unauthorized) -> Expect {
                    var e = all(no)
                    for role in allowed { e[role] = yes }
                    e[.anonymous] = anonymous
                    return e
                }
                let volunteers: [Role] = [.volunteer, .volunteerElsewhere, .pendingVolunteer, .offlineVolunteer]
                let staff: [Role] = [.coordinator, .admin]
                let pensioners: [Role] = [.owner, .otherPensioner]
                let relatives: [Role] = [.ownersRelative, .otherRelative]
                let cases: [(HTTPMethod, String, [String: Any]?, Expect)] = [
                    (.GET, "/me", nil, only(Role.allCases, .ok, else: .ok)),
                    (.PATCH, "/me", [:], only(pensioners + relatives + volunteers, .ok, else: .forbidden)),
                    (.GET, "/cities", nil, all(.ok)),
                    (.GET, "/organisations", nil, all(.ok)),
                    (.GET, "/categories", nil, all(.ok)),
                    (.GET, "/categories/\(w.category)/templates", nil, all(.ok)),
                    (.GET, "/consultation", nil, all(.ok)),
                    (.POST, "/tasks", ["templateId": w.template.uuidString],
                     [.anonymous: .unauthorized, .owner: .conflict, .ownersRelative: .unprocessableEntity, .otherRelative: .unprocessableEntity,
                      .volunteer: .forbidden, .volunteerElsewhere: .forbidden, .coordinator: .unprocessableEntity, .admin: .unprocessableEntity]),
                    // A relative orders only for a pensioner linked to them, a coordinator for one of their cities.
                    (.POST, "/tasks", ["templateId": w.template.uuidString, "pensionerId": w.people[.owner]!.id.uuidString],
                     [.anonymous: .unauthorized, .owner: .conflict, .ownersRelative: .conflict, .otherRelative: .notFound, .otherPensioner: .notFound,
                      .volunteer: .forbidden, .coordinator: .conflict, .admin: .conflict]),
                    (.GET, "/tasks/\(t)", nil,
                     [.anonymous: .unauthorized, .owner: .ok, .otherPensioner: .notFound, .ownersRelative: .ok, .otherRelative: .notFound,
                      .volunteer: .ok, .volunteerElsewhere: .notFound,
                      .pendingVolunteer: .notFound, .offlineVolunteer: .ok, .coordinator: .ok, .admin: .ok]),
                    (.POST, "/tasks/\(t)/cancel", nil,
                     [.anonymous: .unauthorized, .otherPensioner: .notFound, .otherRelative: .notFound, .volunteer: .forbidden, .volunteerElsewhere: .forbidden,
                      .pendingVolunteer: .forbidden, .offlineVolunteer: .forbidden]),
                    (.POST, "/tasks/\(t)/complete", nil,
                     [.anonymous: .unauthorized, .owner: .conflict, .otherPensioner: .notFound, .ownersRelative: .conflict, .otherRelative: .notFound,
                      .volunteer: .forbidden, .volunteerElsewhere: .forbidden,
                      .pendingVolunteer: .forbidden, .offlineVolunteer: .forbidden, .coordinator: .forbidden, .admin: .forbidden]),
                    (.POST, "/tasks/\(t)/accept", nil,
                     [.anonymous: .unauthorized, .owner: .forbidden, .otherPensioner: .forbidden, .ownersRelative: .forbidden, .otherRelative: .forbidden,
                      .volunteerElsewhere: .notFound,
                      .pendingVolunteer: .forbidden, .offlineVolunteer: .forbidden, .coordinator: .forbidden, .admin: .forbidden]),
                    (.POST, "/tasks/\(t)/decline", nil,
                     [.anonymous: .unauthorized, .owner: .forbidden, .otherPensioner: .forbidden, .ownersRelative: .forbidden, .otherRelative: .forbidden,
                      .volunteerElsewhere: .notFound, .coordinator: .forbidden, .admin: .forbidden]),
                    (.POST, "/tasks/\(t)/withdraw", ["reason": "—"],
                     [.anonymous: .unauthorized, .owner: .forbidden, .otherPensioner: .forbidden, .ownersRelative: .forbidden, .otherRelative: .forbidden,
                      .volunteer: .notFound, .volunteerElsewhere: .notFound,
                      .pendingVolunteer: .notFound, .offlineVolunteer: .notFound, .coordinator: .forbidden, .admin: .forbidden]),
                    (.POST, "/tasks/\(t)/arrive", nil,
                     [.anonymous: .unauthorized, .owner: .forbidden, .ownersRelative: .forbidden, .volunteer: .notFound, .volunteerElsewhere: .notFound,
                      .coordinator: .forbidden, .admin: .forbidden]),
                    (.POST, "/tasks/\(t)/finish", nil,
                     [.anonymous: .unauthorized, .owner: .forbidden, .ownersRelative: .forbidden, .volunteer: .notFound, .coordinator: .forbidden]),
                    (.POST, "/tasks/\(t)/report", ["text": "Щось не так"],
                     [.anonymous: .unauthorized, .owner: .conflict, .ownersRelative: .conflict, .otherPensioner: .notFound, .otherRelative: .notFound,
                      .volunteer: .forbidden, .coordinator: .forbidden, .admin: .forbidden]),
                    (.POST, "/tasks/\(t)/offer", ["volunteerId": UUID().uuidString],
                     only(staff, .unprocessableEntity, else: .forbidden)),
                    (.GET, "/pensioners?phone=\(w.people[.owner]!.phone)", nil, only(staff, .ok, else: .forbidden)),
                    (.POST, "/pensioners", [:], only(staff, .unprocessableEntity, else: .forbidden)),
                    (.POST, "/accounts/\(w.people[.volunteer]!.id)/rejection", ["reason": "—"], only(staff, .conflict, else: .forbidden)),
                    (.GET, "/orders", nil, only(pensioners + relatives, .ok, else: .forbidden)),
                    (.PUT, "/availability", ["online": true],
                     only([.volunteer, .volunteerElsewhere, .offlineVolunteer], .ok, else: .forbidden)),
                    (.GET, "/inbox", nil, only(volunteers, .ok, else: .forbidden)),
                    (.GET, "/assignments", nil, only(volunteers, .ok, else: .forbidden)),
                    (.GET, "/hours", nil, only(volunteers, .ok, else: .forbidden)),
                    (.GET, "/events", nil, [.anonymous: .unauthorized]),
                    (.DELETE, "/session", nil, [.anonymous: .unauthorized]),
                    (.POST, "/accounts/\(w.people[.volunteer]!.id)/password-reset-code", nil,
                     [.anonymous: .unauthorized, .owner: .forbidden, .otherPensioner: .forbidden, .ownersRelative: .forbidden, .otherRelative: .forbidden,
                      .volunteer: .forbidden, .volunteerElsewhere: .forbidden, .pendingVolunteer: .forbidden, .offlineVolunteer: .forbidden]),
                    // Approving an approved volunteer changes nothing; only staff may.
                    (.POST, "/accounts/\(w.people[.volunteer]!.id)/approval", ["documentChecked": true], only(staff, .ok, else: .forbidden)),
                    (.GET, "/volunteers/pending", nil, only(staff, .ok, else: .forbidden)),
                    (.GET, "/relatives", nil, only(pensioners + relatives, .ok, else: .forbidden)),
                    (.POST, "/relatives", ["phone": w.people[.owner]!.phone, "code": "12345"], only(relatives, .unprocessableEntity, else: .forbidden)),
                    // Nobody is linked to a volunteer: removing one is not found for either side.
                    (.DELETE, "/relatives/\(w.people[.volunteer]!.id)", nil, only(pensioners + relatives, .notFound, else: .forbidden)),
                    (.POST, "/relative-code", nil, only(pensioners, .created, else: .forbidden)),
                ]
                let transitionsBefore = try await count(TaskTransition.self, app)
                for (method, path, body, expectations) in cases {
                    for (role, status) in expectations {
                        let response = try await send(app, method, path, as: w.people[role], body: body)
                        #expect(response.status == status, "\(method) \(path) as \(role): \(response.body.string.prefix(200))")
                        #expect(response.status.code < 500)
                    }
                }
                // Nothing the refused requests tried was written.
                let task = try #require(try await HelpTask.find(t, on: app.db))
                #expect(task.status == .searching && task.volunteerID == nil)
                #expect(try await count(TaskTransition.self, app) == transitionsBefore)
                #expect(try await count(HelpTask.self, app) == 1)
                #expect(try await count(TaskDecline.self, app) == 0)
                #expect(try await count(RelativeLink.self, app) == 2)
            }
        }

        @Test("contact details: the volunteer sees the address and phone only after accepting; others never")
        func contactDetails() async throws {
            try await withGoldenAger { app in
                let w = try await world(app)
                let t = w.task
                let beforeAnswer = try await send(app, .GET, "/tasks/\(t)", as: w.people[.volunteer])
                let before = try decode(APIModels.TaskDTO.self, beforeAnswer)
                #expect(before.pensioner == nil)
                #expect(!String(describing: try decode(JSONValue.self, beforeAnswer)).contains("Тестова"), "no address anywhere in the answer")

                #expect(try await send(app, .POST, "/tasks/\(t)/accept", as: w.people[.volunteer]).status == .ok)
                let after = try decode(APIModels.TaskDTO.self, try await send(app, .GET, "/tasks/\(t)", as: w.people[.volunteer]))
                let pensioner = try #require(after.pensioner)
                #expect(pensioner.address == "вул. Тестова, 1")
                #expect(pensioner.phone == w.people[.owner]!.phone)

                let owner = try decode(APIModels.TaskDTO.self, try await send(app, .GET, "/tasks/\(t)", as: w.people[.owner]))
                let volunteer = try #require(owner.volunteer)
                #expect(volunteer.phone == w.people[.volunteer]!.phone)
                #expect(volunteer.organisation == "Життєлюб")

                // Accepted: no longer visible to the city's other volunteers, and never to other pensioners.
                #expect(try await send(app, .GET, "/tasks/\(t)", as: w.people[.volunteerElsewhere]).status == .notFound)
                #expect(try await send(app, .GET, "/tasks/\(t)", as: w.people[.otherPensioner]).status == .notFound)
                let staff = try decode(APIModels.TaskDTO.self, try await send(app, .GET, "/tasks/\(t)", as: w.people[.coordinator]))
                #expect(staff.pensioner?.address == nil, "the board needs no address")

                // After it is done the volunteer keeps the name but not the address.
                #expect(try await send(app, .POST, "/tasks/\(t)/complete", as: w.people[.owner]).status == .ok)
                let done = try decode(APIModels.TaskDTO.self, try await send(app, .GET, "/tasks/\(t)", as: w.people[.volunteer]))
                #expect(done.pensioner?.address == nil)
            }
        }

        @Test("web pages: another pensioner's order is not found; a volunteer may not open order pages; signed-out people go to sign-in")
        func webPages() async throws {
            try await withGoldenAger { app in
                let w = try await world(app)
                let other = TestBrowser(app)
                #expect(try await other.post("/golden-ager/login", form: ["phone": w.people[.otherPensioner]!.phone, "password": "secret-1"]).status == .seeOther)
                #expect(try await other.get("/golden-ager/orders/\(w.task)").status == .notFound)
                #expect(try await other.post("/golden-ager/orders/\(w.task)/cancel", form: [:]).status == .notFound)
                let volunteer = TestBrowser(app)
                #expect(try await volunteer.post("/golden-ager/login", form: ["phone": w.people[.volunteer]!.phone, "password": "secret-1"]).status == .seeOther)
                #expect(try await volunteer.get("/golden-ager/orders/\(w.task)").status == .forbidden)
                #expect(try await volunteer.get("/golden-ager/board").status == .forbidden)
                #expect(try await volunteer.get("/golden-ager/admin").status == .forbidden)
                let anonymous = try await TestBrowser(app).get("/golden-ager/inbox")
                #expect(anonymous.status == .seeOther)
                #expect(anonymous.headers.first(name: .location)?.hasPrefix("/golden-ager/login") == true)
                #expect(try await HelpTask.find(w.task, on: app.db)?.status == .searching)
            }
        }

        /// A coordinator with a volunteer of their own organisation and one of another, a
        /// pensioner of a city their organisation does not serve, and an administrator: whom
        /// staff may and may not manage (OperatorTests: the pensioners of their own cities).
        struct StaffWorld {
            let coordinator, ownVolunteer, otherVolunteer, pensioner, admin: Person
        }

        func staffWorld(_ app: Application) async throws -> StaffWorld {
            let mine = try await makeOrganisation(app, "Життєлюб", cities: ["kyiv"])
            let theirs = try await makeOrganisation(app, "Дім милосердя")
            return StaffWorld(coordinator: try await register(app, .coordinator, organisation: mine),
                              ownVolunteer: try await register(app, .volunteer, organisation: mine),
                              otherVolunteer: try await register(app, .volunteer, organisation: theirs),
                              pensioner: try await register(app, .pensioner, city: "lviv"), admin: try await makeAdmin(app))
        }

        @Test("reset codes: a coordinator issues them for their own organisation's volunteers (not a pensioner of another city), an admin for anyone but admins; audit-logged")
        func resetCodes() async throws {
            try await withGoldenAger { app in
                let staff = try await staffWorld(app)
                let (coordinator, ownVolunteer, otherVolunteer, pensioner, admin) = (staff.coordinator, staff.ownVolunteer, staff.otherVolunteer, staff.pensioner, staff.admin)
                let otherAdmin = try await makeAdmin(app)
                func issue(_ target: String, as person: Person) async throws -> TestingHTTPResponse {
                    try await send(app, .POST, "/accounts/\(target)/password-reset-code", as: person)
                }
                for (target, issuer) in [(otherVolunteer.id.uuidString, coordinator), (pensioner.id.uuidString, coordinator),
                                         (otherAdmin.id.uuidString, admin), (UUID().uuidString, admin), ("not-an-id", admin)] {
                    let refused = try await issue(target, as: issuer)
                    #expect(refused.status == .notFound, "\(target): \(refused.body.string)")
                    #expect(try problemCode(refused) == "account_not_found")
                }
                let issued = try await issue(ownVolunteer.id.uuidString, as: coordinator)
                #expect(issued.status == .created, "\(issued.body.string)")
                let code = try decode(APIModels.ResetCode.self, issued).code
                #expect(code.count == 8 && code.allSatisfy(\.isNumber))
                #expect(try await issue(pensioner.id.uuidString, as: admin).status == .created)
                let logged = try await AuditEntry.query(on: app.db).filter(\.$action == "account.reset_code_issued").all()
                #expect(Set(logged.map(\.entityID)) == [ownVolunteer.id.uuidString, pensioner.id.uuidString])
                #expect(logged.contains { $0.actorID == coordinator.id && $0.entityID == ownVolunteer.id.uuidString })

                // The volunteer types it in with a new password; every earlier token ends.
                let used = try await app.testing().sendRequest(.POST, "/golden-ager/api/v1/password-reset/confirm", headers: jsonHeaders,
                                                               body: json(["phone": ownVolunteer.phone, "code": code, "newPassword": "new-secret-7"]))
                #expect(used.status == .noContent, "\(used.body.string)")
                #expect(try await send(app, .GET, "/me", as: ownVolunteer).status == .unauthorized)
            }
        }

        @Test("a coordinator deactivates only their own organisation's volunteers; an admin anyone but admins")
        func deactivation() async throws {
            try await withGoldenAger { app in
                let staff = try await staffWorld(app)
                let (coordinator, ownVolunteer, otherVolunteer, pensioner, admin) = (staff.coordinator, staff.ownVolunteer, staff.otherVolunteer, staff.pensioner, staff.admin)
                let service = { (person: Person) async throws -> (AdministrationService, Member) in
                    let account = try #require(try await Account.find(person.id, on: app.db))
                    let context = GoldenAgerContext(app.services)
                    return (context.administration, try await Member(account: account, on: app.db))
                }
                let (asCoordinator, coordinatorMember) = try await service(coordinator)
                await #expect(throws: AppError.self) { try await asCoordinator.deactivate(otherVolunteer.id, by: coordinatorMember) }
                await #expect(throws: AppError.self) { try await asCoordinator.deactivate(pensioner.id, by: coordinatorMember) }
                try await asCoordinator.deactivate(ownVolunteer.id, by: coordinatorMember)
                #expect(try await send(app, .GET, "/me", as: ownVolunteer).status == .unauthorized, "tokens are revoked")

                // The pensioner's open order is cancelled with them.
                _ = try await order(app, by: pensioner)
                let (asAdmin, adminMember) = try await service(admin)
                try await asAdmin.deactivate(pensioner.id, by: adminMember)
                #expect(try await HelpTask.query(on: app.db).filter(\.$pensionerID == pensioner.id).first()?.status == .cancelled)
                await #expect(throws: AppError.self) { try await asAdmin.deactivate(admin.id, by: adminMember) }
                #expect(try await Account.find(otherVolunteer.id, on: app.db)?.isActive == true)
            }
        }
    }
}

import Fluent
import Foundation
import GoldenAger
import GoldenAgerClient
import HTTPTypes
import HromadaTesting
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Testing

/// The whole Golden Ager journey through the generated Swift client (`GoldenAgerClient`,
/// made by `scripts/generate-openapi` from the served OpenAPI document) over real HTTP:
/// what a native app would do, and a check that the document says what the server does.
extension GoldenAgerTests {
    @Suite("Golden Ager through the generated client")
    struct ClientJourneyTests {
        @Test("a pensioner orders help, a volunteer accepts it, the pensioner marks it done and the hours are credited")
        func journey() async throws {
            try await TestHarness.withApp(apps: [GoldenAger()]) { app in
                // No demo data in tests: the volunteer needs an organisation to join.
                let organisation = Organisation(name: "Життєлюб", createdAt: Date())
                try await organisation.create(on: app.db)
                try await OrganisationCities.set(["kyiv"], for: try organisation.requireID(), on: app.db)
                let organisationID = try organisation.requireID().uuidString

                try await TestHarness.withLiveServer(app) { baseURL in
                    let anonymous = try Self.client(baseURL)

                    // Reference data, without signing in (and in English when asked).
                    let cities = try await anonymous.listCities(headers: .init(acceptLanguage: "en")).ok.body.json
                    #expect(cities.first { $0.id == "kyiv" }?.name == "Kyiv")
                    let organisations = try await anonymous.listOrganisations().ok.body.json
                    #expect(organisations.map(\.id) == [organisationID])
                    #expect(organisations.first?.name == "Життєлюб")

                    // A registration with nothing filled in names every missing field.
                    let empty = try await anonymous.registerAccount(body: .json(.init(role: .pensioner))).unprocessableContent.body.applicationProblemJson
                    #expect(empty.status == 422)
                    #expect(empty.code == "validation_failed")
                    let missing = Set(empty.errors?.map(\.field) ?? [])
                    #expect(missing.isSuperset(of: ["phone", "password", "firstName", "lastName", "birthday", "city", "address"]), "\(missing)")

                    // Two people join: the phone number is normalised, the birthday typed as people do.
                    let address = "вул. Січових Стрільців, 5, кв. 12"
                    let pensionerProfile = try await anonymous.registerAccount(body: .json(.init(
                        role: .pensioner, phone: "+380 67 555 00 01", password: "secret-1", firstName: "Ганна", lastName: "Коваль",
                        birthday: "12.03.1948", city: "kyiv", address: address))).created.body.json
                    #expect(pensionerProfile.role == .pensioner)
                    #expect(pensionerProfile.phone == "380675550001")
                    #expect(pensionerProfile.birthday == "1948-03-12")
                    #expect(pensionerProfile.address == address)
                    #expect(pensionerProfile.organisation == nil)

                    let volunteerProfile = try await anonymous.registerAccount(body: .json(.init(
                        role: .volunteer, phone: "0675550002", password: "secret-2", firstName: "Олег", lastName: "Бондар",
                        birthday: "2000-01-01", city: "kyiv", organisationId: organisationID))).created.body.json
                    #expect(volunteerProfile.role == .volunteer)
                    #expect(volunteerProfile.organisation?.id == organisationID)
                    #expect(volunteerProfile.online == false)
                    #expect(volunteerProfile.pendingApproval, "a new volunteer waits for their organisation")

                    // The same phone number cannot join twice.
                    let again = try await anonymous.registerAccount(body: .json(.init(
                        role: .pensioner, phone: "380675550001", password: "secret-1", firstName: "Ганна", lastName: "Коваль",
                        birthday: "1948-03-12", city: "kyiv", address: address))).conflict.body.applicationProblemJson
                    #expect(again.code == "login_taken")

                    // Both sign in and get bearer tokens.
                    let pensionerSession = try await anonymous.logIn(body: .json(.init(phone: "+380675550001", password: "secret-1"))).ok.body.json
                    #expect(pensionerSession.profile.id == pensionerProfile.id)
                    #expect(pensionerSession.expiresAt > Date())
                    let volunteerSession = try await anonymous.logIn(body: .json(.init(phone: "380675550002", password: "secret-2"))).ok.body.json
                    let wrong = try await anonymous.logIn(body: .json(.init(phone: "380675550002", password: "not-it"))).unauthorized.body.applicationProblemJson
                    #expect(wrong.code == "invalid_credentials")
                    let pensioner = try Self.client(baseURL, token: pensionerSession.token)
                    let volunteer = try Self.client(baseURL, token: volunteerSession.token)
                    #expect(try await volunteer.getMe().ok.body.json.firstName == "Олег")

                    // Not before their coordinator has checked a document and approved them.
                    let early = try await volunteer.setAvailability(body: .json(.init(online: true))).forbidden.body.applicationProblemJson
                    #expect(early.code == "volunteer_pending")
                    let coordinatorPerson = try await register(app, .coordinator, organisation: try organisation.requireID())
                    let coordinator = try Self.client(baseURL, token: coordinatorPerson.token)
                    #expect(try await coordinator.listPendingVolunteers().ok.body.json.map(\.id) == [volunteerProfile.id])
                    let approved = try await coordinator.approveVolunteer(path: .init(accountId: volunteerProfile.id),
                                                                          body: .json(.init(documentChecked: true))).ok.body.json
                    #expect(approved.pendingApproval == false)

                    // The volunteer goes online and listens to live events.
                    #expect(try await volunteer.setAvailability(body: .json(.init(online: true))).ok.body.json.online)
                    let stream = try await volunteer.streamEvents().ok.body.textEventStream
                    let offered = Task { () throws -> ServerSentEvent? in
                        for try await event in stream.asDecodedServerSentEvents() where event.event == "task.created" {
                            return event
                        }
                        return nil
                    }

                    // The pensioner picks the first category with tasks, and its first template.
                    let categories = try await pensioner.listCategories().ok.body.json
                    let category = try #require(categories.first { !$0.isConsultation && $0.templateCount > 0 })
                    let templates = try await pensioner.listTemplates(path: .init(categoryID: category.id)).ok.body.json
                    #expect(templates.count == category.templateCount)
                    let template = try #require(templates.first)
                    #expect(template.categoryId == category.id)

                    // A volunteer cannot order; the pensioner can, once.
                    let notForVolunteers = try await volunteer.orderTask(body: .json(.init(templateId: template.id))).forbidden.body.applicationProblemJson
                    #expect(notForVolunteers.code == "forbidden")
                    let order = try await pensioner.orderTask(body: .json(.init(templateId: template.id))).created
                    let ordered = try order.body.json
                    #expect(order.headers.location == "/golden-ager/api/v1/tasks/\(ordered.id)")
                    #expect(ordered.status == .searching)
                    #expect(ordered.template.id == template.id)
                    #expect(ordered.minutes == template.minutes)
                    #expect(ordered.city == "kyiv")
                    #expect(ordered.volunteer == nil)

                    // A second order while one is open is a documented 409 problem.
                    let second = try await pensioner.orderTask(body: .json(.init(templateId: template.id)))
                    guard case .conflict(let conflict) = second else {
                        Issue.record("expected 409, got \(second)")
                        return
                    }
                    let problem = try conflict.body.applicationProblemJson
                    #expect(problem.status == 409)
                    #expect(problem.code == "open_task_exists")
                    #expect(problem._type == "/problems/open_task_exists")
                    #expect(!problem.detail.isEmpty)

                    // The volunteer hears of it live and finds it in the inbox, without the pensioner's contact yet.
                    let timeout = Task {
                        try await Task.sleep(for: .seconds(10))
                        offered.cancel()
                    }
                    let event = try await offered.value
                    timeout.cancel()
                    let payload = try JSONDecoder().decode(Components.Schemas.TaskEventPayload.self, from: Data((event?.data ?? "").utf8))
                    #expect(payload.taskId == ordered.id)
                    #expect(payload.status == .searching)
                    #expect(event?.id != nil)

                    let inbox = try await volunteer.getInbox().ok.body.json
                    #expect(inbox.online)
                    let offer = try #require(inbox.tasks.first { $0.id == ordered.id })
                    #expect(offer.pensioner?.phone == nil)
                    #expect(offer.pensioner?.address == nil)

                    // The volunteer accepts and now sees whom to call and where to go.
                    let accepted = try await volunteer.acceptTask(path: .init(taskID: ordered.id)).ok.body.json
                    #expect(accepted.status == .accepted)
                    #expect(accepted.acceptedAt != nil)
                    #expect(accepted.pensioner?.firstName == "Ганна")
                    #expect(accepted.pensioner?.phone == "380675550001")
                    #expect(accepted.pensioner?.address == address)

                    // The pensioner sees who is coming.
                    let seen = try await pensioner.getTask(path: .init(taskID: ordered.id)).ok.body.json
                    #expect(seen.status == .accepted)
                    #expect(seen.volunteer?.firstName == "Олег")
                    #expect(seen.volunteer?.lastName == "Бондар")
                    #expect(seen.volunteer?.phone == "380675550002")
                    #expect(seen.volunteer?.organisation == "Життєлюб")
                    #expect(seen.history.map(\.action) == [.created, .accepted])

                    // The pensioner marks it done; the real time since acceptance is credited to the
                    // volunteer (seconds here, so 0 minutes: CreditTests checks the rule with a clock).
                    let done = try await pensioner.completeTask(path: .init(taskID: ordered.id)).ok.body.json
                    #expect(done.status == .done)
                    #expect(done.closedAt != nil)
                    let credited = try #require(done.creditedMinutes)
                    #expect(try await pensioner.listOrders().ok.body.json.map(\.id) == [ordered.id])
                    #expect(try await volunteer.listAssignments().ok.body.json.map(\.status) == [.done])
                    let hours = try await volunteer.getHours().ok.body.json
                    #expect(hours.totalMinutes == credited && credited <= 1)
                    #expect(hours.taskCount == 1)
                    #expect(hours.months.map(\.minutes) == [credited])
                    let badRange = try await volunteer.getHours(query: .init(from: "2026-02-01", to: "2026-01-01")).unprocessableContent.body.applicationProblemJson
                    #expect(badRange.errors?.map(\.field) == ["to"])

                    // Signing out revokes the token: the next call is a 401.
                    _ = try await pensioner.logOut().noContent
                    let afterwards = try await pensioner.getMe().unauthorized.body.applicationProblemJson
                    #expect(afterwards.status == 401)
                    #expect(afterwards.code == "unauthenticated")
                    // The volunteer's token is another one and still works.
                    #expect(try await volunteer.getMe().ok.body.json.id == volunteerProfile.id)
                }
            }
        }

        @Test("the other calls decode as documented: profile changes, consultation, decline, withdraw, cancel, not found")
        func otherCalls() async throws {
            try await TestHarness.withApp(apps: [GoldenAger()]) { app in
                let organisation = Organisation(name: "Дім милосердя", createdAt: Date())
                try await organisation.create(on: app.db)
                try await OrganisationCities.set(["lviv"], for: try organisation.requireID(), on: app.db)
                let organisationID = try organisation.requireID().uuidString

                try await TestHarness.withLiveServer(app) { baseURL in
                    let anonymous = try Self.client(baseURL)
                    _ = try await anonymous.getConsultation().ok.body.json
                    let unknownCategory = try await anonymous.listTemplates(path: .init(categoryID: UUID().uuidString)).notFound.body.applicationProblemJson
                    #expect(unknownCategory.code == "category_not_found")

                    let pensioner = try await Self.signUp(anonymous, baseURL, .init(
                        role: .pensioner, phone: "380505550011", password: "secret-1", firstName: "Ганна", lastName: "Коваль",
                        birthday: "1948-03-12", city: "lviv", address: "пл. Ринок, 1"))
                    let volunteer = try await Self.signUp(anonymous, baseURL, .init(
                        role: .volunteer, phone: "380505550012", password: "secret-2", firstName: "Олег", lastName: "Бондар",
                        birthday: "2000-01-01", city: "lviv", organisationId: organisationID))
                    // Approved by their coordinator (the journey above does that through the client).
                    let volunteerID = try #require(UUID(uuidString: try await volunteer.getMe().ok.body.json.id))
                    let volunteerProfile = try #require(try await Profile.find(volunteerID, on: app.db))
                    volunteerProfile.approvedAt = Date()
                    try await volunteerProfile.save(on: app.db)

                    // Profile changes: what is given changes, what is not allowed is named.
                    let renamed = try await pensioner.updateMe(body: .json(.init(firstName: "Галина"))).ok.body.json
                    #expect(renamed.firstName == "Галина")
                    #expect(renamed.lastName == "Коваль")
                    let notAllowed = try await pensioner.updateMe(body: .json(.init(organisationId: organisationID))).unprocessableContent.body.applicationProblemJson
                    #expect(notAllowed.errors?.map(\.field) == ["organisationId"])
                    #expect(try await pensioner.getInbox().forbidden.body.applicationProblemJson.code == "forbidden")

                    let template = try #require(try await Self.firstTemplate(pensioner))
                    _ = try await volunteer.setAvailability(body: .json(.init(online: true))).ok

                    // Declined: out of this volunteer's inbox, still open; then cancelled by the pensioner.
                    let first = try await pensioner.orderTask(body: .json(.init(templateId: template.id))).created.body.json
                    _ = try await volunteer.declineTask(path: .init(taskID: first.id)).noContent
                    #expect(try await volunteer.getInbox().ok.body.json.tasks.contains { $0.id == first.id } == false)
                    let cancelled = try await pensioner.cancelTask(path: .init(taskID: first.id)).ok.body.json
                    #expect(cancelled.status == .cancelled)
                    #expect(try await pensioner.cancelTask(path: .init(taskID: first.id)).conflict.body.applicationProblemJson.code == "task_closed")
                    #expect(try await pensioner.completeTask(path: .init(taskID: first.id)).conflict.body.applicationProblemJson.code == "task_closed")

                    // Accepted, then given back with a reason: searching again, and the pensioner is told why.
                    let second = try await pensioner.orderTask(body: .json(.init(templateId: template.id))).created.body.json
                    #expect(try await pensioner.completeTask(path: .init(taskID: second.id)).conflict.body.applicationProblemJson.code == "task_not_accepted")
                    _ = try await volunteer.acceptTask(path: .init(taskID: second.id)).ok
                    let noReason = try await volunteer.withdrawFromTask(path: .init(taskID: second.id), body: .json(.init())).unprocessableContent.body.applicationProblemJson
                    #expect(noReason.errors?.map(\.field) == ["reason"])
                    let withdrawn = try await volunteer.withdrawFromTask(path: .init(taskID: second.id), body: .json(.init(reason: "Захворів"))).ok.body.json
                    #expect(withdrawn.status == .searching)
                    #expect(withdrawn.volunteer == nil)
                    let seen = try await pensioner.getTask(path: .init(taskID: second.id)).ok.body.json
                    #expect(seen.history.last?.action == .withdrawn)
                    #expect(seen.history.last?.reason == "Захворів")
                    #expect(try await volunteer.withdrawFromTask(path: .init(taskID: second.id), body: .json(.init(reason: "ще раз"))).conflict.body.applicationProblemJson.code == "task_closed")

                    // A relative joins with a name only, links with the pensioner's code and orders for them.
                    let relative = try await Self.signUp(anonymous, baseURL, .init(
                        role: .relative, phone: "380505550013", password: "secret-3", firstName: "Андрій", lastName: "Коваль"))
                    let pensionerID = try await pensioner.getMe().ok.body.json.id
                    let code = try await pensioner.issueRelativeCode().created.body.json.code
                    let wrongCode = try await relative.linkRelative(body: .json(.init(phone: "380505550011", code: "1"))).unprocessableContent
                    #expect(try wrongCode.body.applicationProblemJson.errors?.map(\.field) == ["code"])
                    let linked = try await relative.linkRelative(body: .json(.init(phone: "+380 50 555 00 11", code: code))).created.body.json
                    #expect(linked.id == pensionerID && linked.city == "lviv" && linked.address == "пл. Ринок, 1")
                    #expect(try await pensioner.listRelatives().ok.body.json.map(\.firstName) == ["Андрій"])
                    // The second task is still open: the relative meets the same one-open-task rule, then sees it.
                    let forPensioner = try await relative.orderTask(body: .json(.init(templateId: template.id, pensionerId: pensionerID)))
                    #expect(try forPensioner.conflict.body.applicationProblemJson.code == "open_task_exists")
                    let orders = try await relative.listOrders().ok.body.json
                    #expect(orders.map(\.id).contains(second.id))
                    #expect(try await relative.cancelTask(path: .init(taskID: second.id)).ok.body.json.status == .cancelled)
                    let third = try await relative.orderTask(body: .json(.init(templateId: template.id, pensionerId: pensionerID))).created.body.json
                    #expect(try await pensioner.getTask(path: .init(taskID: third.id)).ok.body.json.orderedBy?.firstName == "Андрій")
                    _ = try await pensioner.unlinkRelative(path: .init(personId: try await relative.getMe().ok.body.json.id)).noContent
                    #expect(try await relative.getTask(path: .init(taskID: third.id)).notFound.body.applicationProblemJson.code == "task_not_found")
                    _ = try await pensioner.cancelTask(path: .init(taskID: third.id)).ok

                    let unknownTask = try await pensioner.getTask(path: .init(taskID: UUID().uuidString)).notFound.body.applicationProblemJson
                    #expect(unknownTask.code == "task_not_found")
                    _ = try await volunteer.setAvailability(body: .json(.init(online: false))).ok
                    #expect(try await volunteer.getInbox().ok.body.json == .init(online: false, tasks: []))
                }
            }
        }

        /// Registers through the client, signs in, and returns a client carrying the token.
        static func signUp(_ anonymous: GoldenAgerClient.Client, _ baseURL: String, _ registration: Components.Schemas.Registration) async throws -> GoldenAgerClient.Client {
            _ = try await anonymous.registerAccount(body: .json(registration)).created
            let session = try await anonymous.logIn(body: .json(.init(phone: registration.phone, password: registration.password))).ok.body.json
            return try client(baseURL, token: session.token)
        }

        /// The first template of the first category that has any.
        static func firstTemplate(_ client: GoldenAgerClient.Client) async throws -> Components.Schemas.TemplateDTO? {
            let categories = try await client.listCategories().ok.body.json
            guard let category = categories.first(where: { !$0.isConsultation && $0.templateCount > 0 }) else { return nil }
            return try await client.listTemplates(path: .init(categoryID: category.id)).ok.body.json.first
        }

        /// A client for the server at `baseURL` (the document's server path appended), signed
        /// in with `token` when given.
        static func client(_ baseURL: String, token: String? = nil) throws -> GoldenAgerClient.Client {
            let serverURL = try #require(URL(string: baseURL + Servers.Server1.url().absoluteString))
            return GoldenAgerClient.Client(
                serverURL: serverURL,
                transport: AsyncHTTPClientTransport(),
                middlewares: token.map { [OpenAPIBearerToken(token: $0)] } ?? [])
        }
    }
}

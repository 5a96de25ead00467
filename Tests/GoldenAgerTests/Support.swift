import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

/// Golden Ager on a fresh database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
func withGoldenAger<T>(clock: any WallClock = SystemClock(), _ body: (Application) async throws -> T) async throws -> T {
    try await TestHarness.withApp(apps: [GoldenAger()], clock: clock, body)
}

/// A person in a test; their login is their phone number.
typealias Person = TestPerson

extension TestPerson {
    var phone: String { login }
}

/// An organisation serving every city unless `cities` says which (VettingTests and
/// OrganisationCityTests care; most tests do not).
@discardableResult
func makeOrganisation(_ app: Application, _ name: String = "Життєлюб", cities: Set<String> = Set(City.all.map(\.id))) async throws -> UUID {
    if let existing = try await Organisation.query(on: app.db).filter(\.$name == name).first() { return try existing.requireID() }
    let organisation = Organisation(name: name, createdAt: Date())
    try await organisation.create(on: app.db)
    try await OrganisationCities.set(cities, for: try organisation.requireID(), on: app.db)
    return try organisation.requireID()
}

/// Registers through the API and signs in; returns the token. A volunteer is approved
/// by their organisation unless `approved` is false (`VettingTests` approves through the API).
/// A pensioner's city is served by an organisation (`makeOrganisation`), so they can
/// order, unless `served` is false.
func register(_ app: Application, _ role: GARole, city: String = "kyiv", organisation: UUID? = nil, approved: Bool = true,
              served: Bool = true) async throws -> Person {
    if role == .pensioner, served, try await !OrganisationCities.isServed(city, on: app.db) { try await makeOrganisation(app) }
    let phone = await UniqueLogins.shared.phone()
    let firstName = switch role { case .pensioner: "Ганна"; case .relative: "Андрій"; default: "Олег" }
    var body: [String: Any] = ["role": role.rawValue, "phone": phone, "password": "secret-1", "firstName": firstName,
                               "lastName": "Тест", "birthday": role == .pensioner ? "1948-03-12" : "2000-01-01", "city": city]
    if role == .pensioner { body["address"] = "вул. Тестова, 1" }
    if role == .volunteer || role == .coordinator {
        let organisationID: UUID
        if let organisation { organisationID = organisation } else { organisationID = try await makeOrganisation(app) }
        body["organisationId"] = organisationID.uuidString
    }
    if role == .coordinator { body["role"] = "volunteer" }
    let created = try await sendJSON(app, .POST, "/golden-ager/api/v1/accounts", body: body)
    #expect(created.status == .created, "\(created.body.string)")
    let id = try decode(WithID.self, created).id
    if role == .coordinator {
        let account = try #require(try await Account.find(id, on: app.db))
        account.role = GARole.coordinator.rawValue
        try await account.save(on: app.db)
        let profile = try #require(try await Profile.find(id, on: app.db))
        profile.role = GARole.coordinator.rawValue
        try await profile.save(on: app.db)
    }
    if role == .volunteer && approved {
        let profile = try #require(try await Profile.find(id, on: app.db))
        profile.approvedAt = Date()
        try await profile.save(on: app.db)
    }
    return Person(id: id, login: phone, token: try await logIn(app, phone: phone))
}

/// Links `relative` to `pensioner` the way people do: the pensioner's code, typed by the relative.
func link(_ app: Application, _ relative: Person, to pensioner: Person) async throws {
    let code = try decode(APIModels.RelativeCodeDTO.self, try await send(app, .POST, "/relative-code", as: pensioner)).code
    let linked = try await send(app, .POST, "/relatives", as: relative, body: ["phone": pensioner.phone, "code": code])
    #expect(linked.status == .created, "\(linked.body.string)")
}

/// An admin, as `hromada create-admin` makes one: an account without a profile.
func makeAdmin(_ app: Application) async throws -> Person {
    let login = "admin-\(UUID().uuidString.prefix(8).lowercased())"
    let account = try await app.kernel.accountService(on: app.db, passwords: app.password.async)
        .register(app: GoldenAger.id, login: login, password: "admin-password", role: Account.adminRole, displayName: "Адмін")
    return Person(id: try account.requireID(), login: login, token: try await logIn(app, phone: login, password: "admin-password"))
}

func logIn(_ app: Application, phone: String, password: String = "secret-1") async throws -> String {
    let response = try await sendJSON(app, .POST, "/golden-ager/api/v1/session", body: ["phone": phone, "password": password])
    #expect(response.status == .ok, "\(response.body.string)")
    return try decode(WithToken.self, response).token
}

func firstTemplate(_ app: Application) async throws -> TaskTemplate {
    try #require(try await TaskTemplate.query(on: app.db).join(Category.self, on: \TaskTemplate.$category.$id == \Category.$id)
        .filter(Category.self, \.$isConsultation == false).sort(\.$position).first())
}

@discardableResult
func send(_ app: Application, _ method: HTTPMethod, _ path: String, as person: Person?, body: [String: Any]? = nil) async throws -> TestingHTTPResponse {
    try await sendJSON(app, method, "/golden-ager/api/v1\(path)", token: person?.token, body: body)
}

/// Orders the first template as `pensioner`; returns the task id.
func order(_ app: Application, by pensioner: Person) async throws -> UUID {
    let template = try await firstTemplate(app)
    let response = try await send(app, .POST, "/tasks", as: pensioner, body: ["templateId": template.requireID().uuidString])
    #expect(response.status == .created, "\(response.body.string)")
    return try decode(WithID.self, response).id
}

/// One pass of the server's housekeeping, as its loop runs it every ten minutes.
func housekeeping(_ app: Application) async {
    await Housekeeping.runApps(app.kernel.apps, services: app.services, logger: app.logger)
}

/// Subscribes `person`'s `device` to push at `endpoint` (a `LoopbackPushService` address).
func subscribe(_ app: Application, _ person: Person, _ device: TestDevice, at endpoint: String) async throws {
    let answer = try await send(app, .POST, "/push-subscriptions", as: person, body: device.subscription(endpoint))
    #expect(answer.status == .created, "\(answer.body.string)")
}

func goOnline(_ app: Application, _ volunteer: Person) async throws {
    let response = try await send(app, .PUT, "/availability", as: volunteer, body: ["online": true])
    #expect(response.status == .ok, "\(response.body.string)")
}

/// Rows in a table, counted without caring for models.
func count<M: Model>(_ model: M.Type, _ app: Application) async throws -> Int {
    try await M.query(on: app.db).count()
}

/// The root of this target's tests: every suite is nested in it (an extension per file).
@Suite("Golden Ager")
struct GoldenAgerTests {}

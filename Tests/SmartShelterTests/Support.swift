import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

/// Smart Shelter on a fresh database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
func withShelter<T>(clock: any WallClock = SystemClock(), _ body: (Application) async throws -> T) async throws -> T {
    try await TestHarness.withApp(apps: [SmartShelter(jobInterval: .seconds(3600))], clock: clock, body)
}

let api = "/shelter/api/v1"
let password = "shelter-pass-1"

typealias Person = TestPerson

/// A member of the staff signed up through the API (pending) and, unless `role` is pending,
/// given `role` as the director gives it: the role column.
@discardableResult
func staff(_ app: Application, _ role: ShelterRole, name: String = "Ірина") async throws -> Person {
    let email = await UniqueLogins.shared.email("staff")
    let response = try await sendJSON(app, .POST, "\(api)/accounts",
                                      body: ["name": name, "email": email, "password": password, "timeZone": "Europe/Kyiv"])
    #expect(response.status == .created, "\(response.body.string)")
    let session = try decode(SSModels.Session.self, response)
    #expect(session.profile.role == "pending")
    if role != .pending {
        let account = try #require(try await Account.find(session.profile.id, on: app.db))
        account.role = role.rawValue
        try await account.save(on: app.db)
    }
    return Person(id: session.profile.id, login: email, token: session.token)
}

/// A director who has just typed their password again.
func confirmedDirector(_ app: Application) async throws -> Person {
    let director = try await staff(app, .director, name: "Оксана")
    let response = try await send(app, .POST, "/password-confirmation", as: director, ["password": password])
    #expect(response.status == .ok, "\(response.body.string)")
    return director
}

func send(_ app: Application, _ method: HTTPMethod, _ path: String, as person: Person?, _ body: [String: Any]? = nil) async throws -> TestingHTTPResponse {
    try await sendJSON(app, method, api + path, token: person?.token, body: body)
}

func read<T: Decodable>(_ type: T.Type, _ app: Application, _ method: HTTPMethod, _ path: String, as person: Person?,
                        _ body: [String: Any]? = nil) async throws -> T {
    try decode(type, try await send(app, method, path, as: person, body))
}

/// An enclosure with one sensor, made by a confirmed director; the sensor's key.
func enclosureWithSensor(_ app: Application, by director: Person, name: String = "Вольєр 1") async throws -> (enclosure: UUID, sensor: UUID, key: String) {
    let enclosure = try await read(WithID.self, app, .POST, "/enclosures", as: director, ["name": name])
    let response = try await send(app, .POST, "/enclosures/\(enclosure.id)/sensors", as: director, ["name": "Датчик", "intervalSeconds": 60])
    #expect(response.status == .created, "\(response.body.string)")
    let issued = try decode(SSModels.SensorKey.self, response)
    return (enclosure.id, issued.sensor.id, issued.key)
}

/// A device's request: the sensor's key as the bearer token.
func postReadings(_ app: Application, sensor: UUID, key: String?, _ body: [String: Any]) async throws -> TestingHTTPResponse {
    try await sendJSON(app, .POST, "\(api)/sensors/\(sensor)/readings", token: key, body: body)
}

func reading(at date: Date, temperature: Double = 21.5, humidity: Double = 50, water: Double? = 80) -> [String: Any] {
    var body: [String: Any] = ["at": date.ISO8601Format(), "temperature": temperature, "humidity": humidity]
    if let water { body["waterLevel"] = water }
    return body
}

/// How many readings are stored for `sensor`.
func storedReadings(_ app: Application, _ sensor: UUID) async throws -> Int {
    try await app.db.sql.raw("SELECT COUNT(*) AS n FROM ss_readings WHERE sensor_id = \(bind: sensor)").first()!.decode(column: "n", as: Int.self)
}

/// The problem document's code (nil when the answer is not one).
func codeOf(_ response: TestingHTTPResponse) -> String? {
    try? problemCode(response)
}

/// The fields a problem document names.
func fieldsOf(_ response: TestingHTTPResponse) -> [String] {
    (try? problem(response))?.errors?.map(\.field) ?? []
}

@Suite("Smart Shelter")
struct ShelterTests {}

import Fluent
import Foundation
@testable import Fuctivity
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

/// Fuctivity on a fresh database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
func withFuctivity<T>(clock: any WallClock = SystemClock(), _ body: (Application) async throws -> T) async throws -> T {
    try await TestHarness.withApp(apps: [Fuctivity(reminderInterval: .seconds(3600))], clock: clock, body)
}

let api = "/fuctivity/api/v1"

/// The fields a problem document names (throws, showing the body, when the answer is not one).
func problemFields(_ response: TestingHTTPResponse) throws -> [String] {
    try problem(response).fields
}

typealias Person = TestPerson

@discardableResult
func register(_ app: Application, name: String = "Марта", timeZone: String = "Europe/Kyiv") async throws -> Person {
    let email = await UniqueLogins.shared.email("rest")
    let body: [String: Any] = ["name": name, "email": email, "password": "rest-well-1", "timeZone": timeZone]
    let response = try await sendJSON(app, .POST, "\(api)/accounts", body: body)
    #expect(response.status == .created, "\(response.body.string)")
    let session = try decode(FXModels.Session.self, response)
    return Person(id: session.profile.id, login: email, token: session.token)
}

func send(_ app: Application, _ method: HTTPMethod, _ path: String, as person: Person?, _ body: [String: Any]? = nil) async throws -> TestingHTTPResponse {
    try await sendJSON(app, method, api + path, token: person?.token, body: body)
}

/// The answer to a request, decoded as `type` (one of the app's own API models).
func read<T: Decodable>(_ type: T.Type, _ app: Application, _ method: HTTPMethod, _ path: String, as person: Person?,
                        _ body: [String: Any]? = nil) async throws -> T {
    try decode(type, try await send(app, method, path, as: person, body))
}

/// RFC 3339 in UTC, as the API reads times.
enum iso {
    static func string(from date: Date) -> String { date.formatted(.iso8601) }
}

/// An activity through the API; returns its id.
func addActivity(_ app: Application, _ person: Person, category: String = "walk", from: Date, to: Date,
                 details: String = "Парк", reminders: [[String: Any]] = []) async throws -> String {
    let response = try await send(app, .POST, "/activities", as: person, [
        "categoryId": BuiltInCategory.find(category)?.uuid.uuidString ?? category, "description": details,
        "startsAt": iso.string(from: from), "endsAt": iso.string(from: to), "reminders": reminders])
    #expect(response.status == .created, "\(response.body.string)")
    return try decode(FXModels.SavedActivityDTO.self, response).activity.id.uuidString
}

/// Row counts of every Fuctivity table, to prove a refused request wrote nothing.
func tableCounts(_ app: Application) async throws -> TableCounts {
    try await TableCounts.of([FuctivityProfile.self, RestCategory.self, RestActivity.self, Reminder.self, CalendarFeedSecret.self],
                             accountsOf: Fuctivity.id, on: app.db)
}

/// The root of this target's tests: every suite is nested in it (an extension per file).
@Suite("Fuctivity")
struct FuctivityTests {}

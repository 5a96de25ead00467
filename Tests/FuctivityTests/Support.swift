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

/// A problem document's `code` (nil when the answer is not one).
func problemCode(_ response: TestingHTTPResponse) -> String? {
    guard response.headers.first(name: .contentType)?.hasPrefix("application/problem+json") == true,
          let body = try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any] else { return nil }
    return body["code"] as? String
}

/// The fields a 422 problem document names.
func problemFields(_ response: TestingHTTPResponse) -> [String] {
    guard let body = try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any],
          let errors = body["errors"] as? [[String: Any]] else { return [] }
    return errors.compactMap { $0["field"] as? String }
}

struct Person: Sendable {
    let id: UUID
    let token: String
    var auth: HTTPHeaders {
        var headers = jsonHeaders
        headers.bearerAuthorization = BearerAuthorization(token: token)
        return headers
    }
}

actor Emails {
    static let shared = Emails()
    private var next = 0
    func take() -> String {
        next += 1
        return "rest\(next)-\(UUID().uuidString.prefix(6).lowercased())@example.com"
    }
}

@discardableResult
func register(_ app: Application, name: String = "Марта", timeZone: String = "Europe/Kyiv") async throws -> Person {
    let body: [String: Any] = ["name": name, "email": await Emails.shared.take(), "password": "rest-well-1", "timeZone": timeZone]
    let response = try await app.testing().sendRequest(.POST, "\(api)/accounts", headers: jsonHeaders, body: json(body))
    #expect(response.status == .created, "\(response.body.string)")
    let session = try object(response)
    let profile = try #require(session["profile"] as? [String: Any])
    return Person(id: try #require(UUID(uuidString: profile["id"] as? String ?? "")), token: try #require(session["token"] as? String))
}

func send(_ app: Application, _ method: HTTPMethod, _ path: String, as person: Person?, _ body: [String: Any]? = nil) async throws -> TestingHTTPResponse {
    try await app.testing().sendRequest(method, api + path, headers: person?.auth ?? jsonHeaders, body: body.map(json))
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
    return try #require((try object(response)["activity"] as? [String: Any])?["id"] as? String)
}

/// Row counts of every Fuctivity table, to prove a refused request wrote nothing.
func tableCounts(_ app: Application) async throws -> [Int] {
    [try await Account.query(on: app.db).filter(\.$app == Fuctivity.id).count(),
     try await FuctivityProfile.query(on: app.db).count(),
     try await RestCategory.query(on: app.db).count(),
     try await RestActivity.query(on: app.db).count(),
     try await Reminder.query(on: app.db).count(),
     try await CalendarFeedSecret.query(on: app.db).count()]
}

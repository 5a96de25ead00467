import Fluent
import Foundation
@testable import Fuctivity
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

/// Fuctivity's invariants under concurrent requests over real HTTP: an activity is
/// finished once (done or skipped, never both), and a person's category names stay unique.
@Suite("Races over real HTTP")
struct RaceTests {
    /// Sends the same kind of request `count` times at once; returns the statuses.
    func race(_ app: Application, _ count: Int, _ method: HTTPMethod, _ path: String, as person: Person,
              body: @escaping @Sendable (Int) -> [String: Any]) async throws -> [HTTPStatus] {
        let headers = person.auth
        return try await TestHarness.withLiveServer(app) { base in
            try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for index in 0..<count {
                    let payload = json(body(index))
                    group.addTask {
                        try await app.client.send(method, headers: headers, to: URI(string: "\(base)\(api)\(path)")) { $0.body = payload }.status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
    }

    @Test("20 tabs finishing one activity at once, half done and half skipped: exactly one wins, never a 500")
    func finishOnce() async throws {
        try await withFuctivity { app in
            let marta = try await register(app)
            let start = Date().addingTimeInterval(-3600)
            let activity = try await addActivity(app, marta, from: start, to: start.addingTimeInterval(1800))
            let statuses = try await race(app, 20, .POST, "/activities/\(activity)/complete", as: marta) {
                ["status": $0 % 2 == 0 ? "done" : "skipped"]
            }
            #expect(statuses.filter { $0 == .ok }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == .conflict }.count == 19, "\(statuses)")
            let stored = try #require(try await RestActivity.find(UUID(uuidString: activity), on: app.db))
            #expect(stored.status == .done || stored.status == .skipped)
        }
    }

    @Test("10 tabs adding the same category name (in different cases) at once: one is made, the others are told it exists")
    func uniqueCategory() async throws {
        try await withFuctivity { app in
            let marta = try await register(app)
            let statuses = try await race(app, 10, .POST, "/categories", as: marta) { ["name": $0 % 2 == 0 ? "Йога" : "ЙОГА"] }
            #expect(statuses.filter { $0 == .created }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == .conflict }.count == 9, "\(statuses)")
            #expect(try await RestCategory.query(on: app.db).filter(\.$ownerID == marta.id).count() == 1)
        }
    }
}

import Fluent
import Foundation
@testable import Fuctivity
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

/// Fuctivity's invariants under concurrent requests over real HTTP: an activity is
/// finished once (done or skipped, never both), a person's category names stay unique,
/// and additions made at the same moment (one statement for many callers on PostgreSQL)
/// each reach their own caller only.
extension FuctivityTests {
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

        @Test("16 people adding at once, with unknown tokens and another's category among them: each answer is the caller's own, the refused write nothing")
        func additionsStayApart() async throws {
            try await withFuctivity { app in
                var people: [Person] = []
                for index in 0..<16 { people.append(try await register(app, name: "Людина \(index)")) }
                let yoga = try await read(FXModels.Category.self, app, .POST, "/categories", as: people[0], ["name": "Йога"]).id.uuidString
                let start = LocalDay(Date(), in: kyiv).adding(days: 2).moment(minutes: 18 * 60, in: kyiv)
                var walks: [UUID: String] = [:]
                for person in people { walks[person.id] = try await addActivity(app, person, from: start, to: start.addingTimeInterval(3600)) }
                let before = try await tableCounts(app)

                // Who sends, with which category; nil for an unknown token.
                let reading = BuiltInCategory.find("reading")!.uuid.uuidString
                let senders: [(person: Person?, category: String)] = people.map { ($0, reading) }
                    + people[1...4].map { ($0, yoga) } + Array(repeating: (nil, reading), count: 4)
                let book: [String: Any] = ["description": "Книжка", "startsAt": iso.string(from: start.addingTimeInterval(1800)),
                                           "endsAt": iso.string(from: start.addingTimeInterval(5400))]
                /// A sender's answer: its status, the ids of the overlaps it names, and the new activity's id.
                struct Answer: Sendable { let status: HTTPStatus; let overlaps: [String]?; let id: String? }
                let answers = try await TestHarness.withLiveServer(app) { base in
                    try await withThrowingTaskGroup(of: (Int, Answer).self) { group in
                        for (index, sender) in senders.enumerated() {
                            let request = json(book.merging(["categoryId": sender.category]) { $1 })
                            let headers = (sender.person ?? Person(id: UUID(), login: "", token: "not-a-token-\(index)")).auth
                            group.addTask {
                                let response = try await app.client.post(URI(string: "\(base)\(api)/activities"), headers: headers) { $0.body = request }
                                let saved = response.body.flatMap { try? testJSONDecoder.decode(FXModels.SavedActivityDTO.self, from: Data($0.readableBytesView)) }
                                return (index, Answer(status: response.status, overlaps: saved?.overlaps.map(\.id.uuidString),
                                                      id: saved?.activity.id.uuidString))
                            }
                        }
                        return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
                    }
                }
                for (index, sender) in senders.enumerated() {
                    let answer = try #require(answers[index])
                    guard let person = sender.person else {
                        #expect(answer.status == .unauthorized, "unknown token \(index)")
                        continue
                    }
                    guard sender.category == reading else {
                        #expect(answer.status == .unprocessableEntity, "another's category, sender \(index)")
                        continue
                    }
                    #expect(answer.status == .created, "sender \(index)")
                    #expect(answer.overlaps == [walks[person.id]!], "sender \(index) is shown their own walk only")
                    let id = try #require(answer.id.flatMap(UUID.init(uuidString:)))
                    #expect(try await RestActivity.find(id, on: app.db)?.ownerID == person.id, "sender \(index) owns what they added")
                }
                var expected = before
                expected[RestActivity.self] += people.count
                #expect(try await tableCounts(app) == expected, "one activity for each accepted addition, nothing for the refused")
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
}

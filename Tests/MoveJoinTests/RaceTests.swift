import Fluent
import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinProto
import SwiftProtobuf
import Testing
import Vapor
import VaporTesting

extension MoveJoinTests {
    @Suite("Capacity races over real HTTP")
    struct RaceTests {
        @Test("30 concurrent joins for the 10 free places of an event: 10 get a place, 20 wait in arrival order, never a 500")
        func thirtyJoins() async throws {
            try await withMoveJoin { app in
                let creator = try await register(app, name: "Творець")
                // Eleven places, the creator holding the first: ten free ones for the thirty.
                let event = try await createEvent(app, by: creator, eventInput(capacity: 11))
                var runners: [Runner] = []
                for index in 0..<30 { runners.append(try await register(app, name: "Бігун \(index)")) }
                let answers = try await TestHarness.withLiveServer(app) { base in
                    try await withThrowingTaskGroup(of: (Runner, HTTPStatus, MJParticipation?).self) { group in
                        for runner in runners {
                            group.addTask {
                                var headers: HTTPHeaders = ["Accept": "application/x-protobuf"]
                                headers.bearerAuthorization = BearerAuthorization(token: runner.token)
                                let response = try await app.client.post(URI(string: "\(base)\(api)/events/\(event)/join"), headers: headers)
                                let body = response.body.map { Array($0.readableBytesView) } ?? []
                                return (runner, response.status, response.status == .ok ? try MJParticipation(serializedBytes: body) : nil)
                            }
                        }
                        return try await group.reduce(into: [(Runner, HTTPStatus, MJParticipation?)]()) { $0.append($1) }
                    }
                }
                #expect(answers.allSatisfy { $0.1 == .ok }, "\(answers.map(\.1))")
                let joined = answers.compactMap { answer in answer.2.map { (runner: answer.0, participation: $0) } }
                #expect(joined.count == 30)
                let placed = joined.filter { $0.participation.status == .participant }
                let waiting = joined.filter { $0.participation.status == .waitlisted }
                #expect(placed.count == 10, "\(placed.count) got a place")
                #expect(waiting.count == 20, "\(waiting.count) waitlisted")
                // Each waitlisted answer names a distinct position 1…20, and the stored queue
                // lists them in exactly that order: the order the database served them.
                let positions = waiting.map { Int($0.participation.waitlistPosition) }.sorted()
                #expect(positions == Array(1...waiting.count))
                let byPosition = waiting.sorted { $0.participation.waitlistPosition < $1.participation.waitlistPosition }
                    .map { $0.runner.id.uuidString.lowercased() }
                let list = try await people(app, event, as: creator)
                #expect(list.participants.count == 11)
                #expect(list.waitlist.map(\.id) == byPosition)
                let stored = try #require(try await SportEvent.find(UUID(uuidString: event), on: app.db))
                #expect(stored.participantCount == 11 && stored.waitlistCount == 20)
                #expect(try await Participation.query(on: app.db).filter(\.$status == .participant).count() == 11)
            }
        }

        @Test("creating an event sent 10 times at once with one Idempotency-Key makes one event, and every answer is it")
        func retriedCreateMakesOne() async throws {
            try await withMoveJoin { app in
                let creator = try await register(app, name: "Творець")
                let body = try Wire.binary.encode(eventInput(title: "Ранкова пробіжка"))
                var headers: HTTPHeaders = ["Accept": "application/x-protobuf", "Content-Type": "application/x-protobuf",
                                            "Idempotency-Key": "run-at-dawn"]
                headers.bearerAuthorization = BearerAuthorization(token: creator.token)
                let sent = headers
                let answers = try await TestHarness.withLiveServer(app) { base in
                    try await withThrowingTaskGroup(of: (HTTPStatus, [UInt8]).self) { group in
                        for _ in 0..<10 {
                            group.addTask {
                                let response = try await app.client.post(URI(string: "\(base)\(api)/events"), headers: sent) { $0.body = body }
                                return (response.status, response.body.map { Array($0.readableBytesView) } ?? [])
                            }
                        }
                        return try await group.reduce(into: [(HTTPStatus, [UInt8])]()) { $0.append($1) }
                    }
                }
                #expect(answers.allSatisfy { $0.0 == .created }, "\(answers.map(\.0))")
                let ids = Set(try answers.map { try MJEvent(serializedBytes: $0.1).id })
                #expect(ids.count == 1, "one event, answered ten times")
                #expect(try await SportEvent.query(on: app.db).filter(\.$title == "Ранкова пробіжка").count() == 1)
            }
        }

        @Test("a runner double-tapping join (10 at once) is in the event once")
        func doubleJoin() async throws {
            try await withMoveJoin { app in
                let creator = try await register(app)
                let event = try await createEvent(app, by: creator)
                let runner = try await register(app)
                let statuses = try await TestHarness.withLiveServer(app) { base in
                    try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                        for _ in 0..<10 {
                            group.addTask {
                                var headers: HTTPHeaders = ["Accept": "application/json"]
                                headers.bearerAuthorization = BearerAuthorization(token: runner.token)
                                return try await app.client.post(URI(string: "\(base)\(api)/events/\(event)/join"), headers: headers).status
                            }
                        }
                        return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
                    }
                }
                #expect(statuses.filter { $0 == .ok }.count == 1, "\(statuses)")
                #expect(statuses.filter { $0 == .conflict }.count == 9, "\(statuses)")
                #expect(try await Participation.query(on: app.db).filter(\.$accountID == runner.id).count() == 1)
            }
        }

        @Test("leaves racing joins on a full event never exceed the capacity")
        func leavesAndJoins() async throws {
            try await withMoveJoin { app in
                let creator = try await register(app)
                let event = try await createEvent(app, by: creator, eventInput(capacity: 5, startsIn: 2 * 86_400))
                var members: [Runner] = []
                for _ in 0..<4 {
                    let runner = try await register(app)
                    _ = try await join(app, event, runner)
                    members.append(runner)
                }
                var newcomers: [Runner] = []
                for _ in 0..<12 { newcomers.append(try await register(app)) }
                try await TestHarness.withLiveServer(app) { base in
                    try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                        for (runner, action) in members.map({ ($0, "leave") }) + newcomers.map({ ($0, "join") }) {
                            group.addTask {
                                var headers: HTTPHeaders = ["Accept": "application/json"]
                                headers.bearerAuthorization = BearerAuthorization(token: runner.token)
                                return try await app.client.post(URI(string: "\(base)\(api)/events/\(event)/\(action)"), headers: headers).status
                            }
                        }
                        for try await status in group { #expect(status == .ok) }
                    }
                }
                let stored = try #require(try await SportEvent.find(UUID(uuidString: event), on: app.db))
                let placed = try await Participation.query(on: app.db).filter(\.$eventID == stored.requireID()).filter(\.$status == .participant).count()
                let queued = try await Participation.query(on: app.db).filter(\.$eventID == stored.requireID()).filter(\.$status == .waitlisted).count()
                #expect(placed == 5 && stored.participantCount == 5)
                #expect(queued == 8 && stored.waitlistCount == 8)
            }
        }
    }
}

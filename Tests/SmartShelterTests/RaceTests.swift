import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    @Suite("Races over real HTTP")
    struct RaceTests {
        @Test("a device resending overlapping buffers at once: every reading is stored exactly once")
        func overlappingBatches() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let setup = try await enclosureWithSensor(app, by: director)
                let now = Date()
                // Sixteen batches over 100 distinct minutes, each overlapping its neighbours.
                let batches = (0..<16).map { start in
                    json(["readings": (start * 5..<(start * 5 + 25)).map { reading(at: now.addingTimeInterval(-Double($0) * 60)) }])
                }
                let headers = bearerHeaders(setup.key)
                let answers = try await TestHarness.withLiveServer(app) { base in
                    try await withThrowingTaskGroup(of: (HTTPStatus, ByteBuffer?).self) { group in
                        for batch in batches {
                            group.addTask {
                                let response = try await app.client.post(URI(string: "\(base)\(api)/sensors/\(setup.sensor)/readings"), headers: headers) {
                                    $0.body = batch
                                }
                                return (response.status, response.body)
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
                #expect(answers.allSatisfy { $0.0 == .ok }, "\(answers.map(\.0))")
                let results = try answers.map { try decode(SSModels.IngestAnswer.self, status: $0.0, body: $0.1) }
                let distinct = 15 * 5 + 25
                #expect(results.map(\.stored).reduce(0, +) == distinct)
                #expect(results.map { $0.stored + $0.duplicates }.reduce(0, +) == 16 * 25)
                #expect(try await storedReadings(app, setup.sensor) == distinct)
            }
        }
    }
}

extension ShelterTests.RaceTests {
    @Test("two staff approving two applications for one animal at once over HTTP: exactly one adoption")
    func twoApprovalsOneAnimal() async throws {
        try await withShelter { app in
            let first = try await staff(app, .doctor, name: "Ірина")
            let second = try await staff(app, .doctor, name: "Павло")
            let rex = try await ShelterTests.ApplicationTests.listedAnimal(app, by: first)
            let applications = [try await ShelterTests.ApplicationTests.applied(app, rex),
                                try await ShelterTests.ApplicationTests.applied(app, rex, phone: "063 555 44 33", email: "petro@example.org")]
            let statuses = try await TestHarness.withLiveServer(app) { base in
                try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                    for (application, person) in zip(applications, [first, second]) {
                        group.addTask {
                            try await app.client.put(URI(string: "\(base)\(api)/adoption-applications/\(application)/decision"), headers: person.auth) {
                                try $0.content.encode(["approve": true])
                            }.status
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            #expect(statuses.sorted { $0.code < $1.code } == [.ok, .conflict], "\(statuses)")
            #expect(try await AnimalMovement.query(on: app.db).filter(\.$animalID == rex).filter(\.$kind == "adoption").count() == 1)
            #expect(try await AdoptionApplication.query(on: app.db).filter(\.$status == "approved").count() == 1)
            #expect(try await AdoptionApplication.query(on: app.db).filter(\.$status == "pending").count() == 1)
            #expect(try await ShelterPerson.query(on: app.db).count() == 1)
        }
    }

    @Test("a sensor moved to two enclosures at once over HTTP: one open placement, where the sensor says it is")
    func twoMovesOneSensor() async throws {
        try await withShelter { app in
            let director = try await confirmedDirector(app)
            let setup = try await enclosureWithSensor(app, by: director)
            var targets: [UUID] = []
            for name in ["Вольєр 2", "Вольєр 3"] {
                targets.append(try await read(WithID.self, app, .POST, "/enclosures", as: director, ["name": name]).id)
            }
            for round in 0..<5 {
                // Both to different enclosures, then both to the same one (a double tap).
                let aims = round % 2 == 0 ? targets : [targets[round % 4 == 1 ? 0 : 1], targets[round % 4 == 1 ? 0 : 1]]
                let statuses = try await TestHarness.withLiveServer(app) { base in
                    try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                        for aim in aims {
                            group.addTask {
                                try await app.client.patch(URI(string: "\(base)\(api)/sensors/\(setup.sensor)"), headers: director.auth) {
                                    try $0.content.encode(["enclosureId": aim.uuidString])
                                }.status
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
                #expect(statuses == [.ok, .ok], "round \(round): \(statuses)")
                let open = try await SensorPlacement.query(on: app.db).filter(\.$sensorID == setup.sensor).filter(\.$removedAt == nil).all()
                let sensor = try #require(try await Sensor.find(setup.sensor, on: app.db))
                #expect(open.map(\.enclosureID) == [sensor.enclosureID], "round \(round)")
            }
        }
    }
}

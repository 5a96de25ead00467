import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// Taking a person off the staff: their access ends at once, their records stay, and the
    /// shelter is never left without a director — not even by two directors at once.
    @Suite("Taking people off the staff")
    struct DismissalTests {
        @Test("a dismissed doctor's token stops at once, they cannot sign in, and what they did stays in the trail")
        func dismissalEndsAccess() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor, name: "Петро")
                let setup = try await enclosureWithSensor(app, by: director)
                let conditions: [String: Any] = ["minTemperature": 10, "maxTemperature": 25, "minHumidity": 30, "maxHumidity": 60, "minWater": 15]
                #expect(try await send(app, .PUT, "/enclosures/\(setup.enclosure)/conditions", as: doctor, conditions).status == .ok)
                #expect(try await send(app, .PATCH, "/me", as: doctor, ["onDuty": true]).status == .ok)

                #expect(try await send(app, .DELETE, "/staff/\(doctor.id)", as: doctor).status == .forbidden)
                #expect(try await send(app, .DELETE, "/staff/\(doctor.id)", as: director).status == .noContent)

                #expect(try await send(app, .GET, "/enclosures", as: doctor).status == .unauthorized)
                let signIn = try await sendJSON(app, .POST, "\(api)/session", body: ["email": doctor.login, "password": password])
                #expect(signIn.status == .forbidden && codeOf(signIn) == "account_deactivated")
                let list = try await read([SSModels.StaffEntry].self, app, .GET, "/staff", as: director)
                #expect(!list.map(\.id).contains(doctor.id))
                #expect(try await ShelterProfile.find(doctor.id, on: app.db)?.onDuty == false)

                let byDoctor = try await read([SSModels.AuditEntryDTO].self, app, .GET, "/audit?actor=\(doctor.id)", as: director)
                #expect(Set(byDoctor.map(\.action)) == ["enclosure.conditions", "staff.duty"])
                let aboutDoctor = try await read([SSModels.AuditEntryDTO].self, app, .GET, "/audit?record=\(doctor.id)", as: director)
                #expect(aboutDoctor.map(\.action).contains("staff.dismiss"))
                // Gone is gone: a second dismissal or a role for them finds nobody.
                #expect(try await send(app, .DELETE, "/staff/\(doctor.id)", as: director).status == .notFound)
                #expect(try await send(app, .PUT, "/staff/\(doctor.id)/role", as: director, ["role": "doctor"]).status == .notFound)
            }
        }

        @Test("the role «dismissed» does the same, and answers with it")
        func dismissedRole() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let storekeeper = try await staff(app, .storekeeper)
                let entry = try await read(SSModels.StaffEntry.self, app, .PUT, "/staff/\(storekeeper.id)/role", as: director, ["role": "dismissed"])
                #expect(entry.role == "dismissed")
                #expect(try await send(app, .GET, "/items", as: storekeeper).status == .unauthorized)
            }
        }

        @Test("the last director cannot be dismissed; with another director, a director may leave")
        func lastDirector() async throws {
            try await withShelter { app in
                let first = try await confirmedDirector(app)
                let last = try await send(app, .DELETE, "/staff/\(first.id)", as: first)
                #expect(last.status == .conflict && codeOf(last) == "last_director")
                #expect(try await send(app, .GET, "/staff", as: first).status == .ok)

                let second = try await confirmedDirector(app)
                #expect(try await send(app, .DELETE, "/staff/\(first.id)", as: first).status == .noContent)
                #expect(try await send(app, .GET, "/staff", as: first).status == .unauthorized)
                let alone = try await send(app, .PUT, "/staff/\(second.id)/role", as: second, ["role": "dismissed"])
                #expect(alone.status == .conflict && codeOf(alone) == "last_director")
            }
        }

        @Test("unconfirmed, the director is asked for the password and nobody is dismissed")
        func needsConfirmation() async throws {
            try await withShelter { app in
                let director = try await staff(app, .director)
                let doctor = try await staff(app, .doctor)
                let answer = try await send(app, .DELETE, "/staff/\(doctor.id)", as: director)
                #expect(answer.status == .forbidden && codeOf(answer) == "password_confirmation_required")
                #expect(try await send(app, .GET, "/enclosures", as: doctor).status == .ok)
            }
        }

        @Test("two directors dismissing each other at once: one of them stays a director")
        func directorsRace() async throws {
            try await withShelter { app in
                for _ in 0..<5 {
                    let a = try await confirmedDirector(app), b = try await confirmedDirector(app)
                    let remaining = try await Account.query(on: app.db).filter(\.$app == SmartShelter.id)
                        .filter(\.$role == ShelterRole.director.rawValue).filter(\.$deactivatedAt == nil).all()
                    // Only these two are directors: earlier rounds' winners are taken off first.
                    for other in remaining where other.id != a.id && other.id != b.id {
                        #expect(try await send(app, .DELETE, "/staff/\(other.id!)", as: a).status == .noContent)
                    }
                    let statuses = try await TestHarness.withLiveServer(app) { base in
                        try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                            for (actor, target) in [(a, b), (b, a)] {
                                group.addTask {
                                    try await app.client.delete(URI(string: "\(base)\(api)/staff/\(target.id)"),
                                                                headers: bearerHeaders(actor.token)).status
                                }
                            }
                            return try await group.reduce(into: []) { $0.append($1) }
                        }
                    }
                    #expect(statuses.filter { $0 == .noContent }.count == 1, "\(statuses)")
                    let directors = try await Account.query(on: app.db).filter(\.$app == SmartShelter.id)
                        .filter(\.$role == ShelterRole.director.rawValue).filter(\.$deactivatedAt == nil).count()
                    #expect(directors == 1)
                }
            }
        }
    }
}

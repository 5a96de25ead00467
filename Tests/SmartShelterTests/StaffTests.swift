import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// Who may do what: the authorisation matrix, the pending state, the director's
    /// password confirmation and its window, and the audit trail.
    @Suite("Staff, roles and the audit trail")
    struct StaffTests {
        struct Call {
            let method: HTTPMethod
            let path: String
            let body: [String: Any]?
            let allowed: Set<ShelterRole>
        }

        @Test("every role reaches its own work and nothing else; pending people reach nothing")
        func authorisationMatrix() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let setup = try await enclosureWithSensor(app, by: director)
                let other = try await staff(app, .pending, name: "Петро")
                let everyone: Set<ShelterRole> = [.director, .doctor, .storekeeper]
                let conditions: [String: Any] = ["minTemperature": 10, "maxTemperature": 25, "minHumidity": 30, "maxHumidity": 60, "minWater": 15]
                let calls = [
                    Call(method: .GET, path: "/staff", body: nil, allowed: [.director]),
                    Call(method: .PUT, path: "/staff/\(other.id)/role", body: ["role": "storekeeper"], allowed: [.director]),
                    Call(method: .GET, path: "/audit", body: nil, allowed: [.director]),
                    Call(method: .GET, path: "/enclosures", body: nil, allowed: everyone),
                    Call(method: .GET, path: "/enclosures/\(setup.enclosure)", body: nil, allowed: everyone),
                    Call(method: .GET, path: "/enclosures/\(setup.enclosure)/readings", body: nil, allowed: everyone),
                    Call(method: .PUT, path: "/enclosures/\(setup.enclosure)/conditions", body: conditions, allowed: [.director, .doctor]),
                    Call(method: .POST, path: "/enclosures", body: ["name": "Новий \(UUID())"], allowed: [.director]),
                    Call(method: .POST, path: "/enclosures/\(setup.enclosure)/sensors", body: ["name": "Ще один"], allowed: [.director]),
                    Call(method: .POST, path: "/sensors/\(setup.sensor)/key", body: nil, allowed: [.director]),
                ]
                // Animals, medicine, feeding, tasks and the backup.
                let today = LocalDay(Date(), in: TimeZone(identifier: "Europe/Kyiv")!).description
                let animal = try await read(WithID.self, app, .POST, "/animals", as: director, ["name": "Рекс", "species": "dog", "intakeOn": today]).id
                let item = try await read(WithID.self, app, .POST, "/items", as: director, ["name": "Корм", "kind": "food", "unit": "кг", "lowThreshold": 1]).id
                let doctors: Set<ShelterRole> = [.director, .doctor]
                let care = [
                    Call(method: .GET, path: "/animals", body: nil, allowed: everyone),
                    Call(method: .GET, path: "/animals/\(animal)", body: nil, allowed: everyone),
                    Call(method: .POST, path: "/animals", body: ["name": "Мурка", "species": "cat", "intakeOn": today], allowed: doctors),
                    Call(method: .PUT, path: "/animals/\(animal)", body: ["name": "Рекс", "species": "dog"], allowed: doctors),
                    Call(method: .PUT, path: "/animals/\(animal)/enclosure", body: ["enclosureId": setup.enclosure.uuidString], allowed: doctors),
                    Call(method: .POST, path: "/animals/\(animal)/weights", body: ["weight": 12, "onDay": today], allowed: doctors),
                    Call(method: .POST, path: "/animals/\(animal)/diseases", body: ["name": "Кашель", "startedOn": today], allowed: doctors),
                    Call(method: .POST, path: "/animals/\(animal)/treatments", body: ["kind": "examination"], allowed: doctors),
                    Call(method: .POST, path: "/animals/\(animal)/regimens", body: ["kind": "vaccination", "name": "Сказ", "dueOn": today], allowed: doctors),
                    Call(method: .GET, path: "/doses/due", body: nil, allowed: doctors),
                    Call(method: .POST, path: "/animals/\(animal)/meals", body: ["time": "08:00", "itemId": item.uuidString, "amount": 1], allowed: doctors),
                    Call(method: .GET, path: "/feeding", body: nil, allowed: everyone),
                    Call(method: .POST, path: "/enclosures/\(setup.enclosure)/refills", body: ["kind": "water", "amount": 3], allowed: [.director, .storekeeper]),
                    Call(method: .GET, path: "/tasks", body: nil, allowed: everyone),
                    Call(method: .POST, path: "/tasks", body: ["title": "Прибрати", "role": "doctor"], allowed: everyone),
                    Call(method: .GET, path: "/backup", body: nil, allowed: [.director]),
                ]
                var people: [ShelterRole: Person] = [.director: director]
                for role in [ShelterRole.doctor, .storekeeper, .pending] { people[role] = try await staff(app, role) }
                for call in calls + care {
                    let anonymous = try await send(app, call.method, call.path, as: nil, call.body)
                    #expect(anonymous.status == .unauthorized, "anonymous \(call.method) \(call.path)")
                    for (role, person) in people {
                        var body = call.body
                        if call.path == "/enclosures" && call.method == .POST { body = ["name": "Новий \(UUID())"] }
                        let response = try await send(app, call.method, call.path, as: person, body)
                        if call.allowed.contains(role) {
                            #expect((200..<300).contains(response.status.code), "\(role) \(call.method) \(call.path): \(response.status) \(response.body.string)")
                        } else {
                            #expect(response.status == .forbidden, "\(role) \(call.method) \(call.path): \(response.status)")
                            if role == .pending { #expect(codeOf(response) == "role_pending") }
                        }
                    }
                }
            }
        }

        @Test("a foreign or made-up id is a 404, whoever asks")
        func unknownIDs() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor)
                let nobody = UUID()
                #expect(try await send(app, .GET, "/enclosures/\(nobody)", as: doctor).status == .notFound)
                #expect(try await send(app, .GET, "/enclosures/not-an-id/readings", as: doctor).status == .notFound)
                #expect(try await send(app, .POST, "/sensors/\(nobody)/key", as: director).status == .notFound)
                #expect(try await send(app, .PUT, "/staff/\(nobody)/role", as: director, ["role": "doctor"]).status == .notFound)
                // An account of another app is not on the staff.
                let elsewhere = Account(app: "znoshka", login: "x@example.com", passwordHash: "x", role: "student", displayName: "X", createdAt: Date())
                try await elsewhere.create(on: app.db)
                #expect(try await send(app, .PUT, "/staff/\(elsewhere.id!)/role", as: director, ["role": "doctor"]).status == .notFound)
            }
        }

        @Test("the director's changes need the password again, for five minutes and on that credential only")
        func passwordConfirmationWindow() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let director = try await staff(app, .director)
                let unconfirmed = try await send(app, .POST, "/enclosures", as: director, ["name": "А"])
                #expect(unconfirmed.status == .forbidden && codeOf(unconfirmed) == "password_confirmation_required")
                let wrong = try await send(app, .POST, "/password-confirmation", as: director, ["password": "not-the-password"])
                #expect(wrong.status == .unprocessableEntity)
                let confirmed = try await read(SSModels.Confirmed.self, app, .POST, "/password-confirmation", as: director, ["password": password])
                #expect(confirmed.confirmedUntil == clock.now.addingTimeInterval(300))
                #expect(try await send(app, .POST, "/enclosures", as: director, ["name": "А"]).status == .created)
                // Another device of the same director has not confirmed.
                let signIn = try await sendJSON(app, .POST, "\(api)/session", body: ["email": director.login, "password": password])
                let otherDevice = try decode(WithToken.self, signIn).token
                #expect(try await sendJSON(app, .POST, "\(api)/enclosures", token: otherDevice, body: ["name": "Б"]).status == .forbidden)
                clock.advance(by: 301)
                let expired = try await send(app, .POST, "/enclosures", as: director, ["name": "В"])
                #expect(expired.status == .forbidden && codeOf(expired) == "password_confirmation_required")
                #expect(try await Enclosure.query(on: app.db).count() == 1)
                // Reading needs no confirmation, nor do a doctor's changes.
                #expect(try await send(app, .GET, "/enclosures", as: director).status == .ok)
            }
        }

        @Test("roles: pending people first, a role given once, no director demotes themselves, and each change is in the trail")
        func rolesAndAudit() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let newcomer = try await staff(app, .pending, name: "Антон")
                let list = try await read([SSModels.StaffEntry].self, app, .GET, "/staff", as: director)
                #expect(list.first?.id == newcomer.id && list.first?.role == "pending")
                let bad = try await send(app, .PUT, "/staff/\(newcomer.id)/role", as: director, ["role": "pending"])
                #expect(bad.status == .unprocessableEntity && fieldsOf(bad) == ["role"])
                let own = try await send(app, .PUT, "/staff/\(director.id)/role", as: director, ["role": "doctor"])
                #expect(own.status == .conflict)
                let given = try await read(SSModels.StaffEntry.self, app, .PUT, "/staff/\(newcomer.id)/role", as: director, ["role": "doctor"])
                #expect(given.role == "doctor")
                let profile = try await read(SSModels.Profile.self, app, .GET, "/me", as: newcomer)
                #expect(profile.role == "doctor")
                #expect(try await send(app, .GET, "/enclosures", as: newcomer).status == .ok)

                let byRecord = try await read([SSModels.AuditEntryDTO].self, app, .GET, "/audit?record=\(newcomer.id)", as: director)
                #expect(byRecord.count == 1)
                let entry = try #require(byRecord.first)
                #expect(entry.action == "staff.role" && entry.actorId == director.id)
                #expect(entry.before?.contains("pending") == true && entry.after?.contains("doctor") == true)
                let byActor = try await read([SSModels.AuditEntryDTO].self, app, .GET, "/audit?actor=\(director.id)", as: director)
                #expect(byActor.map(\.action).contains("staff.role"))
                let byNewcomer = try await read([SSModels.AuditEntryDTO].self, app, .GET, "/audit?actor=\(newcomer.id)", as: director)
                #expect(byNewcomer.isEmpty)
                #expect(try await send(app, .GET, "/audit?actor=nonsense", as: director).status == .badRequest)
            }
        }

        @Test("the staff page and the API's staff list mark who is on duty; the page says when nobody is and alarms go to everyone")
        func onDutyOnStaffPage() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor, name: "Богдана")
                let browser = TestBrowser(app)
                _ = try await browser.post("/shelter/login", form: ["email": director.login, "password": password])
                let before = try await browser.get("/shelter/staff")
                #expect(before.status == .ok)
                #expect(before.body.string.contains("ніхто не на зміні") && !before.body.string.contains("class=\"on-duty\""))
                #expect(try await send(app, .PATCH, "/me", as: doctor, ["onDuty": true]).status == .ok)
                let after = try await browser.get("/shelter/staff").body.string
                #expect(!after.contains("ніхто не на зміні") && after.contains("позначеним «на зміні»"))
                let marks = after.components(separatedBy: "class=\"on-duty\"").count - 1
                #expect(marks == 1)
                // The mark is in Богдана's card.
                let card = try #require(after.components(separatedBy: "<li").first { $0.contains("Богдана") })
                #expect(card.contains("class=\"on-duty\""))
                // The API's list says the same.
                let list = try await read([SSModels.StaffEntry].self, app, .GET, "/staff", as: director)
                #expect(list.filter(\.onDuty).map(\.name) == ["Богдана"])
            }
        }

        @Test("settings: °F and English for one person, refused values named")
        func settings() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let updated = try await read(SSModels.Profile.self, app, .PATCH, "/me", as: doctor, ["temperatureUnit": "f", "language": "en"])
                #expect(updated.temperatureUnit == "f" && updated.language == "en")
                let bad = try await send(app, .PATCH, "/me", as: doctor, ["temperatureUnit": "k", "timeZone": "Mars/Olympus"])
                #expect(bad.status == .unprocessableEntity)
                #expect(Set(fieldsOf(bad)) == ["temperatureUnit", "timeZone"])
            }
        }

        @Test("conditions: the ranges must make sense, and the change goes to the trail")
        func conditions() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let doctor = try await staff(app, .doctor)
                let setup = try await enclosureWithSensor(app, by: director)
                let bad = try await send(app, .PUT, "/enclosures/\(setup.enclosure)/conditions", as: doctor,
                                         ["minTemperature": 30, "maxTemperature": 20, "minHumidity": "abc", "maxHumidity": 60, "minWater": 150])
                #expect(bad.status == .unprocessableEntity)
                #expect(Set(fieldsOf(bad)) == ["maxTemperature", "minHumidity", "minWater"])
                let good = try await read(SSModels.Conditions.self, app, .PUT, "/enclosures/\(setup.enclosure)/conditions", as: doctor,
                                          ["minTemperature": "10,5", "maxTemperature": 25, "minHumidity": 30, "maxHumidity": 60, "minWater": 15])
                #expect(good.minTemperature == 10.5)
                let trail = try await read([SSModels.AuditEntryDTO].self, app, .GET, "/audit?record=\(setup.enclosure)", as: director)
                #expect(trail.map(\.action).sorted() == ["enclosure.conditions", "enclosure.create"])
                let taken = try await send(app, .POST, "/enclosures", as: director, ["name": "Вольєр 1"])
                #expect(taken.status == .conflict)
            }
        }
    }
}

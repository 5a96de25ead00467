import Fluent
import Foundation
import HromadaTesting
import Kernel
import SQLKit
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// Applications to adopt: anyone applies for a public animal; doctors and the director
    /// review and decide; an approval records the adoption with a person record.
    @Suite("Adoption applications")
    struct ApplicationTests {
        typealias A = AdoptionTests

        /// A listed animal, taken in by `doctor`.
        static func listedAnimal(_ app: Application, by doctor: Person, name: String = "Рекс") async throws -> UUID {
            let id = try await A.takeIn(app, by: doctor, name: name)
            #expect(try await A.list(app, ["public": true], id, as: doctor).status == .ok)
            return id
        }

        static func apply(_ app: Application, _ animal: UUID, phone: String = "067 123 45 67", email: String = "olena@example.org",
                          name: String = "Олена Петренко") async throws -> TestingHTTPResponse {
            try await send(app, .POST, "/adoption-applications", as: nil,
                           ["animalId": animal.uuidString, "name": name, "phone": phone, "email": email, "home": "Будинок з садом, дітей немає"])
        }

        static func applied(_ app: Application, _ animal: UUID, phone: String = "067 123 45 67", email: String = "olena@example.org") async throws -> UUID {
            let response = try await apply(app, animal, phone: phone, email: email)
            #expect(response.status == .created, "\(response.body.string)")
            return try decode(WithID.self, response).id
        }

        @Test("anyone applies for a public animal: refusals, one pending per e-mail and animal, the throttle; staff only read them")
        func applying() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let storekeeper = try await staff(app, .storekeeper)
                let rex = try await Self.listedAnimal(app, by: doctor)
                let hidden = try await A.takeIn(app, by: doctor, name: "Тихон")

                let empty = try await send(app, .POST, "/adoption-applications", as: nil, [:])
                #expect(empty.status == .unprocessableEntity && Set(fieldsOf(empty)) == ["animalId", "name", "phone", "email", "home"])
                #expect(fieldsOf(try await Self.apply(app, rex, phone: "12345")) == ["phone"])
                #expect(fieldsOf(try await Self.apply(app, rex, email: "not-an-address")) == ["email"])
                #expect(try await Self.apply(app, hidden).status == .notFound)
                #expect(try await Self.apply(app, UUID()).status == .notFound)

                let id = try await Self.applied(app, rex)
                let again = try await Self.apply(app, rex, phone: "067 123 45 68", email: "OLENA@example.org ")
                #expect(again.status == .conflict && codeOf(again) == "already_applied")

                // Staff only: the public and the storekeeper never read applicants' data.
                #expect(try await send(app, .GET, "/adoption-applications", as: nil).status == .unauthorized)
                #expect(try await send(app, .GET, "/adoption-applications", as: storekeeper).status == .forbidden)
                #expect(try await send(app, .GET, "/adoption-applications/\(id)", as: storekeeper).status == .forbidden)
                let list = try await read([SSModels.ApplicationDTO].self, app, .GET, "/adoption-applications", as: doctor)
                #expect(list.map(\.id) == [id] && list[0].phone == "380671234567" && list[0].animalName == "Рекс" && list[0].status == "pending")
                #expect(try await send(app, .GET, "/adoption-applications?status=maybe", as: doctor).status == .unprocessableEntity)

                // The kernel's throttle: a few applications for one phone from one address, then 429.
                var statuses: [HTTPStatus] = []
                for n in 0..<LoginThrottle.maximumFailures + 1 {
                    statuses.append(try await Self.apply(app, rex, phone: "050 000 00 01", email: "spam\(n)@example.org").status)
                }
                // Olena's two tries used other phones; these six share one.
                #expect(statuses.dropLast() .allSatisfy { $0 == .created } && statuses.last == .tooManyRequests, "\(statuses)")
                let refused = try await Self.apply(app, rex, phone: "050 000 00 01", email: "spam-late@example.org")
                #expect(codeOf(refused) == "too_many_applications" && refused.headers.first(name: "Retry-After") != nil)
            }
        }

        @Test("review with a home-visit task, reject with a reason (mailed in the applicant's language), approve records the adoption and the adopter")
        func reviewAndDecide() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let storekeeper = try await staff(app, .storekeeper)
                let director = try await staff(app, .director, name: "Оксана")
                let rex = try await Self.listedAnimal(app, by: doctor)
                let first = try await Self.applied(app, rex)
                let second = try await Self.applied(app, rex, phone: "063 555 44 33", email: "petro@example.org")

                let visit = try await send(app, .PUT, "/adoption-applications/\(first)/review", as: doctor,
                                           ["notes": "Подзвонили, все добре", "homeVisitBy": storekeeper.id.uuidString])
                #expect(visit.status == .ok, "\(visit.body.string)")
                let reviewed = try decode(SSModels.ApplicationDTO.self, visit)
                #expect(reviewed.notes == "Подзвонили, все добре")
                let taskID = try #require(reviewed.homeVisitTaskId)
                let task = try #require(try await StaffTask.find(taskID, on: app.db))
                #expect(task.assigneeID == storekeeper.id && task.title.contains("Олена Петренко"))
                #expect(fieldsOf(try await send(app, .PUT, "/adoption-applications/\(first)/review", as: doctor, ["homeVisitBy": "nobody"])) == ["visitBy"])

                #expect(try await send(app, .PUT, "/adoption-applications/\(first)/decision", as: storekeeper, ["approve": true]).status == .forbidden)
                #expect(codeOf(try await send(app, .PUT, "/adoption-applications/\(first)/decision", as: director, ["approve": true]))
                        == "password_confirmation_required")
                #expect(fieldsOf(try await send(app, .PUT, "/adoption-applications/\(second)/decision", as: doctor, ["approve": false])) == ["reason"])
                #expect(fieldsOf(try await send(app, .PUT, "/adoption-applications/\(second)/decision", as: doctor, [:])) == ["approve"])
                #expect(try await send(app, .PUT, "/adoption-applications/\(UUID())/decision", as: doctor, ["approve": true]).status == .notFound)

                let rejected = try await read(SSModels.ApplicationDTO.self, app, .PUT, "/adoption-applications/\(second)/decision", as: doctor,
                                              ["approve": false, "reason": "Немає огородженого двору"])
                #expect(rejected.status == "rejected" && rejected.reason == "Немає огородженого двору")
                let rejectionMail = try #require(try await MailOutboxRecord.query(on: app.db).filter(\.$recipient == "petro@example.org").first())
                #expect(rejectionMail.textBody.contains("Немає огородженого двору") && rejectionMail.textBody.contains("На жаль"))
                #expect(codeOf(try await send(app, .PUT, "/adoption-applications/\(second)/decision", as: doctor, ["approve": true])) == "application_decided")

                let approved = try await read(SSModels.ApplicationDTO.self, app, .PUT, "/adoption-applications/\(first)/decision", as: doctor, ["approve": true])
                #expect(approved.status == "approved")
                let personID = try #require(approved.personId)
                let adopter = try #require(try await ShelterPerson.find(personID, on: app.db))
                #expect(adopter.name == "Олена Петренко" && adopter.phone == "380671234567" && adopter.kind == "adopter")
                let record = try await read(SSModels.AnimalRecordDTO.self, app, .GET, "/animals/\(rex)", as: doctor)
                #expect(record.animal.status == "adopted" && !record.animal.public)
                let movement = try #require(try await AnimalMovement.query(on: app.db).filter(\.$animalID == rex).filter(\.$kind == "adoption").first())
                #expect(movement.personID == personID)
                #expect(try await MailOutboxRecord.query(on: app.db).filter(\.$recipient == "olena@example.org").first() != nil)
                #expect(try await A.get(app, "/shelter/adopt/\(rex)").status == .notFound)
            }
        }

        @Test("a do-not-adopt record with the applicant's phone or e-mail warns staff at the next application")
        func doNotAdoptWarning() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let rex = try await Self.listedAnimal(app, by: doctor)
                let person = ShelterPerson()
                person.name = "Іван Сидоренко"
                person.phone = "380991112233"
                person.email = "ivan@example.org"
                person.kind = "owner"
                person.notes = ""
                person.doNotAdopt = true
                person.doNotAdoptReason = "Покинув собаку у 2025 році"
                person.createdAt = Date()
                try await person.create(on: app.db)
                let byPhone = try await Self.applied(app, rex, phone: "099 111 22 33", email: "other@example.org")
                let byEmail = try await Self.applied(app, rex, phone: "067 000 11 22", email: "ivan@example.org")
                let clean = try await Self.applied(app, rex, phone: "067 000 11 23", email: "clean@example.org")
                let list = try await read([SSModels.ApplicationDTO].self, app, .GET, "/adoption-applications", as: doctor)
                let warned = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0.warnings.map(\.reason)) })
                #expect(warned[byPhone] == ["Покинув собаку у 2025 році"] && warned[byEmail] == ["Покинув собаку у 2025 році"] && warned[clean] == [])
                let browser = TestBrowser(app)
                _ = try await browser.post("/shelter/login", form: ["email": doctor.login, "password": password])
                let page = try await browser.get("/shelter/applications")
                #expect(page.status == .ok && page.body.string.contains("Покинув собаку у 2025 році"))
            }
        }

        @Test("the form on the public page: CSRF required, faults shown on the page (not cached), then the confirmation")
        func webForm() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let rex = try await Self.listedAnimal(app, by: doctor)
                let visitor = TestBrowser(app)
                let page = try await visitor.get("/shelter/adopt/\(rex)")
                #expect(page.body.string.contains("name=\"home\"") && page.body.string.contains("name=\"_csrf\""))
                let fields = ["name": "Олена", "phone": "067 123 45 67", "email": "olena@example.org", "home": "Квартира"]
                #expect(try await visitor.post("/shelter/adopt/\(rex)", form: fields, csrf: false).status == .forbidden)
                let wrong = try await visitor.post("/shelter/adopt/\(rex)", form: fields.merging(["phone": "123"]) { $1 })
                #expect(wrong.status == .unprocessableEntity && wrong.headers.first(name: .cacheControl) == "no-store")
                #expect(wrong.body.string.contains("067 123 45 67") && wrong.body.string.contains("Квартира"))
                let sent = try await visitor.post("/shelter/adopt/\(rex)", form: fields)
                #expect(sent.status == .seeOther && sent.headers.first(name: .location) == "/shelter/adopt/\(rex.uuidString.lowercased())/applied")
                #expect(try await visitor.get("/shelter/adopt/\(rex)/applied").body.string.contains("Рекс"))
                let twice = try await visitor.post("/shelter/adopt/\(rex)", form: fields)
                #expect(twice.status == .conflict && twice.body.string.contains("вже надіслали"))
                #expect(try await AdoptionApplication.query(on: app.db).count() == 1)
            }
        }

        @Test("a rejected application's personal data is removed 180 days after the decision, not before; pending and approved ones stay")
        func personalDataRemoved() async throws {
            let clock = ManualClock(Date(timeIntervalSince1970: 1_790_000_000))
            try await withShelter(clock: clock) { app in
                let doctor = try await staff(app, .doctor)
                let rex = try await Self.listedAnimal(app, by: doctor)
                let rejected = try await Self.applied(app, rex)
                let pending = try await Self.applied(app, rex, phone: "063 555 44 33", email: "petro@example.org")
                #expect(try await send(app, .PUT, "/adoption-applications/\(rejected)/decision", as: doctor, ["approve": false, "reason": "Ні"]).status == .ok)
                let services: ServiceContext = app.services
                clock.advance(by: 179 * 86_400)
                try await SmartShelter().housekeeping(services)
                #expect(try await AdoptionApplication.find(rejected, on: app.db)?.email == "olena@example.org")
                clock.advance(by: 2 * 86_400)
                try await SmartShelter().housekeeping(services)
                let removed = try #require(try await AdoptionApplication.find(rejected, on: app.db))
                #expect(removed.name.isEmpty && removed.phone.isEmpty && removed.email.isEmpty && removed.home.isEmpty && removed.dataRemovedAt != nil)
                #expect(removed.status == "rejected" && removed.animalID == rex)
                #expect(try await AdoptionApplication.find(pending, on: app.db)?.email == "petro@example.org")
            }
        }
    }
}

import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// People records (adopters, fosterers, owners, finders) and foster care: a movement
    /// out to a fosterer and back, like any other.
    @Suite("People and foster care")
    struct PeopleTests {
        typealias A = AdoptionTests

        static func fosterer(_ app: Application, by doctor: Person, name: String = "Ганна Левченко") async throws -> UUID {
            let made = try await send(app, .POST, "/people", as: doctor, ["name": name, "kind": "fosterer", "phone": "067 765 43 21"])
            #expect(made.status == .created, "\(made.body.string)")
            return try decode(WithID.self, made).id
        }

        @Test("records: who may, every refusal named, a search in any case, a do-not-adopt flag that warns at the next application")
        func records() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let storekeeper = try await staff(app, .storekeeper)
                #expect(try await send(app, .GET, "/people", as: storekeeper).status == .forbidden)
                #expect(try await send(app, .POST, "/people", as: storekeeper, ["name": "Хтось", "kind": "owner", "phone": "0671234567"]).status == .forbidden)
                let director = try await staff(app, .director)
                #expect(codeOf(try await send(app, .POST, "/people", as: director, ["name": "Хтось", "kind": "owner", "phone": "0671234567"]))
                    == "password_confirmation_required")

                let nothing = try await send(app, .POST, "/people", as: doctor, ["name": " ", "kind": "friend"])
                #expect(nothing.status == .unprocessableEntity && Set(fieldsOf(nothing)) == ["name", "kind", "phone"])
                let flagged = try await send(app, .POST, "/people", as: doctor,
                                             ["name": "Петро", "kind": "adopter", "phone": "12345", "email": "ні", "doNotAdopt": true])
                #expect(Set(fieldsOf(flagged)) == ["phone", "email", "doNotAdoptReason"])
                #expect(try await ShelterPerson.query(on: app.db).count() == 0)

                let olena = try await send(app, .POST, "/people", as: doctor,
                                           ["name": "Олена Петренко", "kind": "adopter", "phone": "067 123 45 67", "email": "Olena@Example.org"])
                #expect(olena.status == .created)
                let made = try decode(SSModels.PersonDTO.self, olena)
                #expect(made.phone == "380671234567" && made.email == "olena@example.org" && !made.doNotAdopt)
                _ = try await Self.fosterer(app, by: doctor)
                #expect(try await read([SSModels.PersonDTO].self, app, .GET, "/people?q=%D0%BF%D0%B5%D1%82%D1%80", as: doctor).map(\.name) == ["Олена Петренко"])
                #expect(try await read([SSModels.PersonDTO].self, app, .GET, "/people?q=765", as: doctor).map(\.name) == ["Ганна Левченко"])
                #expect(try await read([SSModels.PersonDTO].self, app, .GET, "/people", as: doctor).map(\.name) == ["Ганна Левченко", "Олена Петренко"])

                let noReason = try await send(app, .PUT, "/people/\(made.id)", as: doctor,
                                              ["name": "Олена Петренко", "kind": "adopter", "phone": "0671234567", "doNotAdopt": true])
                #expect(fieldsOf(noReason) == ["doNotAdoptReason"])
                let marked = try await read(SSModels.PersonDTO.self, app, .PUT, "/people/\(made.id)", as: doctor,
                                            ["name": "Олена Петренко", "kind": "adopter", "phone": "0671234567", "doNotAdopt": true,
                                             "doNotAdoptReason": "Повернула двох тварин за місяць"])
                #expect(marked.doNotAdopt && marked.email.isEmpty)
                // Her next application is shown to staff with the warning.
                let rex = try await ApplicationTests.listedAnimal(app, by: doctor)
                _ = try await ApplicationTests.applied(app, rex, email: "other@example.org")
                let applications = try await read([SSModels.ApplicationDTO].self, app, .GET, "/adoption-applications", as: doctor)
                #expect(applications.first?.warnings.map(\.reason) == ["Повернула двох тварин за місяць"])
                #expect(try await send(app, .GET, "/people/\(UUID())", as: doctor).status == .notFound)
                #expect(try await send(app, .GET, "/people/nope", as: doctor).status == .notFound)
            }
        }

        @Test("foster care: out to a named fosterer and back, still in the shelter's list; refused from the wrong place; in the fosterer's history")
        func fosterCare() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let enclosure = try await read(WithID.self, app, .POST, "/enclosures", as: try await confirmedDirector(app), ["name": "Собаки"]).id
                let rex = try await A.takeIn(app, by: doctor, name: "Рекс")
                #expect(try await send(app, .PUT, "/animals/\(rex)/enclosure", as: doctor, ["enclosureId": enclosure.uuidString]).status == .ok)
                let hanna = try await Self.fosterer(app, by: doctor)
                let day = A.today(app)

                let nobody = try await send(app, .POST, "/animals/\(rex)/movements", as: doctor, ["kind": "foster", "onDay": day])
                #expect(fieldsOf(nobody) == ["personId"])
                let unknown = try await send(app, .POST, "/animals/\(rex)/movements", as: doctor, ["kind": "foster", "onDay": day, "personId": UUID().uuidString])
                #expect(codeOf(unknown) == "person_not_found")
                #expect(codeOf(try await send(app, .POST, "/animals/\(rex)/movements", as: doctor, ["kind": "foster_return", "onDay": day]))
                    == "movement_not_possible")

                let out = try await send(app, .POST, "/animals/\(rex)/movements", as: doctor, ["kind": "foster", "onDay": day, "personId": hanna.uuidString])
                #expect(out.status == .created)
                #expect(try decode(SSModels.AnimalMovementDTO.self, out).personId == hanna)
                var animal = try #require(try await Animal.find(rex, on: app.db))
                #expect(animal.status == "in_foster" && animal.enclosureID == nil)
                // Still the shelter's: in the list of animals in its care, not in its enclosure.
                #expect(try await read([SSModels.AnimalDTO].self, app, .GET, "/animals", as: doctor).map(\.id).contains(rex))
                #expect(codeOf(try await send(app, .POST, "/animals/\(rex)/movements", as: doctor, ["kind": "foster", "onDay": day, "personId": hanna.uuidString]))
                    == "movement_not_possible")
                #expect(codeOf(try await send(app, .PUT, "/animals/\(rex)/enclosure", as: doctor, ["enclosureId": enclosure.uuidString])) != nil)

                #expect(try await send(app, .POST, "/animals/\(rex)/movements", as: doctor,
                                       ["kind": "foster_return", "onDay": day, "personId": hanna.uuidString]).status == .created)
                animal = try #require(try await Animal.find(rex, on: app.db))
                #expect(animal.status == "in_shelter" && animal.enclosureID == nil)
                #expect(try await send(app, .PUT, "/animals/\(rex)/enclosure", as: doctor, ["enclosureId": enclosure.uuidString]).status == .ok)

                let history = try await read(SSModels.PersonDetailDTO.self, app, .GET, "/people/\(hanna)", as: doctor)
                #expect(Set(history.movements.map(\.kind)) == ["foster", "foster_return"] && history.movements.allSatisfy { $0.animalName == "Рекс" })

                // The animal's history names the fosterer for those who read people records,
                // and only for them.
                let storekeeper = try await staff(app, .storekeeper, name: "Петро")
                for (person, seesName) in [(doctor, true), (storekeeper, false)] {
                    let browser = TestBrowser(app)
                    _ = try await browser.post("/shelter/login", form: ["email": person.login, "password": password])
                    let page = try await browser.get("/shelter/animals/\(rex.uuidString.lowercased())")
                    #expect(page.status == .ok)
                    let html = page.body.string
                    // (The doctor's movement form lists people too; the link is the history's.)
                    #expect(html.contains(#"/shelter/people/\#(hanna.uuidString.lowercased())">Ганна Левченко</a>"#) == seesName)
                    if !seesName { #expect(!html.contains("Ганна Левченко")) }
                }
            }
        }

        @Test("a fostered animal may be adopted by its fosterer straight from foster care")
        func fosterToAdoption() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let rex = try await A.takeIn(app, by: doctor, name: "Рекс")
                let hanna = try await Self.fosterer(app, by: doctor)
                let day = A.today(app)
                #expect(try await send(app, .POST, "/animals/\(rex)/movements", as: doctor, ["kind": "foster", "onDay": day, "personId": hanna.uuidString]).status == .created)
                #expect(try await send(app, .POST, "/animals/\(rex)/movements", as: doctor, ["kind": "adoption", "onDay": day, "personId": hanna.uuidString]).status == .created)
                #expect(try await Animal.find(rex, on: app.db)?.status == "adopted")
            }
        }
    }
}

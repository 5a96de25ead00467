import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// The password prompt keeps the director's change: the prompt comes in place of the
    /// form, holds its fields, and typing the password carries the change out.
    @Suite("The password prompt keeps the change")
    struct ConfirmInPlaceTests {
        /// A director signed in on the web, their window closed.
        func directorBrowser(_ app: Application) async throws -> (Person, TestBrowser) {
            let director = try await staff(app, .director, name: "Оксана")
            let browser = TestBrowser(app)
            let signIn = try await browser.post("/shelter/login", form: ["email": director.login, "password": password])
            #expect(signIn.status == .seeOther)
            return (director, browser)
        }

        @Test("a role: asked, a wrong password changes nothing, the right one gives the role")
        func roleChange() async throws {
            try await withShelter { app in
                let (_, browser) = try await directorBrowser(app)
                let newcomer = try await staff(app, .pending, name: "Антон")
                let action = "/shelter/staff/\(newcomer.id.uuidString.lowercased())/role"
                func role() async throws -> String? { try await Account.find(newcomer.id, on: app.db)?.role }

                let asked = try await browser.post(action, form: ["role": "storekeeper"])
                #expect(asked.status == .forbidden && asked.body.string.contains("Зміну ще не збережено"))
                #expect(asked.body.string.contains(#"<form method="post" action="\#(action)">"#))
                #expect(asked.body.string.contains(#"<input type="hidden" name="role" value="storekeeper">"#))
                #expect(try await role() == ShelterRole.pending.rawValue)

                let wrong = try await browser.post(action, form: ["role": "storekeeper", "confirm_password": "not-the-password"])
                #expect(wrong.status == .unprocessableEntity && wrong.body.string.contains("Поточний пароль неправильний."))
                #expect(wrong.body.string.contains(#"<input type="hidden" name="role" value="storekeeper">"#))
                #expect(try await role() == ShelterRole.pending.rawValue)

                let done = try await browser.post(action, form: ["role": "storekeeper", "confirm_password": password])
                #expect(done.status == .seeOther && done.headers.first(name: .location) == "/shelter/staff")
                #expect(try await role() == ShelterRole.storekeeper.rawValue)
                let page = try await browser.get("/shelter/staff").body.string
                #expect(page.contains("Роль Антон змінено."))
            }
        }

        @Test("a new enclosure: its typed name survives the prompt, and the enclosure is made")
        func newEnclosure() async throws {
            try await withShelter { app in
                let (_, browser) = try await directorBrowser(app)
                let asked = try await browser.post("/shelter/enclosures", form: ["name": "Котячий дім", "description": "Другий поверх"])
                #expect(asked.status == .forbidden && asked.body.string.contains(#"name="name" value="Котячий дім""#))
                #expect(try await Enclosure.query(on: app.db).count() == 0)
                let done = try await browser.post("/shelter/enclosures",
                                                  form: ["name": "Котячий дім", "description": "Другий поверх", "confirm_password": password])
                #expect(done.status == .seeOther)
                let made = try #require(try await Enclosure.query(on: app.db).first())
                #expect(made.name == "Котячий дім" && made.description == "Другий поверх")
                #expect(done.headers.first(name: .location) == ShelterWeb.enclosurePath(made.id!))
            }
        }

        @Test("an order decision: the approval is carried through the prompt")
        func orderDecision() async throws {
            try await withShelter { app in
                let (_, browser) = try await directorBrowser(app)
                let storekeeper = try await staff(app, .storekeeper)
                let item = try await read(WithID.self, app, .POST, "/items", as: storekeeper, ["name": "Бинти", "unit": "шт.", "lowThreshold": 10])
                let order = try await read(WithID.self, app, .POST, "/orders", as: storekeeper, ["itemId": item.id.uuidString, "amount": 100])
                let action = "/shelter/warehouse/orders/\(order.id.uuidString.lowercased())/decision"
                let asked = try await browser.post(action, form: ["approve": "1"])
                #expect(asked.status == .forbidden && asked.body.string.contains(#"name="approve" value="1""#))
                #expect(try await StockOrder.find(order.id, on: app.db)?.status == "requested")
                let done = try await browser.post(action, form: ["approve": "1", "confirm_password": password])
                #expect(done.status == .seeOther)
                #expect(try await StockOrder.find(order.id, on: app.db)?.status == "approved")
            }
        }

        @Test("a doctor's change never asks for the password")
        func onlyDirectorsAreAsked() async throws {
            try await withShelter { app in
                let doctor = try await staff(app, .doctor)
                let browser = TestBrowser(app)
                _ = try await browser.post("/shelter/login", form: ["email": doctor.login, "password": password])
                let setup = try await enclosureWithSensor(app, by: try await confirmedDirector(app))
                let conditions = ["minTemperature": "10", "maxTemperature": "25", "minHumidity": "30", "maxHumidity": "60", "minWater": "15"]
                let saved = try await browser.post("/shelter/enclosures/\(setup.enclosure.uuidString.lowercased())/conditions", form: conditions)
                #expect(saved.status == .seeOther)
            }
        }
    }
}

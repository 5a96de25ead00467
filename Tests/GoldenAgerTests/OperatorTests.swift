import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// A coordinator serving people who phone: finds them, orders, changes and cancels for
    /// them, signs them up and gives them a code to set their password; all audit-logged,
    /// and only for the cities their organisation serves.
    @Suite("Operator mode")
    struct OperatorTests {
        struct Desk {
            let coordinator: Person
            let pensioner: Person
            let elsewhere: Person
        }

        /// A coordinator of an organisation serving Kyiv, a Kyiv pensioner, and a Lviv one
        /// (served by another organisation).
        static func desk(_ app: Application) async throws -> Desk {
            let mine = try await makeOrganisation(app, "Життєлюб", cities: ["kyiv"])
            try await makeOrganisation(app, "Львівські руки", cities: ["lviv"])
            return Desk(coordinator: try await register(app, .coordinator, organisation: mine),
                        pensioner: try await register(app, .pensioner), elsewhere: try await register(app, .pensioner, city: "lviv"))
        }

        @Test("a caller is found by phone in any spelling, only among the pensioners of the coordinator's cities")
        func find() async throws {
            try await withGoldenAger { app in
                let desk = try await Self.desk(app)
                let digits = Array(desk.pensioner.phone.dropFirst(2))  // 0XXXXXXXXX
                let spoken = "+38 (\(String(digits[0...2]))) \(String(digits[3...5]))-\(String(digits[6...7]))-\(String(digits[8...9]))"
                let found = try await send(app, .GET, "/pensioners?phone=\(spoken.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)", as: desk.coordinator)
                #expect(found.status == .ok, "\(found.body.string)")
                #expect(try decode(APIModels.LinkedPersonDTO.self, found).id == desk.pensioner.id)
                #expect(try await send(app, .GET, "/pensioners?phone=\(desk.elsewhere.phone)", as: desk.coordinator).status == .notFound)
                #expect(try await send(app, .GET, "/pensioners?phone=\(desk.pensioner.phone)", as: desk.pensioner).status == .forbidden)
                #expect(try await send(app, .GET, "/pensioners?phone=\(desk.elsewhere.phone)", as: try await makeAdmin(app)).status == .ok)
            }
        }

        @Test("orders, changes and cancels for a caller: the order says who placed it, each step is audit-logged; another city's caller is not found")
        func orderForCaller() async throws {
            try await withGoldenAger { app in
                let desk = try await Self.desk(app)
                let template = try await firstTemplate(app).requireID().uuidString
                let refused = try await send(app, .POST, "/tasks", as: desk.coordinator, body: ["templateId": template, "pensionerId": desk.elsewhere.id.uuidString])
                #expect(refused.status == .notFound)
                #expect(try problemCode(refused) == "pensioner_not_found")
                let missing = try await send(app, .POST, "/tasks", as: desk.coordinator, body: ["templateId": template])
                #expect(missing.status == .unprocessableEntity)
                let placed = try await send(app, .POST, "/tasks", as: desk.coordinator,
                                            body: ["templateId": template, "pensionerId": desk.pensioner.id.uuidString, "preferredDate": "tomorrow"])
                #expect(placed.status == .created, "\(placed.body.string)")
                let task = try decode(APIModels.TaskDTO.self, placed)
                let seen = try decode(APIModels.TaskDTO.self, try await send(app, .GET, "/tasks/\(task.id)", as: desk.pensioner))
                #expect(seen.orderedBy?.id == desk.coordinator.id)

                let page = TestBrowser(app)
                #expect(try await page.post("/golden-ager/login", form: ["phone": desk.pensioner.phone, "password": "secret-1"]).status == .seeOther)
                #expect(try await page.get("/golden-ager/orders/\(task.id)").text.contains("Замовив(ла) за вас координатор"))

                let other = try await register(app, .coordinator, city: "lviv", organisation: try await makeOrganisation(app, "Львівські руки"))
                #expect(try await send(app, .POST, "/tasks/\(task.id)/cancel", as: other).status == .notFound)
                #expect(try await send(app, .POST, "/tasks/\(task.id)/complete", as: desk.coordinator).status == .forbidden,
                        "only the pensioner's side says the help came")
                let cancelled = try await send(app, .POST, "/tasks/\(task.id)/cancel", as: desk.coordinator)
                #expect(cancelled.status == .ok)
                #expect(try decode(APIModels.TaskDTO.self, cancelled).status == "cancelled")
                let logged = try await AuditEntry.query(on: app.db).filter(\.$actorID == desk.coordinator.id).all().map(\.action)
                #expect(Set(logged) == ["operator.ordered", "operator.cancelled"], "\(logged)")
            }
        }

        @Test("a caller signed up on the line sets their own password with the code read out; not in a city the coordinator does not serve")
        func signUp() async throws {
            try await withGoldenAger { app in
                let desk = try await Self.desk(app)
                let phone = await UniqueLogins.shared.phone()
                var body: [String: Any] = ["phone": phone, "firstName": "Марія", "lastName": "Коваль", "birthday": "1944-05-09",
                                           "city": "lviv", "address": "вул. Шевченка, 12, кв. 4"]
                let elsewhere = try await send(app, .POST, "/pensioners", as: desk.coordinator, body: body)
                #expect(elsewhere.status == .unprocessableEntity && elsewhere.body.string.contains("\"city\""), "\(elsewhere.body.string)")
                body["city"] = "kyiv"
                let created = try await send(app, .POST, "/pensioners", as: desk.coordinator, body: body)
                #expect(created.status == .created, "\(created.body.string)")
                let answer = try decode(APIModels.OperatorSignUp.self, created)
                #expect(answer.pensioner.firstName == "Марія" && answer.resetCode.code.count == 8)
                #expect(try await send(app, .POST, "/pensioners", as: desk.coordinator, body: body).status == .conflict, "once per phone")
                #expect(try await AuditEntry.query(on: app.db).filter(\.$action == "operator.signed_up").count() == 1)

                let used = try await sendJSON(app, .POST, "/golden-ager/api/v1/password-reset/confirm",
                                              body: ["phone": phone, "code": answer.resetCode.code, "newPassword": "moya-parolka-1"])
                #expect(used.status == .noContent, "\(used.body.string)")
                _ = try await logIn(app, phone: phone, password: "moya-parolka-1")
            }
        }

        @Test("reset codes for the pensioners of the coordinator's cities, not of others'")
        func resetCodes() async throws {
            try await withGoldenAger { app in
                let desk = try await Self.desk(app)
                #expect(try await send(app, .POST, "/accounts/\(desk.pensioner.id)/password-reset-code", as: desk.coordinator).status == .created)
                #expect(try await send(app, .POST, "/accounts/\(desk.elsewhere.id)/password-reset-code", as: desk.coordinator).status == .notFound)
            }
        }
    }
}

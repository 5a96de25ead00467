import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// Organisations serve cities; a volunteer joins only an organisation of their city.
    @Suite("Organisations serve cities")
    struct OrganisationCityTests {
        @Test("joining, and moving city or organisation, is refused where the organisation does not work; the list can be asked for a city")
        func rules() async throws {
            try await withGoldenAger { app in
                let lvivOnly = try await makeOrganisation(app, "Львівська допомога", cities: ["lviv"])
                var body: [String: Any] = ["role": "volunteer", "phone": await UniqueLogins.shared.phone(), "password": "secret-1", "firstName": "Олег",
                                           "lastName": "Тест", "birthday": "2000-01-01", "city": "kyiv", "organisationId": lvivOnly.uuidString]
                let refused = try await sendJSON(app, .POST, "/golden-ager/api/v1/accounts", body: body)
                #expect(try refused.status == .unprocessableEntity && problem(refused).fields == ["organisationId"])
                #expect(refused.body.string.contains("не працює в місті Київ"))
                #expect(try await Account.query(on: app.db).count() == 0, "nothing written")
                body["city"] = "lviv"
                #expect(try await sendJSON(app, .POST, "/golden-ager/api/v1/accounts", body: body).status == .created)

                let lviv = try decode([APIModels.OrganisationDTO].self, try await send(app, .GET, "/organisations?city=lviv", as: nil))
                #expect(lviv.map(\.id) == [lvivOnly] && lviv.first?.cities == ["lviv"])
                #expect(try decode([APIModels.OrganisationDTO].self, try await send(app, .GET, "/organisations?city=kyiv", as: nil)).isEmpty)

                // A volunteer of an organisation serving Київ only cannot move to Одеса, nor to an organisation not in their city.
                let kyivOnly = try await makeOrganisation(app, "Київська допомога", cities: ["kyiv"])
                let volunteer = try await register(app, .volunteer, organisation: kyivOnly)
                let move = try await send(app, .PATCH, "/me", as: volunteer, body: ["city": "odesa"])
                #expect(try move.status == .unprocessableEntity && problem(move).fields == ["city"])
                let switchOrganisation = try await send(app, .PATCH, "/me", as: volunteer, body: ["organisationId": lvivOnly.uuidString])
                #expect(try problem(switchOrganisation).fields == ["organisationId"])
                #expect(try await Profile.find(volunteer.id, on: app.db)?.city == "kyiv")
            }
        }

        @Test("an administrator sets an organisation's cities (at least one, audit-logged); the join step lists only the organisations of the city given")
        func administration() async throws {
            try await withGoldenAger { app in
                let organisation = try await makeOrganisation(app, "Нова", cities: ["kyiv"])
                let admin = try await makeAdmin(app)
                let browser = TestBrowser(app)
                #expect(try await browser.post("/golden-ager/login", form: ["phone": admin.login, "password": "admin-password"]).status == .seeOther)
                let page = try await browser.get("/golden-ager/admin/organisations").text
                #expect(page.contains("name=\"city-kyiv\" value=\"on\" checked") && page.contains("name=\"city-lviv\" value=\"on\">"))
                #expect(try await browser.post("/golden-ager/admin/organisations/\(organisation)/cities", form: [:]).status == .seeOther)
                #expect(try await OrganisationCities.cities(of: [organisation], on: app.db)[organisation] == ["kyiv"], "none ticked: refused")
                #expect(try await browser.post("/golden-ager/admin/organisations/\(organisation)/cities",
                                               form: ["city-lviv": "on", "city-odesa": "on"]).status == .seeOther)
                #expect(try await OrganisationCities.cities(of: [organisation], on: app.db)[organisation] == ["lviv", "odesa"])
                #expect(try await AuditEntry.query(on: app.db).filter(\.$action == "organisation.cities").count() == 1)

                // Joining in Київ: «Нова» works in Львів and Одеса now, so it is not offered.
                _ = try await makeOrganisation(app, "Київська", cities: ["kyiv"])
                let joining = TestBrowser(app)
                let answers = [("phone", await UniqueLogins.shared.phone()), ("firstName", "Олег"), ("lastName", "Тест"),
                               ("birthday", "01.01.2000"), ("city", "kyiv")]
                for (number, answer) in answers.enumerated() {
                    let step = try await joining.post("/golden-ager/join/volunteer/\(number + 1)", form: [answer.0: answer.1])
                    #expect(step.status == .seeOther, "\(answer.0): \(step.body.string.prefix(300))")
                }
                let organisationStep = try await joining.get("/golden-ager/join/volunteer/6").text
                #expect(organisationStep.contains("Київська") && !organisationStep.contains(">Нова<"))
            }
        }
    }
}

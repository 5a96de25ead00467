import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting
@testable import SmartShelter

extension ShelterTests {
    /// The director's audit trail reads as sentences and is narrowed from lists.
    @Suite("The audit trail as sentences")
    struct AuditTrailTests {
        @Test("sentences name people and records; narrowed by person, kind of record and days; for the director only")
        func sentencesAndFilters() async throws {
            try await withShelter { app in
                let director = try await confirmedDirector(app)
                let newcomer = try await staff(app, .pending, name: "Антон")
                #expect(try await send(app, .PUT, "/staff/\(newcomer.id)/role", as: director, ["role": "doctor"]).status == .ok)
                #expect(try await send(app, .POST, "/enclosures", as: director, ["name": "Котячий дім"]).status == .created)
                #expect(try await send(app, .DELETE, "/staff/\(newcomer.id)", as: director).status == .noContent)

                let browser = TestBrowser(app)
                _ = try await browser.post("/shelter/login", form: ["email": director.login, "password": password])
                let all = try await browser.get("/shelter/audit")
                #expect(all.status == .ok)
                let html = all.body.string
                #expect(html.contains("Оксана: роль «Антон» — чекає на роль → лікар"))
                #expect(html.contains("Оксана: додано вольєр «Котячий дім»"))
                #expect(html.contains("Оксана: «Антон» знято з персоналу"))
                #expect(!html.contains("staff.role") && !html.contains(newcomer.id.uuidString.lowercased() + "</"))

                let staffOnly = try await browser.get("/shelter/audit?kind=account").body.string
                #expect(staffOnly.contains("роль «Антон»") && !staffOnly.contains("Котячий дім»</p>"))
                let byNewcomer = try await browser.get("/shelter/audit?actor=\(newcomer.id.uuidString.lowercased())").body.string
                #expect(byNewcomer.contains("Змін, що відповідають вибраному, немає."))
                let tomorrow = LocalDay(Date(), in: TimeZone(identifier: "Europe/Kyiv")!).adding(days: 1).description
                #expect(try await browser.get("/shelter/audit?from=\(tomorrow)").body.string.contains("Змін, що відповідають вибраному, немає."))
                // Values that name nothing narrow nothing (and are no error).
                #expect(try await browser.get("/shelter/audit?actor=nonsense&kind=planets&from=yesterday").body.string.contains("Котячий дім"))

                let doctor = try await staff(app, .doctor)
                let doctorBrowser = TestBrowser(app)
                _ = try await doctorBrowser.post("/shelter/login", form: ["email": doctor.login, "password": password])
                #expect(try await doctorBrowser.get("/shelter/audit").status == .forbidden)
            }
        }
    }
}

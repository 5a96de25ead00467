import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// Nobody is left «Шукаємо…» where nobody can come: a city no organisation serves is
    /// named as such before anyone orders, and an order there is refused.
    @Suite("Cities nobody serves yet")
    struct ServedCityTests {
        @Test("an order where no organisation works is a 409 naming the consultation line, writing nothing; /cities says which are served")
        func api() async throws {
            try await withGoldenAger { app in
                try await makeOrganisation(app, "Київська допомога", cities: ["kyiv"])
                try await Setting(key: Setting.consultationPhone, value: "380800500335").create(on: app.db)
                let pensioner = try await register(app, .pensioner, city: "vinnytsia", served: false)
                let relative = try await register(app, .relative)
                try await link(app, relative, to: pensioner)
                let template = try await firstTemplate(app).requireID().uuidString
                for (person, extra) in [(pensioner, [:]), (relative, ["pensionerId": pensioner.id.uuidString])] as [(Person, [String: String])] {
                    let refused = try await send(app, .POST, "/tasks", as: person, body: extra.merging(["templateId": template]) { $1 })
                    #expect(try refused.status == .conflict && problem(refused).code == "city_not_served")
                    #expect(try problem(refused).detail?.contains("немає волонтерської організації") == true)
                    #expect(try problem(refused).detail?.contains(PhoneNumber.display("380800500335")) == true)
                }
                #expect(try await count(HelpTask.self, app) == 0)
                #expect(try await count(TaskTransition.self, app) == 0)

                let cities = try decode([APIModels.CityDTO].self, try await send(app, .GET, "/cities", as: nil))
                #expect(cities.count == City.all.count)
                #expect(cities.filter(\.served).map(\.id) == ["kyiv"])

                // Once an organisation takes the city on, the same order goes through.
                try await makeOrganisation(app, "Вінницькі волонтери", cities: ["vinnytsia"])
                #expect(try await send(app, .POST, "/tasks", as: pensioner, body: ["templateId": template]).status == .created)
            }
        }

        @Test("on the web: the city step warns for an unserved city at once; categories say so; a task has the line to call instead of «Замовити»")
        func web() async throws {
            try await withGoldenAger { app in
                try await makeOrganisation(app, "Київська допомога", cities: ["kyiv"])
                try await Setting(key: Setting.consultationPhone, value: "380800500335").create(on: app.db)
                let browser = TestBrowser(app)
                for step in 1...4 {
                    let answer = ["phone": await UniqueLogins.shared.phone(), "firstName": "Ганна", "lastName": "Тест", "birthday": "12.03.1948"]
                    let field = JoinPage.Step.steps(for: .pensioner)[step - 1].rawValue
                    #expect(try await browser.post("/golden-ager/join/pensioner/\(step)", form: [field: answer[field]!]).status == .seeOther)
                }
                let cityStep = try await browser.get("/golden-ager/join/pensioner/5").text
                #expect(cityStep.contains("data-warn-target=\"field-city-warning\"") && cityStep.contains("|vinnytsia|"))
                #expect(!cityStep.contains("|kyiv|") && !cityStep.contains("(?:kyiv|"))
                #expect(cityStep.contains("data-warn-message=\"У цьому місті поки немає волонтерської організації"))
                // Chosen and come back to: the warning is on the page itself.
                #expect(try await browser.post("/golden-ager/join/pensioner/5", form: ["city": "vinnytsia"]).status == .seeOther)
                let again = try await browser.get("/golden-ager/join/pensioner/5").text
                #expect(again.contains("id=\"field-city-warning\" role=\"status\">У цьому місті поки немає"))

                let pensioner = try await register(app, .pensioner, city: "vinnytsia", served: false)
                let template = try await firstTemplate(app)
                let signedIn = TestBrowser(app)
                _ = try await signedIn.post("/golden-ager/login", form: ["phone": pensioner.phone, "password": "secret-1"])
                let categories = try await signedIn.get("/golden-ager/categories").text
                #expect(categories.contains("unserved-city") && categories.contains("href=\"tel:+380800500335\""))
                let task = try await signedIn.get("/golden-ager/templates/\(template.requireID())").text
                #expect(task.contains("unserved-city") && !task.contains("action=\"/golden-ager/orders\""))
                let placed = try await signedIn.post("/golden-ager/orders", form: ["templateId": template.requireID().uuidString])
                #expect(placed.status == .conflict && placed.text.contains("Зателефонуйте на лінію консультацій"))
                #expect(try await count(HelpTask.self, app) == 0)
            }
        }

        @Test("a waiting order says how many of the city's approved volunteers are online now")
        func onlineCount() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let id = try await order(app, by: pensioner)
                let browser = TestBrowser(app)
                _ = try await browser.post("/golden-ager/login", form: ["phone": pensioner.phone, "password": "secret-1"])
                #expect(try await browser.get("/golden-ager/orders/\(id)").text.contains("Зараз ніхто з волонтерів вашого міста не на зв’язку"))

                for _ in 1...2 { try await goOnline(app, try await register(app, .volunteer)) }
                _ = try await register(app, .volunteer)  // offline
                try await goOnline(app, try await register(app, .volunteer, city: "lviv"))  // another city
                let status = try await browser.get("/golden-ager/orders/\(id)/status").text
                #expect(status.contains("Зараз на зв’язку волонтерів у вашому місті: 2."), "\(status)")
            }
        }
    }
}

import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// The smaller things a person met on the pages (issue 33's audit).
    @Suite("What the pages say")
    struct PageWordsTests {
        @Test("with an order open, the tiles and a task's page say in plain words why another cannot be placed, and link to the open one")
        func oneOrderAtATime() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let browser = TestBrowser(app)
                _ = try await browser.post("/golden-ager/login", form: ["phone": pensioner.phone, "password": "secret-1"])
                let template = try await firstTemplate(app).requireID()
                #expect(!(try await browser.get("/golden-ager/categories").text.contains("one-order")))
                let placed = try await browser.post("/golden-ager/orders", form: ["templateId": template.uuidString])
                let orderPath = try #require(placed.headers.first(name: .location))
                #expect(try await browser.get(orderPath).text.contains("Замовлення надіслано. Шукаємо волонтера."))

                let tiles = try await browser.get("/golden-ager/categories").text
                #expect(tiles.contains("Поки це замовлення не виконане чи не скасоване, нове зробити не можна."))
                let task = try await browser.get("/golden-ager/templates/\(template)").text
                #expect(task.contains("нове зробити не можна") && task.contains("href=\"\(orderPath)\""))
                #expect(!task.contains("action=\"/golden-ager/orders\""), "no button that can only fail")
                #expect(!task.contains("завдання"), "plain words on the pensioner's page")
            }
        }

        @Test("«На зв’язку» asks before going offline; going online does not ask")
        func offlineAsks() async throws {
            try await withGoldenAger { app in
                let volunteer = try await register(app, .volunteer)
                let browser = TestBrowser(app)
                _ = try await browser.post("/golden-ager/login", form: ["phone": volunteer.phone, "password": "secret-1"])
                let offline = try await browser.get("/golden-ager/inbox").text
                #expect(offline.contains("class=\"tab-toggle\"><input") && !offline.contains("Вийти зі зв’язку?"))
                try await goOnline(app, volunteer)
                let online = try await browser.get("/golden-ager/inbox").text
                #expect(online.contains("class=\"tab-toggle\" data-confirm=\"Вийти зі зв’язку? Нові завдання перестануть надходити.\""))
            }
        }
    }
}

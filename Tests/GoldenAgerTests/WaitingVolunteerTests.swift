import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// A new volunteer is never left waiting blind: whom to call, and news of the approval.
    @Suite("A volunteer waiting for approval")
    struct WaitingVolunteerTests {
        @Test("the waiting page names the organisation's coordinators with their phones, or the consultation line when it has none")
        func whomToCall() async throws {
            try await withGoldenAger { app in
                let mine = try await makeOrganisation(app, "Життєлюб")
                let empty = try await makeOrganisation(app, "Нова організація")
                try await Setting(key: Setting.consultationPhone, value: "380800500335").create(on: app.db)
                let coordinator = try await register(app, .coordinator, organisation: mine)
                _ = try await register(app, .coordinator, organisation: empty).id  // moved away below
                let waiting = try await register(app, .volunteer, organisation: mine, approved: false)
                let alone = try await register(app, .volunteer, organisation: empty, approved: false)
                try await Profile.query(on: app.db).filter(\.$role == GARole.coordinator.rawValue)
                    .filter(\.$organisation.$id == empty).set(\.$organisation.$id, to: mine).update()

                let browser = TestBrowser(app)
                _ = try await browser.post("/golden-ager/login", form: ["phone": waiting.phone, "password": "secret-1"])
                let page = try await browser.get("/golden-ager/inbox").text
                #expect(page.contains("Координатори організації «Життєлюб»"))
                #expect(page.contains("href=\"tel:+\(coordinator.phone)\"") && page.contains("Олег Тест"))

                let other = TestBrowser(app)
                _ = try await other.post("/golden-ager/login", form: ["phone": alone.phone, "password": "secret-1"])
                let lonely = try await other.get("/golden-ager/inbox/list").text
                #expect(lonely.contains("В організації «Нова організація» поки немає координатора") && lonely.contains("href=\"tel:+380800500335\""))
            }
        }

        @Test("approval is pushed once and heard live; the inbox then says so and offers «Вийти на зв’язок»")
        func approvalNews() async throws {
            try await LoopbackPushService.with { service in
                try await withGoldenAger { app in
                    let organisation = try await makeOrganisation(app)
                    let coordinator = try await register(app, .coordinator, organisation: organisation)
                    let volunteer = try await register(app, .volunteer, organisation: organisation, approved: false)
                    let device = TestDevice()
                    try await subscribe(app, volunteer, device, at: "\(service.baseURL)/push/volunteer")

                    for _ in 1...2 {
                        let approved = try await send(app, .POST, "/accounts/\(volunteer.id)/approval", as: coordinator, body: ["documentChecked": true])
                        #expect(approved.status == .ok)
                    }
                    let news = try #require(try await service.notifications(for: device, at: "volunteer").first)
                    #expect(news.title == "Вас підтверджено" && news.url == "/golden-ager/inbox")
                    let events = try await app.db.sql.raw("SELECT COUNT(*) AS n FROM kernel_events WHERE name = 'volunteer.approved' AND topic = \(bind: GoldenAgerEvents.account(volunteer.id))")
                        .first()?.decode(column: "n", as: Int.self)
                    #expect(events == 1, "approving twice tells once")

                    let browser = TestBrowser(app)
                    _ = try await browser.post("/golden-ager/login", form: ["phone": volunteer.phone, "password": "secret-1"])
                    let inbox = try await browser.get("/golden-ager/inbox").text
                    #expect(inbox.contains("Вас підтверджено. Тепер ви можете вийти на зв’язок") && inbox.contains("action=\"/golden-ager/availability\""))
                    #expect(inbox.contains("volunteer.approved"), "the page refreshes on it")
                }
            }
        }

        @Test("changing organisation: the profile form says first what it means; saving makes the volunteer pending and offline again")
        func changingOrganisation() async throws {
            try await withGoldenAger { app in
                let mine = try await makeOrganisation(app, "Життєлюб")
                let other = try await makeOrganisation(app, "Дім милосердя")
                let volunteer = try await register(app, .volunteer, organisation: mine)
                try await goOnline(app, volunteer)
                let browser = TestBrowser(app)
                _ = try await browser.post("/golden-ager/login", form: ["phone": volunteer.phone, "password": "secret-1"])
                let form = try await browser.get("/golden-ager/profile").text
                #expect(form.contains("data-warn-pattern=\"^(?!\(mine.uuidString)$).+\""))
                #expect(form.contains("data-warn-message=\"Після зміни організації вас має знову підтвердити її координатор"))
                #expect(form.contains("id=\"field-organisationId-warning\" role=\"status\"></p>"), "nothing said while unchanged")

                let moved = try await send(app, .PATCH, "/me", as: volunteer, body: ["organisationId": other.uuidString])
                #expect(moved.status == .ok, "\(moved.body.string)")
                let profile = try #require(try await Profile.find(volunteer.id, on: app.db))
                #expect(profile.approvedAt == nil && !profile.isOnline)
            }
        }
    }
}

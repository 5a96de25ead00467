import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// A volunteer is told each month's hours once it is over, and a certificate carries a
    /// code anyone can check: the organisation, the name, the month and the hours only.
    @Suite("Monthly hours and verification")
    struct MonthTests {
        static let kyiv = TimeZone(identifier: "Europe/Kyiv")!

        @Test("told once after the month ends; the certificate's code shows the month publicly, nothing else; a wrong code is 404")
        func monthAndCode() async throws {
            let clock = ManualClock(LocalDateTime.date(day: "2026-11-20", time: "10:00", in: Self.kyiv)!)
            try await LoopbackPushService.with { service in
                try await withGoldenAger(clock: clock) { app in
                    let pensioner = try await register(app, .pensioner)
                    let volunteer = try await register(app, .volunteer)
                    try await goOnline(app, volunteer)
                    let task = try await order(app, by: pensioner)
                    try await send(app, .POST, "/tasks/\(task)/accept", as: volunteer)
                    try await send(app, .POST, "/tasks/\(task)/arrive", as: volunteer)
                    clock.advance(by: 95 * 60)
                    try await send(app, .POST, "/tasks/\(task)/finish", as: volunteer)
                    try await send(app, .POST, "/tasks/\(task)/complete", as: pensioner)
                    let expected = try #require(try await HelpTask.find(task, on: app.db)?.creditedMinutes)
                    let device = TestDevice()  // subscribed now: the news of the new task is not this test's
                    try await subscribe(app, volunteer, device, at: "\(service.baseURL)/push/volunteer")

                    await housekeeping(app)
                    clock.set(LocalDateTime.date(day: "2026-12-01", time: "09:00", in: Self.kyiv)!)
                    await housekeeping(app)
                    await housekeeping(app)
                    let told = try #require(try await service.notifications(for: device, at: "volunteer").first)
                    #expect(told.title == "Ваші години: Листопад 2026", "\(told.title)")
                    #expect(told.url.hasSuffix("/hours/certificate?month=2026-11"))
                    #expect(try await service.requests(atLeast: 1, to: "volunteer").count == 1, "once")

                    let page = TestBrowser(app)
                    #expect(try await page.post("/golden-ager/login", form: ["phone": volunteer.phone, "password": "secret-1"]).status == .seeOther)
                    let certificate = try await page.get("/golden-ager/hours/certificate?month=2026-11").text
                    let code = try #require(try await MonthCertificate.query(on: app.db).filter(\.$volunteerID == volunteer.id).first()).code
                    #expect(certificate.contains("/golden-ager/verify/\(code)"))

                    let stranger = TestBrowser(app)
                    let checked = try await stranger.get("/golden-ager/verify/\(code.lowercased().prefix(5))-\(code.lowercased().dropFirst(5))")
                    #expect(checked.status == .ok)
                    let shown = checked.text
                    #expect(shown.contains("Олег Тест") && shown.contains("Життєлюб") && shown.contains("Листопад 2026"))
                    #expect(shown.contains(GoldenAgerWeb.hours(expected, Localizer(language: .uk, catalogs: [KernelStrings.catalog, GoldenAgerStrings.catalog]))))
                    #expect(!shown.contains(volunteer.phone) && !shown.contains(String(volunteer.phone.suffix(9))), "no phone number")
                    #expect(try await stranger.get("/golden-ager/verify/ABCDEFGHJK").status == .notFound)
                }
            }
        }
    }
}

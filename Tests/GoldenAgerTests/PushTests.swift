import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// What reaches a phone with the page closed (the kernel's Web Push, to a push service
    /// on loopback): a new task to the city's online volunteers; to the pensioner, who
    /// accepted and who gave the task back.
    @Suite("Push notifications")
    struct PushTests {
        @Test("a new task to the online volunteers of its city only; accepted and withdrawn to the pensioner, in their language")
        func journey() async throws {
            try await LoopbackPushService.with { service in
                try await withGoldenAger { app in
                    let pensioner = try await register(app, .pensioner)
                    let online = try await register(app, .volunteer)
                    let offline = try await register(app, .volunteer)
                    let elsewhere = try await register(app, .volunteer, city: "lviv")
                    try await goOnline(app, online)
                    try await goOnline(app, elsewhere)
                    let devices = (pensioner: TestDevice(), online: TestDevice(), offline: TestDevice(), elsewhere: TestDevice())
                    try await subscribe(app, pensioner, devices.pensioner, at: "\(service.baseURL)/push/pensioner")
                    try await subscribe(app, online, devices.online, at: "\(service.baseURL)/push/online")
                    try await subscribe(app, offline, devices.offline, at: "\(service.baseURL)/push/offline")
                    try await subscribe(app, elsewhere, devices.elsewhere, at: "\(service.baseURL)/push/elsewhere")

                    let task = try await order(app, by: pensioner)
                    // Queued in the order's transaction: there by the time the order answers.
                    let queued = try await app.db.sql.raw("SELECT COUNT(*) AS queued FROM kernel_push_outbox").first()?
                        .decode(column: "queued", as: Int.self)
                    #expect(queued == 1, "the online volunteer's notification")
                    let title = try await firstTemplate(app).titleUK
                    let offered = try #require(try await service.notifications(for: devices.online, at: "online").first)
                    #expect(offered.title == "Нове завдання: \(title)" && offered.url == "/golden-ager/tasks/\(task)")
                    #expect(!offered.body.contains("Тестова"), "no address before accepting")

                    #expect(try await send(app, .POST, "/tasks/\(task)/accept", as: online).status == .ok)
                    let accepted = try #require(try await service.notifications(for: devices.pensioner, at: "pensioner").first)
                    #expect(accepted.title == "Олег погодився допомогти" && accepted.url == "/golden-ager/orders/\(task)")

                    #expect(try await send(app, .POST, "/tasks/\(task)/withdraw", as: online, body: ["reason": "Захворів"]).status == .ok)
                    let withdrawn = try await service.notifications(for: devices.pensioner, at: "pensioner", atLeast: 2)
                    #expect(withdrawn.count == 2 && withdrawn.last?.body.contains("Захворів") == true)

                    // Only the online volunteer of Київ heard of the task.
                    let all = try await service.requests(atLeast: 3)
                    #expect(Set(all.map(\.name)).isSubset(of: ["online", "pensioner"]), "\(all.map(\.name))")
                }
            }
        }
    }
}

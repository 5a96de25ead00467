import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// A request nobody accepts is cancelled at its deadline, and the pensioner's side is
    /// warned two hours before (`TaskExpiry`).
    @Suite("Tasks nobody accepts")
    struct ExpiryTests {
        static let kyiv = TimeZone(identifier: "Europe/Kyiv")!

        static func kyivTime(_ day: String, _ time: String) -> Date {
            LocalDateTime.date(day: day, time: time, in: kyiv)!
        }

        @Test("the deadline: the end of the preferred day or part of it, at least three hours on; three days without a day")
        func deadlines() {
            let morning = Self.kyivTime("2026-12-01", "08:00")
            func deadline(_ day: String?, _ part: DayPart?, from start: Date = morning) -> Date {
                TaskExpiry.deadline(preferredDate: day, preferredPart: part, from: start, in: Self.kyiv)
            }
            #expect(deadline("2026-12-01", .afternoon) == Self.kyivTime("2026-12-01", "17:00"))
            #expect(deadline("2026-12-02", .morning) == Self.kyivTime("2026-12-02", "12:00"))
            #expect(deadline("2026-12-01", nil) == Self.kyivTime("2026-12-01", "21:00"), "a day without a part ends with the evening")
            #expect(deadline("2026-12-01", .morning, from: Self.kyivTime("2026-12-01", "11:30")) == Self.kyivTime("2026-12-01", "14:30"),
                    "ordered for this morning at half past eleven: still three hours")
            #expect(deadline(nil, .evening) == morning.addingTimeInterval(72 * 3600), "a part alone names no day")
            #expect(deadline(nil, nil) == morning.addingTimeInterval(TaskExpiry.withoutPreferredDay))
        }

        @Test("warned two hours before, once; cancelled at the deadline by no one, out of the inbox; the pensioner's side is told")
        func journey() async throws {
            let clock = ManualClock(Self.kyivTime("2026-12-01", "09:00"))
            try await LoopbackPushService.with { service in
                try await withGoldenAger(clock: clock) { app in
                    let pensioner = try await register(app, .pensioner)
                    let relative = try await register(app, .relative)
                    let volunteer = try await register(app, .volunteer)
                    try await link(app, relative, to: pensioner)
                    try await goOnline(app, volunteer)
                    let devices = (pensioner: TestDevice(), relative: TestDevice())
                    try await subscribe(app, pensioner, devices.pensioner, at: "\(service.baseURL)/push/pensioner")
                    try await subscribe(app, relative, devices.relative, at: "\(service.baseURL)/push/relative")
                    let template = try await firstTemplate(app)
                    let ordered = try await send(app, .POST, "/tasks", as: pensioner, body: [
                        "templateId": try template.requireID().uuidString, "preferredDate": "today", "preferredPart": "afternoon"])
                    let task = try decode(APIModels.TaskDTO.self, ordered)
                    #expect(task.expiresAt == Self.kyivTime("2026-12-01", "17:00"))
                    let page = TestBrowser(app)
                    #expect(try await page.post("/golden-ager/login", form: ["phone": pensioner.phone, "password": "secret-1"]).status == .seeOther)
                    #expect(try await page.get("/golden-ager/orders/\(task.id)").text.contains("Якщо ніхто не погодиться до 01.12.2026 17:00"))

                    // Three hours before: nothing yet. Two hours before: one warning, however often housekeeping runs.
                    clock.set(Self.kyivTime("2026-12-01", "14:00"))
                    await housekeeping(app)
                    #expect(try await HelpTask.find(task.id, on: app.db)?.expiryWarnedAt == nil)
                    clock.set(Self.kyivTime("2026-12-01", "15:10"))
                    await housekeeping(app)
                    await housekeeping(app)
                    let warned = try #require(try await service.notifications(for: devices.pensioner, at: "pensioner").first)
                    #expect(warned.title == "Ще шукаємо волонтера: \(template.titleUK)" && warned.body.contains("до 17:00"))
                    #expect(try await service.notifications(for: devices.relative, at: "relative").first?.title == warned.title)

                    clock.set(Self.kyivTime("2026-12-01", "17:00"))
                    await housekeeping(app)
                    let expired = try decode(APIModels.TaskDTO.self, try await send(app, .GET, "/tasks/\(task.id)", as: pensioner))
                    #expect(expired.status == "cancelled" && expired.expiresAt == nil)
                    #expect(expired.history.last?.action == "expired")
                    #expect(try await TaskTransition.query(on: app.db).filter(\.$taskID == task.id).filter(\.$action == .expired).first()?.actorID == nil)
                    let gone = try await service.notifications(for: devices.pensioner, at: "pensioner", atLeast: 2)
                    #expect(gone.count == 2 && gone.last?.title == "Замовлення скасовано: \(template.titleUK)", "\(gone.map(\.title))")
                    #expect(try await service.requests(atLeast: 4).count == 4, "one warning and one notice each, no more")
                    #expect(try decode(APIModels.Inbox.self, try await send(app, .GET, "/inbox", as: volunteer)).tasks.isEmpty)
                    #expect(try await page.get("/golden-ager/orders/\(task.id)").text.contains("ніхто з волонтерів не зміг прийти вчасно"))
                    // The pensioner can order again at once.
                    #expect(try await send(app, .POST, "/tasks", as: pensioner, body: ["templateId": try template.requireID().uuidString]).status == .created)
                }
            }
        }

        @Test("an accepted task never expires; one given back waits at least three hours more; a new preferred time restarts the wait")
        func waits() async throws {
            let clock = ManualClock(Self.kyivTime("2026-12-01", "09:00"))
            try await withGoldenAger(clock: clock) { app in
                let pensioner = try await register(app, .pensioner)
                let volunteer = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                let taskID = try await order(app, by: pensioner)
                #expect(try await HelpTask.find(taskID, on: app.db)?.expiresAt == clock.now.addingTimeInterval(72 * 3600))

                // Accepted just before the deadline, then given back: three more hours, not cancelled at the old deadline.
                clock.advance(by: 71 * 3600)
                #expect(try await send(app, .POST, "/tasks/\(taskID)/accept", as: volunteer).status == .ok)
                clock.advance(by: 1800)
                await housekeeping(app)
                #expect(try await HelpTask.find(taskID, on: app.db)?.status == .accepted)
                #expect(try await send(app, .POST, "/tasks/\(taskID)/withdraw", as: volunteer, body: ["reason": "Захворів"]).status == .ok)
                let back = try #require(try await HelpTask.find(taskID, on: app.db))
                #expect(back.status == .searching && back.expiresAt == clock.now.addingTimeInterval(TaskExpiry.minimumWait))
                clock.advance(by: 3600)
                await housekeeping(app)
                #expect(try await HelpTask.find(taskID, on: app.db)?.status == .searching)

                // A new preferred day restarts the wait and clears the warning.
                clock.advance(by: 1800)
                await housekeeping(app)
                #expect(try await HelpTask.find(taskID, on: app.db)?.expiryWarnedAt != nil)
                let changed = try await TaskService(context: GoldenAgerContext(app.services))
                    .setPreference(taskID: taskID, .init(day: "tomorrow", part: "evening"), by: try await Member(account: #require(try await Account.find(pensioner.id, on: app.db)), on: app.db))
                #expect(changed.status == .searching)
                let restarted = try #require(try await HelpTask.find(taskID, on: app.db))
                #expect(restarted.expiryWarnedAt == nil)
                let tomorrow = LocalDay(clock.now, in: Self.kyiv).adding(days: 1).description
                #expect(restarted.expiresAt == Self.kyivTime(tomorrow, "21:00"))
            }
        }
    }
}

import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// Nobody left waiting: an order nobody takes in time goes to the coordinators, who can
    /// ask a volunteer of theirs by name; and a volunteer turned down is told why.
    @Suite("Orders needing attention")
    struct AttentionTests {
        static let kyiv = TimeZone(identifier: "Europe/Kyiv")!

        static func kyivTime(_ day: String, _ time: String) -> Date {
            LocalDateTime.date(day: day, time: time, in: kyiv)!
        }

        @Test("attention is due after 30 minutes, or a third of the time to the preferred time if sooner")
        func dueTimes() {
            let nine = Self.kyivTime("2026-12-01", "09:00")
            func due(_ day: String?, _ part: DayPart?) -> Date {
                TaskAttention.due(preferredDate: day, preferredPart: part, from: nine, in: Self.kyiv)
            }
            #expect(due(nil, nil) == nine.addingTimeInterval(30 * 60))
            #expect(due("2026-12-01", .afternoon) == nine.addingTimeInterval(30 * 60), "three hours to noon: a third is longer than 30 minutes")
            #expect(due("2026-12-01", .morning) == nine, "the morning has begun: at once")
            let half = TaskAttention.due(preferredDate: "2026-12-01", preferredPart: .afternoon, from: Self.kyivTime("2026-12-01", "11:30"), in: Self.kyiv)
            #expect(half == Self.kyivTime("2026-12-01", "11:40"), "half an hour to noon: after ten minutes")
        }

        @Test("30 minutes untaken: first on the board, pushed once to the coordinators serving the city, not to others")
        func flagged() async throws {
            let clock = ManualClock(Self.kyivTime("2026-12-01", "09:00"))
            try await LoopbackPushService.with { service in
                try await withGoldenAger(clock: clock) { app in
                    let serving = try await makeOrganisation(app, "Життєлюб", cities: ["kyiv"])
                    let elsewhere = try await makeOrganisation(app, "Львівські руки", cities: ["lviv"])
                    let coordinator = try await register(app, .coordinator, organisation: serving)
                    let other = try await register(app, .coordinator, city: "lviv", organisation: elsewhere)
                    let devices = (mine: TestDevice(), other: TestDevice())
                    try await subscribe(app, coordinator, devices.mine, at: "\(service.baseURL)/push/mine")
                    try await subscribe(app, other, devices.other, at: "\(service.baseURL)/push/other")
                    let task = try await order(app, by: try await register(app, .pensioner))
                    clock.advance(by: 29 * 60)
                    await housekeeping(app)
                    #expect(try await HelpTask.find(task, on: app.db)?.attentionAt == nil)
                    clock.advance(by: 2 * 60)
                    await housekeeping(app)
                    await housekeeping(app)
                    #expect(try await HelpTask.find(task, on: app.db)?.attentionAt != nil)
                    let pushed = try #require(try await service.notifications(for: devices.mine, at: "mine").first)
                    #expect(pushed.title.hasPrefix("Ніхто не взяв") && pushed.url.hasSuffix("/golden-ager/board"))
                    #expect(try await service.requests(atLeast: 1).count == 1, "once, and not to Lviv's coordinator")

                    let board = TestBrowser(app)
                    #expect(try await board.post("/golden-ager/login", form: ["phone": coordinator.phone, "password": "secret-1"]).status == .seeOther)
                    var html = try await board.get("/golden-ager/board").text
                    #expect(html.contains("Потребує уваги (1)") && html.contains("немає ваших підтверджених волонтерів"))
                    let volunteer = try await register(app, .volunteer, organisation: serving)
                    html = try await board.get("/golden-ager/board").text
                    #expect(html.contains("/golden-ager/board/tasks/\(task)/offer") && html.contains(volunteer.id.uuidString))
                }
            }
        }

        @Test("an offer goes to an approved volunteer of the coordinator's organisation in the city, is pushed, and stays open to all")
        func offer() async throws {
            try await LoopbackPushService.with { service in
                try await withGoldenAger { app in
                    let mine = try await makeOrganisation(app, "Життєлюб")
                    let theirs = try await makeOrganisation(app, "Інші")
                    let coordinator = try await register(app, .coordinator, organisation: mine)
                    let volunteer = try await register(app, .volunteer, organisation: mine)
                    let pending = try await register(app, .volunteer, organisation: mine, approved: false)
                    let stranger = try await register(app, .volunteer, organisation: theirs)
                    let lviv = try await register(app, .volunteer, city: "lviv", organisation: mine)
                    let device = TestDevice()
                    try await subscribe(app, volunteer, device, at: "\(service.baseURL)/push/volunteer")
                    let task = try await order(app, by: try await register(app, .pensioner))
                    for refused in [pending, stranger, lviv] {
                        let answer = try await send(app, .POST, "/tasks/\(task)/offer", as: coordinator, body: ["volunteerId": refused.id.uuidString])
                        #expect(answer.status == .unprocessableEntity && answer.body.string.contains("volunteerId"), "\(answer.body.string)")
                    }
                    #expect(try await send(app, .POST, "/tasks/\(task)/offer", as: volunteer, body: ["volunteerId": volunteer.id.uuidString]).status == .forbidden)
                    let offered = try decode(APIModels.TaskDTO.self, try await send(app, .POST, "/tasks/\(task)/offer", as: coordinator,
                                                                                  body: ["volunteerId": volunteer.id.uuidString]))
                    #expect(offered.status == "searching" && offered.offeredTo == volunteer.id)
                    let pushed = try #require(try await service.notifications(for: device, at: "volunteer").first)
                    #expect(pushed.title.hasPrefix("Координатор просить вас") && pushed.url.hasSuffix("/tasks/\(task)"))
                    #expect(try await AuditEntry.query(on: app.db).filter(\.$action == "task.offered").count() == 1)
                    let page = TestBrowser(app)
                    #expect(try await page.post("/golden-ager/login", form: ["phone": volunteer.phone, "password": "secret-1"]).status == .seeOther)
                    #expect(try await page.get("/golden-ager/tasks/\(task)").text.contains("Координатор просить саме вас"))

                    // Another volunteer may still take it; then an offer is too late.
                    let quicker = try await register(app, .volunteer, organisation: theirs)
                    try await goOnline(app, quicker)
                    #expect(try await send(app, .POST, "/tasks/\(task)/accept", as: quicker).status == .ok)
                    let late = try await send(app, .POST, "/tasks/\(task)/offer", as: coordinator, body: ["volunteerId": volunteer.id.uuidString])
                    #expect(late.status == .conflict && late.body.string.contains("task_taken"))
                }
            }
        }

        @Test("a volunteer turned down is told why (push, waiting page); only while waiting; by their organisation's coordinator")
        func rejection() async throws {
            try await LoopbackPushService.with { service in
                try await withGoldenAger { app in
                    let mine = try await makeOrganisation(app, "Життєлюб")
                    let coordinator = try await register(app, .coordinator, organisation: mine)
                    let outsider = try await register(app, .coordinator, organisation: try await makeOrganisation(app, "Інші"))
                    let volunteer = try await register(app, .volunteer, organisation: mine, approved: false)
                    let device = TestDevice()
                    try await subscribe(app, volunteer, device, at: "\(service.baseURL)/push/volunteer")
                    let path = "/accounts/\(volunteer.id)/rejection"
                    #expect(try await send(app, .POST, path, as: coordinator, body: ["reason": ""]).status == .unprocessableEntity)
                    #expect(try await send(app, .POST, path, as: outsider, body: ["reason": "Ні"]).status == .notFound)
                    let rejected = try await send(app, .POST, path, as: coordinator, body: ["reason": "Документ не збігся з профілем"])
                    #expect(try decode(APIModels.ProfileDTO.self, rejected).rejectionReason == "Документ не збігся з профілем")
                    let pushed = try #require(try await service.notifications(for: device, at: "volunteer").first)
                    #expect(pushed.body == "Документ не збігся з профілем")
                    #expect(try await AuditEntry.query(on: app.db).filter(\.$action == "volunteer.rejected").count() == 1)
                    let page = TestBrowser(app)
                    #expect(try await page.post("/golden-ager/login", form: ["phone": volunteer.phone, "password": "secret-1"]).status == .seeOther)
                    #expect(try await page.get("/golden-ager/inbox").text.contains("Документ не збігся з профілем"))

                    try await send(app, .POST, "/accounts/\(volunteer.id)/approval", as: coordinator, body: ["documentChecked": true])
                    #expect(try decode(APIModels.ProfileDTO.self, try await send(app, .GET, "/me", as: volunteer)).rejectionReason == nil)
                    let late = try await send(app, .POST, path, as: coordinator, body: ["reason": "Пізно"])
                    #expect(late.status == .conflict && late.body.string.contains("volunteer_approved"))
                }
            }
        }
    }
}

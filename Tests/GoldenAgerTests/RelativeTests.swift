import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    /// A relative links to a pensioner with the code the pensioner's profile shows, then
    /// orders and cancels for them and sees who is coming; the pensioner sees it all.
    @Suite("Relatives")
    struct RelativeTests {
        @Test("linked by the pensioner's code, a relative orders, sees the volunteer and cancels; the pensioner sees who ordered; unlinking ends it")
        func journey() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner, city: "lviv")
                let relative = try await register(app, .relative)
                let stranger = try await register(app, .relative)
                let volunteer = try await register(app, .volunteer, city: "lviv")
                try await goOnline(app, volunteer)
                let template = try await firstTemplate(app).requireID().uuidString

                // Not linked yet: nobody to order for.
                #expect(try decode([APIModels.LinkedPersonDTO].self, try await send(app, .GET, "/relatives", as: relative)).isEmpty)
                let early = try await send(app, .POST, "/tasks", as: relative, body: ["templateId": template, "pensionerId": pensioner.id.uuidString])
                #expect(try early.status == .notFound && problem(early).code == "pensioner_not_found")

                try await link(app, relative, to: pensioner)
                #expect(try await AuditEntry.query(on: app.db).filter(\.$action == "relative.linked").count() == 1)
                let mine = try decode([APIModels.LinkedPersonDTO].self, try await send(app, .GET, "/relatives", as: relative))
                #expect(mine.map(\.id) == [pensioner.id] && mine.first?.address == "вул. Тестова, 1" && mine.first?.city == "lviv")
                let helpers = try decode([APIModels.LinkedPersonDTO].self, try await send(app, .GET, "/relatives", as: pensioner))
                #expect(helpers.map(\.id) == [relative.id] && helpers.first?.address == nil)

                // Whom for must be said; then the task is the pensioner's, in their city, ordered by the relative.
                let unsaid = try await send(app, .POST, "/tasks", as: relative, body: ["templateId": template])
                #expect(try unsaid.status == .unprocessableEntity && problem(unsaid).fields == ["pensionerId"])
                let ordered = try await send(app, .POST, "/tasks", as: relative,
                                             body: ["templateId": template, "pensionerId": pensioner.id.uuidString, "note": "До кардіолога"])
                #expect(ordered.status == .created, "\(ordered.body.string)")
                let taskID = try decode(WithID.self, ordered).id
                let task = try #require(try await HelpTask.find(taskID, on: app.db))
                #expect(task.pensionerID == pensioner.id && task.orderedBy == relative.id && task.city == "lviv" && task.note == "До кардіолога")
                #expect(try await TaskTransition.query(on: app.db).filter(\.$taskID == taskID).first()?.actorID == relative.id)

                // The pensioner sees who ordered; the pensioner's one open task holds for both.
                let seen = try decode([APIModels.TaskDTO].self, try await send(app, .GET, "/orders", as: pensioner))
                #expect(seen.map(\.id) == [taskID] && seen.first?.orderedBy?.firstName == "Андрій")
                #expect(try await send(app, .POST, "/tasks", as: pensioner, body: ["templateId": template]).status == .conflict)

                // The volunteer accepts: the relative sees who is coming, with their phone.
                #expect(try await send(app, .POST, "/tasks/\(taskID)/accept", as: volunteer).status == .ok)
                let accepted = try decode(APIModels.TaskDTO.self, try await send(app, .GET, "/tasks/\(taskID)", as: relative))
                #expect(accepted.status == "accepted" && accepted.volunteer?.phone == volunteer.phone)
                #expect(accepted.pensioner?.id == pensioner.id)
                #expect(try decode([APIModels.TaskDTO].self, try await send(app, .GET, "/orders", as: relative)).map(\.id) == [taskID])
                // A volunteer never learns which relative ordered.
                #expect(try decode(APIModels.TaskDTO.self, try await send(app, .GET, "/tasks/\(taskID)", as: volunteer)).orderedBy == nil)

                // Someone else's relative neither sees nor cancels it.
                #expect(try await send(app, .GET, "/tasks/\(taskID)", as: stranger).status == .notFound)
                #expect(try await send(app, .POST, "/tasks/\(taskID)/cancel", as: stranger).status == .notFound)
                #expect(try decode([APIModels.TaskDTO].self, try await send(app, .GET, "/orders", as: stranger)).isEmpty)

                let cancelled = try await send(app, .POST, "/tasks/\(taskID)/cancel", as: relative)
                #expect(try cancelled.status == .ok && decode(APIModels.TaskDTO.self, cancelled).status == "cancelled")

                // The pensioner removes the relative: the orders are out of their reach.
                #expect(try await send(app, .DELETE, "/relatives/\(relative.id)", as: pensioner).status == .noContent)
                #expect(try await send(app, .GET, "/tasks/\(taskID)", as: relative).status == .notFound)
                #expect(try await send(app, .POST, "/tasks", as: relative,
                                       body: ["templateId": template, "pensionerId": pensioner.id.uuidString]).status == .notFound)
                #expect(try await send(app, .DELETE, "/relatives/\(relative.id)", as: pensioner).status == .notFound)
                #expect(try await AuditEntry.query(on: app.db).filter(\.$action == "relative.unlinked").count() == 1)
            }
        }

        @Test("a code links once, for an hour; a wrong phone and a wrong code read alike; five wrong codes spoil it; a new code replaces the old")
        func codes() async throws {
            let clock = ManualClock()
            try await withGoldenAger(clock: clock) { app in
                let pensioner = try await register(app, .pensioner)
                let relative = try await register(app, .relative)
                let second = try await register(app, .relative)
                func issue() async throws -> String {
                    try decode(APIModels.RelativeCodeDTO.self, try await send(app, .POST, "/relative-code", as: pensioner)).code
                }
                func typed(_ code: String, phone: String? = nil, by person: Person? = nil) async throws -> TestingHTTPResponse {
                    try await send(app, .POST, "/relatives", as: person ?? relative, body: ["phone": phone ?? pensioner.phone, "code": code])
                }
                func wrong(_ code: String) -> String { code == "000000" ? "000001" : "000000" }

                var code = try await issue()
                #expect(code.count == 6 && code.allSatisfy(\.isNumber))
                let unknownPhone = try await typed(code, phone: "0671234567")
                let wrongCode = try await typed(wrong(code))
                #expect(try unknownPhone.status == .unprocessableEntity && problem(unknownPhone).fields == ["code"])
                let message = try problem(wrongCode).errors?.first?.message
                #expect(try problem(unknownPhone).errors?.first?.message == message, "nobody learns who uses the app")
                #expect(message?.contains("код не підходить") == true, "\(wrongCode.body.string)")
                let missing = try await send(app, .POST, "/relatives", as: relative, body: [:])
                #expect(try missing.status == .unprocessableEntity && Set(problem(missing).fields) == ["phone", "code"])

                // Typed with spaces, as it is shown; then used up.
                let spaced = "\(code.prefix(3)) \(code.suffix(3))"
                #expect(try await typed(spaced).status == .created)
                #expect(try await typed(code, by: second).status == .unprocessableEntity, "a code links one relative")

                // A new code replaces the old; it stops working after an hour.
                let old = try await issue()
                code = try await issue()
                if old != code { #expect(try await typed(old, by: second).status == .unprocessableEntity) }
                clock.advance(by: RelativeService.codeLifetime + 1)
                #expect(try await typed(code, by: second).status == .unprocessableEntity)

                // Five wrong guesses spoil a code, even for the right one after them.
                code = try await issue()
                for _ in 0..<RelativeService.codeAttempts { #expect(try await typed(wrong(code), by: second).status == .unprocessableEntity) }
                #expect(try await typed(code, by: second).status == .unprocessableEntity)
                #expect(try await RelativeLink.query(on: app.db).count() == 1)

                // Linking an already linked relative again is no error and no second link.
                code = try await issue()
                #expect(try await typed(code).status == .created)
                #expect(try await RelativeLink.query(on: app.db).count() == 1)
            }
        }

        @Test("ten relatives typing the same code at once: one is linked")
        func codeRace() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                var relatives: [Person] = []
                for _ in 0..<10 { relatives.append(try await register(app, .relative)) }
                let code = try decode(APIModels.RelativeCodeDTO.self, try await send(app, .POST, "/relative-code", as: pensioner)).code
                try await TestHarness.withLiveServer(app) { base in
                    let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                        for relative in relatives {
                            group.addTask {
                                try await app.client.post(URI(string: "\(base)/golden-ager/api/v1/relatives"), headers: relative.auth) { request in
                                    request.body = json(["phone": pensioner.phone, "code": code])
                                }.status
                            }
                        }
                        return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
                    }
                    #expect(statuses.filter { $0 == .created }.count == 1, "\(statuses)")
                    #expect(statuses.filter { $0 == .unprocessableEntity }.count == 9, "\(statuses)")
                }
                #expect(try await RelativeLink.query(on: app.db).count() == 1)
            }
        }

        @Test("what the pensioner hears, their relatives hear: live events and push")
        func relativesHear() async throws {
            try await LoopbackPushService.with { service in
                try await withGoldenAger { app in
                    let pensioner = try await register(app, .pensioner)
                    let relative = try await register(app, .relative)
                    let volunteer = try await register(app, .volunteer)
                    try await goOnline(app, volunteer)
                    try await link(app, relative, to: pensioner)
                    let device = TestDevice()
                    try await subscribe(app, relative, device, at: "\(service.baseURL)/push/relative")
                    try await TestHarness.withLiveServer(app) { base in
                        let stream = try await EventStreamReader.open("\(base)/golden-ager/api/v1/events", headers: relative.auth)
                        defer { stream.close() }
                        let task = try await order(app, by: pensioner)
                        #expect(try await send(app, .POST, "/tasks/\(task)/accept", as: volunteer).status == .ok)
                        var names: [String] = []
                        while let message = try await stream.next(timeout: .seconds(10)) {
                            names.append(message.name ?? "")
                            if message.name == "task.accepted" { break }
                        }
                        #expect(names == ["task.created", "task.accepted"], "\(names)")
                        let pushed = try #require(try await service.notifications(for: device, at: "relative").first)
                        #expect(pushed.title == "Олег погодився допомогти" && pushed.url == "/golden-ager/orders/\(task)")
                    }
                }
            }
        }

        @Test("on the web: a relative joins with a name, links with the code the pensioner's page shows, and orders for them")
        func web() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let pensionerBrowser = TestBrowser(app)
                #expect(try await pensionerBrowser.post("/golden-ager/login", form: ["phone": pensioner.phone, "password": "secret-1"]).status == .seeOther)
                #expect(try await pensionerBrowser.get("/golden-ager/profile").text.contains("href=\"/golden-ager/relatives\""))
                let shown = try await pensionerBrowser.post("/golden-ager/relatives/code", form: [:])
                let digits = try #require(shown.text.firstMatch(of: /class="code-digits">(\d{3}) (\d{3})</))
                let code = "\(digits.1)\(digits.2)"

                // Joining as a relative asks for a phone, the names and a password only.
                let browser = TestBrowser(app)
                let phone = await UniqueLogins.shared.phone()
                for (number, answer) in [("phone", phone), ("firstName", "Андрій"), ("lastName", "Петренко"), ("password", "secret-1")].enumerated() {
                    let step = try await browser.post("/golden-ager/join/relative/\(number + 1)", form: [answer.0: answer.1])
                    #expect(step.status == .seeOther, "\(answer.0): \(step.body.string.prefix(300))")
                }
                #expect(try await browser.get("/golden-ager/join/relative/5").status == .notFound)
                // No one linked yet: the catalogue sends them to link first.
                let unlinked = try await browser.get("/golden-ager/categories")
                #expect(unlinked.status == .seeOther && unlinked.headers.first(name: .location) == "/golden-ager/relatives")

                let refused = try await browser.post("/golden-ager/relatives", form: ["phone": pensioner.phone, "code": "12"])
                #expect(refused.status == .unprocessableEntity && refused.text.contains("id=\"field-code-error\""))
                #expect(try await browser.post("/golden-ager/relatives", form: ["phone": pensioner.phone, "code": code]).status == .seeOther)
                let family = try await browser.get("/golden-ager/relatives").text
                #expect(family.contains("Ганна Тест") && family.contains("/golden-ager/relatives/\(pensioner.id)/order"))

                // Ordering: the catalogue names whom for, the order carries it.
                #expect(try await browser.post("/golden-ager/relatives/\(pensioner.id)/order", form: [:]).status == .seeOther)
                #expect(try await browser.get("/golden-ager/categories").text.contains("Замовлення для: Ганна Тест."))
                let template = try await firstTemplate(app).requireID()
                let templatePage = try await browser.get("/golden-ager/templates/\(template)").text
                #expect(templatePage.contains("name=\"pensionerId\" value=\"\(pensioner.id.uuidString)\""))
                let placed = try await browser.post("/golden-ager/orders", form: ["templateId": template.uuidString, "pensionerId": pensioner.id.uuidString])
                #expect(placed.status == .seeOther)
                let task = try #require(try await HelpTask.query(on: app.db).filter(\.$pensionerID == pensioner.id).first())
                let orderPath = "/golden-ager/orders/\(try task.requireID())"
                #expect(try await browser.get(orderPath).text.contains("Для: Ганна Тест"))
                #expect(try await pensionerBrowser.get(orderPath).text.contains("Замовив(ла) для вас: Андрій Петренко"))
                #expect(try await browser.get("/golden-ager/orders").text.contains("Ганна Тест: "))
                // The pensioner's page lists the relative; the relative's form needs no birthday or city.
                #expect(try await pensionerBrowser.get("/golden-ager/relatives").text.contains("Андрій Петренко"))
                #expect(try await browser.post("/golden-ager/profile", form: ["firstName": "Андрій", "lastName": "Коваль"]).status == .seeOther)
            }
        }
    }
}

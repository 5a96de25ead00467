import Fluent
import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinProto
import Testing
import Vapor
import VaporTesting

extension MoveJoinTests {
    /// News by e-mail through the kernel's outbox, as each person chooses per topic, with
    /// RFC 8058's one-click unsubscribe.
    @Suite("Notices by e-mail")
    struct NoticeMailTests {
        func mails(_ app: Application, to runner: Runner) async throws -> [MailOutboxRecord] {
            try await MailOutboxRecord.query(on: app.db).filter(\.$recipient == runner.email).sort(\.$createdAt).all()
        }

        func choices(_ app: Application, of runner: Runner) async throws -> NoticeChoices {
            let account = try #require(try await Account.find(runner.id, on: app.db))
            let profile = try #require(try await MoveJoinProfile.find(runner.id, on: app.db))
            return try await MoveJoinContext(app.services).notices.choices(for: Mover(account: account, profile: profile))
        }

        /// A POST as a mail app sends it: no cookie, no CSRF token, the RFC 8058 body.
        func oneClick(_ app: Application, _ path: String) async throws -> TestingHTTPResponse {
            try await app.testing().sendRequest(.POST, path, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                                body: ByteBuffer(string: "List-Unsubscribe=One-Click"))
        }

        @Test("a freed place, a change and a cancellation arrive by e-mail, each with its own one-click unsubscribe; a GET only asks")
        func mailedAndUnsubscribed() async throws {
            try await withMoveJoin { app in
                let host = try await register(app, name: "Хост")
                let event = try await createEvent(app, by: host, eventInput(title: "Футбол у парку", capacity: 2, startsIn: 2 * 86_400))
                let first = try await register(app, name: "Перша")
                let waiting = try await register(app, name: "Чекає")
                #expect(try await join(app, event, first).status == .ok)
                #expect(try await join(app, event, waiting).message(MJParticipation.self).status == .waitlisted)
                #expect(try await leave(app, event, first).status == .ok)

                let promoted = try await mails(app, to: waiting)
                #expect(promoted.map(\.subject) == ["Звільнилося місце: ви тепер учасник «Футбол у парку»."])
                let mail = try #require(promoted.first)
                #expect(mail.textBody.contains("/movejoin/events/\(event.lowercased())"), "\(mail.textBody)")
                let link = try #require(mail.unsubscribeURL)
                #expect(mail.textBody.contains(link) && mail.htmlBody.contains(link))
                #expect(try await mails(app, to: host).isEmpty, "an organiser hears of comings and goings by mail only if they choose it")

                let path = String(link[try #require(link.range(of: "/movejoin/unsubscribe/")).lowerBound...])
                let asked = try await TestBrowser(app).get(path)
                #expect(asked.status == .ok && asked.body.string.contains("Більше не надсилати вам листи «Місце для вас»?"))
                #expect(try await choices(app, of: waiting) == .standard, "opening the link (a mail scanner does) changes nothing")

                let stopped = try await oneClick(app, path)
                #expect(stopped.status == .ok && stopped.body.string.contains("листів «Місце для вас» більше не буде"), "\(stopped.body.string)")
                #expect(try await choices(app, of: waiting) == NoticeChoices(push: Set(NoticeTopic.allCases), mail: NoticeChoices.standard.mail.subtracting([.place])))
                #expect(try await oneClick(app, path).status == .ok, "a second click changes nothing more")
                #expect(try await oneClick(app, "/movejoin/unsubscribe/not-a-link").status == .notFound)
                #expect(try await oneClick(app, "/movejoin/profile/notices").status == .forbidden, "other forms keep their CSRF check")

                var input = eventInput(title: "Футбол у парку", capacity: 2, startsIn: 2 * 86_400)
                input.venue = "Стадіон «Спартак»"
                #expect(try await call(app, .PUT, "/events/\(event)", input, token: host.token).status == .ok)
                #expect(try await call(app, .POST, "/events/\(event)/cancel", token: host.token).status == .ok)
                let all = try await mails(app, to: waiting)
                #expect(all.count == 3)
                #expect(all.dropFirst().first?.subject.contains("місце") == true && all.last?.subject == "Подію «Футбол у парку» скасовано.")
                #expect(Set(all.compactMap(\.unsubscribeURL)).count == 3, "each mail has a link of its own")
            }
        }

        @Test("the settings page shows the boxes as stored and saves them; an organiser who ticks mail hears who joins, and a phone switched off hears nothing")
        func settingsPage() async throws {
            try await LoopbackPushService.with { service in
                try await withMoveJoin { app in
                    let host = try await register(app, name: "Хост")
                    let event = try await createEvent(app, by: host, eventInput(title: "Волейбол"))
                    let device = TestDevice()
                    let subscribed = try await sendJSON(app, .POST, "/movejoin/api/v1/push-subscriptions", token: host.token,
                                                        body: device.subscription("\(service.baseURL)/push/host"))
                    #expect(subscribed.status == .created)
                    let browser = TestBrowser(app)
                    _ = try await browser.post("/movejoin/login", form: ["email": host.email, "password": password])
                    let page = try await browser.get("/movejoin/profile/notices").body.string
                    #expect(page.contains(#"name="mail-place" value="on" checked"#) && page.contains(#"name="mail-people" value="on">"#), "\(page)")

                    let saved = try await browser.post("/movejoin/profile/notices", form: ["push-place": "on", "mail-people": "on"])
                    #expect(saved.status == .seeOther)
                    #expect(try await choices(app, of: host) == NoticeChoices(push: [.place], mail: [.people]))
                    let shown = try await browser.get("/movejoin/profile/notices").body.string
                    #expect(shown.contains(#"name="push-place" value="on" checked"#) && shown.contains(#"name="push-people" value="on">"#))

                    let player = try await register(app, name: "Гравець")
                    #expect(try await join(app, event, player).status == .ok)
                    #expect(try await mails(app, to: host).map(\.subject) == ["Гравець Тестова приєднується до «Волейбол»."])
                    let pushes = try await app.db.sql.raw("SELECT COUNT(*) AS n FROM kernel_push_outbox").first()?.decode(column: "n", as: Int.self)
                    #expect(pushes == 0, "the organiser switched comings and goings off on the phone")
                }
            }
        }
    }
}

import Fluent
import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import MoveJoinProto
import SwiftProtobuf
import Testing
import Vapor
import VaporTesting

extension MoveJoinTests {
    /// Questions on an event: the people in it and its organiser write; the organiser's
    /// messages are news; the organiser removes any, an author their own; a flood is refused.
    @Suite("Questions on an event")
    struct MessagesTests {
        func write(_ app: Application, _ event: String, _ runner: Runner, _ text: String) async throws -> Answer {
            var input = MJEventMessageInput()
            input.text = text
            return try await call(app, .POST, "/events/\(event)/messages", input, token: runner.token)
        }

        func messages(_ app: Application, _ event: String, as runner: Runner) async throws -> [MJEventMessage] {
            try await call(app, .GET, "/events/\(event)/messages", token: runner.token).message(MJEventMessageList.self).messages
        }

        @Test("people in the event ask, the organiser answers to everyone in it; strangers may read but not write; bad text is a 422")
        func askAndAnswer() async throws {
            try await withMoveJoin { app in
                let host = try await register(app, name: "Хост")
                let event = try await createEvent(app, by: host, eventInput(title: "Футбол", startsIn: 2 * 86_400))
                let player = try await register(app, name: "Гравець")
                let stranger = try await register(app, name: "Чужий")
                #expect(try await join(app, event, player).status == .ok)

                let asked = try await write(app, event, player, "  Чи буде м'яч?  ")
                #expect(asked.status == .created)
                #expect(try asked.message(MJEventMessage.self).text == "Чи буде м'яч?")
                #expect(try await write(app, event, stranger, "Привіт").status == .forbidden)
                #expect(try await write(app, event, player, "   ").status == .unprocessableEntity)
                #expect(try await write(app, event, player, String(repeating: "а", count: 501)).status == .unprocessableEntity)
                #expect(try await notices(app, host).map(\.kind) == [.personJoined], "a player's question is on the page, not a notice")

                #expect(try await write(app, event, host, "Так, м'яч беру я. Збір о 18:50.").status == .created)
                let heard = try await notices(app, player)
                #expect(heard.map(\.kind) == [.organiserMessage])
                #expect(heard.first?.text == "«Футбол», від організатора: Так, м'яч беру я. Збір о 18:50.")
                let read = try await messages(app, event, as: stranger)
                #expect(read.map(\.text) == ["Чи буде м'яч?", "Так, м'яч беру я. Збір о 18:50."] && read.map(\.byOrganiser) == [false, true])
                #expect(read.first?.author.name == "Гравець Тестова")
            }
        }

        @Test("the organiser removes any message, its author their own, nobody else; a removed message keeps its place, not its words")
        func remove() async throws {
            try await withMoveJoin { app in
                let host = try await register(app, name: "Хост")
                let event = try await createEvent(app, by: host, eventInput(title: "Біг", startsIn: 2 * 86_400))
                let (a, b) = (try await register(app, name: "А"), try await register(app, name: "Б"))
                for runner in [a, b] { #expect(try await join(app, event, runner).status == .ok) }
                let first = try await write(app, event, a, "Реклама!").message(MJEventMessage.self).id
                let second = try await write(app, event, a, "Вибачте").message(MJEventMessage.self).id
                #expect(try await call(app, .DELETE, "/events/\(event)/messages/\(first)", token: b.token).status == .forbidden)
                #expect(try await call(app, .DELETE, "/events/\(event)/messages/\(first)", token: host.token).status == .noContent)
                #expect(try await call(app, .DELETE, "/events/\(event)/messages/\(second)", token: a.token).status == .noContent)
                let shown = try await messages(app, event, as: b)
                #expect(shown.count == 2 && shown.allSatisfy { $0.removed && $0.text.isEmpty })
                let other = try await createEvent(app, by: host, eventInput(title: "Інша", startsIn: 2 * 86_400))
                #expect(try await call(app, .DELETE, "/events/\(other)/messages/\(first)", token: host.token).status == .notFound,
                        "a message is removed on its own event only")
            }
        }

        @Test("five messages a minute, then 429 with Retry-After, nothing written")
        func rateLimited() async throws {
            try await withMoveJoin { app in
                let host = try await register(app, name: "Хост")
                let event = try await createEvent(app, by: host, eventInput(title: "Йога", startsIn: 2 * 86_400))
                for n in 1...EventMessageService.burst { #expect(try await write(app, event, host, "Повідомлення \(n)").status == .created) }
                let refused = try await sendJSON(app, .POST, "\(api)/events/\(event)/messages", token: host.token, body: ["text": "Ще одне"])
                #expect(refused.status == .tooManyRequests && refused.headers.first(name: "Retry-After") == "60", "\(refused.body.string)")
                #expect(try await messages(app, event, as: host).count == EventMessageService.burst)
            }
        }

        @Test("on the page: the list, the form for those in the event, posting through it; none for a stranger")
        func page() async throws {
            try await withMoveJoin { app in
                let host = try await register(app, name: "Хост")
                let event = try await createEvent(app, by: host, eventInput(title: "Волейбол", startsIn: 2 * 86_400))
                let browser = TestBrowser(app)
                _ = try await browser.post("/movejoin/login", form: ["email": host.email, "password": password])
                let posted = try await browser.post("/movejoin/events/\(event)/messages", form: ["text": "Беріть воду"])
                #expect(posted.status == .seeOther)
                let page = try await browser.get("/movejoin/events/\(event)").body.string
                #expect(page.contains("<p class=\"message-body\">Беріть воду</p>") && page.contains("action=\"/movejoin/events/\(event)/messages\""))
                let stranger = try await register(app, name: "Чужий")
                let other = TestBrowser(app)
                _ = try await other.post("/movejoin/login", form: ["email": stranger.email, "password": password])
                let seen = try await other.get("/movejoin/events/\(event)").body.string
                #expect(seen.contains("Беріть воду") && !seen.contains("action=\"/movejoin/events/\(event)/messages\""))
            }
        }

        func notices(_ app: Application, _ runner: Runner) async throws -> [MJNotification] {
            try await call(app, .GET, "/notifications", token: runner.token).message(MJNotificationList.self).notifications
        }
    }
}

import Fluent
import Foundation
@testable import GoldenAger
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension GoldenAgerTests {
    @Suite("Bad input")
    struct BadInputTests {
        static func registration(_ changes: [String: Any?]) -> [String: Any] {
            var body: [String: Any] = ["role": "pensioner", "phone": "0671234567", "password": "secret-1", "firstName": "Ганна",
                                       "lastName": "Петренко", "birthday": "1948-03-12", "city": "kyiv", "address": "вул. Хрещатик, 1"]
            for (key, value) in changes { body[key] = value }
            return body
        }

        @Test("registration: each broken field is a 4xx problem naming it, in the caller's language, and nothing is written")
        func registration() async throws {
            try await withGoldenAger { app in
                let cases: [([String: Any?], String, String)] = [
                    (["phone": nil], "phone", "validation.required"),
                    (["phone": "12345"], "phone", "Напишіть український номер мобільного з 10 цифр"),
                    (["phone": "+7 912 123 45 67"], "phone", "український номер"),
                    (["password": "12345"], "password", "щонайменше 6"),
                    (["birthday": "1950-02-30"], "birthday", "Такої дати немає"),
                    (["birthday": "2090-01-01"], "birthday", "має бути в минулому"),
                    (["birthday": "вчора"], "birthday", "Такої дати немає"),
                    (["city": "atlantis"], "city", "Оберіть місто"),
                    (["firstName": String(repeating: "я", count: 61)], "firstName", "Не більше 60"),
                    (["address": String(repeating: "a", count: 201)], "address", "Не більше 200"),
                    (["address": "   "], "address", "Заповніть"),
                    (["address": "А"], "address", "Напишіть адресу повністю"),
                    (["address": "5 / 3"], "address", "Напишіть адресу повністю"),
                    (["birthday": "2020-05-01"], "birthday", "допомогу тут замовляють люди від 40 років"),
                    (["role": "volunteer", "birthday": "2020-05-01"], "birthday", "Волонтером можна стати з 14 років"),
                    (["role": "volunteer", "organisationId": nil], "organisationId", "має належати до організації"),
                    (["role": "volunteer", "organisationId": UUID().uuidString], "organisationId", "Такої організації немає"),
                    (["role": "volunteer", "organisationId": "not-a-uuid"], "organisationId", "Такої організації немає"),
                    (["role": "admin"], "role", "Оберіть роль"),
                ]
                for (changes, field, message) in cases {
                    let response = try await send(app, .POST, "/accounts", as: nil, body: Self.registration(changes))
                    #expect(response.status == .unprocessableEntity, "\(changes): \(response.body.string)")
                    let doc = try problem(response)
                    #expect(doc.code == "validation_failed")
                    #expect(doc.fields.contains(field), "\(changes) → \(doc.fields)")
                    if !message.hasPrefix("validation.") {
                        #expect(response.body.string.contains(message), "\(changes) → \(response.body.string)")
                    }
                }
                #expect(try await count(Profile.self, app) == 0)
                #expect(try await Account.query(on: app.db).count() == 0)
            }
        }

        @Test("English callers get English messages")
        func english() async throws {
            try await withGoldenAger { app in
                var headers = jsonHeaders
                headers.replaceOrAdd(name: .acceptLanguage, value: "en")
                let response = try await app.testing().sendRequest(.POST, "/golden-ager/api/v1/accounts", headers: headers,
                                                                   body: json(Self.registration(["phone": "12345"])))
                #expect(response.status == .unprocessableEntity)
                #expect(response.body.string.contains("Write a Ukrainian mobile number of 10 digits"))
            }
        }

        @Test("a phone number is registered once, whatever way it is written")
        func duplicatePhone() async throws {
            try await withGoldenAger { app in
                let first = try await send(app, .POST, "/accounts", as: nil, body: Self.registration([:]))
                #expect(first.status == .created)
                #expect(first.headers.first(name: .location) == "/golden-ager/api/v1/me")
                let again = try await send(app, .POST, "/accounts", as: nil, body: Self.registration(["phone": "+380 67 123 45 67"]))
                #expect(again.status == .conflict)
                #expect(try problemCode(again) == "login_taken")
                #expect(again.body.string.contains("Користувач з таким номером телефону уже існує"))
                #expect(try await count(Profile.self, app) == 1)
            }
        }

        @Test("malformed JSON, wrong types, unknown and malformed ids, too-long reasons: 4xx problems, nothing written")
        func malformed() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let volunteer = try await register(app, .volunteer)
                try await goOnline(app, volunteer)
                let task = try await order(app, by: pensioner)
                let tasksBefore = try await count(HelpTask.self, app)
                let transitionsBefore = try await count(TaskTransition.self, app)

                var raw = pensioner.auth
                raw.contentType = .json
                let broken = try await app.testing().sendRequest(.POST, "/golden-ager/api/v1/tasks", headers: raw, body: ByteBuffer(string: "{\"templateId\": "))
                #expect(broken.status == .badRequest)
                #expect(try problemCode(broken) == "invalid_body")
                let wrongType = try await send(app, .POST, "/tasks", as: pensioner, body: ["templateId": 42])
                #expect(wrongType.status.code >= 400 && wrongType.status.code < 500)
                _ = try problemCode(wrongType)
                let missing = try await send(app, .POST, "/tasks", as: pensioner, body: [:])
                #expect(missing.status == .unprocessableEntity)
                let unknownTemplate = try await send(app, .POST, "/tasks", as: pensioner, body: ["templateId": UUID().uuidString])
                #expect(unknownTemplate.status == .notFound)
                #expect(try problemCode(unknownTemplate) == "template_not_found")
                let consultation = try #require(try await Category.query(on: app.db).filter(\.$isConsultation == true).first())
                #expect(try await send(app, .GET, "/categories/\(consultation.requireID())/templates", as: nil).status == .ok)

                for path in ["/tasks/\(UUID())", "/tasks/not-a-uuid", "/categories/nope/templates", "/categories/\(UUID())/templates"] {
                    let response = try await send(app, .GET, path, as: pensioner)
                    #expect(response.status == .notFound, "\(path)")
                    _ = try problemCode(response)
                }
                #expect(try await send(app, .POST, "/tasks/\(UUID())/accept", as: volunteer).status == .notFound)
                #expect(try await send(app, .POST, "/tasks/not-a-uuid/cancel", as: pensioner).status == .notFound)

                #expect(try await send(app, .POST, "/tasks/\(task)/accept", as: volunteer).status == .ok)
                let long = try await send(app, .POST, "/tasks/\(task)/withdraw", as: volunteer, body: ["reason": String(repeating: "x", count: 501)])
                #expect(long.status == .unprocessableEntity)
                let empty = try await send(app, .POST, "/tasks/\(task)/withdraw", as: volunteer, body: ["reason": "  "])
                #expect(empty.status == .unprocessableEntity)
                let noBody = try await send(app, .POST, "/tasks/\(task)/withdraw", as: volunteer, body: [:])
                #expect(noBody.status == .unprocessableEntity)
                #expect(try await HelpTask.find(task, on: app.db)?.status == .accepted, "a refused withdrawal leaves the task as it was")

                let availability = try await send(app, .PUT, "/availability", as: volunteer, body: ["online": "yes"])
                #expect(availability.status == .badRequest)
                #expect(try await send(app, .PUT, "/availability", as: volunteer, body: [:]).status == .unprocessableEntity)
                for query in ["from=2026-13-01", "from=yesterday", "to=2026-02-30", "from=2026-05-01&to=2026-04-01"] {
                    let response = try await send(app, .GET, "/hours?\(query)", as: volunteer)
                    #expect(response.status == .unprocessableEntity, "\(query)")
                }
                let badProfile = try await send(app, .PATCH, "/me", as: pensioner, body: ["birthday": "31.02.1950", "firstName": ""])
                #expect(badProfile.status == .unprocessableEntity)
                #expect(try await Profile.find(pensioner.id, on: app.db)?.firstName == "Ганна", "nothing of a refused update is saved")
                let wrongRole = try await send(app, .PATCH, "/me", as: pensioner, body: ["organisationId": UUID().uuidString])
                #expect(wrongRole.status == .unprocessableEntity)

                #expect(try await count(HelpTask.self, app) == tasksBefore)
                #expect(try await count(TaskTransition.self, app) == transitionsBefore + 1, "only the accept was written")
            }
        }

        @Test("sign-in: wrong password is 401 without saying which part was wrong; repeated failures are throttled")
        func signIn() async throws {
            try await withGoldenAger { app in
                let pensioner = try await register(app, .pensioner)
                let wrong = try await send(app, .POST, "/session", as: nil, body: ["phone": pensioner.phone, "password": "nope-nope"])
                #expect(wrong.status == .unauthorized)
                let unknown = try await send(app, .POST, "/session", as: nil, body: ["phone": "0991234567", "password": "nope-nope"])
                #expect(unknown.status == .unauthorized)
                #expect(try decode(Problem.self, wrong).detail == (try decode(Problem.self, unknown).detail))
                // Another written form of the same number signs in.
                let display = PhoneNumber.display(pensioner.phone)
                #expect(try await send(app, .POST, "/session", as: nil, body: ["phone": display, "password": "secret-1"]).status == .ok)
                // Five failures for the number from this address (the sign-in above cleared the first).
                for _ in 0..<5 { _ = try await send(app, .POST, "/session", as: nil, body: ["phone": pensioner.phone, "password": "nope-nope"]) }
                let throttled = try await send(app, .POST, "/session", as: nil, body: ["phone": pensioner.phone, "password": "secret-1"])
                #expect(throttled.status == .tooManyRequests)
                #expect(throttled.headers.first(name: .retryAfter) != nil)
            }
        }
    }
}

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
    @Suite("Bad input: a 4xx Error message in the client's encoding and language, nothing written")
    struct BadInputTests {
        @Test("malformed bodies and wrong types are 400 in both encodings", arguments: [
            ("application/json", Array("{\"email\": ".utf8)),
            ("application/json", Array("{\"email\": 42, \"password\": \"x\"}".utf8)),
            ("application/json", Array("[1, 2, 3]".utf8)),
            ("application/x-protobuf", [0x0A, 0xFF, 0xFF]),
            ("application/x-protobuf", [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]),
        ] as [(String, [UInt8])])
        func malformed(_ contentType: String, _ bytes: [UInt8]) async throws {
            try await withMoveJoin { app in
                let before = try await tableCounts(app)
                for accept in ["application/json", "application/x-protobuf"] {
                    let answer = try await callRaw(app, .POST, "/accounts", bytes: bytes, contentType: contentType, accept: accept)
                    #expect(answer.status == .badRequest, "\(answer.text)")
                    #expect(answer.contentType.hasPrefix(accept))
                    #expect(try answer.error.code == "invalid_body")
                }
                #expect(try await tableCounts(app) == before)
            }
        }

        @Test("a newer client's message (a field this server does not know) and an older one's (without the optional ones) are read in both encodings")
        func newerAndOlderClients() async throws {
            try await withMoveJoin { app in
                // Newer: an event with a field the server does not know yet, number 99 in binary.
                let runner = try await register(app)
                var event = eventInput(title: "Новіший клієнт")
                event.latitude = 50.45
                event.longitude = 30.52
                let binary = try event.serializedBytes() + [0x98, 0x06, 0x01]  // field 99, varint 1
                var json = try #require(try JSONSerialization.jsonObject(with: Data(event.jsonUTF8Data())) as? [String: Any])
                json["minimumPlayers"] = 6
                for (contentType, bytes) in [("application/x-protobuf", binary), ("application/json", Array(try JSONSerialization.data(withJSONObject: json)))] {
                    let answer = try await callRaw(app, .POST, "/events", bytes: bytes, contentType: contentType, token: runner.token)
                    #expect(answer.status == .created, "\(contentType): \(answer.text)")
                }
                // Older: no capacity and no skill level (the defaults, 10 and any), nor a place on the map.
                var older = eventInput(title: "Старіший клієнт")
                older.capacity = 0
                older.skillLevel = .unspecified
                for wire in Wire.allCases {
                    let answer = try await call(app, .POST, "/events", older, token: runner.token, wire: wire)
                    #expect(answer.status == .created, "\(wire): \(answer.text)")
                }
                // Unknown fields are ignored, not a way around a rule: a known one missing is still named.
                let missing = try await callRaw(app, .POST, "/events", bytes: Array(#"{"title": "Без решти", "futureField": true}"#.utf8),
                                                contentType: "application/json", token: runner.token)
                let fields = try missing.error.violations.map(\.field)
                #expect(missing.status == .unprocessableEntity && fields.contains("sportTypeId"), "\(fields)")
            }
        }

        @Test("an unsupported content type is 415 with an Error message")
        func mediaType() async throws {
            try await withMoveJoin { app in
                let answer = try await callRaw(app, .POST, "/accounts", bytes: Array("email=a".utf8), contentType: "application/x-www-form-urlencoded")
                #expect(answer.status == .unsupportedMediaType)
                #expect(try answer.error.code == "unsupported_media_type")
            }
        }

        @Test("registration rules, each named, in Ukrainian and English", arguments: Wire.allCases)
        func registration(_ wire: Wire) async throws {
            try await withMoveJoin { app in
                var request = MJRegisterRequest()
                request.email = "not an email"
                request.password = "short"
                request.passwordRepeat = "different"
                request.name = String(repeating: "я", count: 51)
                request.cityID = "atlantis"
                let uk = try await call(app, .POST, "/accounts", request, wire: wire)
                #expect(uk.status == .unprocessableEntity)
                let error = try uk.error
                #expect(error.code == "validation_failed")
                #expect(error.violations.map(\.field) == ["email", "password", "passwordRepeat", "name", "surname", "cityId"])
                #expect(error.violations.first?.message.contains("електронної пошти") == true)
                let en = try await call(app, .POST, "/accounts", request, wire: wire, language: "en")
                #expect(try en.error.violations.first?.message.contains("e-mail address") == true)
                #expect(try await tableCounts(app).allEmpty)
            }
        }

        @Test("a taken e-mail is 409 and writes nothing")
        func takenEmail() async throws {
            try await withMoveJoin { app in
                let first = try await register(app)
                var request = MJRegisterRequest()
                request.email = first.email.uppercased()
                request.password = password
                request.passwordRepeat = password
                request.name = "Інша"
                request.surname = "Людина"
                request.cityID = "lviv"
                let before = try await tableCounts(app)
                let answer = try await call(app, .POST, "/accounts", request, wire: .json)
                #expect(answer.status == .conflict && answer.errorCode == "login_taken")
                #expect(try await tableCounts(app) == before)
            }
        }

        @Test("event values out of range, a NUL in text, unknown ids and enum numbers: 4xx, nothing written", arguments: Wire.allCases)
        func events(_ wire: Wire) async throws {
            try await withMoveJoin { app in
                let runner = try await register(app)
                let before = try await tableCounts(app)
                var input = eventInput(capacity: 500, duration: 5)
                input.title = String(repeating: "x", count: 81)
                input.sportTypeID = "quidditch"
                input.startTime = Google_Protobuf_Timestamp(date: Date().addingTimeInterval(-60))
                let answer = try await call(app, .POST, "/events", input, token: runner.token, wire: wire)
                #expect(answer.status == .unprocessableEntity)
                #expect(try Set(answer.error.violations.map(\.field)) == ["sportTypeId", "title", "startTime", "durationMinutes", "capacity"])

                // PostgreSQL cannot store a NUL in text: refused as a field, not failed as a statement.
                var nul = eventInput(title: "Біг\u{0}")
                nul.venue = "Парк\u{0}"
                let nulAnswer = try await call(app, .POST, "/events", nul, token: runner.token, wire: wire)
                #expect(nulAnswer.status == .unprocessableEntity)
                #expect(try Set(nulAnswer.error.violations.map(\.field)) == ["title", "venue"])

                var strange = eventInput()
                strange.skillLevel = .UNRECOGNIZED(9)
                if wire == .binary {
                    let enumAnswer = try await call(app, .POST, "/events", strange, token: runner.token, wire: wire)
                    #expect(enumAnswer.status == .unprocessableEntity && enumAnswer.errorField == "skillLevel")
                }

                for path in ["/events/\(UUID())", "/events/not-a-uuid", "/events/\(UUID())/participants"] {
                    let missing = try await call(app, .GET, path, token: runner.token, wire: wire)
                    #expect(missing.status == .notFound && missing.errorCode == "event_not_found", "\(path)")
                }
                for path in ["/events/\(UUID())/join", "/events/\(UUID())/leave", "/events/\(UUID())/cancel"] {
                    let missing = try await call(app, .POST, path, token: runner.token, wire: wire)
                    #expect(missing.status == .notFound, "\(path)")
                }
                let badSearch = try await call(app, .GET, "/events?city=atlantis&pageToken=garbage", token: runner.token, wire: wire)
                #expect(badSearch.status == .unprocessableEntity)
                let tokenSearch = try await call(app, .GET, "/events?pageToken=garbage", token: runner.token, wire: wire)
                #expect(tokenSearch.status == .unprocessableEntity && tokenSearch.errorField == "pageToken")
                let noEndpoint = try await call(app, .GET, "/nothing-here", token: runner.token, wire: wire)
                #expect(noEndpoint.status == .notFound && noEndpoint.errorCode == "no_such_endpoint")
                #expect(try await tableCounts(app) == before)
            }
        }

        @Test("password change and profile edits are checked the same way")
        func profile() async throws {
            try await withMoveJoin { app in
                let runner = try await register(app)
                var change = MJChangePasswordRequest()
                change.currentPassword = "wrong-one"
                change.newPassword = "new-password-1"
                change.newPasswordRepeat = "new-password-1"
                let wrong = try await call(app, .PUT, "/me/password", change, token: runner.token)
                #expect(wrong.status == .unprocessableEntity && wrong.errorField == "currentPassword")
                var update = MJUpdateProfileRequest()
                update.cityID = "atlantis"
                let badCity = try await call(app, .PATCH, "/me", update, token: runner.token)
                #expect(badCity.status == .unprocessableEntity && badCity.errorField == "cityId")
                let me = try await call(app, .GET, "/me", token: runner.token).message(MJProfile.self)
                #expect(me.cityID == "kyiv")
            }
        }
    }
}

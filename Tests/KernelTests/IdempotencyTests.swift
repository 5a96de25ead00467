import Fluent
import Foundation
import HromadaTesting
import Kernel
import Testing
import Vapor
import VaporTesting

extension KernelTests {
    /// `Idempotency-Key` on the API and `_once` in forms: a retried change is done once.
    @Suite("Retries done once")
    struct IdempotencyTests {
        static func tallies(_ app: Application) async throws -> Int {
            try await SQLCount.rows(app, "kernel_audit_log WHERE action = 'demo.tally'")
        }

        static func headers(_ token: String, key: String?) -> HTTPHeaders {
            var headers = jsonHeaders
            headers.bearerAuthorization = BearerAuthorization(token: token)
            if let key { headers.add(name: "Idempotency-Key", value: key) }
            return headers
        }

        /// Sends one request `times` times at once to the live server; the answers.
        static func atOnce(_ app: Application, times: Int, headers: HTTPHeaders, body: [String: Any]) async throws -> [(HTTPStatus, String, HTTPHeaders)] {
            let buffer = json(body)
            return try await TestHarness.withLiveServer(app) { base in
                try await withThrowingTaskGroup(of: (HTTPStatus, String, HTTPHeaders).self) { group in
                    for _ in 0..<times {
                        group.addTask {
                            let answer = try await app.client.post(URI(string: base + "/demo-app/api/v1/tallies"), headers: headers) { request in
                                request.body = buffer
                            }
                            return (answer.status, answer.body.map { String(buffer: $0) } ?? "", answer.headers)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
        }

        @Test("the same key sent ten times at once: one write, and every answer is the first one")
        func raceIsDoneOnce() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let olena = try await token(app)
                let answers = try await Self.atOnce(app, times: 10, headers: Self.headers(olena, key: "order-7f3a"), body: ["note": "корм"])
                #expect(answers.allSatisfy { $0.0 == .created }, "\(answers.map { ($0.0.code, $0.1) })")
                #expect(Set(answers.map(\.1)).count == 1, "one answer, given ten times: \(Set(answers.map(\.1)))")
                #expect(answers.filter { $0.2.first(name: "Idempotent-Replayed") == "true" }.count == 9)
                #expect(try await Self.tallies(app) == 1)

                // Without a key, ten requests are ten changes.
                _ = try await Self.atOnce(app, times: 10, headers: Self.headers(olena, key: nil), body: ["note": "корм"])
                #expect(try await Self.tallies(app) == 11)
            }
        }

        @Test("a repeat a day later is new; another body with the key is a 422; another account's key is its own")
        func scopeAndBody() async throws {
            let clock = ManualClock()
            try await withDemo(clock: clock) { app in
                try await makeAccount(app)
                try await makeAccount(app, login: "taras@example.org", name: "Тарас")
                let olena = try await token(app), taras = try await token(app, login: "taras@example.org")
                func send(_ token: String, _ key: String?, _ note: String) async throws -> TestingHTTPResponse {
                    try await app.testing().sendRequest(.POST, "/demo-app/api/v1/tallies", headers: Self.headers(token, key: key), body: json(["note": note]))
                }
                let first = try await send(olena, "k-1", "корм")
                #expect(first.status == .created)
                // Reading the key's account did not sign the request in: a fast path still
                // signs the caller in inside its own statement (it took the slow path before).
                #expect(first.headers.first(name: "Demo-One-Trip") == "true")
                let again = try await send(olena, "k-1", "корм")
                #expect(again.status == .created && again.body.string == first.body.string)
                #expect(again.headers.first(name: "Idempotent-Replayed") == "true")
                #expect(try await Self.tallies(app) == 1)

                let otherBody = try await send(olena, "k-1", "вода")
                #expect(otherBody.status == .unprocessableEntity)
                #expect(try problemCode(otherBody) == "idempotency_key_reused")
                #expect(try problem(otherBody).detail == "Цей ключ повтору вже використано для іншого запиту. Для нового запиту візьміть новий ключ.")

                #expect(try await send(taras, "k-1", "корм").status == .created, "another account's key")
                #expect(try await Self.tallies(app) == 2)

                let badKey = try await send(olena, String(repeating: "x", count: 256), "корм")
                #expect(try badKey.status == .badRequest && problemCode(badKey) == "invalid_idempotency_key")

                clock.advance(by: 24 * 3600 + 1)
                #expect(try await send(olena, "k-1", "корм").headers.first(name: "Idempotent-Replayed") == nil, "a day later the key is new")
                #expect(try await Self.tallies(app) == 3)
            }
        }

        @Test("the key is marked in the work's transaction: work rolled back lets a retry do it, work committed is never done twice")
        func markedWithTheWork() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let olena = try await token(app)
                func send(_ key: String, _ fail: String) async throws -> TestingHTTPResponse {
                    // The same bytes each time, as a retrying client sends them.
                    let body = ByteBuffer(string: #"{"note": "корм", "fail": "\#(fail)"}"#)
                    return try await app.testing().sendRequest(.POST, "/demo-app/api/v1/tallies", headers: Self.headers(olena, key: key), body: body)
                }
                // Failed inside the transaction: nothing written, the key let go.
                #expect(try await send("k-inside", "inside").status == .internalServerError)
                #expect(try await Self.tallies(app) == 0)
                #expect(try await SQLCount.rows(app, "kernel_idempotency_keys") == 0)

                // Failed after its transaction committed: the key stays marked, so a retry is
                // refused rather than writing again.
                #expect(try await send("k-after", "after").status == .internalServerError)
                #expect(try await Self.tallies(app) == 1)
                let marks = try await SQLRows.strings(app, "SELECT CAST(work_committed AS TEXT) FROM kernel_idempotency_keys").map { $0.lowercased() }
                #expect(marks.count == 1 && marks.allSatisfy { $0 == "1" || $0 == "true" }, "the key stays, marked: \(marks)")
                let retry = try await send("k-after", "after")
                #expect(try retry.status == .conflict && problemCode(retry) == "idempotency_key_in_use", "\(retry.status) \(retry.body.string)")
                #expect(try await Self.tallies(app) == 1)
            }
        }

        @Test("a form submitted twice with one one-time token is done once and shows the first result")
        func formDoubleSubmit() async throws {
            try await withDemo { app in
                try await makeAccount(app)
                let browser = try await signedIn(app)
                let first = try await browser.post("/demo-app/tallies", form: ["_once": "f-1"])
                #expect(first.status == .seeOther)
                let second = try await browser.post("/demo-app/tallies", form: ["_once": "f-1"])
                #expect(second.status == .seeOther && second.headers.first(name: .location) == first.headers.first(name: .location),
                        "\(second.status) \(second.body.string.prefix(300))")
                #expect(second.headers.first(name: "Idempotent-Replayed") == "true")
                #expect(second.headers.setCookie?["hromada_flash"] != nil, "the first result's message is shown again")
                #expect(try await Self.tallies(app) == 1)

                // A new token (a new page) is a new change; no token at all, too.
                #expect(try await browser.post("/demo-app/tallies", form: ["_once": "f-2"]).status == .seeOther)
                #expect(try await browser.post("/demo-app/tallies", form: [:]).status == .seeOther)
                #expect(try await Self.tallies(app) == 3)

                // Another browser with the same token is another person's form.
                let other = try await signedIn(app)
                #expect(try await other.post("/demo-app/tallies", form: ["_once": "f-1"]).headers.first(name: "Idempotent-Replayed") == nil)
                #expect(try await Self.tallies(app) == 4)
            }
        }
    }
}

import Foundation
import HromadaTesting
@testable import Kernel
import Testing
import Vapor

extension KernelTests {
    /// The PostgreSQL store of idempotency keys (`PostgresIdempotencyKeys`), which claims an
    /// API caller's key in one statement with their sign-in. The HTTP tests of
    /// `IdempotencyTests` run through it on PostgreSQL; these hold its own answers to the
    /// portable store's. On SQLite the server runs the portable store, which those cover.
    @Suite("Idempotency keys on PostgreSQL")
    struct PostgresIdempotencyKeysTests {
        static func store(_ app: Application) -> PostgresIdempotencyKeys {
            PostgresIdempotencyKeys(portable: IdempotencyKeys(db: app.db, clock: app.kernel.clock), state: app.kernel.state)
        }

        static func keyed(_ token: String, _ key: String, fingerprint: String = "same request") -> KeyedRequest {
            KeyedRequest(app: "demo-app", owner: .bearerToken(secretHash: SecretToken.hash(token)), key: key, fingerprint: fingerprint)
        }

        @Test("ten claims of one key at once: one holds it, nine get its answer; the key is the token's account's",
              .enabled(if: TestHarness.isPostgres, "the store is PostgreSQL's; the test command runs the suite again with TEST_DATABASE_URL"))
        func claimRace() async throws {
            try await withDemo { app in
                let olena = try await makeAccount(app)
                let token = try await token(app)
                let store = Self.store(app)
                let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<10 {
                        group.addTask {
                            switch try await store.claim(Self.keyed(token, "k-race")) {
                            case .proceed(let id):
                                let answer = Response(status: .created, headers: ["Content-Type": "application/json"], body: .init(string: #"{"n":1}"#))
                                try await store.settle(id, with: KeptAnswer(answer, flash: nil), forget: false)
                                return "done"
                            case .replay(let record):
                                return "\(record.status ?? 0) \(record.contentType ?? "") \(String(decoding: record.body ?? Data(), as: UTF8.self))"
                            case nil:
                                return "not covered"
                            }
                        }
                    }
                    return try await group.reduce(into: [String]()) { $0.append($1) }
                }
                #expect(outcomes.filter { $0 == "done" }.count == 1, "\(outcomes)")
                #expect(outcomes.filter { $0 == #"201 application/json {"n":1}"# }.count == 9, "\(outcomes)")
                let scopes = try await SQLRows.strings(app, "SELECT scope FROM kernel_idempotency_keys")
                #expect(scopes == ["account:\(try olena.requireID().uuidString.lowercased())"])
            }
        }

        @Test("an unknown token claims nothing; the key with another request is a 422; a kept 4xx is replayed",
              .enabled(if: TestHarness.isPostgres, "the store is PostgreSQL's; the test command runs the suite again with TEST_DATABASE_URL"))
        func refusals() async throws {
            try await withDemo { app in
                _ = try await makeAccount(app)
                let token = try await token(app)
                let store = Self.store(app)
                #expect(try await store.claim(Self.keyed("no-such-token", "k1")) == nil)
                #expect(try await SQLCount.rows(app, "kernel_idempotency_keys") == 0)

                guard case .proceed(let id) = try await store.claim(Self.keyed(token, "k1")) else {
                    Issue.record("the first claim holds the key")
                    return
                }
                let refusal = Response(status: .unprocessableEntity, body: .init(string: "no"))
                try await store.settle(id, with: KeptAnswer(refusal, flash: nil), forget: false)
                guard case .replay(let record) = try await store.claim(Self.keyed(token, "k1")) else {
                    Issue.record("the repeat gets the first answer")
                    return
                }
                #expect(record.status == 422 && record.contentType == nil && record.location == nil)
                await #expect(throws: AppError.self) { try await store.claim(Self.keyed(token, "k1", fingerprint: "another request")) }
            }
        }
    }
}

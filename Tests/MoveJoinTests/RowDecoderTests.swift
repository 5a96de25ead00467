import Fluent
import Foundation
import HromadaTesting
import Kernel
@testable import MoveJoin
import Testing
import Vapor

extension MoveJoinTests {
    /// MoveJoin's hand-written row decoder against its Fluent model: every field Fluent
    /// writes is read back.
    @Suite("MoveJoin row decoders")
    struct RowDecoderTests {
        @Test("MoveJoinProfile reads back every field Fluent wrote")
        func everyField() async throws {
            try await withMoveJoin { app in
                let account = try await app.kernel.accountService(on: app.db, passwords: app.password.async)
                    .register(app: MoveJoin.id, login: "row-check@example.com", password: "secret-pass", role: "member", displayName: "Р")
                let profile = MoveJoinProfile(accountID: try account.requireID(), name: "Ірина", surname: "Тест", cityID: "lviv",
                                              at: Date(timeIntervalSince1970: 1_800_000_000))
                profile.updatedAt = Date(timeIntervalSince1970: 1_800_000_600)
                try await RowDecoderCheck.roundTrip(profile, idColumn: "account_id", on: app.db)
            }
        }
    }
}

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
        @Test("MoveJoinProfile and SportEvent read back every field Fluent wrote")
        func everyField() async throws {
            try await withMoveJoin { app in
                let account = try await app.kernel.accountService(on: app.db, passwords: app.password.async)
                    .register(app: MoveJoin.id, login: "row-check@example.com", password: "secret-pass", role: "member", displayName: "Р")
                let profile = MoveJoinProfile(accountID: try account.requireID(), name: "Ірина", surname: "Тест", cityID: "lviv",
                                              at: Date(timeIntervalSince1970: 1_800_000_000))
                profile.updatedAt = Date(timeIntervalSince1970: 1_800_000_600)
                try await RowDecoderCheck.roundTrip(profile, idColumn: "account_id", on: app.db)

                let event = SportEvent()
                event.creatorID = try account.requireID()
                event.sportTypeID = "tennis"
                event.title = "Теніс"
                event.details = "Парна гра"
                event.cityID = "lviv"
                event.venue = "Корти на Стрийській"
                event.latitude = 49.8
                event.longitude = 24.0
                event.startsAt = Date(timeIntervalSince1970: 1_800_003_600)
                event.durationMinutes = 90
                event.capacity = 4
                event.skillLevel = .advanced
                event.status = .cancelled
                event.participantCount = 3
                event.waitlistCount = 2
                event.nextQueueNumber = 6
                event.searchText = "теніс парна гра"
                event.minPlayers = 3
                event.decideAt = Date(timeIntervalSince1970: 1_800_001_800)
                event.decision = .calledOff
                event.createdAt = Date(timeIntervalSince1970: 1_800_000_000)
                event.updatedAt = Date(timeIntervalSince1970: 1_800_000_600)
                try await RowDecoderCheck.roundTrip(event, on: app.db)
            }
        }

        @Test("every listed PostgreSQL statement is built with its sign-in guard and prepares against the schema")
        func statementsPrepare() async throws {
            try await withMoveJoin { app in
                let listed = try #require(app.kernel.apps.first { $0.descriptor.id == MoveJoin.id })
                try await StatementCheck.expectAllPrepare(listed, on: app.db)
            }
        }
    }
}

import Fluent
import Foundation
@testable import Fuctivity
import HromadaTesting
import Kernel
import Testing
import Vapor

extension FuctivityTests {
    /// Fuctivity's hand-written row decoders (`Domain/RowDecoding.swift`) against its Fluent
    /// models: every field Fluent writes is read back.
    @Suite("Fuctivity row decoders")
    struct RowDecoderTests {
        static let moment = Date(timeIntervalSince1970: 1_800_000_000)

        @Test("FuctivityProfile, RestCategory, RestActivity and Reminder read back every field Fluent wrote")
        func everyField() async throws {
            try await withFuctivity { app in
                let db = app.db
                let owner = try await app.kernel.accountService(on: db, passwords: app.password.async)
                    .register(app: Fuctivity.id, login: "row-check@example.com", password: "rest-well-1", role: "member", displayName: "Р")
                let ownerID = try owner.requireID()

                let profile = FuctivityProfile(accountID: ownerID, plan: WeekPlan(workingDays: [1, 3], workHours: 6, workStarts: 600, restHours: 2,
                                                                                   dayStarts: 420, dayEnds: 1380, timeZone: TimeZone(identifier: "Europe/Lisbon")!),
                                               at: Self.moment)
                profile.onboardedAt = Self.moment.addingTimeInterval(60)
                profile.updatedAt = Self.moment.addingTimeInterval(120)
                try await RowDecoderCheck.roundTrip(profile, idColumn: "account_id", on: db)

                let category = RestCategory(ownerID: ownerID, slug: "row-check", name: "Власна", at: Self.moment)
                category.archivedAt = Self.moment.addingTimeInterval(240)
                try await RowDecoderCheck.roundTrip(category, on: db)

                let activity = RestActivity()
                activity.ownerID = ownerID
                activity.categoryID = try category.requireID()
                activity.details = "Прогулянка"
                activity.startsAt = Self.moment
                activity.endsAt = Self.moment.addingTimeInterval(3600)
                activity.status = .done
                activity.rating = 4
                activity.ratingNote = "Добре"
                activity.deletedAt = Self.moment.addingTimeInterval(7200)
                activity.createdAt = Self.moment.addingTimeInterval(-60)
                activity.updatedAt = Self.moment.addingTimeInterval(7200)
                try await RowDecoderCheck.roundTrip(activity, on: db)

                // A reminder is minutes before the start or a moment, never both.
                let before = Reminder(activityID: try activity.requireID(), ownerID: ownerID, timing: .minutesBefore(15), start: Self.moment)
                before.pushedAt = Self.moment.addingTimeInterval(-900)
                try await RowDecoderCheck.roundTrip(before, null: ["remindAt"], on: db)
                let at = Reminder(activityID: try activity.requireID(), ownerID: ownerID, timing: .at(Self.moment.addingTimeInterval(-1800)), start: Self.moment)
                at.pushedAt = Self.moment.addingTimeInterval(-1700)
                try await RowDecoderCheck.roundTrip(at, null: ["minutesBefore"], on: db)
            }
        }

        @Test("the one-trip statements' column lists name every column of their tables, once")
        func columnLists() async throws {
            try await withFuctivity { app in
                try await RowDecoderCheck.columnList(OneTripColumns.activity, covers: RestActivity.schema, on: app.db)
                // The name's key is the name lower-cased: `RestCategory.init` works it out.
                try await RowDecoderCheck.columnList(OneTripColumns.category, covers: RestCategory.schema, derived: ["name_key"], on: app.db)
                try await RowDecoderCheck.columnList(OneTripColumns.profile, covers: FuctivityProfile.schema, on: app.db)
            }
        }

        @Test("the one-trip statements' column lists read the profile, an activity and a category as Fluent does (PostgreSQL)",
              .enabled(if: TestHarness.isPostgres, "the statements are PostgreSQL's; other databases read through the decoders above"))
        func oneTripColumns() async throws {
            try await withFuctivity { app in
                let person = try await register(app)
                let categoryID = try #require(try await RestCategory.query(on: app.db).filter(\.$slug == "walk").first()?.requireID())
                let activity = RestActivity()
                activity.ownerID = person.id
                activity.categoryID = categoryID
                activity.details = "Парк"
                activity.startsAt = Self.moment
                activity.endsAt = Self.moment.addingTimeInterval(3600)
                activity.status = .done
                activity.rating = 5
                activity.ratingNote = "Чудово"
                activity.deletedAt = Self.moment.addingTimeInterval(7200)
                activity.createdAt = Self.moment
                activity.updatedAt = Self.moment
                try await activity.create(on: app.db)
                let own = RestCategory(ownerID: person.id, slug: nil, name: "Своя", at: Self.moment)
                own.archivedAt = Self.moment.addingTimeInterval(60)
                try await own.create(on: app.db)

                func read<M: Encodable>(_ sql: String, _ id: UUID, _ decode: (inout PostgresColumns) throws -> M?) async throws -> [String: String] {
                    let row = try #require(try await RowDecoderCheck.postgresRow(sql, id: id, on: app.db))
                    var cells = PostgresColumns(row)
                    return try RowDecoderCheck.fields(try #require(try decode(&cells)))
                }
                let profile = try await read("SELECT \(OneTripColumns.profile) FROM fx_profiles p WHERE p.account_id = $1", person.id) { try $0.profile() }
                #expect(profile == (try RowDecoderCheck.fields(try #require(try await FuctivityProfile.find(person.id, on: app.db)))))
                let read1 = try await read("SELECT \(OneTripColumns.activity) FROM fx_activities WHERE id = $1", try activity.requireID()) { try $0.activity() }
                #expect(read1 == (try RowDecoderCheck.fields(try #require(try await RestActivity.find(activity.id, on: app.db)))))
                let read2 = try await read("SELECT \(OneTripColumns.category) FROM fx_categories WHERE id = $1", try own.requireID()) { try $0.category() }
                #expect(read2 == (try RowDecoderCheck.fields(try #require(try await RestCategory.find(own.id, on: app.db)))))
            }
        }

        @Test("every listed PostgreSQL statement is built with its sign-in guard and prepares against the schema")
        func statementsPrepare() async throws {
            try await withFuctivity { app in
                let listed = try #require(app.kernel.apps.first { $0.descriptor.id == Fuctivity.id })
                try await StatementCheck.expectAllPrepare(listed, on: app.db)
            }
        }
    }
}

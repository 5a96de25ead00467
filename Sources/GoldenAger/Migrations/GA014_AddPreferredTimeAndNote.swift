import Fluent

/// An order may say when suits the pensioner (a day, a part of the day) and carry a
/// short note for the volunteer («до кардіолога»): `HelpTask.preferredDate`,
/// `preferredPart`, `note`. All optional; older orders have none.
struct AddPreferredTimeAndNote: AsyncMigration {
    var name: String { "golden-ager.014.preferred-time-and-note" }

    func prepare(on database: any Database) async throws {
        // One column a statement: SQLite adds one at a time.
        for (column, type) in Self.columns {
            try await database.schema(HelpTask.schema).field(.string(column), type).update()
        }
    }

    func revert(on database: any Database) async throws {
        for (column, _) in Self.columns {
            try await database.schema(HelpTask.schema).deleteField(.string(column)).update()
        }
    }

    private static let columns: [(String, DatabaseSchema.DataType)] = [("preferred_date", .string), ("preferred_part", .string), ("note", .string)]
}

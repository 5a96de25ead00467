import Fluent

/// A simulation's conversion table may be the official one of a year, imported by an
/// administrator: the year and where it was published are kept with it, and the pages
/// say «офіційна таблиця {year}».
struct AddOfficialTables: AsyncMigration {
    var name: String { "znoshka.014.official-tables" }

    func prepare(on database: any Database) async throws {
        // One column a statement: SQLite adds one at a time.
        try await database.schema(ZnoshkaTest.schema).field("table_year", .int).update()
        try await database.schema(ZnoshkaTest.schema).field("table_source", .string).update()
    }

    func revert(on database: any Database) async throws {
        for name: FieldKey in ["table_source", "table_year"] {
            try await database.schema(ZnoshkaTest.schema).deleteField(name).update()
        }
    }
}

import Fluent
import SQLKit

/// A second description per template, written to the volunteer («Візьміть рецепт…»):
/// the pensioner's («Волонтер купить ліки… Підготуйте рецепт») read wrongly on the
/// volunteer's screens. The templates GA008 seeded get theirs (`texts`, frozen beside
/// this file); one an administrator wrote keeps showing the pensioner's text to
/// volunteers until it is given one (`TaskTemplate.volunteerDescription(in:)`).
struct AddVolunteerDescriptions: AsyncMigration {
    var name: String { "golden-ager.012.volunteer-descriptions" }

    func prepare(on database: any Database) async throws {
        // One column a statement: SQLite adds one at a time.
        try await database.schema(TaskTemplate.schema).field("volunteer_description_uk", .string).update()
        try await database.schema(TaskTemplate.schema).field("volunteer_description_en", .string).update()
        let sql = database.sql
        for text in Self.texts {
            try await sql.update(TaskTemplate.schema)
                .set("volunteer_description_uk", to: SQLBind(text.uk))
                .set("volunteer_description_en", to: SQLBind(text.en))
                .where("title_uk", .equal, SQLBind(text.titleUK))
                .run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(TaskTemplate.schema).deleteField("volunteer_description_uk").update()
        try await database.schema(TaskTemplate.schema).deleteField("volunteer_description_en").update()
    }
}

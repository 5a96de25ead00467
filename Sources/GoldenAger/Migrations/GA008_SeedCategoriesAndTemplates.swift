import Foundation
import Fluent
import SQLKit

/// The seven categories and our ready-made tasks (`templates`, frozen beside this file):
/// reference data every installation needs (admins edit them afterwards in the app).
struct SeedCategoriesAndTemplates: AsyncMigration {
    var name: String { "golden-ager.008.categories-and-templates" }

    static let categories: [(slug: String, uk: String, en: String)] = [
        ("health", "Здоров’я", "Health"),
        ("bills", "Рахунки", "Bills"),
        ("delivery", "Доставка", "Delivery"),
        ("housework", "Хатня робота", "Housework"),
        ("repair", "Ремонт", "Repair"),
        ("other", "Інше", "Other"),
        ("consultation", "Консультація", "Consultation"),
    ]

    func prepare(on database: any Database) async throws {
        try await database.transaction { db in
            // The columns of this migration, not the models': the models grow with later
            // migrations (GA012 adds the volunteer's texts to templates).
            var ids: [String: UUID] = [:]
            for (position, entry) in Self.categories.enumerated() {
                let id = UUID()
                ids[entry.slug] = id
                try await db.sql.insert(into: Category.schema)
                    .columns("id", "slug", "name_uk", "name_en", "position", "is_consultation")
                    .values(SQLBind(id), SQLBind(entry.slug), SQLBind(entry.uk), SQLBind(entry.en), SQLBind(position + 1),
                            SQLBind(entry.slug == "consultation"))
                    .run()
            }
            var positions: [String: Int] = [:]
            for template in Self.templates {
                guard let categoryID = ids[template.category] else { continue }
                let position = (positions[template.category] ?? 0) + 1
                positions[template.category] = position
                try await db.sql.insert(into: TaskTemplate.schema)
                    .columns("id", "category_id", "title_uk", "title_en", "description_uk", "description_en", "minutes", "position")
                    .values(SQLBind(UUID()), SQLBind(categoryID), SQLBind(template.titleUK), SQLBind(template.titleEN),
                            SQLBind(template.descriptionUK), SQLBind(template.descriptionEN), SQLBind(template.minutes), SQLBind(position))
                    .run()
            }
        }
    }

    func revert(on database: any Database) async throws {
        try await TaskTemplate.query(on: database).delete()
        try await Category.query(on: database).delete()
    }
}

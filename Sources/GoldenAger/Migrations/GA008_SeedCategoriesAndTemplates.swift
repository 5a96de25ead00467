import Foundation
import Fluent
import SQLKit

/// The seven categories and our ready-made tasks: reference data every installation
/// needs (admins edit them afterwards in the app).
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
            var ids: [String: UUID] = [:]
            for (position, entry) in Self.categories.enumerated() {
                let category = Category(slug: entry.slug, nameUK: entry.uk, nameEN: entry.en, position: position + 1,
                                        isConsultation: entry.slug == "consultation")
                try await category.create(on: db)
                ids[entry.slug] = try category.requireID()
            }
            var positions: [String: Int] = [:]
            for seed in TemplateCatalog.all {
                guard let categoryID = ids[seed.category] else { continue }
                let position = (positions[seed.category] ?? 0) + 1
                positions[seed.category] = position
                // The columns of this migration, not the model's: the model grows with later
                // migrations (GA012 adds the volunteer's texts).
                try await db.sql.insert(into: TaskTemplate.schema)
                    .columns("id", "category_id", "title_uk", "title_en", "description_uk", "description_en", "minutes", "position")
                    .values(SQLBind(UUID()), SQLBind(categoryID), SQLBind(seed.titleUK), SQLBind(seed.titleEN), SQLBind(seed.descriptionUK),
                            SQLBind(seed.descriptionEN), SQLBind(seed.minutes), SQLBind(position))
                    .run()
            }
        }
    }

    func revert(on database: any Database) async throws {
        try await TaskTemplate.query(on: database).delete()
        try await Category.query(on: database).delete()
    }
}

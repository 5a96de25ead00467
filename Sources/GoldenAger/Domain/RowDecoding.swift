import Fluent
import Foundation
import Kernel
import SQLKit

// The rows the inbox and every signed-in page read, filled column by column instead of
// through Fluent's reflection (see Kernel's `RowDecodable`).

extension Category: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> Category {
        let category = Category(slug: try row.decode(column: prefix + "slug", as: String.self),
                                nameUK: try row.decode(column: prefix + "name_uk", as: String.self),
                                nameEN: try row.decode(column: prefix + "name_en", as: String.self),
                                position: try row.decode(column: prefix + "position", as: Int.self),
                                isConsultation: try row.decode(column: prefix + "is_consultation", as: Bool.self))
        category.id = try row.decode(column: prefix + "id", as: UUID.self)
        category.$id.exists = true
        return category
    }
}

extension TaskTemplate: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> TaskTemplate {
        let template = TaskTemplate(categoryID: try row.decode(column: prefix + "category_id", as: UUID.self),
                                    titleUK: try row.decode(column: prefix + "title_uk", as: String.self),
                                    titleEN: try row.decode(column: prefix + "title_en", as: String.self),
                                    descriptionUK: try row.decode(column: prefix + "description_uk", as: String.self),
                                    descriptionEN: try row.decode(column: prefix + "description_en", as: String.self),
                                    minutes: try row.decode(column: prefix + "minutes", as: Int.self),
                                    position: try row.decode(column: prefix + "position", as: Int.self))
        template.id = try row.decode(column: prefix + "id", as: UUID.self)
        template.archivedAt = try row.optional(prefix + "archived_at")
        template.volunteerDescriptionUK = try row.optional(prefix + "volunteer_description_uk")
        template.volunteerDescriptionEN = try row.optional(prefix + "volunteer_description_en")
        template.$id.exists = true
        return template
    }

    /// Templates by id with their categories, in two queries.
    static func withCategories(_ ids: some Collection<UUID>, on db: any Database) async throws -> [UUID: TaskTemplate] {
        guard !ids.isEmpty else { return [:] }
        let sql = db.sql
        let templates = try await sql.select().column("*").from(schema).where("id", .in, SQLBind.group(Array(Set(ids)))).all()
            .map { try decode($0) }
        let categoryIDs = Array(Set(templates.map(\.$category.id)))
        let categories = try await sql.select().column("*").from(Category.schema).where("id", .in, SQLBind.group(categoryIDs)).all()
            .map { try Category.decode($0) }
        let categoriesByID = Dictionary(uniqueKeysWithValues: categories.map { ($0.id!, $0) })
        for template in templates { template.$category.value = categoriesByID[template.$category.id] }
        return Dictionary(uniqueKeysWithValues: templates.map { ($0.id!, $0) })
    }
}

extension HelpTask: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> HelpTask {
        let task = HelpTask(templateID: try row.decode(column: prefix + "template_id", as: UUID.self),
                            pensionerID: try row.decode(column: prefix + "pensioner_id", as: UUID.self),
                            city: try row.decode(column: prefix + "city", as: String.self),
                            minutes: try row.decode(column: prefix + "minutes", as: Int.self),
                            createdAt: try row.decode(column: prefix + "created_at", as: Date.self))
        task.id = try row.decode(column: prefix + "id", as: UUID.self)
        task.volunteerID = try row.optional(prefix + "volunteer_id")
        task.status = try row.stored(prefix + "status")
        task.acceptedAt = try row.optional(prefix + "accepted_at")
        task.closedAt = try row.optional(prefix + "closed_at")
        task.creditedMinutes = try row.optional(prefix + "credited_minutes")
        task.preferredDate = try row.optional(prefix + "preferred_date")
        task.preferredPart = try row.optional(prefix + "preferred_part", as: String.self).flatMap(DayPart.init(rawValue:))
        task.note = try row.optional(prefix + "note")
        task.orderedBy = try row.optional(prefix + "ordered_by")
        task.expiresAt = try row.optional(prefix + "expires_at")
        task.expiryWarnedAt = try row.optional(prefix + "expiry_warned_at")
        task.arrivedAt = try row.optional(prefix + "arrived_at")
        task.finishedAt = try row.optional(prefix + "finished_at")
        task.doorCode = try row.optional(prefix + "door_code")
        task.attentionDueAt = try row.optional(prefix + "attention_due_at")
        task.attentionAt = try row.optional(prefix + "attention_at")
        task.offeredTo = try row.optional(prefix + "offered_to")
        task.offeredAt = try row.optional(prefix + "offered_at")
        task.$id.exists = true
        return task
    }
}

extension Profile: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> Profile {
        let profile = Profile()
        profile.id = try row.decode(column: prefix + "account_id", as: UUID.self)
        profile.role = try row.decode(column: prefix + "role", as: String.self)
        profile.firstName = try row.decode(column: prefix + "first_name", as: String.self)
        profile.lastName = try row.decode(column: prefix + "last_name", as: String.self)
        profile.phone = try row.decode(column: prefix + "phone", as: String.self)
        profile.birthday = try row.decode(column: prefix + "birthday", as: String.self)
        profile.city = try row.decode(column: prefix + "city", as: String.self)
        profile.address = try row.optional(prefix + "address")
        profile.$organisation.id = try row.optional(prefix + "organisation_id")
        profile.isOnline = try row.decode(column: prefix + "is_online", as: Bool.self)
        profile.onlineSince = try row.optional(prefix + "online_since")
        profile.updatedAt = try row.decode(column: prefix + "updated_at", as: Date.self)
        profile.approvedAt = try row.optional(prefix + "approved_at")
        profile.approvedBy = try row.optional(prefix + "approved_by")
        profile.rejectionReason = try row.optional(prefix + "rejection_reason")
        profile.suspendedAt = try row.optional(prefix + "suspended_at")
        profile.$id.exists = true
        return profile
    }
}

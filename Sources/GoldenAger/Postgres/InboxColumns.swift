import FluentPostgresDriver
import Foundation
import Kernel

/// The columns of each table the inbox statements read, in the order their decoders below
/// read them (`RowDecoderTests` holds each list to its table and model).
enum InboxColumns {
    static let task = """
        id, template_id, pensioner_id, volunteer_id, status, city, minutes, created_at, accepted_at, closed_at, \
        credited_minutes, preferred_date, preferred_part, note, ordered_by, expires_at, expiry_warned_at, \
        arrived_at, finished_at, door_code, attention_due_at, attention_at, offered_to, offered_at
        """
    static let template = "id, category_id, title_uk, title_en, description_uk, description_en, minutes, position, archived_at, volunteer_description_uk, volunteer_description_en"
    static let profile = "account_id, role, first_name, last_name, phone, birthday, city, address, organisation_id, is_online, online_since, updated_at, approved_at, approved_by, rejection_reason, suspended_at"

    static func count(_ columns: String) -> Int { columns.split(separator: ",").count }

    static func qualified(_ columns: String, _ table: String) -> String {
        Kernel.PostgresColumns.qualified(columns, by: table)
    }
}

extension Kernel.PostgresColumns {
    /// `InboxColumns.task`; nil when its columns are NULL (an outer join found none).
    mutating func task() throws -> HelpTask? {
        guard let id = try next(UUID?.self) else {
            skip(InboxColumns.count(InboxColumns.task) - 1)
            return nil
        }
        let templateID: UUID = try next(), pensionerID: UUID = try next(), volunteerID: UUID? = try next()
        let status: TaskStatus = try next(), city: String = try next(), minutes: Int = try next(), createdAt: Date = try next()
        let task = HelpTask(templateID: templateID, pensionerID: pensionerID, city: city, minutes: minutes, createdAt: createdAt)
        task.id = id
        task.volunteerID = volunteerID
        task.status = status
        task.acceptedAt = try next()
        task.closedAt = try next()
        task.creditedMinutes = try next()
        task.preferredDate = try next()
        task.preferredPart = try next(String?.self).flatMap(DayPart.init(rawValue:))
        task.note = try next()
        task.orderedBy = try next()
        task.expiresAt = try next()
        task.expiryWarnedAt = try next()
        task.arrivedAt = try next()
        task.finishedAt = try next()
        task.doorCode = try next()
        task.attentionDueAt = try next()
        task.attentionAt = try next()
        task.offeredTo = try next()
        task.offeredAt = try next()
        task.$id.exists = true
        return task
    }

    /// `InboxColumns.template`; nil when its columns are NULL.
    mutating func template() throws -> TaskTemplate? {
        guard let id = try next(UUID?.self) else {
            skip(InboxColumns.count(InboxColumns.template) - 1)
            return nil
        }
        let template = TaskTemplate(categoryID: try next(), titleUK: try next(), titleEN: try next(), descriptionUK: try next(),
                                    descriptionEN: try next(), minutes: try next(), position: try next())
        template.id = id
        template.archivedAt = try next()
        template.volunteerDescriptionUK = try next()
        template.volunteerDescriptionEN = try next()
        template.$id.exists = true
        return template
    }

    /// `InboxColumns.profile`; nil when its columns are NULL (no volunteer signed in).
    mutating func profile() throws -> Profile? {
        guard let id = try next(UUID?.self) else {
            skip(InboxColumns.count(InboxColumns.profile) - 1)
            return nil
        }
        let profile = Profile()
        profile.id = id
        profile.role = try next()
        profile.firstName = try next()
        profile.lastName = try next()
        profile.phone = try next()
        profile.birthday = try next()
        profile.city = try next()
        profile.address = try next()
        profile.$organisation.id = try next()
        profile.isOnline = try next()
        profile.onlineSince = try next()
        profile.updatedAt = try next()
        profile.approvedAt = try next()
        profile.approvedBy = try next()
        profile.rejectionReason = try next()
        profile.suspendedAt = try next()
        profile.$id.exists = true
        return profile
    }

    /// An offered task (`CityOffersStatement`'s columns after the version); nil on the row of an empty city.
    mutating func offeredTask() throws -> OfferedTask? {
        guard let id = try next(UUID?.self) else { return nil }
        return OfferedTask(id: id, status: try next(), city: try next(), minutes: try next(), createdAt: try next(),
                           templateID: try next(), categoryID: try next(), titleUK: try next(), titleEN: try next(),
                           descriptionUK: try next(), descriptionEN: try next(), volunteerUK: try next(), volunteerEN: try next(),
                           templateMinutes: try next(),
                           categoryUK: try next(), categoryEN: try next(), preferredDate: try next(),
                           preferredPart: try next(String?.self).flatMap(DayPart.init(rawValue:)), note: try next())
    }
}

import FluentPostgresDriver
import Foundation
import Kernel

/// What a volunteer's inbox shows: who they are, the task they hold (with its template)
/// and the open tasks of their city they have not declined, oldest first — none while
/// they are offline.
public struct VolunteerInbox: Sendable {
    public let member: Member
    public let current: HelpTask?
    public let offered: [OfferedTask]
}

/// An open task as a volunteer's inbox offers it: what is to be done and since when;
/// nobody's contact. Plain values: the inbox is read on every event of a city, and making
/// Fluent models of its rows cost more than reading them.
public struct OfferedTask: Sendable, Equatable {
    public let id: UUID
    public let status: TaskStatus
    public let city: String
    public let minutes: Int
    public let createdAt: Date
    public let templateID: UUID
    public let categoryID: UUID
    let titleUK, titleEN, descriptionUK, descriptionEN: String
    public let templateMinutes: Int
    let categoryUK, categoryEN: String

    public func title(in language: Language) -> String { language == .en ? titleEN : titleUK }
    public func description(in language: Language) -> String { language == .en ? descriptionEN : descriptionUK }
    public func categoryName(in language: Language) -> String { language == .en ? categoryEN : categoryUK }
}

extension OfferedTask {
    /// The offer of a task the portable services read.
    init(_ details: TaskDetails) {
        let task = details.task, template = details.template, category = details.category
        self.init(id: task.id!, status: task.status, city: task.city, minutes: task.minutes, createdAt: task.createdAt,
                  templateID: template.id!, categoryID: template.$category.id, titleUK: template.titleUK, titleEN: template.titleEN,
                  descriptionUK: template.descriptionUK, descriptionEN: template.descriptionEN, templateMinutes: template.minutes,
                  categoryUK: category.nameUK, categoryEN: category.nameEN)
    }
}

/// The inbox — the page volunteers keep open and refresh on every event of their city —
/// as one PostgreSQL statement that also signs the caller in, from the API (bearer token)
/// or the page (session cookie): one round trip, prepared once per connection and read
/// by position. It reads who the volunteer is, the task they hold, the version of their
/// city's open tasks (`CreateCityVersions`) and which of them they declined; the open
/// tasks themselves come from memory while that version holds (`CityOffers`). Every
/// read is guarded by the signed-in account (`SignIn.accountID`), so a caller who is not
/// a signed-in volunteer reads nothing. One row, or none for an unknown secret.
struct InboxStatement<Source: SignInSource>: PostgresPreparedStatement {
    static var name: String { "golden_ager_inbox_" + Source.name }
    static var sql: String { Source.sql + InboxColumns.body }
    static var bindingDataTypes: [PostgresDataType] { SignIn.bindingDataTypes }
    typealias Row = InboxRow

    let caller: SignInCaller
    let now: Date

    func makeBindings() throws -> PostgresBindings {
        caller.bindings(now: now, capacity: 0)
    }

    func decodeRow(_ row: PostgresRow) throws -> InboxRow {
        var columns = Kernel.PostgresColumns(row)
        let signIn = try SignIn.decode(&columns)
        let profile = try columns.profile()
        let current = try columns.task()
        // Read whether or not a task is held: the columns are there either way.
        let template = try columns.template()
        current?.$template.value = template
        return InboxRow(signIn: signIn, profile: profile, current: current,
                        cityVersion: try columns.next(Int64?.self) ?? 0, declined: try columns.next([UUID]?.self) ?? [])
    }
}

/// What `InboxStatement` read: the sign-in, and for a signed-in volunteer their profile,
/// the task they hold (with its template), their city's version and the open tasks there
/// they declined.
struct InboxRow: Sendable {
    let signIn: SignIn
    let profile: Profile?
    let current: HelpTask?
    let cityVersion: Int64
    let declined: [UUID]
}

/// The columns `InboxStatement` reads, in `PostgresColumns` order, and its body.
enum InboxColumns {
    static let task = "id, template_id, pensioner_id, volunteer_id, status, city, minutes, created_at, accepted_at, closed_at"
    static let template = "id, category_id, title_uk, title_en, description_uk, description_en, minutes, position, archived_at"
    static let profile = "account_id, role, first_name, last_name, phone, birthday, city, address, organisation_id, is_online, online_since, updated_at"

    static func count(_ columns: String) -> Int { columns.split(separator: ",").count }

    static let body = """
        , volunteer AS (
            SELECT * FROM ga_profiles WHERE account_id = (SELECT id FROM signed_in WHERE valid AND role = 'volunteer'))
        SELECT \(SignIn.columns), \(qualified(profile, "p")), \(qualified(task, "held")), \(qualified(template, "held_template")),
               (SELECT version FROM ga_city_versions WHERE city = p.city),
               ARRAY(SELECT d.task_id FROM ga_task_declines d JOIN ga_tasks t ON t.id = d.task_id
                     WHERE d.volunteer_id = p.account_id AND t.city = p.city AND t.status = 'searching')
        FROM signed_in
        LEFT JOIN volunteer p ON true
        LEFT JOIN LATERAL (
            SELECT * FROM ga_tasks WHERE volunteer_id = p.account_id AND status = 'accepted' LIMIT 1) held ON true
        LEFT JOIN ga_task_templates held_template ON held_template.id = held.template_id
        """

    private static func qualified(_ columns: String, _ table: String) -> String {
        Kernel.PostgresColumns.qualified(columns, by: table)
    }
}

/// A city's open tasks, oldest first, with the city's version read in the same snapshot
/// (0 while the city has none): what `CityOffers` keeps. Many rows, or one without a task.
struct CityOffersStatement: PostgresPreparedStatement {
    static let name = "golden_ager_city_offers"
    static let sql = """
        SELECT (SELECT version FROM ga_city_versions WHERE city = $1),
               t.id, t.status, t.city, t.minutes, t.created_at, tt.id, tt.category_id, tt.title_uk, tt.title_en,
               tt.description_uk, tt.description_en, tt.minutes, c.name_uk, c.name_en
        FROM (SELECT 1) one
        LEFT JOIN (ga_tasks t
                   JOIN ga_task_templates tt ON tt.id = t.template_id
                   JOIN ga_categories c ON c.id = tt.category_id) ON t.city = $1 AND t.status = 'searching'
        ORDER BY t.created_at
        LIMIT $2
        """
    static let bindingDataTypes: [PostgresDataType] = [.text, .int8]
    typealias Row = CityOfferRow

    let city: String
    let limit: Int

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(city)
        bindings.append(limit)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var columns = Kernel.PostgresColumns(row)
        return CityOfferRow(version: try columns.next(Int64?.self) ?? 0, offered: try columns.offeredTask())
    }
}

struct CityOfferRow: Sendable {
    let version: Int64
    let offered: OfferedTask?
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
        profile.$id.exists = true
        return profile
    }

    /// An offered task (`InboxColumns.body`'s last columns); nil on the row of an empty inbox.
    mutating func offeredTask() throws -> OfferedTask? {
        guard let id = try next(UUID?.self) else { return nil }
        return OfferedTask(id: id, status: try next(), city: try next(), minutes: try next(), createdAt: try next(),
                           templateID: try next(), categoryID: try next(), titleUK: try next(), titleEN: try next(),
                           descriptionUK: try next(), descriptionEN: try next(), templateMinutes: try next(),
                           categoryUK: try next(), categoryEN: try next())
    }
}

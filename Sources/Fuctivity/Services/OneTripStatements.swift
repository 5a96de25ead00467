import FluentPostgresDriver
import Foundation
import Kernel

// The API's three busiest calls — a week's statistics, finishing an activity and adding
// one — as one PostgreSQL statement each that also signs the caller in (`SignIn`):
// one round trip per call instead of four to seven. Additions and finishings made at the
// same moment share one statement (`Batcher`): PostgreSQL's cost of a statement is
// mostly its start-up and commit, paid once for the batch. Each is prepared once per connection
// and its rows read by position. Every read and write in them is guarded by the signed-in
// account (`SignIn.accountID`), so an unknown, expired or revoked token reads and
// changes nothing; the service then answers from the rows, and `SignInCaller.signIn` turns
// a missing sign-in into a 401 before any other answer. SQLite keeps the services' portable
// path; the test suite runs on both.

/// The activity, category and reminder columns these statements read, in `PostgresColumns` order.
enum OneTripColumns {
    static let activity = "id, owner_id, category_id, description, starts_at, ends_at, status, rating, rating_note, deleted_at, created_at, updated_at"
    static let category = "id, owner_id, slug, name, created_at"
    static let profile = """
        p.account_id, p.working_days, p.work_hours, p.work_starts, p.rest_hours, p.day_starts, p.day_ends, p.time_zone,
        p.onboarded_at, p.created_at, p.updated_at
        """

    /// An activity `table` as a view: its columns, its category's and its reminders' (as
    /// parallel arrays by firing time); `viewJoins(table)` supplies `<table>_c` and `<table>_r`.
    static func view(_ table: String) -> String {
        "\(prefixed(activity, table)), \(prefixed(category, table + "_c")), \(table)_r.ids, \(table)_r.minutes, \(table)_r.moments, \(table)_r.fires"
    }

    static func viewJoins(_ table: String) -> String {
        """
        LEFT JOIN fx_categories \(table)_c ON \(table)_c.id = \(table).category_id
        LEFT JOIN LATERAL (
            SELECT array_agg(r.id ORDER BY r.fires_at, r.id) AS ids,
                   array_agg(coalesce(r.minutes_before, -1) ORDER BY r.fires_at, r.id) AS minutes,
                   array_agg(coalesce(r.remind_at, r.fires_at) ORDER BY r.fires_at, r.id) AS moments,
                   array_agg(r.fires_at ORDER BY r.fires_at, r.id) AS fires
            FROM fx_reminders r WHERE r.activity_id = \(table).id) \(table)_r ON true
        """
    }

    static func prefixed(_ columns: String, _ table: String) -> String {
        Kernel.PostgresColumns.qualified(columns, by: table)
    }
}

extension Kernel.PostgresColumns {
    /// `OneTripColumns.profile`; nil when the account has no profile (the columns are NULL).
    mutating func profile() throws -> FuctivityProfile? {
        let id = try next(UUID?.self)
        let workingDays = try next(String?.self), workHours = try next(Int?.self), workStarts = try next(Int?.self)
        let restHours = try next(Int?.self), dayStarts = try next(Int?.self), dayEnds = try next(Int?.self)
        let timeZone = try next(String?.self), onboardedAt = try next(Date?.self)
        let createdAt = try next(Date?.self), updatedAt = try next(Date?.self)
        guard let id, let workingDays, let workHours, let workStarts, let restHours, let dayStarts, let dayEnds, let timeZone,
              let createdAt, let updatedAt else { return nil }
        let profile = FuctivityProfile()
        profile.id = id
        profile.workingDays = workingDays
        profile.workHours = workHours
        profile.workStarts = workStarts
        profile.restHours = restHours
        profile.dayStarts = dayStarts
        profile.dayEnds = dayEnds
        profile.timeZoneID = timeZone
        profile.onboardedAt = onboardedAt
        profile.createdAt = createdAt
        profile.updatedAt = updatedAt
        profile.$id.exists = true
        return profile
    }

    /// `OneTripColumns.activity`; nil when the columns are NULL (an outer join found none).
    mutating func activity() throws -> RestActivity? {
        let id = try next(UUID?.self), ownerID = try next(UUID?.self), categoryID = try next(UUID?.self)
        let details = try next(String?.self), startsAt = try next(Date?.self), endsAt = try next(Date?.self)
        let status = try next(String?.self), rating = try next(Int?.self), ratingNote = try next(String?.self)
        let deletedAt = try next(Date?.self), createdAt = try next(Date?.self), updatedAt = try next(Date?.self)
        guard let id, let ownerID, let categoryID, let details, let startsAt, let endsAt, let status, let createdAt, let updatedAt else {
            return nil
        }
        guard let stored = ActivityStatus(rawValue: status) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(status) is not an ActivityStatus"))
        }
        let activity = RestActivity()
        activity.id = id
        activity.ownerID = ownerID
        activity.categoryID = categoryID
        activity.details = details
        activity.startsAt = startsAt
        activity.endsAt = endsAt
        activity.status = stored
        activity.rating = rating
        activity.ratingNote = ratingNote
        activity.deletedAt = deletedAt
        activity.createdAt = createdAt
        activity.updatedAt = updatedAt
        activity.$id.exists = true
        return activity
    }

    /// `OneTripColumns.category`; nil when the columns are NULL.
    mutating func category() throws -> RestCategory? {
        let id = try next(UUID?.self), ownerID = try next(UUID?.self), slug = try next(String?.self)
        let name = try next(String?.self), createdAt = try next(Date?.self)
        guard let id, let createdAt else { return nil }
        let category = RestCategory(id: id, ownerID: ownerID, slug: slug, name: name, at: createdAt)
        category.$id.exists = true
        return category
    }

    /// `OneTripColumns.view`; nil when the activity columns are NULL.
    mutating func activityView() throws -> ActivityView? {
        let activity = try activity(), category = try category()
        let ids = try next([UUID]?.self) ?? [], minutes = try next([Int]?.self) ?? []
        let moments = try next([Date]?.self) ?? [], fires = try next([Date]?.self) ?? []
        guard let activity else { return nil }
        guard [minutes.count, moments.count, fires.count].allSatisfy({ $0 == ids.count }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The reminder arrays differ in length"))
        }
        let reminders = ids.indices.map { index in
            let reminder = Reminder()
            reminder.id = ids[index]
            reminder.activityID = activity.id!
            reminder.ownerID = activity.ownerID
            reminder.minutesBefore = minutes[index] < 0 ? nil : minutes[index]
            reminder.remindAt = minutes[index] < 0 ? moments[index] : nil
            reminder.firesAt = fires[index]
            reminder.$id.exists = true
            return reminder
        }
        return ActivityView(activity: activity, category: category ?? ActivityService.missingCategory(of: activity), reminders: reminders)
    }
}

/// The caller, their week plan, and what the statistics need of their activities touching
/// [`$4`, `$5`) — times, status, category and rating, with the category's slug and name —
/// in one row, as parallel arrays (NULL when there are none).
struct WeekActivitiesStatement: PostgresPreparedStatement {
    static let name = "fx_week_activities"
    static let sql = SignIn.BearerToken.sql + """
         SELECT \(SignIn.columns), p.working_days, p.work_hours, p.work_starts, p.rest_hours, p.day_starts, p.day_ends, p.time_zone,
                x.starts, x.ends, x.statuses, x.categories, x.ratings, x.slugs, x.names
        FROM signed_in
        LEFT JOIN fx_profiles p ON p.account_id = \(SignIn.accountID)
        LEFT JOIN LATERAL (
            SELECT array_agg(a.starts_at) AS starts, array_agg(a.ends_at) AS ends, array_agg(a.status) AS statuses,
                   array_agg(a.category_id) AS categories, array_agg(coalesce(a.rating, 0)) AS ratings,
                   array_agg(coalesce(c.slug, '')) AS slugs, array_agg(coalesce(c.name, '')) AS names
            FROM fx_activities a LEFT JOIN fx_categories c ON c.id = a.category_id
            WHERE a.owner_id = \(SignIn.accountID) AND a.deleted_at IS NULL
              AND a.starts_at < $5 AND a.starts_at > $4 - interval '1 day' AND a.ends_at > $4) x ON true
        """
    static let bindingDataTypes = SignIn.bindingDataTypes + [.timestamptz, .timestamptz]

    struct Row: Sendable {
        let signIn: SignIn
        /// Nil when the account has no profile.
        let plan: WeekPlan?
        let activities: [ActivityFact]
        /// Slug and name of each category the activities are in.
        let categories: [UUID: (slug: String, name: String)]
    }

    let caller: SignInCaller
    let now: Date
    let interval: DateInterval

    func makeBindings() throws -> PostgresBindings {
        var bindings = caller.bindings(now: now, capacity: 2)
        bindings.append(interval.start)
        bindings.append(interval.end)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        let signIn = try SignIn.decode(&cells)
        let workingDays = try cells.next(String?.self), workHours = try cells.next(Int?.self), workStarts = try cells.next(Int?.self)
        let restHours = try cells.next(Int?.self), dayStarts = try cells.next(Int?.self), dayEnds = try cells.next(Int?.self)
        let timeZone = try cells.next(String?.self)
        var plan: WeekPlan?
        if let workingDays, let workHours, let workStarts, let restHours, let dayStarts, let dayEnds, let timeZone {
            plan = FuctivityProfile.plan(workingDays: workingDays, workHours: workHours, workStarts: workStarts, restHours: restHours,
                                         dayStarts: dayStarts, dayEnds: dayEnds, timeZoneID: timeZone)
        }
        let starts = try cells.next([Date]?.self) ?? [], ends = try cells.next([Date]?.self) ?? []
        let statuses = try cells.next([String]?.self) ?? [], categoryIDs = try cells.next([UUID]?.self) ?? []
        let ratings = try cells.next([Int]?.self) ?? [], slugs = try cells.next([String]?.self) ?? [], names = try cells.next([String]?.self) ?? []
        guard [ends.count, statuses.count, categoryIDs.count, ratings.count, slugs.count, names.count].allSatisfy({ $0 == starts.count }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The activity arrays differ in length"))
        }
        var activities: [ActivityFact] = []
        activities.reserveCapacity(starts.count)
        var categories: [UUID: (slug: String, name: String)] = [:]
        for index in starts.indices {
            guard let status = ActivityStatus(rawValue: statuses[index]) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(statuses[index]) is not an ActivityStatus"))
            }
            activities.append(ActivityFact(interval: DateInterval(start: starts[index], end: ends[index]), status: status,
                                           categoryID: categoryIDs[index], rating: ratings[index] == 0 ? nil : ratings[index]))
            categories[categoryIDs[index]] = (slugs[index], names[index])
        }
        return Row(signIn: signIn, plan: plan, activities: activities, categories: categories)
    }
}

/// Finishes activities for many API callers at once (`ActivityService.complete(_:as:caller:)`,
/// in batches of `Batcher`), each signed in by its own token: caller `n` marks their
/// activity `$4[n]` as `$5[n]` at `$2[n]` (`done` only once it has started) when it is still
/// planned, and reads it as it was before, as a view; a row for each caller whose token is
/// known. `changed` tells whether this caller's call changed it: of any number of calls for
/// one activity, in one batch or in several at once, one does (a row is updated once per
/// statement, and the update re-checks the status it waited for).
struct CompleteActivitiesStatement: PostgresPreparedStatement {
    static let name = "fx_complete_activities"
    static let sql = """
        WITH input AS (
            SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::uuid[], $5::text[])
                WITH ORDINALITY AS i(secret_hash, now, app, activity_id, new_status, n)),
        \(SignIn.BearerToken.sql(forEachOf: "input")),
        target AS (
            SELECT i.n, i.now, i.new_status, a.* FROM input i
            JOIN signed_in ON signed_in.n = i.n AND signed_in.valid
            JOIN fx_activities a ON a.id = i.activity_id AND a.owner_id = signed_in.id AND a.deleted_at IS NULL),
        changed AS (
            UPDATE fx_activities a SET status = target.new_status, updated_at = target.now
            FROM target WHERE a.id = target.id AND a.status = 'planned' AND (target.new_status <> 'done' OR a.starts_at <= target.now)
            RETURNING target.n)
        SELECT i.n, \(SignIn.columns), EXISTS (SELECT 1 FROM changed WHERE changed.n = i.n), \(OneTripColumns.view("target"))
        FROM input i
        JOIN signed_in ON signed_in.n = i.n
        LEFT JOIN target ON target.n = i.n
        \(OneTripColumns.viewJoins("target"))
        """
    static let bindingDataTypes: [PostgresDataType] = [.textArray, .timestamptzArray, .textArray, .uuidArray, .textArray]

    /// One caller's finishing.
    struct Item: Sendable {
        let secretHash: String
        let app: String
        let now: Date
        let id: UUID
        let status: ActivityStatus
    }

    struct Row: Sendable {
        /// The caller's place in the batch, from 0.
        let index: Int
        let signIn: SignIn
        let changed: Bool
        let view: ActivityView?
    }

    let items: [Item]

    /// The rows of each item, in the items' order.
    static func run(_ items: [Item], on db: any Database) async throws -> [[Row]] {
        try OneTripBatch.rows(of: try await db.preparedRows(Self(items: items)) ?? [], items: items.count, index: \.index)
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 5)
        bindings.append(items.map(\.secretHash))
        bindings.append(items.map(\.now))
        bindings.append(items.map(\.app))
        bindings.append(items.map(\.id))
        bindings.append(items.map(\.status.rawValue))
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        return Row(index: try cells.next(Int.self) - 1, signIn: try SignIn.decode(&cells), changed: try cells.next(Bool.self),
                   view: try cells.activityView())
    }
}

/// What the batched statements share.
enum OneTripBatch {
    /// `rows` grouped by the item each belongs to (`index`), in the items' order.
    static func rows<Row>(of rows: [Row], items: Int, index: (Row) -> Int) throws -> [[Row]] {
        var grouped = Array(repeating: [Row](), count: items)
        for row in rows {
            guard grouped.indices.contains(index(row)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "A row for item \(index(row)) of \(items)"))
            }
            grouped[index(row)].append(row)
        }
        return grouped
    }
}

/// Adds activities for many API callers at once (`ActivityService.create(_:caller:)`, in
/// batches of `Batcher`), each signed in by its own token: caller `n` adds activity `$5[n]`
/// in category `$4[n]` (built-in, or the caller's own) from `$7[n]` to `$8[n]` with
/// description `$6[n]`, at `$2[n]`, with the reminders of `$9`–`$13` whose number is `n`
/// (ids, minutes before or -1, moments, firing times). It reads, per caller, the sign-in,
/// the category and, as views, the caller's other activities the new one overlaps (skipped
/// ones aside; what this statement adds is not yet visible to its reads): a row per
/// overlap, or one without; none for a caller whose token is unknown.
/// Nothing is written for a caller whose sign-in is not valid or whose category is not theirs to use.
struct CreateActivitiesStatement: PostgresPreparedStatement {
    static let name = "fx_create_activities"
    static let sql = """
        WITH input AS (
            SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::uuid[], $5::uuid[], $6::text[], $7::timestamptz[], $8::timestamptz[])
                WITH ORDINALITY AS i(secret_hash, now, app, category_id, id, description, starts_at, ends_at, n)),
        \(SignIn.BearerToken.sql(forEachOf: "input")),
        accepted AS (
            SELECT i.n, i.id, signed_in.id AS owner_id, c.id AS category_id, i.description, i.starts_at, i.ends_at, i.now
            FROM input i JOIN signed_in ON signed_in.n = i.n AND signed_in.valid
            JOIN fx_categories c ON c.id = i.category_id AND (c.owner_id IS NULL OR c.owner_id = signed_in.id)),
        inserted AS (
            INSERT INTO fx_activities (\(OneTripColumns.activity))
            SELECT id, owner_id, category_id, description, starts_at, ends_at, 'planned', NULL, NULL, NULL, now, now FROM accepted
            RETURNING id, owner_id),
        reminders AS (
            INSERT INTO fx_reminders (id, activity_id, owner_id, minutes_before, remind_at, fires_at, pushed_at)
            SELECT r.id, inserted.id, inserted.owner_id, NULLIF(r.minutes_before, -1),
                   CASE WHEN r.minutes_before = -1 THEN r.remind_at END, r.fires_at, NULL
            FROM unnest($9::bigint[], $10::uuid[], $11::bigint[], $12::timestamptz[], $13::timestamptz[]) AS r(n, id, minutes_before, remind_at, fires_at)
            JOIN accepted ON accepted.n = r.n JOIN inserted ON inserted.id = accepted.id)
        SELECT i.n, \(SignIn.columns), \(OneTripColumns.prefixed(OneTripColumns.category, "category")),
               \(OneTripColumns.view("o"))
        FROM input i
        JOIN signed_in ON signed_in.n = i.n
        LEFT JOIN accepted ON accepted.n = i.n
        LEFT JOIN fx_categories category ON category.id = accepted.category_id
        LEFT JOIN LATERAL (
            SELECT a.* FROM fx_activities a
            WHERE a.owner_id = signed_in.id AND signed_in.valid AND a.deleted_at IS NULL AND a.status <> 'skipped'
              AND a.starts_at < i.ends_at AND a.starts_at > i.starts_at - interval '1 day' AND a.ends_at > i.starts_at) o ON true
        \(OneTripColumns.viewJoins("o"))
        ORDER BY i.n, o.starts_at, o.id
        """
    static let bindingDataTypes: [PostgresDataType] = [
        .textArray, .timestamptzArray, .textArray, .uuidArray, .uuidArray, .textArray, .timestamptzArray, .timestamptzArray,
        .int8Array, .uuidArray, .int8Array, .timestamptzArray, .timestamptzArray,
    ]

    /// One caller's new activity.
    struct Item: Sendable {
        let secretHash: String
        let app: String
        let now: Date
        let id: UUID
        let categoryID: UUID
        let details: String
        let startsAt: Date
        let endsAt: Date
        /// Each reminder's id and timing, in firing order.
        let reminders: [(id: UUID, timing: ReminderTiming)]
    }

    struct Row: Sendable {
        /// The caller's place in the batch, from 0.
        let index: Int
        let signIn: SignIn
        let category: RestCategory?
        let overlap: ActivityView?
    }

    let items: [Item]

    /// The rows of each item, in the items' order.
    static func run(_ items: [Item], on db: any Database) async throws -> [[Row]] {
        try OneTripBatch.rows(of: try await db.preparedRows(Self(items: items)) ?? [], items: items.count, index: \.index)
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 13)
        bindings.append(items.map(\.secretHash))
        bindings.append(items.map(\.now))
        bindings.append(items.map(\.app))
        bindings.append(items.map(\.categoryID))
        bindings.append(items.map(\.id))
        bindings.append(items.map(\.details))
        bindings.append(items.map(\.startsAt))
        bindings.append(items.map(\.endsAt))
        let reminders = items.enumerated().flatMap { number, item in item.reminders.map { (n: number + 1, item: item, reminder: $0) } }
        bindings.append(reminders.map(\.n))
        bindings.append(reminders.map(\.reminder.id))
        bindings.append(reminders.map { if case .minutesBefore(let minutes) = $0.reminder.timing { minutes } else { -1 } })
        bindings.append(reminders.map { if case .at(let moment) = $0.reminder.timing { moment } else { $0.item.startsAt } })
        bindings.append(reminders.map { $0.reminder.timing.firesAt(start: $0.item.startsAt) })
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        return Row(index: try cells.next(Int.self) - 1, signIn: try SignIn.decode(&cells), category: try cells.category(),
                   overlap: try cells.activityView())
    }
}

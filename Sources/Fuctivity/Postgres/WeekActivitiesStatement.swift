import FluentPostgresDriver
import Foundation
import Kernel

/// The caller, their week plan, and what the statistics need of their activities touching
/// [`$4`, `$5`) — times, status, category and rating, with the category's slug and name —
/// in one row, as parallel arrays (NULL when there are none).
struct WeekActivitiesStatement: PostgresPreparedStatement {
    static let name = "fx_week_activities"
    static let sql = SignedInSQL.statement(name, SignIn.BearerToken.self) { caller in
        """
         SELECT \(caller.columns), p.working_days, p.work_hours, p.work_starts, p.rest_hours, p.day_starts, p.day_ends,
                x.starts, x.ends, x.statuses, x.categories, x.ratings, x.slugs, x.names
        FROM signed_in
        LEFT JOIN fx_profiles p ON p.account_id = \(caller.accountID)
        LEFT JOIN LATERAL (
            SELECT array_agg(a.starts_at) AS starts, array_agg(a.ends_at) AS ends, array_agg(a.status) AS statuses,
                   array_agg(a.category_id) AS categories, array_agg(coalesce(a.rating, 0)) AS ratings,
                   array_agg(coalesce(c.slug, '')) AS slugs, array_agg(coalesce(c.name, '')) AS names
            FROM fx_activities a LEFT JOIN fx_categories c ON c.id = a.category_id
            WHERE a.owner_id = \(caller.accountID) AND a.deleted_at IS NULL
              AND a.starts_at < $5 AND a.starts_at > $4 - interval '1 day' AND a.ends_at > $4) x ON true
        """
    }
    static let bindingDataTypes = SignIn.bindingDataTypes + [.timestamptz, .timestamptz]

    struct Row: Sendable {
        let signIn: SignIn
        /// Nil when the account has no profile.
        let plan: WeekPlan?
        let activities: [ActivityFact]
        /// Slug and name of each category the activities are in.
        let categories: [UUID: (slug: String, name: String)]
    }

    let credential: SignInCaller.Credential
    let app: String
    let now: Date
    let interval: DateInterval

    func makeBindings() throws -> PostgresBindings {
        var bindings = credential.bindings(app: app, now: now, capacity: 2)
        bindings.append(interval.start)
        bindings.append(interval.end)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        let signIn = try SignIn.decode(&cells)
        let workingDays = try cells.next(String?.self), workHours = try cells.next(Int?.self), workStarts = try cells.next(Int?.self)
        let restHours = try cells.next(Int?.self), dayStarts = try cells.next(Int?.self), dayEnds = try cells.next(Int?.self)
        var plan: WeekPlan?
        if let workingDays, let workHours, let workStarts, let restHours, let dayStarts, let dayEnds {
            plan = FuctivityProfile.plan(workingDays: workingDays, workHours: workHours, workStarts: workStarts, restHours: restHours,
                                         dayStarts: dayStarts, dayEnds: dayEnds, timeZone: Planner.timeZone(of: signIn.account))
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

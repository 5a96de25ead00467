import FluentPostgresDriver
import Foundation
import Kernel

/// The API's three busiest calls as one PostgreSQL statement each that also signs the
/// caller in (`SignedInSQL`): one round trip per call instead of four to seven. Additions
/// and finishings made at the same moment share one statement (`Batcher`): PostgreSQL's
/// cost of a statement is mostly its start-up and commit, paid once for the batch. Every
/// read and write in them is guarded by the signed-in account, so an unknown, expired or
/// revoked token reads and changes nothing; `SignInCaller.signIn` then turns the missing
/// sign-in into a 401 before any other answer.
///
/// Input the statements cannot take (a malformed draft, a request already signed in, a
/// browser session) is answered as the portable store answers it, which signs in first.
struct PostgresActivityStore: ActivityStore {
    let context: FuctivityContext

    private var portable: PortableActivityStore { PortableActivityStore(context: context) }

    // MARK: Adding

    func create(by caller: SignInCaller, _ draft: Result<ActivityDraft, any Error>) async throws -> SavedActivity {
        var v = Kernel.Validator()
        guard let credential = caller.credential, credential.isBearerToken, let input = try? draft.get() else {
            return try await portable.create(by: caller, draft)
        }
        let details = context.activities.check(input, into: &v)
        guard v.isValid, let categoryID = input.categoryID, let startsAt = input.startsAt, let endsAt = input.endsAt else {
            // The portable path names every field wrong, after signing in.
            return try await portable.create(by: caller, draft)
        }
        let now = context.clock.now
        let item = CreateActivitiesStatement.Item(
            secretHash: credential.secretHash, app: caller.app, now: now, id: UUID.timeOrdered(at: now), categoryID: categoryID,
            details: details, startsAt: startsAt, endsAt: endsAt,
            reminders: ActivityService.distinct(input.reminders, start: startsAt).map { (id: UUID.timeOrdered(at: now), timing: $0) },
            heldKey: HeldIdempotencyKey.current)
        let db = context.db
        let rows = try await additions.submit(item) { items in try await CreateActivitiesStatement.run(items, on: db) }
        let account = try await caller.signIn(rows.first?.signIn)
        guard let category = rows.first?.category else {
            throw AppError.validation([FieldError(field: "categoryId", key: "fx.validation.category")])
        }
        return SavedActivity(view: try Self.written(item, by: account, in: category), overlaps: rows.compactMap(\.overlap))
    }

    /// The activity and reminders `item` wrote, as models.
    private static func written(_ item: CreateActivitiesStatement.Item, by account: Account, in category: RestCategory) throws -> ActivityView {
        let activity = RestActivity()
        activity.id = item.id
        activity.ownerID = try account.requireID()
        activity.categoryID = item.categoryID
        activity.details = item.details
        activity.startsAt = item.startsAt
        activity.endsAt = item.endsAt
        activity.status = .planned
        activity.createdAt = item.now
        activity.updatedAt = item.now
        activity.$id.exists = true
        let reminders = item.reminders.map { written in
            let reminder = Reminder(activityID: item.id, ownerID: activity.ownerID, timing: written.timing, start: item.startsAt)
            reminder.id = written.id
            reminder.$id.exists = true
            return reminder
        }
        return ActivityView(activity: activity, category: category, reminders: reminders)
    }

    // MARK: Finishing

    func complete(by caller: SignInCaller, _ completion: Result<ActivityCompletion, any Error>) async throws -> ActivityView {
        guard let credential = caller.credential, credential.isBearerToken, let input = try? completion.get() else {
            return try await portable.complete(by: caller, completion)
        }
        try ActivityService.checkFinishing(as: input.status)
        let now = context.clock.now
        let item = CompleteActivitiesStatement.Item(secretHash: credential.secretHash, app: caller.app, now: now, id: input.id, status: input.status,
                                                    heldKey: HeldIdempotencyKey.current)
        let db = context.db
        let rows = try await completions.submit(item) { items in try await CompleteActivitiesStatement.run(items, on: db) }
        _ = try await caller.signIn(rows.first?.signIn)
        guard let row = rows.first, let view = row.view else {
            throw AppError.notFound(code: "activity_not_found", key: "fx.activity.not_found")
        }
        let activity = view.activity
        // Not changed: refused as read, or another call finished it first.
        guard row.changed else { throw ActivityService.refusal(finishing: activity, as: input.status, at: now) ?? ActivityService.alreadyFinal }
        activity.status = input.status
        activity.updatedAt = now
        return view
    }

    /// The server's batchers of API additions and finishings. Two batches of a kind at a
    /// time measured best on two cores (docs/decisions/writes-share-one-statement.md); 32
    /// callers to a batch keep one short.
    private var additions: Batcher<CreateActivitiesStatement.Item, [CreateActivitiesStatement.Row]> {
        context.state.shared { Batcher(concurrency: 2, limit: 32) }
    }

    private var completions: Batcher<CompleteActivitiesStatement.Item, [CompleteActivitiesStatement.Row]> {
        context.state.shared { Batcher(concurrency: 2, limit: 32) }
    }

    // MARK: Statistics

    func statistics(of caller: SignInCaller, week day: Result<LocalDay?, any Error>) async throws -> WeekReport {
        // A week that did not parse goes the portable way, which answers its 422.
        guard let credential = caller.credential, credential.isBearerToken, case .success(let day) = day else {
            return try await portable.statistics(of: caller, week: day)
        }
        let now = context.clock.now
        // The caller's zone arrives with the rows, so they cover the week in any zone (a
        // day either side of it in UTC, and either side of today) and are cut to it below.
        let today = LocalDay(now, in: .gmt)
        let earliest = (day ?? today.adding(days: -1)).monday, latest = (day ?? today.adding(days: 1)).monday
        let wide = DateInterval(start: earliest.adding(days: -1).start(in: .gmt), end: latest.adding(days: 8).start(in: .gmt))
        let rows = try await context.db.preparedRows(WeekActivitiesStatement(credential: credential, app: caller.app, now: now, interval: wide))
        _ = try await caller.signIn(rows.first?.signIn)
        guard let row = rows.first, let plan = row.plan else { throw AppError.unauthenticated }
        let zone = plan.timeZone
        let monday = (day ?? LocalDay(now, in: zone)).monday
        let week = monday.weekInterval(in: zone)
        let statistics = WeekStatistics.compute(week: monday, plan: plan,
                                                activities: row.activities.filter { $0.interval.end > week.start && $0.interval.start < week.end })
        var rated: [UUID: RestCategory] = [:]
        for rating in statistics.ratings {
            guard let category = row.categories[rating.categoryID] else { continue }
            rated[rating.categoryID] = RestCategory(id: rating.categoryID, ownerID: nil, slug: category.slug.isEmpty ? nil : category.slug,
                                                    name: category.name.isEmpty ? nil : category.name, at: now)
        }
        return WeekReport(statistics: statistics, categories: rated)
    }
}

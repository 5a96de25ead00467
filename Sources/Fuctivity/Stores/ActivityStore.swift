import Foundation
import Kernel

/// The API's three busiest calls — adding an activity, finishing one, a week's
/// statistics — for a caller not yet signed in. The server picks the store once
/// (`FuctivityContext.activityStore`): `PortableActivityStore` on any database,
/// `PostgresActivityStore` — one statement per call that also signs the caller in — on
/// PostgreSQL. Both answer alike (`ActivityStoreTests`).
///
/// The caller is signed in before the input is judged, so a 401 comes before a 400 or 422:
/// the handler parses the input into a `Result` and the store opens it after the sign-in.
protocol ActivityStore: Sendable {
    /// Adds the activity `draft` describes (`ActivityService.create(_:for:)`).
    func create(by caller: SignInCaller, _ draft: Result<ActivityDraft, any Error>) async throws -> SavedActivity
    /// Marks an activity done or skipped (`ActivityService.complete(_:as:for:)`).
    func complete(by caller: SignInCaller, _ completion: Result<ActivityCompletion, any Error>) async throws -> ActivityView
    /// The statistics of the week holding `day` (this week, in the caller's zone, when nil).
    func statistics(of caller: SignInCaller, week day: Result<LocalDay?, any Error>) async throws -> WeekReport
}

/// Which activity to finish, and how.
struct ActivityCompletion: Sendable {
    let id: UUID
    let status: ActivityStatus
}

/// A week's statistics with the categories rated in it (their names, for the answer).
public struct WeekReport: Sendable {
    public let statistics: WeekStatistics
    public let categories: [UUID: RestCategory]
}

extension FuctivityContext {
    /// The store of the busiest calls for this server's database.
    var activityStore: any ActivityStore {
        services.fastPath(portable: PortableActivityStore(context: self), postgres: PostgresActivityStore(context: self))
    }
}

/// The services' own reads and writes, after the usual sign-in.
struct PortableActivityStore: ActivityStore {
    let context: FuctivityContext

    func create(by caller: SignInCaller, _ draft: Result<ActivityDraft, any Error>) async throws -> SavedActivity {
        let planner = try await caller.person(Planner.self, on: context.db)
        return try await context.activities.create(try draft.get(), for: planner)
    }

    func complete(by caller: SignInCaller, _ completion: Result<ActivityCompletion, any Error>) async throws -> ActivityView {
        let planner = try await caller.person(Planner.self, on: context.db)
        let completion = try completion.get()
        return try await context.activities.complete(completion.id, as: completion.status, for: planner)
    }

    func statistics(of caller: SignInCaller, week day: Result<LocalDay?, any Error>) async throws -> WeekReport {
        let planner = try await caller.person(Planner.self, on: context.db)
        let week = try day.get() ?? LocalDay(context.clock.now, in: planner.timeZone)
        let statistics = try await context.insights.statistics(for: planner, week: week)
        let categories = try await context.categories.all(for: planner)
        return WeekReport(statistics: statistics, categories: Dictionary(uniqueKeysWithValues: categories.map { ($0.id!, $0) }))
    }
}

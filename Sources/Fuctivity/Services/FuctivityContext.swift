import Fluent
import Foundation
import Kernel
import Vapor

/// What every Fuctivity service works with, bound to one request (or one test).
public struct FuctivityContext: ServiceScoped {
    public let services: ServiceContext

    public init(_ services: ServiceContext) { self.services = services }

    public var people: PlannerService { PlannerService(context: self) }
    public var categories: CategoryService { CategoryService(context: self) }
    public var activities: ActivityService { ActivityService(context: self) }
    public var insights: InsightService { InsightService(context: self) }
    public var feeds: CalendarFeeds { CalendarFeeds(database: db, clock: clock) }
}

/// A signed-in Fuctivity person: their account (name, e-mail, password, time zone) and
/// week plan.
public struct Planner: ProfiledPerson {
    public static var app: AppDescriptor { Fuctivity.descriptor }
    public let account: Account
    public let profile: FuctivityProfile

    public init(account: Account, profile: FuctivityProfile) {
        self.account = account
        self.profile = profile
    }

    public var id: UUID { account.id! }
    public var name: String { account.displayName }
    public var email: String { account.login }
    public var plan: WeekPlan { profile.plan(in: timeZone) }
    public var timeZone: TimeZone { Self.timeZone(of: account) }

    /// The zone every day, week and chart of `account` is in.
    static func timeZone(of account: Account) -> TimeZone {
        account.timeZone.flatMap(TimeZone.init(identifier:)) ?? WeekPlan.defaultTimeZone
    }
}

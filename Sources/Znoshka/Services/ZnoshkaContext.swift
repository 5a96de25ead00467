import Fluent
import Foundation
import Kernel
import Vapor

/// What every Znoshka service works with, bound to one request (or one test).
public struct ZnoshkaContext: ServiceScoped {
    public let services: ServiceContext

    public init(_ services: ServiceContext) { self.services = services }

    public var students: StudentService { StudentService(context: self) }
    public var catalog: CatalogService { CatalogService(context: self) }
    public var attempts: AttemptService { AttemptService(context: self) }
    public var reviews: ReviewQueueService { ReviewQueueService(context: self) }
    public var statistics: StatisticsService { StatisticsService(context: self) }
    public var authoring: AuthoringService { AuthoringService(context: self) }
    public var blueprints: BlueprintService { BlueprintService(context: self) }
    public var community: CommunityService { CommunityService(context: self) }
}

/// A signed-in Znoshka person: a student, a moderator (looks after the discussions), an
/// author (writes content) or an administrator (gives the roles).
public struct Student: ProfiledPerson {
    public static var app: AppDescriptor { Znoshka.descriptor }
    public static let studentRole = "student"
    public static let authorRole = "author"
    /// Looks after the discussions (the report queue, hiding and restoring); writes no content.
    public static let moderatorRole = "moderator"

    public let account: Account
    public let profile: ZnoshkaProfile

    public init(account: Account, profile: ZnoshkaProfile) {
        self.account = account
        self.profile = profile
    }

    public var id: UUID { account.id! }
    public var name: String { account.displayName }
    public var email: String { account.login }
    public var role: String { account.role }
    public var timeZone: TimeZone { Self.timeZone(of: account) }

    /// The zone of `account`'s "today", exam day and reminder.
    static func timeZone(of account: Account) -> TimeZone {
        account.timeZone.flatMap(TimeZone.init(identifier:)) ?? ZnoshkaProfile.defaultTimeZone
    }
    /// Authors and administrators write content.
    public var isAuthor: Bool { role == Self.authorRole || role == Account.adminRole }
    public var isAdmin: Bool { role == Account.adminRole }
    /// Moderators, authors and administrators see hidden posts and hide or restore them.
    public var isModerator: Bool { role == Self.moderatorRole || isAuthor }
}

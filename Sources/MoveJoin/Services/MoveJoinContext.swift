import Fluent
import Foundation
import Kernel
import Vapor

/// What every MoveJoin service works with, bound to one request (or one test).
public struct MoveJoinContext: ServiceScoped {
    public let services: ServiceContext

    public init(_ services: ServiceContext) { self.services = services }

    public var people: PeopleService { PeopleService(context: self) }
    public var sportEvents: EventService { EventService(context: self) }
    public var participation: ParticipationService { ParticipationService(context: self) }
    public var notices: NoticeService { NoticeService(context: self) }
    public var calendarFeeds: CalendarFeedService { CalendarFeedService(context: self) }
    public var messages: EventMessageService { EventMessageService(context: self) }
}

/// A signed-in MoveJoin person: their account (e-mail, password) and profile.
public struct Mover: ProfiledPerson {
    public static var app: AppDescriptor { MoveJoin.descriptor }

    public let account: Account
    public let profile: MoveJoinProfile

    public init(account: Account, profile: MoveJoinProfile) {
        self.account = account
        self.profile = profile
    }

    public var id: UUID { account.id! }
    public var email: String { account.login }
}

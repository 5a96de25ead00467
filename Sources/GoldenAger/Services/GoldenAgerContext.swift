import Fluent
import Foundation
import Kernel
import Vapor

/// What every Golden Ager service works with, bound to one request (or one test).
public struct GoldenAgerContext: ServiceScoped {
    public let services: ServiceContext

    public init(_ services: ServiceContext) { self.services = services }

    public var profiles: ProfileService { ProfileService(context: self) }
    public var tasks: TaskService { TaskService(context: self) }
    public var catalog: CatalogService { CatalogService(context: self) }
    public var relatives: RelativeService { RelativeService(context: self) }
    public var operators: OperatorService { OperatorService(context: self) }
    public var photos: VolunteerPhotoService { VolunteerPhotoService(context: self) }
    public var hours: HoursService { HoursService(context: self) }
    public var administration: AdministrationService { AdministrationService(context: self) }
    var audit: AuditLog { AuditLog(app: GoldenAger.id, clock: clock) }
    /// This server's copy of each city's open tasks.
    var cityOffers: CityOffers { state.shared { CityOffers() } }
}

/// A signed-in person: their account and, except for admins created on the command
/// line, their profile.
public struct Member: SignedInPerson {
    public static var app: AppDescriptor { GoldenAger.descriptor }

    public let account: Account
    public let profile: Profile?

    public init(account: Account, profile: Profile?) {
        self.account = account
        self.profile = profile
    }

    public init(account: Account, on db: any Database) async throws {
        self.account = account
        self.profile = try await Profile.fetch(account.requireID(), idColumn: "account_id", on: db)
    }

    public var id: UUID { account.id! }
    public var role: GARole? { GARole(account: account) }

    /// The profile, which pensioners and volunteers always have.
    func requireProfile() throws -> Profile {
        guard let profile else { throw AppError.forbidden }
        return profile
    }

    func require(_ roles: GARole...) throws {
        guard let role, roles.contains(role) else { throw AppError.forbidden }
    }
}

import Fluent
import Foundation
import Kernel
import Vapor

/// What every Smart Shelter service works with, bound to one request (or one test).
public struct ShelterContext: ServiceScoped {
    public let services: ServiceContext

    public init(_ services: ServiceContext) { self.services = services }

    public var staff: StaffService { StaffService(context: self) }
    public var enclosures: EnclosureService { EnclosureService(context: self) }
    public var sensors: SensorService { SensorService(context: self) }
    public var readings: ReadingService { ReadingService(context: self) }
    public var warehouse: WarehouseService { WarehouseService(context: self) }
    public var alarms: AlarmService { AlarmService(context: self) }
    public var animals: AnimalService { AnimalService(context: self) }
    public var medical: MedicalService { MedicalService(context: self) }
    public var feeding: FeedingService { FeedingService(context: self) }
    public var tasks: TaskService { TaskService(context: self) }
    public var backup: BackupService { BackupService(context: self) }
    public var photos: PhotoService { PhotoService(context: self) }
    public var listing: ListingService { ListingService(context: self) }
    public var people: PeopleService { PeopleService(context: self) }
    public var applications: ApplicationService { ApplicationService(context: self) }
    public var statistics: StatisticsService { StatisticsService(context: self) }
    public var audit: AuditLog { AuditLog(app: SmartShelter.id, clock: clock) }
    public var auditTrail: AuditService { AuditService(context: self) }

    /// `person` may do work of `roles` (the director may do everyone's); a pending person
    /// may do nothing until given a role.
    func authorize(_ person: StaffMember, _ roles: Set<ShelterRole>) throws {
        try Self.authorize(person.role, roles)
    }

    /// `authorize` by the person's role alone.
    static func authorize(_ role: ShelterRole, _ roles: Set<ShelterRole>) throws {
        if role == .pending { throw pending }
        guard role == .director || roles.contains(role) else { throw AppError.forbidden }
    }

    /// As `authorize`, for a change: the director's changes need the password typed again
    /// within the last few minutes (`PasswordConfirmations`), the original's rule.
    func authorizeChange(_ person: StaffMember, _ roles: Set<ShelterRole>) throws {
        try authorize(person, roles)
        if person.role == .director, !(person.confirmedUntil.map { $0 > clock.now } ?? false) {
            throw PasswordConfirmations.required
        }
    }

    static let pending = AppError(.forbidden, code: "role_pending", key: "ss.error.pending")
}

/// A signed-in member of the shelter's staff, with their settings; for a director, when
/// their last password confirmation on this credential runs out.
public struct StaffMember: ProfiledPerson {
    public static var app: AppDescriptor { SmartShelter.descriptor }

    public let account: Account
    public let profile: ShelterProfile
    public var confirmedUntil: Date?

    public init(account: Account, profile: ShelterProfile) {
        self.account = account
        self.profile = profile
    }

    public var id: UUID { account.id! }
    public var name: String { account.displayName }
    public var email: String { account.login }
    public var role: ShelterRole { ShelterRole(rawValue: account.role) ?? .pending }
    public var timeZone: TimeZone { account.timeZone.flatMap(TimeZone.init(identifier:)) ?? ShelterProfile.defaultTimeZone }
    public var unit: TemperatureUnit { profile.temperatureUnit }
    /// The order the person reads lists in (their alphabet's).
    public var collation: Collation { Collation(account.preferredLanguage ?? .uk) }
}

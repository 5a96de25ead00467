import Fluent
import FluentPostgresDriver
import Foundation
import Kernel
import SQLKit
import Vapor

/// Smart Shelter: run an animal shelter — its enclosures and the sensors that watch them,
/// its staff and their roles, with every change kept in an audit trail.
public struct SmartShelter: HromadaApp {
    public static let id = "shelter"

    public static let descriptor = AppDescriptor(
        id: id,
        names: [.uk: "Smart Shelter", .en: "Smart Shelter"],
        taglines: [.uk: "Керуйте притулком для тварин: тварини, вольєри, ліки, корм, склад",
                   .en: "Run an animal shelter: animals, enclosures, medicine, food, warehouse"],
        themeColor: "#9a3412", iconLetters: "SS", loginPath: "/login")

    /// How often each server looks for silent sensors and alarms to remind of.
    let jobInterval: Duration

    public init(jobInterval: Duration = .seconds(30)) {
        self.jobInterval = jobInterval
    }

    public var descriptor: AppDescriptor { Self.descriptor }
    public var catalog: Catalog { ShelterStrings.catalog }

    public var migrations: [any Migration] { [CreateProfiles(), CreateEnclosures(), CreateSensors(), CreateReadings(), CreateWarehouse(), CreateAlarms(),
                                                 CreateRollups(), CreateAnimals(), CreateMedical(), CreateFeeding(),
                                                 CreateTasks(), CreatePhotos(), AddOnDuty(), DropReadingsSensorCheck(), AddChartRevision(),
                                                 AddItemKinds(), AddMealToRefills(), AddSensorLifecycle(),
                                                 AddPublicListing(), CreatePeople(), CreateAdoptionApplications(), AddMovementPerson(),
                                                 AddSensorPower(), SplitHotAndCold(), AddAlarmClosing(), AddStatisticsIndexes(),
                                                 AddMovementFacts(), CreateSensorPlacements()] }

    public var accounts: (any AppAccounts)? { ShelterAccounts() }

    public var postgresStatements: [any PostgresPreparedStatement.Type] { [StoreReadingsStatement.self, ChartStatement.self] }

    public func registerRoutes(_ mount: AppMount) throws {
        ShelterAPI.register(on: mount.api)
        ShelterWeb.register(on: mount.web)
    }

    /// Next months' partitions of the readings are made ahead of the readings, raw
    /// readings past their retention go (the roll-ups stay), and rejected adoption
    /// applications lose their personal data 180 days after the decision.
    public func housekeeping(_ services: ServiceContext) async throws {
        let partitions = ReadingPartitions(sql: services.db.sql)
        try await partitions.ensure(around: services.clock.now)
        try await partitions.dropBefore(services.clock.now.addingTimeInterval(-ReadingService.rawRetention))
        try await ShelterContext(services).applications.removeOldPersonalData()
    }

    /// Silent sensors and missed meals raise their alarms; alarms whose readings are back to
    /// normal close by themselves; alarms nobody acknowledged are escalated and told again.
    public var backgroundJobs: [BackgroundJob] {
        [BackgroundJob("shelter.alarms", every: jobInterval) { services in
            let alarms = ShelterContext(services).alarms
            try await alarms.checkSilence()
            try await alarms.closeSettled()
            try await ShelterContext(services).feeding.checkMeals()
            try await alarms.remind()
        }]
    }

    public var commands: [String: any AsyncCommand] { ["shelter-restore": RestoreCommand()] }

    /// The device simulator talks to a server over HTTP like a real sensor: it needs none
    /// of the server's own parts.
    public var clientCommands: [String: any AsyncCommand] { ["shelter-simulate": SimulateCommand()] }

    public var demoAccounts: [DemoAccount] { ShelterDemoData.accounts }

    public func seedDemoData(_ context: SeedContext) async throws {
        try await ShelterDemoData.seed(context)
    }

    public var openAPIDocument: String? { BundledOpenAPI.document(in: .module) }

    public var publicDirectory: URL? { Bundle.module.url(forResource: "Public", withExtension: nil) }
}

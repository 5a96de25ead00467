import Fluent
import FluentPostgresDriver
import Foundation
import Kernel
import Vapor

/// Fuctivity: plan rest around working days, get reminded on the phone, see the week
/// in charts.
public struct Fuctivity: HromadaApp {
    public static let id = "fuctivity"

    public static let descriptor = AppDescriptor(
        id: id,
        names: [.uk: "Fuctivity", .en: "Fuctivity"],
        taglines: [.uk: "Плануйте відпочинок між робочими днями і дивіться статистику тижня",
                   .en: "Plan rest around working days and see the week's statistics"],
        themeColor: "#6d28d9", iconLetters: "F", loginPath: "/login")

    /// How often each server looks for reminders that are due.
    let reminderInterval: Duration

    public init(reminderInterval: Duration = .seconds(10)) {
        self.reminderInterval = reminderInterval
    }

    public var descriptor: AppDescriptor { Self.descriptor }
    public var catalog: Catalog { FuctivityStrings.catalog }

    public var migrations: [any Migration] { [CreateTables(), AddCategoryArchivedAt(), CreateRatePrompts(), MoveTimeZoneToAccount()] }

    public var accounts: (any AppAccounts)? { FuctivityAccounts() }

    public func registerRoutes(_ mount: AppMount) throws {
        FuctivityAPI.register(on: mount.api)
        FuctivityWeb.register(on: mount.web)
    }

    /// Due reminders are pushed to the person's open pages and apps.
    public var backgroundJobs: [BackgroundJob] {
        [BackgroundJob("fuctivity.reminders", every: reminderInterval) { services in
            let context = FuctivityContext(services)
            try await ReminderPusher(context: context).pushDue()
            try await RatePrompter(context: context).promptEnded()
        }]
    }

    public var demoAccounts: [DemoAccount] { FuctivityDemoData.accounts }

    public func seedDemoData(_ context: SeedContext) async throws {
        try await FuctivityDemoData.seed(context)
    }

    public var postgresStatements: [any PostgresPreparedStatement.Type] {
        [WeekActivitiesStatement.self, CompleteActivitiesStatement.self, CreateActivitiesStatement.self]
    }

    public var openAPIDocument: String? { FuctivityOpenAPI.document }

    public var publicDirectory: URL? { Bundle.module.url(forResource: "Public", withExtension: nil) }
}

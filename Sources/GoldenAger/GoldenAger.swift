import Fluent
import FluentPostgresDriver
import Foundation
import Kernel
import Vapor

/// Golden Ager: pensioners order help from a volunteer in a few large taps; volunteers
/// from partner organisations accept the tasks live.
public struct GoldenAger: HromadaApp {
    public static let id = "golden-ager"

    public static let descriptor = AppDescriptor(
        id: id,
        names: [.uk: "Golden Ager", .en: "Golden Ager"],
        taglines: [.uk: "Літні люди замовляють допомогу волонтера в кілька дотиків",
                   .en: "Older people order help from a volunteer in a few taps"],
        themeColor: "#b45309", iconLetters: "GA", loginPath: "/login")

    public init() {}

    public var descriptor: AppDescriptor { Self.descriptor }
    public var catalog: Catalog { GoldenAgerStrings.catalog }

    public var migrations: [any Migration] {
        [CreateOrganisations(), CreateCategories(), CreateTaskTemplates(), CreateProfiles(), CreateTasks(),
         CreateTaskHistory(), CreateSettings(), SeedCategoriesAndTemplates(), AddOnlineSince(), CreateCityVersions(),
         AddVolunteerApproval(), AddVolunteerDescriptions(), AddCreditedMinutes(), AddPreferredTimeAndNote(),
         CityVersionOnPreference(), CreateOrganisationCities(), CreateRelatives(), AddTaskExpiry(), AddTaskFollowUp(), AddVolunteerReview(),
         CreateMonthCertificates(), CreateVolunteerPhotos()]
    }

    public var accounts: (any AppAccounts)? { GoldenAgerAccounts() }

    public func registerRoutes(_ mount: AppMount) throws {
        GoldenAgerAPI.register(on: mount.api)
        GoldenAgerWeb.register(on: mount.web)
    }

    public var demoAccounts: [DemoAccount] { GoldenAgerDemoData.accounts }

    public func housekeeping(_ services: ServiceContext) async throws {
        let context = GoldenAgerContext(services)
        try await context.profiles.endLapsedOnlineStates()
        try await context.tasks.warnOfExpiry()
        try await context.tasks.expireOverdue()
        try await context.tasks.flagNeedingAttention()
        try await context.tasks.confirmOverdue()
        try await context.hours.tellLastMonth()
    }

    public func seedDemoData(_ context: SeedContext) async throws {
        try await GoldenAgerDemoData.seed(context)
    }

    public var postgresStatements: [any PostgresPreparedStatement.Type] {
        [InboxStatement<SignIn.BearerToken>.self, InboxStatement<SignIn.BrowserSession>.self, CityOffersStatement.self]
    }

    public var openAPIDocument: String? { GoldenAgerOpenAPI.document }

    public var publicDirectory: URL? { Bundle.module.url(forResource: "Public", withExtension: nil) }
}

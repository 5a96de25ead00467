import Fluent
import FluentPostgresDriver
import Foundation
import Kernel
import Vapor

/// MoveJoin: find, create and join group sport events in your city, over a Protocol
/// Buffers API and a black-and-white web UI.
public struct MoveJoin: HromadaApp {
    public static let id = "movejoin"

    public static let descriptor = AppDescriptor(
        id: id,
        names: [.uk: "MoveJoin", .en: "MoveJoin"],
        taglines: [.uk: "Знайдіть або створіть спортивну подію у своєму місті",
                   .en: "Find or create a group sport event in your city"],
        themeColor: "#111111", iconLetters: "MJ", loginPath: "/login")

    public init() {}

    public var postgresStatements: [any PostgresPreparedStatement.Type] {
        [EventSearchStatement.self, SignedInEventSearchStatement.self, EventBoxSearchStatement.self]
    }

    public var descriptor: AppDescriptor { Self.descriptor }
    public var catalog: Catalog { MoveJoinStrings.catalog }

    public var migrations: [any Migration] {
        [CreateProfiles(), CreateEvents(), CreateParticipations(), CreateNotices(), CreateCalendarFeeds(), MoveCalendarFeedsToKernel(),
         AddNoticeDetails(), CreateNoticeSettings(), AddPlaceOffers(), AddGameMinimums(),
         CreateEventMessages()]
    }

    public var accounts: (any AppAccounts)? { MoveJoinAccounts() }

    public func registerRoutes(_ mount: AppMount) throws {
        MoveJoinAPI.register(on: mount.api)
        MoveJoinWeb.register(on: mount.web)
    }

    /// A held place whose time ran out passes to the next in line, and a game whose
    /// decision time came is confirmed or called off, within this long.
    static let dueCheckInterval: Duration = .seconds(15)

    public var backgroundJobs: [BackgroundJob] {
        [BackgroundJob("movejoin.place-offers", every: Self.dueCheckInterval) { services in
            try await MoveJoinContext(services).participation.passLapsedOffers()
        },
         BackgroundJob("movejoin.game-decisions", every: Self.dueCheckInterval) { services in
            try await MoveJoinContext(services).participation.decideGames()
        }]
    }

    public var demoAccounts: [DemoAccount] { MoveJoinDemoData.accounts }

    public func seedDemoData(_ context: SeedContext) async throws {
        try await MoveJoinDemoData.seed(context)
    }

    public var publicDirectory: URL? { Bundle.module.url(forResource: "Public", withExtension: nil) }
}

import Fluent
import FluentPostgresDriver
import Foundation
import Kernel
import Vapor

/// Znoshka: prepare for the НМТ with theory, tests in the exam's format scored as the
/// exam scores them, explanations, and a review queue of one's own mistakes.
public struct Znoshka: HromadaApp {
    public static let id = "znoshka"

    public static let descriptor = AppDescriptor(
        id: id,
        names: [.uk: "Зношка", .en: "Znoshka"],
        taglines: [.uk: "Готуйтеся до НМТ: теорія, тести у форматі іспиту, пояснення й робота над помилками",
                   .en: "Prepare for the НМТ: theory, exam-format tests, explanations and learning from mistakes"],
        themeColor: "#0f766e", iconLetters: "З", loginPath: "/login")

    /// How often each server finishes attempts whose time is up and sends due reminders.
    let jobInterval: Duration

    public init(jobInterval: Duration = .seconds(15)) {
        self.jobInterval = jobInterval
    }

    public var descriptor: AppDescriptor { Self.descriptor }
    public var catalog: Catalog { ZnoshkaStrings.catalog }

    public var migrations: [any Migration] {
        [CreateProfiles(), CreateContent(), CreateQuestions(), CreateAttempts(), CreateReviewItems(), SeedContent(), CreateCommunity(),
         AddTestVersions(), AnswersUpdateInPlace(), AddAnswersVersion(), MoveTimeZoneToAccount(), RenderFormulasAgain(),
         AddReportDecisions(), AddOfficialTables(), TagSimulationTopics(), AddTestDrafts(), AddTheoryDrafts(),
         AddQuestionVariants(), SeedQuestionTemplates(), AttemptsDeadlineIndex(), CreateBlueprintTopics(), PoolVariantSolutions()]
    }

    public var accounts: (any AppAccounts)? { ZnoshkaAccounts() }

    public var postgresStatements: [any PostgresPreparedStatement.Type] { [
        SaveAnswersStatement.self, AttemptStatement.self, FinishReadStatement.self, FinishWriteStatement.self,
    ] }

    public func registerRoutes(_ mount: AppMount) throws {
        ZnoshkaAPI.register(on: mount.api)
        ZnoshkaWeb.register(on: mount.web)
    }

    /// Attempts whose time ran out are finished with what was answered, also when the
    /// person has left; study reminders go out at each person's chosen time.
    public var backgroundJobs: [BackgroundJob] {
        [BackgroundJob("znoshka.deadlines", every: jobInterval) { services in
            let context = ZnoshkaContext(services)
            try await context.attempts.finishOverdue()
            try await StudyReminder(context: context).sendDue()
        }]
    }

    public var demoAccounts: [DemoAccount] { ZnoshkaDemoData.accounts }

    public func seedDemoData(_ context: SeedContext) async throws {
        try await ZnoshkaDemoData.seed(context)
    }

    public var openAPIDocument: String? { BundledOpenAPI.document(in: .module) }

    public var publicDirectory: URL? { Bundle.module.url(forResource: "Public", withExtension: nil) }
}

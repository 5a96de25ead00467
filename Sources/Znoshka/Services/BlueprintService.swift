import Fluent
import Foundation
import Kernel

/// A subject's blueprint as its authors see and edit it: the parts of a paper (the exam's,
/// as the subject's simulation has them) and how many tasks each programme topic should
/// have in a drawn paper (`PaperDraw.Spread`). Only authors and administrators reach it.
public struct BlueprintService: Sendable {
    let context: ZnoshkaContext
    var db: any Database { context.db }

    /// The most tasks a spread may give when the subject has no simulation yet to count them.
    static let tasksWithoutPaper = 100

    /// What the blueprint page and its API show.
    public struct SubjectBlueprint: Sendable {
        public struct TopicRow: Sendable {
            public let topic: Topic
            /// How many questions of the subject's bank have this topic.
            public let questionCount: Int
            /// The tasks the authors set; nil when the topic shares what is left evenly.
            public let tasks: Int?
        }

        public let subject: Subject
        /// A paper's parts in order (its simulation's), nil while the subject has no simulation.
        public let parts: PaperDraw.Shape?
        public let topics: [TopicRow]
        /// Questions of the bank without a topic: they fill what the topics cannot.
        public let questionsWithoutTopic: Int

        public var taskCount: Int? { parts.map { $0.map(\.count).reduce(0, +) } }
        /// The most tasks the topics may be given together.
        public var taskLimit: Int { taskCount ?? BlueprintService.tasksWithoutPaper }
        public var tasksSet: Int { topics.compactMap(\.tasks).reduce(0, +) }
    }

    /// `slug`'s blueprint.
    public func blueprint(of slug: String, for author: Student) async throws -> SubjectBlueprint {
        try AuthoringService.requireAuthor(author)
        return try await blueprint(of: try await subject(slug))
    }

    /// Sets `slug`'s spread: `tasks` per topic of the subject (topics left out share the
    /// rest evenly). A number is 0 up to the paper's tasks, and together they fit the paper;
    /// each refusal names its topic's field (`tasks-<topic id>`, or `tasks` for the total).
    @discardableResult
    public func save(_ slug: String, tasks: [UUID: Int], by author: Student) async throws -> SubjectBlueprint {
        try AuthoringService.requireAuthor(author)
        let subject = try await subject(slug)
        let current = try await blueprint(of: subject)
        var v = Kernel.Validator()
        let known = Set(current.topics.compactMap(\.topic.id))
        let limit = String(current.taskLimit)
        for (topicID, count) in tasks.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
            if !known.contains(topicID) {
                v.add(Self.field(topicID), "zn.blueprint.unknown_topic")
            } else if !(0...current.taskLimit).contains(count) {
                v.add(Self.field(topicID), "zn.blueprint.tasks_range", ["max": limit])
            }
        }
        let total = tasks.values.reduce(0, +)
        if v.isValid, total > current.taskLimit {
            v.add("tasks", "zn.blueprint.tasks_total", ["total": String(total), "max": limit])
        }
        try v.throwIfInvalid()
        let subjectID = try subject.requireID()
        let before = Dictionary(uniqueKeysWithValues: current.topics.compactMap { row in row.tasks.map { (row.topic.id!.uuidString, $0) } })
        let now = context.clock.now
        try await db.writeTransaction { db in
            try await BlueprintTopic.query(on: db).filter(\.$subjectID == subjectID).delete()
            for (topicID, count) in tasks {
                try await BlueprintTopic(topicID: topicID, subjectID: subjectID, tasks: count, at: now).create(on: db)
            }
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                "subject.blueprint", entityType: "subject", entityID: subjectID.uuidString, actor: author.id,
                before: before, after: Dictionary(uniqueKeysWithValues: tasks.map { ($0.key.uuidString, $0.value) }), on: db)
        }
        return try await blueprint(of: subject)
    }

    /// The field a topic's number is typed in, and its refusals are named by.
    public static func field(_ topicID: UUID) -> String { "tasks-\(topicID.uuidString.lowercased())" }

    private func blueprint(of subject: Subject) async throws -> SubjectBlueprint {
        let subjectID = try subject.requireID()
        let topics = try await Topic.query(on: db).filter(\.$subjectID == subjectID).sort(\.$position).all()
        let bank = try await QuestionBank.shared(context.state).bank(of: subjectID, on: db)
        let counts = Dictionary(grouping: bank.entries, by: \.topicID).mapValues(\.count)
        return SubjectBlueprint(
            subject: subject, parts: try await parts(of: subject),
            topics: topics.map { topic in
                SubjectBlueprint.TopicRow(topic: topic, questionCount: counts[topic.id] ?? 0, tasks: bank.spread.tasks[topic.id!])
            },
            questionsWithoutTopic: counts[nil] ?? 0)
    }

    /// The parts of the subject's current simulation, which every drawn paper takes.
    private func parts(of subject: Subject) async throws -> PaperDraw.Shape? {
        guard let simulation = try await context.catalog.currentSimulation(of: subject) else { return nil }
        let content = ContentCache.shared(context.state)
        let ids = try await content.questionIDs(of: simulation, on: db)
        let questions = try await content.questions(ids, on: db)
        return PaperDraw.shape(of: ids.compactMap { questions[$0]?.kind })
    }

    private func subject(_ slug: String) async throws -> Subject {
        guard let subject = try await Subject.query(on: db).filter(\.$slug == slug).first() else {
            throw AppError.notFound(code: "subject_not_found", key: "zn.subject.not_found")
        }
        return subject
    }
}

import Fluent
import Foundation
import Kernel
import SQLKit

/// How a person is doing in one subject.
public struct SubjectStatistics: Sendable {
    public let subject: Subject
    public let testsDone: Int
    /// Points scored of the points possible, over every finished attempt (nil before one).
    public let accuracy: Double?
    /// Each finished attempt's accuracy, oldest first.
    public let trend: [TrendPoint]
    public let topics: [TopicStatistics]
    /// The weakest topic with enough answers to say so, and a test to practise it.
    public let weakest: TopicStatistics?
    public let suggestedTest: ZnoshkaTest?
    /// From the recent full-format attempts.
    public let prediction: ScorePrediction?
    /// Every topic of the subject's programme, in order, with how well it is known.
    public let map: [TopicMapEntry]

    /// The subject's «прогрес»: the mean mastery of its topics.
    public var progress: Double { TopicMastery.progress(map.map(\.mastery)) }
}

/// A topic on the topic map.
public struct TopicMapEntry: Sendable {
    public let topic: Topic
    public let mastery: TopicMastery
    public let answered: Int
}

public struct TrendPoint: Sendable {
    public let finishedAt: Date
    public let accuracy: Double
    public let testTitle: String
}

public struct TopicStatistics: Sendable {
    public let topic: Topic
    public let points: Int
    public let maxPoints: Int
    public let answered: Int
    public var accuracy: Double { maxPoints == 0 ? 0 : Double(points) / Double(maxPoints) }
}

/// Statistics per subject and topic from the person's finished attempts.
public struct StatisticsService: Sendable {
    /// A topic needs this many answered questions before it can be called weakest.
    static let weakestMinimum = 3

    let context: ZnoshkaContext
    var db: any Database { context.db }

    public func all(for student: Student) async throws -> [SubjectStatistics] {
        let subjects = try await Subject.query(on: db).sort(\.$position).all()
        let attempts = try await Attempt.query(on: db).filter(\.$ownerID == student.id).filter(\.$finishedAt != nil)
            .sort(\.$finishedAt, .ascending).all()
        let tests = try await ZnoshkaTest.query(on: db).all()
        let testByID = Dictionary(uniqueKeysWithValues: tests.map { ($0.id!, $0) })
        // Attempts may be at older versions; suggestions are only of current ones.
        let current = tests.filter(\.isLive)
        let topics = try await Topic.query(on: db).sort(\.$position).all()
        let topicPoints = try await pointsByTopic(attempts.map { $0.id! })
        // What the map adds to the papers: answers outside the simulations, which the prediction counts already.
        let practice = try await pointsByTopic(attempts.filter { testByID[$0.testID]?.testKind != .simulation }.map { $0.id! })
        let queued = try await queuedStability(of: student)
        // A topic's part of a paper: its questions in the subject's bank, which papers are drawn from with topics spread.
        var bankParts: [UUID: [UUID: Int]] = [:]
        for subject in subjects {
            let bank = try await QuestionBank.shared(context.state).bank(of: subject.requireID(), on: db)
            bankParts[subject.id!] = bank.entries.reduce(into: [:]) { parts, entry in
                if let topic = entry.topicID { parts[topic, default: 0] += 1 }
            }
        }
        return subjects.map { subject in
            let mine = attempts.filter { testByID[$0.testID]?.subjectID == subject.id }
            let scored = mine.map { (points: $0.rawPoints ?? 0, most: $0.maxPoints) }
            let most = scored.map(\.most).reduce(0, +)
            let trend = mine.map { attempt in
                TrendPoint(finishedAt: attempt.finishedAt!, accuracy: attempt.maxPoints == 0 ? 0 : Double(attempt.rawPoints ?? 0) / Double(attempt.maxPoints),
                           testTitle: testByID[attempt.testID]?.title ?? "")
            }
            let topicStats = topics.filter { $0.subjectID == subject.id }.compactMap { topic -> TopicStatistics? in
                guard let sums = topicPoints[topic.id!] else { return nil }
                return TopicStatistics(topic: topic, points: sums.points, maxPoints: sums.most, answered: sums.answered)
            }
            let weakest = topicStats.filter { $0.answered >= Self.weakestMinimum }.min { $0.accuracy < $1.accuracy }
            let suggested = weakest.flatMap { weak in current.first { $0.topicID == weak.topic.id } }
                ?? current.filter { $0.subjectID == subject.id && $0.testKind == .topic }.first { test in !mine.contains { $0.testID == test.id } }
            let map = topics.filter { $0.subjectID == subject.id }.map { topic in
                let evidence = Self.evidence(topicPoints[topic.id!], queued: queued[topic.id!])
                return TopicMapEntry(topic: topic, mastery: TopicMastery(evidence), answered: evidence.answered)
            }
            let simulations = mine.filter { testByID[$0.testID]?.testKind == .simulation }
            let estimate = ScorePrediction.MapEstimate.from(map.map { entry in
                (entry.mastery.value, practice[entry.topic.id!]?.answered ?? 0, bankParts[subject.id!]?[entry.topic.id!] ?? 0)
            })
            let prediction = simulations.last.flatMap { testByID[$0.testID] }.flatMap { table in
                ScorePrediction.predict(rawScores: simulations.reversed().compactMap(\.rawPoints), table: table.table, map: estimate)
            }
            return SubjectStatistics(subject: subject, testsDone: mine.count,
                                     accuracy: most == 0 ? nil : Double(scored.map(\.points).reduce(0, +)) / Double(most),
                                     trend: trend, topics: topicStats, weakest: weakest, suggestedTest: suggested, prediction: prediction, map: map)
        }
    }

    /// How each topic stands for the person (answers over their finished attempts, and its
    /// mastery as the topic map reads it), in the programme's order: the compulsory
    /// subjects' topics, and a chosen subject's once they have answered any of it. What a
    /// study plan practises.
    public func standings(for student: Student) async throws -> [StudyPlan.Standing] {
        let subjects = try await Subject.query(on: db).sort(\.$position).all()
        let topics = try await Topic.query(on: db).sort(\.$position).all()
        let attempts = try await Attempt.query(on: db).filter(\.$ownerID == student.id).filter(\.$finishedAt != nil).all(\.$id)
        let sums = try await pointsByTopic(attempts.compactMap { $0 })
        let queued = try await queuedStability(of: student)
        return subjects.flatMap { subject -> [StudyPlan.Standing] in
            let standings = topics.filter { $0.subjectID == subject.id }.map { topic in
                let evidence = Self.evidence(sums[topic.id!], queued: queued[topic.id!])
                return StudyPlan.Standing(topicID: topic.id!, subjectID: subject.id!, answered: evidence.answered, mastery: TopicMastery(evidence).value)
            }
            return subject.isCompulsory || standings.contains { $0.answered > 0 } ? standings : []
        }
    }

    /// What a topic's sums and queued items say of it.
    static func evidence(_ sums: (points: Int, most: Int, answered: Int)?, queued: [Double]?) -> TopicMastery.Evidence {
        TopicMastery.Evidence(points: sums?.points ?? 0, maxPoints: sums?.most ?? 0, answered: sums?.answered ?? 0, queuedStability: queued ?? [])
    }

    /// The stability of each of the person's queued review items, by its question's topic.
    private func queuedStability(of student: Student) async throws -> [UUID: [Double]] {
        let rows = try await db.sql.raw("""
            SELECT q.topic_id, r.stability FROM zn_review_items r JOIN zn_questions q ON q.id = r.question_id \
            WHERE r.owner_id = \(bind: student.id) AND q.topic_id IS NOT NULL
            """).all()
        var stability: [UUID: [Double]] = [:]
        for row in rows { stability[try row.decode(column: "topic_id", as: UUID.self), default: []].append(try row.decode(column: "stability", as: Double.self)) }
        return stability
    }

    /// Points, the most possible and answers counted, per topic, over the given attempts.
    private func pointsByTopic(_ attempts: [UUID]) async throws -> [UUID: (points: Int, most: Int, answered: Int)] {
        guard !attempts.isEmpty else { return [:] }
        let rows = try await db.sql.select().column(SQLColumn("topic_id", table: "q"))
            // Cast: PostgreSQL sums bigint columns as numeric.
            .column(SQLRaw("CAST(SUM(x.points) AS BIGINT)"), as: "points").column(SQLRaw("CAST(SUM(q.max_points) AS BIGINT)"), as: "most")
            .column(SQLRaw("COUNT(*)"), as: "answered")
            .from(SQLAlias(SQLIdentifier(AttemptAnswer.schema), as: SQLIdentifier("x")))
            .join(SQLAlias(SQLIdentifier(StoredQuestion.schema), as: SQLIdentifier("q")), on: SQLColumn("id", table: "q"), .equal, SQLColumn("question_id", table: "x"))
            .where(SQLColumn("attempt_id", table: "x"), .in, SQLBind.group(attempts))
            .where(SQLColumn("topic_id", table: "q"), .isNot, SQLLiteral.null)
            .where(SQLColumn("points", table: "x"), .isNot, SQLLiteral.null)
            .groupBy(SQLColumn("topic_id", table: "q")).all()
        var sums: [UUID: (Int, Int, Int)] = [:]
        for row in rows {
            sums[try row.decode(column: "topic_id", as: UUID.self)] = (try row.decode(column: "points", as: Int.self),
                                                                      try row.decode(column: "most", as: Int.self),
                                                                      try row.decode(column: "answered", as: Int.self))
        }
        return sums
    }
}

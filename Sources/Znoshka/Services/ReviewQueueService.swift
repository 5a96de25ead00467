import Fluent
import Foundation
import Kernel
import SQLKit

/// «Робота над помилками»: questions a person got wrong come back, scheduled by FSRS-6
/// (`ReviewSchedule`, its published default weights) and, when they set their exam date,
/// by the day before it.
public struct ReviewQueueService: Sendable {
    let context: ZnoshkaContext
    var db: any Database { context.db }
    static let schedule = ReviewSchedule()

    public struct DueItem: Sendable {
        public let item: ReviewItem
        public let question: Question
        public let subject: Subject?
    }

    /// What a review answer tells the person: how it scored, and when the question comes back.
    public struct Graded: Sendable {
        public let question: Question
        public let given: GivenAnswer?
        public let score: QuestionScore
        public let nextDue: Date
    }

    /// How many of the person's items are due by the end of their today.
    public func dueCount(for student: Student) async throws -> Int {
        try await ReviewItem.query(on: db).filter(\.$ownerID == student.id).filter(\.$due <= endOfToday(student)).count()
    }

    /// The items due by the end of the person's today, the longest overdue first.
    public func due(for student: Student, limit: Int = 50) async throws -> [DueItem] {
        let items = try await ReviewItem.query(on: db).filter(\.$ownerID == student.id).filter(\.$due <= endOfToday(student))
            .sort(\.$due).limit(limit).all()
        let questions = try await StoredQuestion.query(on: db).filter(\.$id ~~ items.map(\.questionID)).all()
        let byID = Dictionary(uniqueKeysWithValues: questions.map { ($0.id!, $0) })
        let subjects = Dictionary(uniqueKeysWithValues: try await Subject.query(on: db).all().map { ($0.id!, $0) })
        return items.compactMap { item in
            byID[item.questionID].map { DueItem(item: item, question: $0.question, subject: subjects[$0.subjectID]) }
        }
    }

    /// All the person's items, due or not (their queue's size).
    public func total(for student: Student) async throws -> Int {
        try await ReviewItem.query(on: db).filter(\.$ownerID == student.id).count()
    }

    /// Grades an answer to a queued question: right is "good", partly "hard", wrong "again".
    public func answer(_ questionID: UUID, _ given: GivenAnswer?, for student: Student) async throws -> Graded {
        guard try await ReviewItem.query(on: db).filter(\.$ownerID == student.id).filter(\.$questionID == questionID).first() != nil,
              let stored = try await StoredQuestion.find(questionID, on: db) else {
            throw AppError.notFound(code: "review_item_not_found", key: "zn.review.not_found")
        }
        let question = stored.question
        let checked = try AttemptService.validated(given, for: question.kind)
        let score = Scoring.score(checked, key: question.key, kind: question.kind)
        let moment = context.clock.now
        let next = try await db.writeTransaction { db in
            try await Self.record([(questionID, score.verdict)], owner: student.id,
                                  exam: student.profile.exam?.start(in: student.timeZone), at: moment, on: db)
        }
        return Graded(question: question, given: checked, score: score, nextDue: next[questionID] ?? moment)
    }

    /// Records answers to questions: a wrong or partly right one enters the queue (or
    /// lapses there); a right one counts as a good review of a question already queued.
    /// A mistake made in a test is due at once (the day's «робота над помилками»); an
    /// answer in review is due when FSRS says. Returns each question's next due time.
    @discardableResult
    static func record(_ answers: [(UUID, QuestionScore.Verdict)], owner: UUID, exam examDate: Date?, at moment: Date, inTest: Bool = false,
                       on db: any Database) async throws -> [UUID: Date] {
        guard !answers.isEmpty else { return [:] }
        // Read by column name: a finish reads up to thirty of them (`RowDecodable`).
        let existing = try await db.sql.select().column(SQLLiteral.all).from(ReviewItem.schema).where("owner_id", .equal, SQLBind(owner))
            .where("question_id", .in, SQLBind.group(answers.map(\.0))).all().map { try ReviewItem.decode($0) }
        let byQuestion = Dictionary(existing.map { ($0.questionID, $0) }, uniquingKeysWith: { first, _ in first })
        var due: [UUID: Date] = [:]
        var rows: [[any SQLExpression]] = []
        for (questionID, verdict) in answers {
            let item = byQuestion[questionID]
            let grade: ReviewSchedule.Grade
            switch verdict {
            case .right: grade = .good
            case .partly: grade = .hard
            case .wrong, .unanswered: grade = .again
            }
            // A right answer to a question never got wrong needs no review.
            if item == nil && grade == .good { continue }
            let (memory, scheduled) = schedule.review(item?.memory, grade, at: moment, examDate: examDate)
            let next = inTest && grade != .good ? moment : scheduled
            due[questionID] = next
            rows.append([SQLBind(UUID()), SQLBind(owner), SQLBind(questionID), SQLBind(memory.stability), SQLBind(memory.difficulty),
                         SQLBind(moment), SQLBind(next), SQLBind(1), SQLBind(grade == .again ? 1 : 0)])
        }
        guard !rows.isEmpty else { return due }
        // One statement for the lot; a question already queued keeps its row and counts.
        var insert = db.sql.insert(into: ReviewItem.schema)
            .columns("id", "owner_id", "question_id", "stability", "difficulty", "last_review", "due", "reviews", "lapses")
        for row in rows { insert = insert.values(row) }
        try await insert.onConflict(with: ["owner_id", "question_id"]) { conflict in
            conflict.set(excludedValueOf: "stability").set(excludedValueOf: "difficulty").set(excludedValueOf: "last_review")
                .set(excludedValueOf: "due")
                .set("reviews", to: SQLRaw("zn_review_items.reviews + 1"))
                .set("lapses", to: SQLRaw("zn_review_items.lapses + excluded.lapses"))
        }.run()
        return due
    }

    private func endOfToday(_ student: Student) -> Date {
        LocalDay(context.clock.now, in: student.timeZone).adding(days: 1).start(in: student.timeZone)
    }
}

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

    /// The person's plan for the coming days (`StudyPlan`): the reviews their queue has
    /// due each day and a topic to practise.
    public func plan(for student: Student) async throws -> StudyPlan {
        let zone = student.timeZone
        let today = LocalDay(context.clock.now, in: zone)
        let end = today.adding(days: StudyPlan.horizon).start(in: zone)
        let due = try await ReviewItem.query(on: db).filter(\.$ownerID == student.id).filter(\.$due < end).all(\.$due)
        return StudyPlan.make(today: today, exam: student.profile.exam, dueDays: due.map { LocalDay($0, in: zone) },
                              standings: try await context.statistics.standings(for: student))
    }

    /// All the person's items, due or not (their queue's size).
    public func total(for student: Student) async throws -> Int {
        try await ReviewItem.query(on: db).filter(\.$ownerID == student.id).count()
    }

    /// A question of the review queue, to read a posted form's answer by its kind.
    public func question(_ questionID: UUID) async throws -> Question {
        guard let stored = try await StoredQuestion.find(questionID, on: db) else { throw Self.notFound }
        return stored.question
    }

    /// Grades an answer to a queued question: right is "good", partly "hard", wrong "again".
    public func answer(_ questionID: UUID, _ given: GivenAnswer?, for student: Student) async throws -> Graded {
        guard try await ReviewItem.query(on: db).filter(\.$ownerID == student.id).filter(\.$questionID == questionID).first() != nil,
              let stored = try await StoredQuestion.find(questionID, on: db) else {
            throw Self.notFound
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

    /// Records answers to questions (`entries`): reads the person's items for them, and
    /// writes the entries in one statement. Returns each question's next due time.
    @discardableResult
    static func record(_ answers: [(UUID, QuestionScore.Verdict)], owner: UUID, exam examDate: Date?, at moment: Date, inTest: Bool = false,
                       on db: any Database) async throws -> [UUID: Date] {
        guard !answers.isEmpty else { return [:] }
        // Read by column name: a finish reads up to thirty of them (`RowDecodable`).
        let existing = try await db.sql.select().column(SQLLiteral.all).from(ReviewItem.schema).where("owner_id", .equal, SQLBind(owner))
            .where("question_id", .in, SQLBind.group(answers.map(\.0))).all().map { try ReviewItem.decode($0) }
        let memories = Dictionary(existing.map { ($0.questionID, $0.memory) }, uniquingKeysWith: { first, _ in first })
        let entries = Self.entries(answers, queued: memories, exam: examDate, at: moment, inTest: inTest)
        try await write(entries, owner: owner, at: moment, on: db)
        return Dictionary(entries.map { ($0.questionID, $0.due) }, uniquingKeysWith: { first, _ in first })
    }

    /// One question's item as recording an answer leaves it, upserted by (person, question):
    /// a new item has one review; a queued one counts one more, and one more lapse for "again".
    struct Entry: Sendable, Equatable {
        let questionID: UUID
        let memory: ReviewSchedule.Memory
        let due: Date
        let lapsed: Bool
    }

    /// What recording answers to questions writes, given the memory of those already in the
    /// person's queue: a wrong or partly right one enters the queue (or lapses there); a
    /// right one counts as a good review of a question already queued, and needs none
    /// otherwise. A mistake made in a test is due at once (the day's «робота над
    /// помилками»); an answer in review is due when FSRS says.
    static func entries(_ answers: [(UUID, QuestionScore.Verdict)], queued: [UUID: ReviewSchedule.Memory], exam examDate: Date?,
                        at moment: Date, inTest: Bool) -> [Entry] {
        answers.compactMap { questionID, verdict in
            let grade: ReviewSchedule.Grade
            switch verdict {
            case .right: grade = .good
            case .partly: grade = .hard
            case .wrong, .unanswered: grade = .again
            }
            let memory = queued[questionID]
            if memory == nil && grade == .good { return nil }
            let (next, scheduled) = schedule.review(memory, grade, at: moment, examDate: examDate)
            return Entry(questionID: questionID, memory: next, due: inTest && grade != .good ? moment : scheduled, lapsed: grade == .again)
        }
    }

    /// Writes `entries` in one statement; a question already queued keeps its row and counts.
    static func write(_ entries: [Entry], owner: UUID, at moment: Date, on db: any Database) async throws {
        guard !entries.isEmpty else { return }
        var insert = db.sql.insert(into: ReviewItem.schema)
            .columns("id", "owner_id", "question_id", "stability", "difficulty", "last_review", "due", "reviews", "lapses")
        for entry in entries {
            insert = insert.values([SQLBind(UUID()), SQLBind(owner), SQLBind(entry.questionID), SQLBind(entry.memory.stability),
                                    SQLBind(entry.memory.difficulty), SQLBind(moment), SQLBind(entry.due), SQLBind(1), SQLBind(entry.lapsed ? 1 : 0)])
        }
        try await insert.onConflict(with: ["owner_id", "question_id"]) { conflict in
            conflict.set(excludedValueOf: "stability").set(excludedValueOf: "difficulty").set(excludedValueOf: "last_review")
                .set(excludedValueOf: "due")
                .set("reviews", to: SQLRaw("zn_review_items.reviews + 1"))
                .set("lapses", to: SQLRaw("zn_review_items.lapses + excluded.lapses"))
        }.run()
    }

    private func endOfToday(_ student: Student) -> Date {
        LocalDay(context.clock.now, in: student.timeZone).adding(days: 1).start(in: student.timeZone)
    }

    static let notFound = AppError.notFound(code: "review_item_not_found", key: "zn.review.not_found")
}

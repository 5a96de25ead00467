import Fluent
import Foundation
import Kernel
import SQLKit

// The profile is read by column name with the account at every signed-in request
// (`ProfiledPerson`), without Fluent's reflection.
extension ZnoshkaProfile: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> ZnoshkaProfile {
        let profile = ZnoshkaProfile()
        profile.id = try row.decode(column: prefix + "account_id", as: UUID.self)
        profile.examDate = try row.optional(prefix + "exam_date")
        profile.reminderMinutes = try row.optional(prefix + "reminder_minutes")
        profile.remindedOn = try row.optional(prefix + "reminded_on")
        profile.createdAt = try row.decode(column: prefix + "created_at", as: Date.self)
        profile.$id.exists = true
        return profile
    }
}

// An attempt and its answers are read on every page of a running test and at every
// finish; Fluent's reflection over thirty answer rows was a third of the question page's
// CPU (perf, bench/znoshka), so they are read by column name.
extension Attempt: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> Attempt {
        let attempt = Attempt(id: try row.decode(column: prefix + "id", as: UUID.self),
                              ownerID: try row.decode(column: prefix + "owner_id", as: UUID.self),
                              testID: try row.decode(column: prefix + "test_id", as: UUID.self),
                              blockID: try row.optional(prefix + "block_id"),
                              startedAt: try row.decode(column: prefix + "started_at", as: Date.self),
                              deadline: try row.decode(column: prefix + "deadline", as: Date.self),
                              maxPoints: try row.decode(column: prefix + "max_points", as: Int.self))
        attempt.finishedAt = try row.optional(prefix + "finished_at")
        attempt.finishedHow = try row.optional(prefix + "finished_how")
        attempt.rawPoints = try row.optional(prefix + "raw_points")
        attempt.scaled = try row.optional(prefix + "scaled")
        attempt.passed = try row.optional(prefix + "passed")
        attempt.$id.exists = true
        return attempt
    }
}

extension AttemptAnswer: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> AttemptAnswer {
        let answer = AttemptAnswer()
        answer.id = try row.decode(column: prefix + "id", as: UUID.self)
        answer.attemptID = try row.decode(column: prefix + "attempt_id", as: UUID.self)
        answer.questionID = try row.decode(column: prefix + "question_id", as: UUID.self)
        answer.position = try row.decode(column: prefix + "position", as: Int.self)
        answer.answer = try row.optional(prefix + "answer")
        answer.flagged = try row.decode(column: prefix + "flagged", as: Bool.self)
        answer.answeredAt = try row.optional(prefix + "answered_at")
        answer.points = try row.optional(prefix + "points")
        answer.verdict = try row.optional(prefix + "verdict")
        answer.$id.exists = true
        return answer
    }
}

extension ReviewItem: RowDecodable {
    public static func decode(_ row: any SQLRow, prefix: String) throws -> ReviewItem {
        let item = ReviewItem()
        item.id = try row.decode(column: prefix + "id", as: UUID.self)
        item.ownerID = try row.decode(column: prefix + "owner_id", as: UUID.self)
        item.questionID = try row.decode(column: prefix + "question_id", as: UUID.self)
        item.stability = try row.decode(column: prefix + "stability", as: Double.self)
        item.difficulty = try row.decode(column: prefix + "difficulty", as: Double.self)
        item.lastReview = try row.decode(column: prefix + "last_review", as: Date.self)
        item.due = try row.decode(column: prefix + "due", as: Date.self)
        item.reviews = try row.decode(column: prefix + "reviews", as: Int.self)
        item.lapses = try row.decode(column: prefix + "lapses", as: Int.self)
        item.$id.exists = true
        return item
    }
}

/// Attempts and answers read by column name (`RowDecodable`).
enum AttemptRows {
    /// The attempt `id` if it is `owner`'s.
    static func attempt(_ id: UUID, owner: UUID, on db: any Database) async throws -> Attempt? {
        try await db.sql.select().column(SQLLiteral.all).from(Attempt.schema)
            .where("id", .equal, SQLBind(id)).where("owner_id", .equal, SQLBind(owner)).first().map { try Attempt.decode($0) }
    }

    /// The answers of an attempt, in the test's order.
    static func answers(of attemptID: UUID, on db: any Database) async throws -> [AttemptAnswer] {
        try await db.sql.select().column(SQLLiteral.all).from(AttemptAnswer.schema)
            .where("attempt_id", .equal, SQLBind(attemptID)).orderBy("position").all().map { try AttemptAnswer.decode($0) }
    }
}

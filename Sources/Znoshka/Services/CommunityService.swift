import Fluent
import Foundation
import Kernel
import SQLKit

/// A question's discussion as one person sees it: the solutions by score (hidden ones
/// only to moderators), each with its comments and the person's own vote.
public struct Discussion: Sendable {
    public let questionID: UUID
    public let question: Question
    public let solutions: [Entry]

    public struct Entry: Sendable {
        public let solution: Solution
        public let authorName: String
        public let comments: [(comment: SolutionComment, authorName: String)]
        /// +1, −1, or 0 when the person has not voted.
        public let myVote: Int
        public let isMine: Bool
    }
}

/// Solutions, votes, comments, reports and moderation under questions. Only people who
/// have answered a question (in a finished attempt) see and join its discussion: no
/// spoilers. Posting is rate-limited per person; moderators (and authors and
/// administrators) work through the reports, and hide and restore with a reason,
/// audit-logged, which decides the reports on what they hid or kept.
public struct CommunityService: Sendable {
    public static let solutionMaxLength = 5_000
    public static let commentMaxLength = 1_000
    public static let reasonMaxLength = 300
    /// At most this many solutions and comments together per person in `postingWindow`.
    public static let postingLimit = 10
    public static let postingWindow: TimeInterval = 10 * 60

    let context: ZnoshkaContext
    var db: any Database { context.db }
    var now: Date { context.clock.now }

    /// The discussion of `questionID`. A template's variants share one, kept under the
    /// template: the way to a task is the same whatever numbers were drawn.
    public func discussion(of questionID: UUID, for student: Student) async throws -> Discussion {
        let question = try await requireAnswered(questionID, by: student)
        var query = Solution.query(on: db).filter(\.$questionID == (try await discussed(questionID)))
        // A hidden post is shown to moderators, and to its author with the reason: so they are told.
        if !student.isModerator { query = query.group(.or) { $0.filter(\.$hiddenAt == nil).filter(\.$authorID == student.id) } }
        let solutions = try await query.sort(\.$score, .descending).sort(\.$createdAt).all()
        let ids = solutions.compactMap(\.id)
        var comments = try await SolutionComment.query(on: db).filter(\.$solutionID ~~ ids).sort(\.$createdAt).all()
        if !student.isModerator { comments = comments.filter { $0.hiddenAt == nil || $0.authorID == student.id } }
        let votes = try await SolutionVote.query(on: db).filter(\.$solutionID ~~ ids).filter(\.$voterID == student.id).all()
        let people = Set(solutions.map(\.authorID) + comments.map(\.authorID))
        let names = Dictionary(uniqueKeysWithValues: try await Account.query(on: db).filter(\.$id ~~ Array(people)).all().map { ($0.id!, $0.displayName) })
        // A moderator may open a template's discussion itself (from «Скарги»): show it as one
        // of its variants, as students meet it, not with its {{…}} placeholders.
        var fixed = PaperDraw.Generator(seed: QuestionTemplate.checkSeed)
        let shown = question.isTemplate ? question.variant(using: &fixed)?.question ?? question : question
        return Discussion(questionID: questionID, question: shown, solutions: solutions.map { solution in
            Discussion.Entry(solution: solution, authorName: names[solution.authorID] ?? "",
                             comments: comments.filter { $0.solutionID == solution.id }.map { ($0, names[$0.authorID] ?? "") },
                             myVote: votes.first { $0.solutionID == solution.id }?.value ?? 0, isMine: solution.authorID == student.id)
        })
    }

    public func post(solution markdown: String?, to questionID: UUID, by student: Student) async throws -> Solution {
        _ = try await requireAnswered(questionID, by: student)
        var v = Kernel.Validator()
        let text = v.text("text", markdown, maxLength: Self.solutionMaxLength)
        if let text {
            for failure in TheoryMarkdown.render(text).formulaErrors { v.add("text", "zn.validation.formula", ["detail": failure.detail]) }
        }
        try v.throwIfInvalid()
        try await checkPostingLimit(student)
        let solution = Solution(questionID: try await discussed(questionID), authorID: student.id, markdown: text!, at: now)
        try await solution.create(on: db)
        return solution
    }

    public func comment(_ text: String?, on solutionID: UUID, by student: Student) async throws -> SolutionComment {
        let solution = try await visibleSolution(solutionID, for: student)
        var v = Kernel.Validator()
        let text = v.text("text", text, maxLength: Self.commentMaxLength)
        try v.throwIfInvalid()
        try await checkPostingLimit(student)
        let comment = SolutionComment(solutionID: try solution.requireID(), authorID: student.id, text: text!, at: now)
        try await comment.create(on: db)
        return comment
    }

    /// Likes (+1), dislikes (−1) or takes the vote back (0); never one's own solution. The
    /// score moves by the difference, in the same transaction as the vote.
    public func vote(_ value: Int, on solutionID: UUID, by student: Student) async throws -> Solution {
        guard [-1, 0, 1].contains(value) else { throw AppError.validation([FieldError(field: "value", key: "zn.validation.vote")]) }
        let solution = try await visibleSolution(solutionID, for: student)
        guard solution.authorID != student.id else { throw AppError(.forbidden, code: "own_solution", key: "zn.community.own_vote") }
        try await db.writeTransaction { db in
            // The solution's row first (a lock on PostgreSQL; SQLite has one writer): votes on
            // one solution take turns, so each recount below sees every vote before it.
            try await db.sql.update(Solution.schema).set("score", to: SQLColumn("score")).where("id", .equal, SQLBind(solutionID)).run()
            let previous = try await SolutionVote.query(on: db).filter(\.$solutionID == solutionID).filter(\.$voterID == student.id)
                .first()?.value ?? 0
            guard previous != value else { return }
            if value == 0 {
                try await SolutionVote.query(on: db).filter(\.$solutionID == solutionID).filter(\.$voterID == student.id).delete()
            } else {
                try await db.sql.insert(into: SolutionVote.schema).columns("id", "solution_id", "voter_id", "value")
                    .values(SQLBind(UUID()), SQLBind(solutionID), SQLBind(student.id), SQLBind(value))
                    .onConflict(with: ["solution_id", "voter_id"]) { $0.set(excludedValueOf: "value") }.run()
            }
            // The score is recounted from the votes, so it is their sum whatever came before.
            try await db.sql.update(Solution.schema)
                .set("score", to: SQLQueryString("(SELECT COALESCE(SUM(value), 0) FROM zn_solution_votes WHERE solution_id = \(bind: solutionID))"))
                .where("id", .equal, SQLBind(solutionID)).run()
        }
        return try await Solution.find(solutionID, on: db) ?? solution
    }

    /// Reports a solution or comment the person can see; once per person and thing.
    public func report(_ targetType: String, _ targetID: UUID, reason: String?, by student: Student) async throws {
        var v = Kernel.Validator()
        let reason = v.text("reason", reason, maxLength: Self.reasonMaxLength)
        try v.throwIfInvalid()
        switch targetType {
        case "solution": _ = try await visibleSolution(targetID, for: student)
        case "comment":
            guard let comment = try await SolutionComment.find(targetID, on: db), comment.hiddenAt == nil || student.isModerator else { throw Self.notFound }
            _ = try await visibleSolution(comment.solutionID, for: student)
        default: throw AppError.validation([FieldError(field: "targetType", key: "zn.validation.report_target")])
        }
        do {
            try await db.sql.insert(into: AbuseReport.schema).columns("id", "target_type", "target_id", "reporter_id", "reason", "created_at")
                .values(SQLBind(UUID()), SQLBind(targetType), SQLBind(targetID), SQLBind(student.id), SQLBind(reason!), SQLBind(now)).run()
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // Reported before: once is enough.
        }
    }

    /// Hides (or restores) a solution or comment; moderators only, with a reason, audit-logged.
    public func moderate(_ targetType: String, _ targetID: UUID, hide: Bool, reason: String?, by moderator: Student) async throws {
        guard moderator.isModerator else { throw AppError.forbidden }
        var v = Kernel.Validator()
        let reason = v.text("reason", reason, maxLength: Self.reasonMaxLength)
        try v.throwIfInvalid()
        let table: String
        switch targetType {
        case "solution": table = Solution.schema
        case "comment": table = SolutionComment.schema
        default: throw AppError.validation([FieldError(field: "targetType", key: "zn.validation.report_target")])
        }
        try await db.writeTransaction { db in
            let changed = try await db.sql.update(table)
                .set("hidden_at", to: SQLBind(hide ? now : nil)).set("hidden_reason", to: SQLBind(hide ? reason : nil))
                .where("id", .equal, SQLBind(targetID)).returning("id").all()
            guard !changed.isEmpty else { throw Self.notFound }
            // Hiding upholds the open reports on it; keeping it visible dismisses them.
            try await db.sql.update(AbuseReport.schema).set("decided_at", to: SQLBind(now)).set("decided_by", to: SQLBind(moderator.id))
                .set("upheld", to: SQLBind(hide)).where("target_type", .equal, SQLBind(targetType)).where("target_id", .equal, SQLBind(targetID))
                .where("decided_at", .is, SQLLiteral.null).run()
            try await AuditLog(app: Znoshka.id, clock: context.clock).record(
                hide ? "\(targetType).hide" : "\(targetType).restore", entityType: targetType, entityID: targetID.uuidString,
                actor: moderator.id, after: ["reason": reason!], on: db)
        }
    }

    /// The question whose discussion `questionID`'s is: its template's for a variant.
    private func discussed(_ questionID: UUID) async throws -> UUID {
        try await StoredQuestion.query(on: db).filter(\.$id == questionID).field(\.$id).field(\.$templateID).first()?.templateID ?? questionID
    }

    /// The question, once the person has answered it in a finished attempt (moderators
    /// see every discussion); otherwise it is a 403 that says why. A template counts as
    /// answered when any of its variants is.
    private func requireAnswered(_ questionID: UUID, by student: Student) async throws -> Question {
        guard let question = try await ContentCache.shared(context.state).question(questionID, on: db) else { throw Self.questionNotFound }
        if student.isModerator { return question }
        let asked = db.sql.select().column("id").from(StoredQuestion.schema)
            .where("id", .equal, SQLBind(questionID)).orWhere("template_id", .equal, SQLBind(questionID))
        let answered = try await db.sql.select().column(SQLLiteral.numeric("1"), as: "one")
            .from(SQLAlias(SQLIdentifier(AttemptAnswer.schema), as: SQLIdentifier("x")))
            .join(SQLAlias(SQLIdentifier(Attempt.schema), as: SQLIdentifier("a")), on: SQLColumn("id", table: "a"), .equal, SQLColumn("attempt_id", table: "x"))
            .where(SQLColumn("question_id", table: "x"), .in, SQLGroupExpression(asked.select))
            .where(SQLColumn("owner_id", table: "a"), .equal, SQLBind(student.id))
            .where(SQLColumn("verdict", table: "x"), .isNot, SQLLiteral.null)
            .limit(1).first()
        guard answered != nil else { throw AppError(.forbidden, code: "answer_first", key: "zn.community.answer_first") }
        return question
    }

    private func visibleSolution(_ id: UUID, for student: Student) async throws -> Solution {
        guard let solution = try await Solution.find(id, on: db), solution.hiddenAt == nil || student.isModerator else { throw Self.notFound }
        _ = try await requireAnswered(solution.questionID, by: student)
        return solution
    }

    /// 429 with the seconds to wait once the person has posted `postingLimit` times in the window.
    private func checkPostingLimit(_ student: Student) async throws {
        let since = now.addingTimeInterval(-Self.postingWindow)
        let solutions = try await Solution.query(on: db).filter(\.$authorID == student.id).filter(\.$createdAt > since).all(\.$createdAt)
        let comments = try await SolutionComment.query(on: db).filter(\.$authorID == student.id).filter(\.$createdAt > since).all(\.$createdAt)
        let recent = (solutions + comments).sorted()
        guard recent.count >= Self.postingLimit else { return }
        let wait = max(1, Int(recent[recent.count - Self.postingLimit].addingTimeInterval(Self.postingWindow).timeIntervalSince(now).rounded(.up)))
        throw AppError(.tooManyRequests, code: "posting_too_fast", key: "zn.community.too_fast", count: (wait + 59) / 60,
                       headers: ["Retry-After": String(wait)])
    }

    static let notFound = AppError.notFound(code: "solution_not_found", key: "zn.community.not_found")
    static let questionNotFound = AppError.notFound(code: "question_not_found", key: "zn.community.question_not_found")
}

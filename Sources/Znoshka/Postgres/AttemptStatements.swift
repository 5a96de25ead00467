import FluentPostgresDriver
import Foundation
import Kernel

/// Signs the caller in and saves one answer in one statement: the answer row of question
/// `$5` in attempt `$4` is written only while the attempt is the caller's, running and
/// before its deadline (`$2`, the sign-in's now), with the attempt's row share-locked so a
/// finish scoring it makes this wait and then see it finished (as `AttemptService.answer`).
/// `$6` says whether to write the answer (`$7`, its JSON, NULL to clear; `$8` when), `$9`
/// the flag (NULL keeps it). No `saved` columns: refused, and the service says why.
struct SaveAnswerStatement: PostgresPreparedStatement {
    static let name = "zn_save_answer"
    static let sql = SignedInSQL.statement(name, SignIn.BearerToken.self) { caller in
        """
        ,
        attempt AS (
            SELECT a.id, a.deadline FROM \(Attempt.schema) a
            WHERE a.id = $4 AND a.owner_id = \(caller.accountID) AND a.finished_at IS NULL AND a.deadline > $2
            FOR SHARE),
        saved AS (
            UPDATE \(AttemptAnswer.schema) x SET
                answer = CASE WHEN $6 THEN $7 ELSE x.answer END,
                answered_at = CASE WHEN $6 THEN $8 ELSE x.answered_at END,
                flagged = COALESCE($9, x.flagged)
            FROM attempt WHERE x.attempt_id = attempt.id AND x.question_id = $5
            RETURNING x.flagged, x.answer IS NOT NULL AS answered, attempt.deadline)
        SELECT \(caller.columns), saved.flagged, saved.answered, saved.deadline
        FROM signed_in LEFT JOIN saved ON true
        """
    }
    static let bindingDataTypes = SignIn.bindingDataTypes + [.uuid, .uuid, .bool, .text, .timestamptz, .bool]

    struct Row: Sendable {
        let signIn: SignIn
        /// Nil when the save was refused.
        let saved: (flagged: Bool, answered: Bool, deadline: Date)?
    }

    let credential: SignInCaller.Credential
    let app: String
    let now: Date
    let input: AnswerInput
    /// The answer as stored (`AttemptAnswer.encode`), when it is written.
    let writeAnswer: Bool
    let answer: String?

    func makeBindings() throws -> PostgresBindings {
        var bindings = credential.bindings(app: app, now: now, capacity: 6)
        bindings.append(input.attemptID)
        bindings.append(input.questionID)
        bindings.append(writeAnswer)
        bindings.append(answer)
        bindings.append(answer == nil ? nil : now)
        bindings.append(input.flagged)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        let signIn = try SignIn.decode(&cells)
        let flagged = try cells.next(Bool?.self), answered = try cells.next(Bool?.self), deadline = try cells.next(Date?.self)
        guard let flagged, let answered, let deadline else { return Row(signIn: signIn, saved: nil) }
        return Row(signIn: signIn, saved: (flagged, answered, deadline))
    }
}

/// Signs the caller in and reads their attempt `$4` with its answers in the test's order,
/// as parallel arrays (an absent answer, points or verdict as '' or -1: PostgreSQL arrays
/// of NULLs do not decode into Swift optionals). No attempt columns when it is not theirs.
struct AttemptStatement: PostgresPreparedStatement {
    static let name = "zn_attempt"
    static let sql = SignedInSQL.statement(name, SignIn.BearerToken.self) { caller in
        """
         SELECT \(caller.columns), a.id, a.owner_id, a.test_id, a.block_id, a.started_at, a.deadline, a.finished_at, a.finished_how, a.raw_points,
                a.max_points, a.scaled, a.passed, x.question_ids, x.answers, x.flagged, x.points, x.verdicts
        FROM signed_in
        LEFT JOIN \(Attempt.schema) a ON a.id = $4 AND a.owner_id = \(caller.accountID)
        LEFT JOIN LATERAL (
            SELECT array_agg(question_id ORDER BY position) AS question_ids, array_agg(coalesce(answer, '') ORDER BY position) AS answers,
                   array_agg(flagged ORDER BY position) AS flagged, array_agg(coalesce(points, -1) ORDER BY position) AS points,
                   array_agg(coalesce(verdict, '') ORDER BY position) AS verdicts
            FROM \(AttemptAnswer.schema) WHERE attempt_id = a.id) x ON true
        """
    }
    static let bindingDataTypes = SignIn.bindingDataTypes + [.uuid]

    struct Row: Sendable {
        let signIn: SignIn
        /// Nil when the caller has no such attempt.
        let attempt: Attempt?
        let answers: [AttemptService.AnswerRow]
    }

    let credential: SignInCaller.Credential
    let app: String
    let now: Date
    let id: UUID

    func makeBindings() throws -> PostgresBindings {
        var bindings = credential.bindings(app: app, now: now, capacity: 1)
        bindings.append(id)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        let signIn = try SignIn.decode(&cells)
        guard let id = try cells.next(UUID?.self) else { return Row(signIn: signIn, attempt: nil, answers: []) }
        let attempt = Attempt(id: id, ownerID: try cells.next(UUID.self), testID: try cells.next(UUID.self), blockID: try cells.next(UUID?.self),
                              startedAt: try cells.next(Date.self), deadline: try cells.next(Date.self), maxPoints: 0)
        attempt.finishedAt = try cells.next(Date?.self)
        attempt.finishedHow = try cells.next(String?.self)
        attempt.rawPoints = try cells.next(Int?.self)
        attempt.maxPoints = try cells.next(Int.self)
        attempt.scaled = try cells.next(Int?.self)
        attempt.passed = try cells.next(Bool?.self)
        attempt.$id.exists = true
        let questionIDs = try cells.next([UUID]?.self) ?? [], answers = try cells.next([String]?.self) ?? []
        let flagged = try cells.next([Bool]?.self) ?? [], points = try cells.next([Int]?.self) ?? [], verdicts = try cells.next([String]?.self) ?? []
        guard [answers.count, flagged.count, points.count, verdicts.count].allSatisfy({ $0 == questionIDs.count }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The answer arrays differ in length"))
        }
        let rows = questionIDs.indices.map { index in
            AttemptService.AnswerRow(questionID: questionIDs[index], answer: answers[index].isEmpty ? nil : answers[index], flagged: flagged[index],
                                     points: points[index] < 0 ? nil : points[index], verdict: verdicts[index].isEmpty ? nil : verdicts[index])
        }
        return Row(signIn: signIn, attempt: attempt, answers: rows)
    }
}

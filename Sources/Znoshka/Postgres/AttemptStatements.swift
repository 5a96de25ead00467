import FluentPostgresDriver
import Foundation
import Kernel

/// Saves answers for many API callers at once (`PostgresAttemptStore.save`, in batches of
/// `Batcher`), each signed in by its own token: caller `n`'s answer row of question
/// `question_id[n]` in attempt `attempt_id[n]` is written only while the attempt is theirs,
/// running and before its deadline (the caller's `now`), and the attempt's
/// `answers_version` moves on with it (as `AttemptService.answer`): a finish that read the
/// answers before this save then writes nothing and reads again, and one that finished
/// first makes this wait and then see it finished. `write[n]` says whether to write the
/// answer (`answer[n]`, its JSON, '' to clear), `set_flag[n]` whether to set the flag to
/// `flagged[n]`; the callers' idempotency keys `$10` are marked with the work. A row for
/// each caller whose token is known; no `saved` columns when refused (the service says why).
///
/// PostgreSQL updates a row once per statement, from one of the callers naming it: a
/// batch holds each attempt once (`SaveAnswersStatement.run` splits it).
struct SaveAnswersStatement: PostgresPreparedStatement {
    static let name = "zn_save_answers"
    static let sql = SignedInSQL.batch(name, input: """
        input AS (
            SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::uuid[], $5::uuid[], $6::bool[], $7::text[], $8::bool[], $9::bool[])
                WITH ORDINALITY AS i(secret_hash, now, app, attempt_id, question_id, write, answer, set_flag, flagged, n))
        """, forEachOf: "input") { caller in
        """
        ,
        attempt AS (
            UPDATE \(Attempt.schema) a SET answers_version = a.answers_version + 1
            FROM input i JOIN signed_in ON signed_in.n = i.n AND \(caller.valid)
            WHERE a.id = i.attempt_id AND a.owner_id = \(caller.accountID) AND a.finished_at IS NULL AND a.deadline > i.now
            RETURNING i.n, a.id, a.deadline),
        saved AS (
            UPDATE \(AttemptAnswer.schema) x SET
                answer = CASE WHEN i.write THEN NULLIF(i.answer, '') ELSE x.answer END,
                answered_at = CASE WHEN NOT i.write THEN x.answered_at WHEN i.answer <> '' THEN i.now END,
                flagged = CASE WHEN i.set_flag THEN i.flagged ELSE x.flagged END
            FROM attempt JOIN input i ON i.n = attempt.n
            WHERE x.attempt_id = attempt.id AND x.question_id = i.question_id
            RETURNING i.n, x.flagged, x.answer IS NOT NULL AS answered, attempt.deadline),
        \(HeldIdempotencyKey.markSQL(ids: "$10::uuid[]"))
        SELECT i.n, \(caller.columns), saved.flagged, saved.answered, saved.deadline
        FROM input i
        JOIN signed_in ON signed_in.n = i.n
        LEFT JOIN saved ON saved.n = i.n
        """
    }
    static let bindingDataTypes: [PostgresDataType] = [.textArray, .timestamptzArray, .textArray, .uuidArray, .uuidArray, .boolArray,
                                                        .textArray, .boolArray, .boolArray, .uuidArray]

    /// One caller's answer.
    struct Item: Sendable {
        let secretHash: String
        let app: String
        let now: Date
        let input: AnswerInput
        /// Whether the answer is written, and as stored (`AttemptAnswer.encode`; nil clears it).
        let writeAnswer: Bool
        let answer: String?
        /// The caller's idempotency key, marked with the work (`HeldIdempotencyKey`).
        var heldKey: UUID? = nil
    }

    struct Row: Sendable {
        /// The caller's place in the batch, from 0.
        let index: Int
        let signIn: SignIn
        /// Nil when the save was refused.
        let saved: (flagged: Bool, answered: Bool, deadline: Date)?
    }

    let items: [Item]

    /// The rows of each item, in the items' order. Items for an attempt already in the
    /// statement go in a later one, in their order, so each write is made as if alone.
    static func run(_ items: [Item], on db: any Database) async throws -> [[Row]] {
        try await BatchRows.distinctKeys(items, key: \.input.attemptID, index: \.index) { try await db.preparedRows(Self(items: $0)) }
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 10)
        bindings.append(items.map(\.secretHash))
        bindings.append(items.map(\.now))
        bindings.append(items.map(\.app))
        bindings.append(items.map(\.input.attemptID))
        bindings.append(items.map(\.input.questionID))
        bindings.append(items.map(\.writeAnswer))
        bindings.append(items.map { $0.answer ?? "" })
        bindings.append(items.map { $0.input.flagged != nil })
        bindings.append(items.map { $0.input.flagged ?? false })
        bindings.append(items.compactMap(\.heldKey))
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        let index = try cells.next(Int.self) - 1, signIn = try SignIn.decode(&cells)
        let flagged = try cells.next(Bool?.self), answered = try cells.next(Bool?.self), deadline = try cells.next(Date?.self)
        guard let flagged, let answered, let deadline else { return Row(index: index, signIn: signIn, saved: nil) }
        return Row(index: index, signIn: signIn, saved: (flagged, answered, deadline))
    }
}

/// Signs the caller in and reads their attempt `$4` with its answers in the test's order,
/// as parallel arrays (an absent answer, points or verdict as '' or -1: PostgreSQL arrays
/// of NULLs do not decode into Swift optionals). No attempt columns when it is not theirs.
struct AttemptStatement: CallerAttemptStatement {
    static let name = "zn_attempt"
    static let sql = SignedInSQL.statement(name, SignIn.BearerToken.self) { caller in
        """
         SELECT \(caller.columns), \(Attempt.columns("a")), x.question_ids, x.answers, x.flagged, x.points, x.verdicts
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

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        let signIn = try SignIn.decode(&cells)
        guard let attempt = try Attempt.decode(&cells) else { return Row(signIn: signIn, attempt: nil, answers: []) }
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

/// A one-trip statement about one attempt of its caller's: `$1`–`$3` sign the caller in
/// (`SignInCaller.Credential.bindings`), `$4` is the attempt's id.
protocol CallerAttemptStatement: PostgresPreparedStatement {
    var credential: SignInCaller.Credential { get }
    var app: String { get }
    var now: Date { get }
    /// The attempt's id.
    var id: UUID { get }
}

extension CallerAttemptStatement {
    func makeBindings() throws -> PostgresBindings {
        var bindings = credential.bindings(app: app, now: now, capacity: 1)
        bindings.append(id)
        return bindings
    }
}

extension Attempt {
    /// The attempt relation `alias`'s columns that `decode(_:)` reads, in its order.
    static func columns(_ alias: String) -> String {
        Kernel.PostgresColumns.qualified("id, owner_id, test_id, block_id, started_at, deadline, finished_at, finished_how, raw_points, max_points, "
                                         + "scaled, passed", by: alias)
    }

    /// The attempt of `columns` read by position; nil when its id is NULL (no such attempt),
    /// its other columns then passed over.
    static func decode(_ cells: inout Kernel.PostgresColumns) throws -> Attempt? {
        guard let id = try cells.next(UUID?.self) else {
            cells.skip(11)
            return nil
        }
        let attempt = Attempt(id: id, ownerID: try cells.next(UUID.self), testID: try cells.next(UUID.self), blockID: try cells.next(UUID?.self),
                              startedAt: try cells.next(Date.self), deadline: try cells.next(Date.self), maxPoints: 0)
        attempt.finishedAt = try cells.next(Date?.self)
        attempt.finishedHow = try cells.next(String?.self)
        attempt.rawPoints = try cells.next(Int?.self)
        attempt.maxPoints = try cells.next(Int.self)
        attempt.scaled = try cells.next(Int?.self)
        attempt.passed = try cells.next(Bool?.self)
        attempt.$id.exists = true
        return attempt
    }
}

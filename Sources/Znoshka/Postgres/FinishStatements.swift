import FluentPostgresDriver
import Foundation
import Kernel

// Finishing an attempt on PostgreSQL (`PostgresAttemptStore.finish`): three prepared
// statements in one transaction, where the portable path sends eight unprepared ones. The
// claim is a statement of its own: a save holding the attempt's row share-locked makes the
// claim wait, and only a statement begun after the claim got the row sees that save's
// answer (each statement of a READ COMMITTED transaction reads its own snapshot).

/// Signs the caller in, reads their profile's exam date and time zone (for the review
/// queue), and claims their running attempt `$4` by locking its row (`FOR UPDATE`): of
/// finishes at once, one gets it, and the others, let through when it commits, find it
/// finished; saves wait for it the same way. No attempt columns for the others, nor when
/// it is not the caller's. The row is written once, by `FinishWriteStatement`: a second
/// update of a row the transaction had updated would check its foreign keys again.
struct ClaimAttemptStatement: CallerAttemptStatement {
    static let name = "zn_claim_attempt"
    static let sql = SignedInSQL.statement(name, SignIn.BearerToken.self) { caller in
        """
        ,
        claimed AS (
            SELECT * FROM \(Attempt.schema)
            WHERE id = $4 AND owner_id = \(caller.accountID) AND finished_at IS NULL
            FOR UPDATE)
        SELECT \(caller.columns), p.exam_date, p.time_zone, \(Attempt.columns("claimed"))
        FROM signed_in
        LEFT JOIN \(ZnoshkaProfile.schema) p ON p.account_id = \(caller.accountID)
        LEFT JOIN claimed ON true
        """
    }
    static let bindingDataTypes = SignIn.bindingDataTypes + [.uuid]

    struct Row: Sendable {
        let signIn: SignIn
        /// The start of the caller's exam day in their zone, when they set one.
        let exam: Date?
        /// Nil when this call did not claim it; running as it was read.
        let claimed: Attempt?
    }

    let credential: SignInCaller.Credential
    let app: String
    let now: Date
    let id: UUID

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        let signIn = try SignIn.decode(&cells)
        let examDay = try cells.next(String?.self), zone = try cells.next(String?.self)
        let exam = ZnoshkaProfile.examStart(examDay, timeZoneID: zone ?? "")
        return Row(signIn: signIn, exam: exam, claimed: try Attempt.decode(&cells))
    }
}

/// What scoring the claimed attempt `$1` of `$2` reads: its answers in the test's order, as
/// parallel arrays (an absent answer as ''), and the memory of the person's review items
/// for the questions answered. Runs after the claim, in its transaction.
struct FinishReadStatement: PostgresPreparedStatement {
    static let name = "zn_finish_read"
    static let sql = """
        SELECT x.ids, x.question_ids, x.answers, x.flagged, r.question_ids, r.stability, r.difficulty, r.last_review
        FROM (
            SELECT array_agg(id ORDER BY position) AS ids, array_agg(question_id ORDER BY position) AS question_ids,
                   array_agg(coalesce(answer, '') ORDER BY position) AS answers, array_agg(flagged ORDER BY position) AS flagged
            FROM \(AttemptAnswer.schema) WHERE attempt_id = $1) x,
        (
            SELECT array_agg(question_id) AS question_ids, array_agg(stability) AS stability, array_agg(difficulty) AS difficulty,
                   array_agg(last_review) AS last_review
            FROM \(ReviewItem.schema)
            WHERE owner_id = $2 AND question_id IN (SELECT question_id FROM \(AttemptAnswer.schema) WHERE attempt_id = $1 AND answer IS NOT NULL)) r
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid]

    struct Row: Sendable {
        let answers: [(id: UUID, row: AttemptService.AnswerRow)]
        let queued: [UUID: ReviewSchedule.Memory]
    }

    let attemptID: UUID
    let owner: UUID

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(attemptID)
        bindings.append(owner)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        let ids = try cells.next([UUID]?.self) ?? [], questionIDs = try cells.next([UUID]?.self) ?? []
        let answers = try cells.next([String]?.self) ?? [], flagged = try cells.next([Bool]?.self) ?? []
        let queuedIDs = try cells.next([UUID]?.self) ?? [], stability = try cells.next([Double]?.self) ?? []
        let difficulty = try cells.next([Double]?.self) ?? [], lastReview = try cells.next([Date]?.self) ?? []
        guard [questionIDs.count, answers.count, flagged.count].allSatisfy({ $0 == ids.count }),
              [stability.count, difficulty.count, lastReview.count].allSatisfy({ $0 == queuedIDs.count }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The finish's arrays differ in length"))
        }
        return Row(
            answers: ids.indices.map { index in
                (ids[index], AttemptService.AnswerRow(questionID: questionIDs[index], answer: answers[index].isEmpty ? nil : answers[index],
                                                      flagged: flagged[index], points: nil, verdict: nil))
            },
            queued: Dictionary(queuedIDs.indices.map { index in
                (queuedIDs[index], ReviewSchedule.Memory(stability: stability[index], difficulty: difficulty[index], lastReview: lastReview[index]))
            }, uniquingKeysWith: { first, _ in first }))
    }
}

/// Writes a claimed attempt's scoring (`AttemptScoring`) in one statement: each answer's
/// points and verdict, the attempt finished at `$9` as submitted with its score, and the
/// review queue's entries (`ReviewQueueService.entries`, upserted as
/// `ReviewQueueService.write` does). Runs after `FinishReadStatement`, in the claim's
/// transaction; its row is the attempt's finishing time as stored. (PostgreSQL runs each
/// data-modifying part of the `WITH` once, read or not.)
struct FinishWriteStatement: PostgresPreparedStatement {
    static let name = "zn_finish_write"
    static let sql = """
        WITH scored AS (
            UPDATE \(AttemptAnswer.schema) x SET points = s.points, verdict = s.verdict
            FROM unnest($2::uuid[], $3::int8[], $4::text[]) AS s(id, points, verdict)
            WHERE x.id = s.id AND x.attempt_id = $1),
        attempt AS (
            UPDATE \(Attempt.schema) SET finished_at = $9, finished_how = '\(AttemptService.FinishedHow.submitted.rawValue)', raw_points = $5,
                scaled = $6, passed = $7
            WHERE id = $1
            RETURNING finished_at),
        queued AS (
            INSERT INTO \(ReviewItem.schema) (id, owner_id, question_id, stability, difficulty, last_review, due, reviews, lapses)
            SELECT e.id, $8, e.question_id, e.stability, e.difficulty, $9, e.due, 1, e.lapses
            FROM unnest($10::uuid[], $11::uuid[], $12::float8[], $13::float8[], $14::timestamptz[], $15::int8[])
                AS e(id, question_id, stability, difficulty, due, lapses)
            ON CONFLICT (owner_id, question_id) DO UPDATE SET
                stability = excluded.stability, difficulty = excluded.difficulty, last_review = excluded.last_review, due = excluded.due,
                reviews = \(ReviewItem.schema).reviews + 1, lapses = \(ReviewItem.schema).lapses + excluded.lapses)
        SELECT finished_at FROM attempt
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuidArray, .int8Array, .textArray, .int8, .int8, .bool, .uuid, .timestamptz,
                                                        .uuidArray, .uuidArray, .float8Array, .float8Array, .timestamptzArray, .int8Array]

    /// When the attempt finished, as stored (no row when there was no such attempt).
    typealias Row = Date

    let attemptID: UUID
    let owner: UUID
    let scoring: AttemptScoring
    let entries: [ReviewQueueService.Entry]
    let now: Date

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 15)
        bindings.append(attemptID)
        bindings.append(scoring.answers.map(\.id))
        bindings.append(scoring.answers.map(\.score.points))
        bindings.append(scoring.answers.map(\.score.verdict.rawValue))
        bindings.append(scoring.raw)
        bindings.append(scoring.scaled)
        bindings.append(scoring.passed)
        bindings.append(owner)
        bindings.append(now)
        bindings.append(entries.map { _ in UUID() })
        bindings.append(entries.map(\.questionID))
        bindings.append(entries.map(\.memory.stability))
        bindings.append(entries.map(\.memory.difficulty))
        bindings.append(entries.map(\.due))
        bindings.append(entries.map { $0.lapsed ? 1 : 0 })
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        return try cells.next(Date.self)
    }
}

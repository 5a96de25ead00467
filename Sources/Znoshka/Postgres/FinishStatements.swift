import FluentPostgresDriver
import Foundation
import Kernel

// Finishing an attempt on PostgreSQL (`PostgresAttemptStore.finish`): one prepared
// statement reads, the scoring runs in the server, one writes — two round trips, no
// transaction held between them, where the portable path claims the row first and sends
// eight statements. What keeps a save from being lost is the attempt's `answers_version`
// (ZN010_AddAnswersVersion): every save moves it on in the statement that writes the
// answer, and the write finishes the attempt only while it is still the version the read
// saw. A save in between, or a finish that won, leaves the write with no row; the store
// then reads again.

/// Signs the caller in and reads, in one snapshot, their running attempt `$4` with its
/// `answers_version`, its answers in the test's order as parallel arrays (an absent answer
/// as ''), the memory of the person's review items for the attempt's questions (a task left
/// blank is queued too), and their profile's exam date (for the review queue, in their
/// account's zone). No attempt columns when it is finished or not the caller's.
struct FinishReadStatement: CallerAttemptStatement {
    static let name = "zn_finish_read"
    static let sql = SignedInSQL.statement(name, SignIn.BearerToken.self) { caller in
        """
        ,
        running AS (
            SELECT * FROM \(Attempt.schema)
            WHERE id = $4 AND owner_id = \(caller.accountID) AND finished_at IS NULL)
        SELECT \(caller.columns), p.exam_date, \(Attempt.columns("running")), running.answers_version,
               x.ids AS answer_ids, x.question_ids AS answer_question_ids, x.answers, x.flagged,
               r.question_ids AS queued_question_ids, r.stability, r.difficulty, r.last_review
        FROM signed_in
        LEFT JOIN \(ZnoshkaProfile.schema) p ON p.account_id = \(caller.accountID)
        LEFT JOIN running ON true
        LEFT JOIN LATERAL (
            SELECT array_agg(id ORDER BY position) AS ids, array_agg(question_id ORDER BY position) AS question_ids,
                   array_agg(coalesce(answer, '') ORDER BY position) AS answers, array_agg(flagged ORDER BY position) AS flagged
            FROM \(AttemptAnswer.schema) WHERE attempt_id = running.id) x ON true
        LEFT JOIN LATERAL (
            SELECT array_agg(question_id) AS question_ids, array_agg(stability) AS stability, array_agg(difficulty) AS difficulty,
                   array_agg(last_review) AS last_review
            FROM \(ReviewItem.schema)
            WHERE owner_id = running.owner_id
              AND question_id IN (SELECT question_id FROM \(AttemptAnswer.schema) WHERE attempt_id = running.id)) r ON true
        """
    }
    static let bindingDataTypes = SignIn.bindingDataTypes + [.uuid]

    struct Row: Sendable {
        let signIn: SignIn
        /// The start of the caller's exam day in their zone, when they set one.
        let exam: Date?
        /// Nil when the caller has no such running attempt.
        let running: Running?
    }

    /// A running attempt as read, with what its scoring needs.
    struct Running: Sendable {
        let attempt: Attempt
        /// What the write checks: no save since this read.
        let answersVersion: Int
        let answers: [(id: UUID, row: AttemptService.AnswerRow)]
        let queued: [UUID: ReviewSchedule.Memory]
    }

    let credential: SignInCaller.Credential
    let app: String
    let now: Date
    let id: UUID

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        let signIn = try SignIn.decode(&cells)
        let examDay = try cells.next(String?.self)
        let exam = ZnoshkaProfile.examStart(examDay, in: Student.timeZone(of: signIn.account))
        guard let attempt = try Attempt.decode(&cells) else { return Row(signIn: signIn, exam: exam, running: nil) }
        let version = try cells.next(Int.self)
        let ids = try cells.next([UUID]?.self) ?? [], questionIDs = try cells.next([UUID]?.self) ?? []
        let answers = try cells.next([String]?.self) ?? [], flagged = try cells.next([Bool]?.self) ?? []
        let queuedIDs = try cells.next([UUID]?.self) ?? [], stability = try cells.next([Double]?.self) ?? []
        let difficulty = try cells.next([Double]?.self) ?? [], lastReview = try cells.next([Date]?.self) ?? []
        guard [questionIDs.count, answers.count, flagged.count].allSatisfy({ $0 == ids.count }),
              [stability.count, difficulty.count, lastReview.count].allSatisfy({ $0 == queuedIDs.count }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The finish's arrays differ in length"))
        }
        return Row(signIn: signIn, exam: exam, running: Running(
            attempt: attempt, answersVersion: version,
            answers: ids.indices.map { index in
                (ids[index], AttemptService.AnswerRow(questionID: questionIDs[index], answer: answers[index].isEmpty ? nil : answers[index],
                                                      flagged: flagged[index], points: nil, verdict: nil))
            },
            queued: Dictionary(queuedIDs.indices.map { index in
                (queuedIDs[index], ReviewSchedule.Memory(stability: stability[index], difficulty: difficulty[index], lastReview: lastReview[index]))
            }, uniquingKeysWith: { first, _ in first })))
    }
}

/// Writes the scoring (`AttemptScoring`) of the attempt `FinishReadStatement` read, in one
/// statement, only while it is running and its `answers_version` is still `$16`: the
/// attempt finished at `$9` as submitted with its score, each answer's points and verdict,
/// and the review queue's entries (`ReviewQueueService.entries`, upserted as
/// `ReviewQueueService.write` does). The attempt's row is written first (every other part
/// waits for it, `EXISTS` over `attempt`), so a save holding the row makes this wait and
/// then find the version moved on, and answer rows are locked after the attempt's, in the
/// order saves lock them. The caller's idempotency key (`$17`, none or one) is marked with
/// the work when it is written. Its row is the attempt's finishing time as stored; none when the
/// attempt changed or finished since the read, and then nothing is written. (PostgreSQL
/// runs each data-modifying part of the `WITH` once, read or not.)
struct FinishWriteStatement: PostgresPreparedStatement {
    static let name = "zn_finish_write"
    static let sql = """
        WITH attempt AS (
            UPDATE \(Attempt.schema) SET finished_at = $9, finished_how = '\(AttemptService.FinishedHow.submitted.rawValue)', raw_points = $5,
                scaled = $6, passed = $7
            WHERE id = $1 AND owner_id = $8 AND finished_at IS NULL AND answers_version = $16
            RETURNING finished_at),
        scored AS (
            UPDATE \(AttemptAnswer.schema) x SET points = s.points, verdict = s.verdict
            FROM unnest($2::uuid[], $3::int8[], $4::text[]) AS s(id, points, verdict)
            WHERE x.id = s.id AND x.attempt_id = $1 AND EXISTS (SELECT 1 FROM attempt)),
        queued AS (
            INSERT INTO \(ReviewItem.schema) (id, owner_id, question_id, stability, difficulty, last_review, due, reviews, lapses)
            SELECT e.id, $8, e.question_id, e.stability, e.difficulty, $9, e.due, 1, e.lapses
            FROM unnest($10::uuid[], $11::uuid[], $12::float8[], $13::float8[], $14::timestamptz[], $15::int8[])
                AS e(id, question_id, stability, difficulty, due, lapses)
            WHERE EXISTS (SELECT 1 FROM attempt)
            ON CONFLICT (owner_id, question_id) DO UPDATE SET
                stability = excluded.stability, difficulty = excluded.difficulty, last_review = excluded.last_review, due = excluded.due,
                reviews = \(ReviewItem.schema).reviews + 1, lapses = \(ReviewItem.schema).lapses + excluded.lapses),
        \(HeldIdempotencyKey.markSQL(ids: "CASE WHEN EXISTS (SELECT 1 FROM attempt) THEN $17::uuid[] END"))
        SELECT finished_at FROM attempt
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuidArray, .int8Array, .textArray, .int8, .int8, .bool, .uuid, .timestamptz,
                                                        .uuidArray, .uuidArray, .float8Array, .float8Array, .timestamptzArray, .int8Array, .int8,
                                                        .uuidArray]

    /// When the attempt finished, as stored (no row when it changed or finished since the read).
    typealias Row = Date

    let attemptID: UUID
    let owner: UUID
    /// The attempt's `answers_version` as the scoring read it.
    let answersVersion: Int
    let scoring: AttemptScoring
    let entries: [ReviewQueueService.Entry]
    let now: Date
    /// The caller's idempotency key (`HeldIdempotencyKey`).
    var heldKey: UUID? = nil

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 17)
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
        bindings.append(answersVersion)
        bindings.append(heldKey.map { [$0] } ?? [])
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = Kernel.PostgresColumns(row)
        return try cells.next(Date.self)
    }
}

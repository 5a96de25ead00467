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

/// Answer saves in one round trip (`SaveAnswerStatement`) for callers with a bearer
/// token; input the statement cannot judge alone (a malformed body, a question that is not
/// of the test's shape, a browser session) goes the portable way, which signs in first.
struct PostgresAnswerStore: AnswerStore {
    let context: ZnoshkaContext

    private var portable: PortableAnswerStore { PortableAnswerStore(context: context) }

    func save(by caller: SignInCaller, _ input: Result<AnswerInput, any Error>) async throws -> AttemptService.Saved {
        guard let credential = caller.credential, credential.isBearerToken, let answer = try? input.get(),
              let question = try await ContentCache.shared(context.state).question(answer.questionID, on: context.db) else {
            return try await portable.save(by: caller, input)
        }
        let given: GivenAnswer?
        do {
            given = answer.clear ? nil : try AttemptService.validated(answer.given, for: question.kind)
        } catch {
            return try await portable.save(by: caller, input)
        }
        let now = context.clock.now
        let write = answer.clear || answer.given != nil
        let statement = SaveAnswerStatement(credential: credential, app: caller.app, now: now, input: answer, writeAnswer: write,
                                            answer: write ? AttemptAnswer.encode(given) : nil)
        let rows = try await context.db.preparedRows(statement)
        let owner = try await caller.signIn(rows.first?.signIn).requireID()
        guard let saved = rows.first?.saved else {
            throw try await context.attempts.refusal(answer.attemptID, owner: owner, at: now)
        }
        return AttemptService.Saved(questionID: answer.questionID, answered: saved.answered, flagged: saved.flagged,
                                    secondsLeft: max(0, Int(saved.deadline.timeIntervalSince(now).rounded(.down))))
    }
}

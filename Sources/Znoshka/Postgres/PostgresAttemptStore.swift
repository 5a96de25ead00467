import FluentPostgresDriver
import Foundation
import Kernel

/// Answer saves and attempt reads in one round trip each (`SaveAnswersStatement`,
/// `AttemptStatement`), and finishes in two (`FinishStatements.swift`), for callers with a
/// bearer token, saves made at the same moment
/// sharing one statement (`Batcher`: its start-up and commit cost PostgreSQL more than the
/// row each writes, docs/decisions/writes-share-one-statement.md); what a statement cannot settle
/// alone (a malformed body, an answer not of the question's shape, a browser session, an
/// attempt whose time ran out and must be finished first) goes the portable way, which
/// signs in first.
struct PostgresAttemptStore: AttemptStore {
    let context: ZnoshkaContext

    private var portable: PortableAttemptStore { PortableAttemptStore(context: context) }

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
        let item = SaveAnswersStatement.Item(secretHash: credential.secretHash, app: caller.app, now: now, input: answer, writeAnswer: write,
                                             answer: write ? AttemptAnswer.encode(given) : nil, heldKey: HeldIdempotencyKey.current)
        let db = context.db
        let rows = try await saves.submit(item) { items in try await SaveAnswersStatement.run(items, on: db) }
        let owner = try await caller.signIn(rows.first?.signIn).requireID()
        guard let saved = rows.first?.saved else {
            throw try await context.attempts.refusal(answer.attemptID, owner: owner, at: now)
        }
        return AttemptService.Saved(questionID: answer.questionID, answered: saved.answered, flagged: saved.flagged,
                                    secondsLeft: max(0, Int(saved.deadline.timeIntervalSince(now).rounded(.down))))
    }

    /// The server's batcher of saves: two batches at a time of at most 32, as Fuctivity's
    /// writes measured best on two cores.
    private var saves: Batcher<SaveAnswersStatement.Item, [SaveAnswersStatement.Row]> {
        context.state.shared { Batcher(concurrency: 2, limit: 32) }
    }

    func view(by caller: SignInCaller, _ attemptID: Result<UUID, any Error>) async throws -> AttemptView {
        guard let credential = caller.credential, credential.isBearerToken, let id = try? attemptID.get() else {
            return try await portable.view(by: caller, attemptID)
        }
        let now = context.clock.now
        let rows = try await context.db.preparedRows(AttemptStatement(credential: credential, app: caller.app, now: now, id: id))
        _ = try await caller.signIn(rows.first?.signIn)
        guard let row = rows.first, let attempt = row.attempt else { throw AttemptService.notFound }
        if !attempt.isFinished && attempt.deadline <= now {
            return try await portable.view(by: caller, attemptID) // finishes it first
        }
        let content = ContentCache.shared(context.state)
        guard let test = try await content.test(attempt.testID, on: context.db) else { throw AttemptService.notFound }
        let questions = try await content.questions(row.answers.map(\.questionID), on: context.db)
        return AttemptView(attempt: attempt, test: test, items: AttemptService.items(row.answers, questions), now: now)
    }

    /// The read and the write of `FinishStatements.swift`, the scoring between them shared
    /// with the portable path (`AttemptScoring`). When the write finds the attempt changed
    /// since the read (a save came in between), it reads again, a few times before leaving
    /// it to the portable path, whose claim waits for saves. When the read finds no running
    /// attempt of the caller's — another call finished it, or it is not theirs — the
    /// portable path answers: the finished attempt's view, or 404.
    func finish(by caller: SignInCaller, _ attemptID: Result<UUID, any Error>) async throws -> AttemptView {
        guard let credential = caller.credential, credential.isBearerToken, let id = try? attemptID.get() else {
            return try await portable.finish(by: caller, attemptID)
        }
        let now = context.clock.now
        let content = ContentCache.shared(context.state)
        let db = context.db
        for attemptNumber in 1...Self.finishReads {
            let read = try await db.preparedRows(FinishReadStatement(credential: credential, app: caller.app, now: now, id: id)).first
            if attemptNumber == 1 { _ = try await caller.signIn(read?.signIn) }
            guard let read, let running = read.running else { break }
            let attempt = running.attempt
            guard let test = try await content.test(attempt.testID, on: db) else { throw AttemptService.notFound }
            let scoring = AttemptScoring(running.answers, questions: try await content.questions(running.answers.map(\.row.questionID), on: db),
                                         test: test)
            let entries = ReviewQueueService.entries(scoring.grades, queued: running.queued, exam: read.exam, at: now, inTest: true)
            let written = try await db.preparedRows(FinishWriteStatement(attemptID: id, owner: attempt.ownerID, answersVersion: running.answersVersion,
                                                                         scoring: scoring, entries: entries, now: now,
                                                                         heldKey: HeldIdempotencyKey.current))
            guard let finishedAt = written.first else { continue }
            attempt.finishedAt = finishedAt
            attempt.finishedHow = AttemptService.FinishedHow.submitted.rawValue
            scoring.apply(to: attempt)
            return AttemptView(attempt: attempt, test: test, items: scoring.items, now: now)
        }
        return try await portable.finish(by: caller, attemptID)
    }

    /// How many times a finish reads and scores before the portable path takes over: a
    /// second read is needed only when a save lands between the read and the write.
    static let finishReads = 3
}

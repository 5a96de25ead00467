import Foundation
import Kernel

/// Saving an answer — the call an exam day makes most, once per answer given — for a
/// caller not yet signed in. The server picks the store once (`ZnoshkaContext.answerStore`):
/// `PortableAnswerStore` on any database, `PostgresAnswerStore` — one statement that also
/// signs the caller in — on PostgreSQL. Both answer alike (the attempt tests run on both).
///
/// The caller is signed in before the input is judged, so a 401 comes before a 400, 404
/// or 422: the handler reads the input into a `Result` and the store opens it after.
protocol AnswerStore: Sendable {
    func save(by caller: SignInCaller, _ input: Result<AnswerInput, any Error>) async throws -> AttemptService.Saved
}

/// One answer to save: where, what (`clear` empties it; nil `given` without `clear` keeps
/// it), and the flag (nil keeps it).
struct AnswerInput: Sendable {
    let attemptID: UUID
    let questionID: UUID
    let given: GivenAnswer?
    let clear: Bool
    let flagged: Bool?
}

extension ZnoshkaContext {
    /// The store of answer saves for this server's database.
    var answerStore: any AnswerStore {
        services.fastPath(portable: PortableAnswerStore(context: self), postgres: PostgresAnswerStore(context: self))
    }
}

/// The service's own statements, after the usual sign-in.
struct PortableAnswerStore: AnswerStore {
    let context: ZnoshkaContext

    func save(by caller: SignInCaller, _ input: Result<AnswerInput, any Error>) async throws -> AttemptService.Saved {
        let owner = try await caller.account().requireID()
        let input = try input.get()
        return try await context.attempts.answer(input.attemptID, question: input.questionID, input.given, clear: input.clear,
                                                 flagged: input.flagged, owner: owner)
    }
}

import Foundation
import Kernel

/// The calls an exam day makes most — saving an answer, once per answer given, reading
/// the attempt, on every page of a running test, and finishing it — for a caller not yet
/// signed in. The
/// server picks the store once (`ZnoshkaContext.attemptStore`): `PortableAttemptStore` on
/// any database, `PostgresAttemptStore` — one statement per call that also signs the caller
/// in — on PostgreSQL. Both answer alike (the attempt tests run on both).
///
/// The caller is signed in before the input is judged, so a 401 comes before a 400, 404
/// or 422: the handler reads the input into a `Result` and the store opens it after.
protocol AttemptStore: Sendable {
    func save(by caller: SignInCaller, _ input: Result<AnswerInput, any Error>) async throws -> AttemptService.Saved
    /// The caller's attempt with its questions (`AttemptService.view(_:owner:)`).
    func view(by caller: SignInCaller, _ attemptID: Result<UUID, any Error>) async throws -> AttemptView
    /// Finishes the caller's attempt as submitted and gives its view
    /// (`AttemptService.finishView(_:owner:)`).
    func finish(by caller: SignInCaller, _ attemptID: Result<UUID, any Error>) async throws -> AttemptView
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
    /// The store of the busiest attempt calls for this server's database.
    var attemptStore: any AttemptStore {
        services.fastPath(portable: PortableAttemptStore(context: self), postgres: PostgresAttemptStore(context: self))
    }
}

/// The service's own statements, after the usual sign-in.
struct PortableAttemptStore: AttemptStore {
    let context: ZnoshkaContext

    func save(by caller: SignInCaller, _ input: Result<AnswerInput, any Error>) async throws -> AttemptService.Saved {
        let owner = try await caller.account().requireID()
        let input = try input.get()
        return try await context.attempts.answer(input.attemptID, question: input.questionID, input.given, clear: input.clear,
                                                 flagged: input.flagged, owner: owner)
    }

    func view(by caller: SignInCaller, _ attemptID: Result<UUID, any Error>) async throws -> AttemptView {
        let owner = try await caller.account().requireID()
        return try await context.attempts.view(try attemptID.get(), owner: owner)
    }

    func finish(by caller: SignInCaller, _ attemptID: Result<UUID, any Error>) async throws -> AttemptView {
        let owner = try await caller.account().requireID()
        return try await context.attempts.finishView(try attemptID.get(), owner: owner)
    }
}

import Foundation
import Kernel
import Vapor

/// Taking tests: starting one or an НМТ block, answering, finishing, and the review of a
/// finished attempt.
extension ZnoshkaAPI {
    /// Written as the question page is (`JSONWriter`), from the attempt just made.
    static func start(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let view = try await req.znoshka.attempts.startView(try testID(req), for: student)
        let response = Response(status: .created, json: attemptDTO(view))
        response.headers.replaceOrAdd(name: .location, value: "\(Znoshka.descriptor.apiPath)/attempts/\(view.attempt.id!)")
        return response
    }

    static func startBlock(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let input = try req.content.decode(M.BlockStart.self)
        let attempts = try await req.znoshka.attempts.startBlock(input.block ?? 0, chosen: input.subject, for: student)
        return try await req.znoshka.attempts.withTests(attempts).map(attemptSummary).encodeResponse(status: .created, for: req)
    }

    static func block(_ req: Request) async throws -> [M.AttemptSummary] {
        let parts = try await req.znoshka.attempts.block(try blockID(req), for: try await req.student())
        return parts.map { attemptSummary($0.attempt, $0.test) }
    }

    static func finishBlock(_ req: Request) async throws -> [M.AttemptSummary] {
        let parts = try await req.znoshka.attempts.finishBlock(try blockID(req), for: try await req.student())
        return parts.map { attemptSummary($0.attempt, $0.test) }
    }

    static func blockID(_ req: Request) throws -> UUID {
        try req.uuidParameter("blockID", notFound: "block_not_found", key: "zn.block.not_found")
    }

    static func attempts(_ req: Request) async throws -> [M.AttemptSummary] {
        let student = try await req.student()
        return try await req.znoshka.attempts.list(for: student).map(attemptSummary)
    }

    /// The question page's data; through `AttemptStore`: on PostgreSQL one statement signs
    /// the caller in and reads the attempt with its answers.
    static func attempt(_ req: Request) async throws -> Response {
        let view = try await req.znoshka.attemptStore.view(by: req.caller(in: Znoshka.descriptor), Result { try attemptID(req) })
        return Response(status: .ok, json: attemptDTO(view))
    }

    /// Through `AnswerStore`: on PostgreSQL one statement signs the caller in and saves.
    static func saveAnswer(_ req: Request) async throws -> M.AnswerSaved {
        let input = Result { () throws -> AnswerInput in
            let body = try req.content.decode(M.AnswerSave.self)
            let questionID = try req.uuidParameter("questionID", notFound: "attempt_not_found", key: "zn.attempt.not_found")
            let given = try body.answer.map(given)
            return AnswerInput(attemptID: try attemptID(req), questionID: questionID, given: given ?? nil,
                               clear: body.answer != nil && given == .some(nil), flagged: body.flagged)
        }
        let saved = try await req.znoshka.attemptStore.save(by: req.caller(in: Znoshka.descriptor), input)
        return M.AnswerSaved(questionId: saved.questionID, answered: saved.answered, flagged: saved.flagged, secondsLeft: saved.secondsLeft)
    }

    /// Through `AttemptStore`: on PostgreSQL two prepared statements, a read and a write.
    static func finish(_ req: Request) async throws -> Response {
        let view = try await req.znoshka.attemptStore.finish(by: req.caller(in: Znoshka.descriptor), Result { try attemptID(req) })
        return Response(status: .ok, json: attemptDTO(view))
    }

    static func review(_ req: Request) async throws -> M.Review {
        let student = try await req.student()
        let (view, shares) = try await req.znoshka.attempts.review(try attemptID(req), for: student)
        return M.Review(attempt: attemptSummary(view.attempt, view.test), questions: view.items.map { item in
            M.ReviewQuestion(id: item.questionID, number: item.number, question: questionDTO(item.question), answer: item.answer.map(answerDTO),
                             correct: correctDTO(item.question.key), points: item.points ?? 0, maxPoints: item.question.kind.maxPoints,
                             verdict: (item.verdict ?? .unanswered).rawValue, explanationHtml: QuestionHTML.explanation(item.question),
                             shareRight: shares[item.questionID])
        })
    }
}

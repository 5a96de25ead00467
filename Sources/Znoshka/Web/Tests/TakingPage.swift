import Foundation
import Kernel
import Vapor

/// Taking a test: `GET /znoshka/attempts/<id>` shows every question with a strip of
/// numbered cells; each answer is posted as it is given (`…/questions/<qid>`: by
/// `znoshka.js` in the background, or as a plain form), and `…/finish` ends it. A part of
/// an НМТ block has tabs to its other subject (one shared timer), and finishing it ends
/// the whole block, on to the block's combined result.
enum TakingPage {
    static func register(on web: any RoutesBuilder) {
        web.get("attempts", ":attemptID", use: show)
        web.post("attempts", ":attemptID", "questions", ":questionID", use: save)
        web.post("attempts", ":attemptID", "finish", use: finish)
    }

    static func show(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let view = try await req.znoshka.attempts.view(try ZnoshkaAPI.attemptID(req), for: student)
        if view.attempt.isFinished { return req.redirect(to: ZnoshkaWeb.attemptPath(view.attempt.id!) + "/result") }
        let block = try await view.attempt.blockID.asyncMap { try await req.znoshka.attempts.block($0, for: student) } ?? []
        return req.render(TakingView(student: student, view: view, block: block, c: req.viewContext).page)
    }

    /// Saves one answer. A script asking for JSON gets the saved state (or the problem);
    /// a plain form goes back to the question.
    static func save(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let attemptID = try ZnoshkaAPI.attemptID(req)
        let questionID = try req.uuidParameter("questionID", notFound: "attempt_not_found", key: "zn.attempt.not_found")
        let values = FormState.submitted(by: req).values
        let wantsJSON = req.headers.accept.mediaTypes.contains(.json)
        let back = ZnoshkaWeb.attemptPath(attemptID) + "#q-\(values["position"].flatMap { Int($0) } ?? 1)"
        do {
            let question = try await req.znoshka.attempts.question(questionID)
            let clear = values["action"] == "clear"
            let given = clear ? nil : QuestionParts.given(from: values, kind: question.kind)
            let saved = try await req.znoshka.attempts.answer(attemptID, question: questionID, given, clear: clear,
                                                              flagged: values["flagged"] == "on", owner: student.id)
            if wantsJSON {
                return try await ZNModels.AnswerSaved(questionId: saved.questionID, answered: saved.answered, flagged: saved.flagged,
                                                      secondsLeft: saved.secondsLeft).encodeResponse(for: req)
            }
            return req.redirect(to: back, redirectType: .normal)
        } catch let error as AppError where error.status.code < 500 {
            if wantsJSON { return try await saveRefused(error, req) }
            if error.code == "time_up" || error.code == "attempt_finished" {
                return req.redirect(to: ZnoshkaWeb.attemptPath(attemptID) + "/result", flash: .error, error.key)
            }
            return req.redirect(to: back, flash: .error, error.fieldErrors.first?.key ?? error.key)
        }
    }

    /// What `znoshka.js` shows under the question when a save is refused: the reason in
    /// the person's language (the field's, for a bad answer), with the status.
    private static func saveRefused(_ error: AppError, _ req: Request) async throws -> Response {
        let l = req.viewContext.localizer
        let detail = error.fieldErrors.first.map { l.text($0.key, $0.arguments) } ?? error.message(l)
        return try await SaveRefused(code: error.code, detail: detail).encodeResponse(status: error.status, for: req)
    }

    struct SaveRefused: Content {
        let code: String
        let detail: String
    }

    static func finish(_ req: Request) async throws -> Response {
        let student = try await req.student()
        let id = try ZnoshkaAPI.attemptID(req)
        let finished = try await req.znoshka.attempts.finish(id, for: student)
        if let block = finished.attempt.blockID {
            _ = try await req.znoshka.attempts.finishBlock(block, for: student)
            return req.redirect(to: BlockResultPage.path(block), redirectType: .normal)
        }
        return req.redirect(to: ZnoshkaWeb.attemptPath(id) + "/result", redirectType: .normal)
    }
}

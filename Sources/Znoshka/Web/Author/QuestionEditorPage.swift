import Foundation
import Kernel
import Vapor

/// One question of a test for its authors (`…/questions/<number>`, or `new` to add one at
/// the end), with a preview as students will see it; saving it is a new version of the
/// test (`TestEditorPage`).
enum QuestionEditorPage {
    static func register(on web: any RoutesBuilder) {
        web.get("author", "tests", ":testID", "questions", ":number", use: question)
        web.post("author", "tests", ":testID", "questions", ":number", use: saveQuestion)
    }

    static func questionPath(_ id: UUID, _ number: Int?) -> String {
        "\(AuthorPage.path)/tests/\(id.uuidString.lowercased())/questions/\(number.map(String.init) ?? "new")"
    }

    static func question(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let (stored, test) = try await req.znoshka.authoring.authoredTest(try ZnoshkaAPI.testID(req), by: author)
        let index = TestEditorPage.questionIndex(req, in: test)
        if req.parameters.get("number") != "new", index == nil { throw TestEditorPage.questionNotFound }
        let values = index.map { QuestionForm.values(test.questions[$0]) } ?? ["type": (try? req.query.get(String.self, at: "type")) ?? "single"]
        return req.render(QuestionEditorView(author: author, stored: stored, index: index, count: test.questions.count, form: FormState(values: values),
                                             preview: nil, problems: [], c: req.viewContext).page)
    }

    /// `action=preview` shows the question as students will see it; `save` writes the draft's new version.
    static func saveQuestion(_ req: Request) async throws -> Response {
        let author = try await AuthorPage.author(req)
        let id = try ZnoshkaAPI.testID(req)
        let form = FormState.submitted(by: req)
        let (stored, current) = try await req.znoshka.authoring.authoredTest(id, by: author)
        let index = TestEditorPage.questionIndex(req, in: current)
        if req.parameters.get("number") != "new", index == nil { throw TestEditorPage.questionNotFound }
        func render(preview: Question? = nil, errors: [FieldError] = [], problems: [FieldError] = [], status: HTTPResponseStatus = .ok) -> Response {
            req.render(QuestionEditorView(author: author, stored: stored, index: index, count: current.questions.count,
                                          form: FormState(values: form.values, errors: errors), preview: preview, problems: problems, status: status,
                                          c: req.viewContext).page)
        }
        switch QuestionForm.question(from: form.values) {
        case .invalid(let errors):
            return render(errors: errors, status: .unprocessableEntity)
        case .valid(let question) where form.values["action"] == "preview":
            return render(preview: question)
        case .valid(let question):
            var edited = current
            if let index { edited.questions[index] = question } else { edited.entries.append((question, nil)) }
            do {
                let newID = try await req.znoshka.authoring.saveDraft(id, with: edited, by: author)
                return req.redirect(to: TestEditorPage.editPath(newID), flash: .success, "zn.editor.saved")
            } catch let error as AppError where error.status == .unprocessableEntity {
                return render(problems: error.fieldErrors, status: error.status)
            }
        }
    }
}
